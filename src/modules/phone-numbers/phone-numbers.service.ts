import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx, type Tx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
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
  /** Runs inside the delete transaction, e.g. to drop transfer tools that dial from this number. */
  beforeDelete?: (tx: Tx, userId: number, phoneNumberId: number) => Promise<void>;
}

export function createPhoneNumbersService({ db, clock, beforeDelete }: PhoneNumbersDeps) {
  return {
    async register(userId: number, body: CreatePhoneNumberBody) {
      const normalized = normalizePhone(body.phone_number);
      if (!normalized) {
        throw new AppError(422, UNPARSABLE_PHONE, { fieldErrors: { phone_number: [UNPARSABLE_PHONE] }, extra: { error: UNPARSABLE_PHONE } });
      }
      const now = clock.now();
      try {
        return await createPhoneNumbersRepo(db).insert({
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
