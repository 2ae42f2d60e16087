import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx, type Tx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { normalizePhone } from './phone-format.js';
import { createPhoneNumbersRepo } from './phone-numbers.repo.js';
import { UNPARSABLE_PHONE, type CreatePhoneNumberBody } from './phone-numbers.schemas.js';

/** The reference answers phone-number errors with `error`; `message` is there for our clients. */
const phoneNotFound = () => new AppError(404, 'Phone number not found.', { extra: { error: 'Phone number not found.' } });

/** ISO's "unknown region", for non-geographic numbers such as +800. */
const UNKNOWN_COUNTRY = 'ZZ';

export interface PhoneNumbersDeps {
  db: Db;
  clock: Clock;
  /** Seals a number's own telephony credentials; without it such numbers are refused. */
  secrets?: SecretBox;
  /** Runs inside the delete transaction, e.g. to drop transfer tools that dial from this number. */
  beforeDelete?: (tx: Tx, userId: number, phoneNumberId: number) => Promise<void>;
}

export function createPhoneNumbersService({ db, clock, secrets, beforeDelete }: PhoneNumbersDeps) {
  return {
    async register(userId: number, body: CreatePhoneNumberBody) {
      const normalized = normalizePhone(body.phone_number);
      if (!normalized) {
        throw new AppError(422, UNPARSABLE_PHONE, { fieldErrors: { phone_number: [UNPARSABLE_PHONE] }, extra: { error: UNPARSABLE_PHONE } });
      }
      const telephony = telephonyAccount(body, secrets);
      const now = clock.now();
      try {
        return await createPhoneNumbersRepo(db).insert({
          ...telephony,
          user_id: userId,
          phone_number: normalized.e164,
          country_code: normalized.countryCode ?? UNKNOWN_COUNTRY,
          type: body.type ?? 'normal',
          nickname: body.nickname || null,
          sms_capable: body.sms_capable ?? false,
          region: body.region ?? '',
          has_active_subscription: body.has_active_subscription ?? true,
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'phone_numbers_user_number_key')) {
          throw validationFailed({ phone_number: ['The phone number has already been taken.'] });
        }
        throw error;
      }
    },

    /** Every number (spec 4.8), or the legacy view: SMS-capable numbers with an active subscription. */
    list(userId: number, options: { legacy?: boolean } = {}) {
      return createPhoneNumbersRepo(db).list(userId, { smsWithSubscription: options.legacy });
    },

    /** Only the nickname can change; null or "" clears it. */
    async rename(userId: number, id: number, nickname: string | null | undefined) {
      const repo = createPhoneNumbersRepo(db);
      const row = nickname === undefined ? await repo.find(userId, id) : await repo.updateNickname(userId, id, nickname || null, clock.now());
      if (!row) throw phoneNotFound();
      return row;
    },

    /** Assistants using it are unassigned (ON DELETE SET NULL); transfer tools dialling from it are dropped. */
    async delete(userId: number, id: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const repo = createPhoneNumbersRepo(tx);
        if (!(await repo.lockForDelete(userId, id))) throw phoneNotFound();
        await beforeDelete?.(tx, userId, id);
        await repo.delete(id);
      });
    },

    lockOwned(userId: number, ids: number[], tx: DbOrTx) {
      return createPhoneNumbersRepo(tx).lockOwned(userId, ids);
    },
  };
}

export type PhoneNumbersService = ReturnType<typeof createPhoneNumbersService>;

/** A number's own Twilio account: both credentials or neither; the token is sealed at rest. */
function telephonyAccount(body: CreatePhoneNumberBody, secrets: SecretBox | undefined) {
  if (body.provider !== 'twilio') {
    if (body.twilio_account_sid !== undefined || body.twilio_auth_token !== undefined) {
      throw validationFailed({ provider: ['The provider field is required when Twilio credentials are given.'] });
    }
    return { provider: null, twilio_account_sid: null, twilio_auth_token_sealed: null };
  }
  const missing: Record<string, string[]> = {};
  if (!body.twilio_account_sid) missing.twilio_account_sid = ['The twilio account sid field is required when provider is twilio.'];
  if (!body.twilio_auth_token) missing.twilio_auth_token = ['The twilio auth token field is required when provider is twilio.'];
  if (Object.keys(missing).length > 0) throw validationFailed(missing);
  if (!secrets) throw new AppError(500, 'Telephony credentials cannot be stored: no secret key.');
  return { provider: 'twilio' as const, twilio_account_sid: body.twilio_account_sid!, twilio_auth_token_sealed: secrets.seal(body.twilio_auth_token!) };
}
