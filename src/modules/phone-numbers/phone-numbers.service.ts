import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx, type Tx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { CarrierUnavailableError, type CarrierCredentials, type CarrierDirectory, type NumberProvisioning } from './carrier.port.js';
import { createPhoneNumbersRepo } from './phone-numbers.repo.js';
import type { CreatePhoneNumberBody, UpdatePhoneNumberBody } from './phone-numbers.schemas.js';
import { parsePhone, phoneNotFound, UNKNOWN_COUNTRY } from './phone-number-errors.js';
import { createNumberRelease } from './phone-number-release.js';
import { enqueueSipTrunkRemoval } from './sip-trunks.service.js';

const HELD_ELSEWHERE = 'This phone number is registered by another account.';
const OPERATOR_NUMBER = "This phone number is on the service's own Twilio account; only an administrator can assign it.";

export interface PhoneNumbersDeps {
  db: Db;
  clock: Clock;
  /** Seals a number's own telephony credentials; without it such numbers are refused. */
  secrets?: SecretBox;
  /** Proves credentials and numbers with the telephony provider before they are stored. */
  carrier: CarrierDirectory;
  /** Gives bought numbers back when they are released; null when the service buys none. */
  provisioning?: NumberProvisioning | null;
  /** Runs inside the delete transaction, e.g. to drop transfer tools that dial from this number. */
  beforeDelete?: (tx: Tx, userId: number, phoneNumberId: number) => Promise<void>;
}

/**
 * Phone numbers. One that receives calls is claimed by one account only, and only when that is
 * proven: a number of a tenant's own Twilio account must be listed by that account, whose
 * credentials Twilio must accept (and which no other account has proven); a number of the
 * service's own account is assigned by an administrator (the CLI), never registered.
 */
export function createPhoneNumbersService({ db, clock, secrets, carrier, provisioning = null, beforeDelete }: PhoneNumbersDeps) {
  /** Asks the provider; an answer that could not come is a 502, never a guess. */
  async function ask<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (error) {
      if (error instanceof CarrierUnavailableError)
        throw new AppError(502, 'Twilio could not be reached to check the number; please try again.');
      throw error;
    }
  }

  /** The tenant's own Twilio account is real and active, and lists the number. */
  async function proveOwnLine(own: CarrierCredentials, e164: string): Promise<void> {
    if (carrier.isOperatorAccount(own.accountSid))
      throw validationFailed({
        twilio_account_sid: ["This is the service's own Twilio account; only an administrator can assign its numbers."],
      });
    const account = await ask(() => carrier.checkAccount(own));
    if (account === 'refused') throw validationFailed({ twilio_auth_token: ['Twilio did not accept this account SID and auth token.'] });
    if (account !== 'active') throw validationFailed({ twilio_account_sid: [`This Twilio account is ${account}.`] });
    if (!(await ask(() => carrier.hasNumber(own, e164)))) {
      throw validationFailed({ phone_number: [`The Twilio account ${own.accountSid} has no phone number ${e164}.`] });
    }
  }

  /** The SID becomes the user's (refused when another account proved it), with the token Twilio accepted. */
  async function claimAccount(tx: DbOrTx, userId: number, own: CarrierCredentials, now: Date): Promise<void> {
    if (!secrets) throw new AppError(500, 'Telephony credentials cannot be stored: no secret key.');
    const repo = createPhoneNumbersRepo(tx);
    const claimed = await repo.claimTwilioAccount({
      accountSid: own.accountSid,
      userId,
      authTokenSealed: secrets.seal(own.authToken),
      now,
    });
    if (!claimed) throw validationFailed({ twilio_account_sid: ['This Twilio account is registered by another account.'] });
    await repo.releaseClaimsOfOthers(own.accountSid, userId, now);
  }

  /**
   * Assistants using it are unassigned (ON DELETE SET NULL); transfer tools dialling from it are
   * dropped; a SIP trunk's resources at Twilio are removed by a job.
   */
  async function remove(tx: Tx, userId: number, id: number): Promise<void> {
    await beforeDelete?.(tx, userId, id);
    await enqueueSipTrunkRemoval(tx, id);
    await createPhoneNumbersRepo(tx).delete(id);
  }

  const releases = createNumberRelease({ db, clock, provisioning, remove });

  return {
    async register(userId: number, body: CreatePhoneNumberBody) {
      const normalized = parsePhone(body.phone_number);
      const own = ownTwilioAccount(body);
      if (own) await proveOwnLine(own, normalized.e164);
      else if (await ask(() => carrier.operatorHasNumber(normalized.e164))) throw validationFailed({ phone_number: [OPERATOR_NUMBER] });
      const now = clock.now();
      try {
        return await inTransaction(db, async (tx) => {
          const repo = createPhoneNumbersRepo(tx);
          // First: proving an account nobody proved takes it over, with the claims made on it.
          if (own) await claimAccount(tx, userId, own, now);
          const holder = await repo.lockClaim(normalized.e164);
          if (holder && holder.user_id !== userId) {
            // A claim carried over from before claims were proven yields to one proven now.
            if (!own || holder.claim !== 'carried_over') throw validationFailed({ phone_number: [HELD_ELSEWHERE] });
            await repo.releaseClaim(holder.id, now);
          }
          return repo.insert({
            user_id: userId,
            phone_number: normalized.e164,
            country_code: normalized.countryCode ?? UNKNOWN_COUNTRY,
            type: body.type ?? 'normal',
            nickname: body.nickname || null,
            sms_capable: body.sms_capable ?? false,
            region: body.region ?? '',
            has_active_subscription: body.has_active_subscription ?? true,
            provider: own ? 'twilio' : null,
            twilio_account_sid: own?.accountSid ?? null,
            claim: own ? 'own_account' : null,
            created_at: now,
            updated_at: now,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'phone_numbers_user_number_key')) {
          throw validationFailed({ phone_number: ['The phone number has already been taken.'] });
        }
        if (isUniqueViolation(error, 'phone_numbers_claimed_number_key')) throw validationFailed({ phone_number: [HELD_ELSEWHERE] });
        throw error;
      }
    },

    /**
     * An administrator gives a user a number of the service's own Twilio account (which must list
     * it): the user's claimed line, whoever registered it before. Held by another account, it is
     * refused unless `reassign`, which takes it from them (their row stays, unclaimed).
     */
    async assignOperatorNumber(input: { userId: number; phoneNumber: string; reassign: boolean }) {
      const normalized = parsePhone(input.phoneNumber);
      if (!carrier.hasOperatorAccount)
        throw new AppError(409, 'The service has no Twilio account of its own: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.');
      if (!(await ask(() => carrier.operatorHasNumber(normalized.e164))))
        throw new AppError(422, `The service's Twilio account has no phone number ${normalized.e164}.`);
      return inTransaction(db, async (tx) => {
        const repo = createPhoneNumbersRepo(tx);
        const now = clock.now();
        const holder = await repo.lockClaim(normalized.e164);
        const takenFrom = holder && holder.user_id !== input.userId ? holder.user_id : null;
        // A bought number is its buyer's while they pay for it; they release it first.
        if (holder?.claim === 'purchased')
          throw new AppError(409, `${normalized.e164} was bought by user ${holder.user_id}; it cannot be assigned.`);
        if (takenFrom !== null && !input.reassign) {
          throw new AppError(409, `${normalized.e164} is held by user ${takenFrom}; assign it again with --reassign to take it from them.`);
        }
        if (holder && takenFrom !== null) await repo.releaseClaim(holder.id, now);
        const line = await repo.assignOperatorLine({
          user_id: input.userId,
          phone_number: normalized.e164,
          country_code: normalized.countryCode ?? UNKNOWN_COUNTRY,
          type: 'normal',
          nickname: null,
          sms_capable: false,
          region: '',
          has_active_subscription: true,
          created_at: now,
          updated_at: now,
        });
        return { line, takenFrom };
      });
    },

    /** Every number (spec 4.8), or the legacy view: SMS-capable numbers with an active subscription. */
    list(userId: number, options: { legacy?: boolean } = {}) {
      return createPhoneNumbersRepo(db).list(userId, { smsWithSubscription: options.legacy });
    },

    /** The nickname (null or "" clears it) and where a bought number's events go. */
    async update(userId: number, id: number, body: UpdatePhoneNumberBody) {
      const repo = createPhoneNumbersRepo(db);
      const changes = {
        ...(body.nickname !== undefined ? { nickname: body.nickname || null } : {}),
        ...(body.webhook_url !== undefined ? { webhook_url: body.webhook_url } : {}),
      };
      const row = Object.keys(changes).length === 0 ? await repo.find(userId, id) : await repo.update(userId, id, changes, clock.now());
      if (!row) throw phoneNotFound();
      return row;
    },

    /** As the reference releases numbers (phone-number-release.ts); when it goes, null for at once. */
    release: releases.release,

    /** The release job: the number goes once its time has come (a repeated run finds nothing). */
    removeReleased: releases.removeReleased,

    lockOwned(userId: number, ids: number[], tx: DbOrTx) {
      return createPhoneNumbersRepo(tx).lockOwned(userId, ids);
    },
  };
}

export type PhoneNumbersService = ReturnType<typeof createPhoneNumbersService>;

/** A number's own Twilio account: both credentials or neither. */
function ownTwilioAccount(body: CreatePhoneNumberBody): CarrierCredentials | null {
  if (body.provider !== 'twilio') {
    if (body.twilio_account_sid !== undefined || body.twilio_auth_token !== undefined) {
      throw validationFailed({ provider: ['The provider field is required when Twilio credentials are given.'] });
    }
    return null;
  }
  const missing: Record<string, string[]> = {};
  if (!body.twilio_account_sid) missing.twilio_account_sid = ['The twilio account sid field is required when provider is twilio.'];
  if (!body.twilio_auth_token) missing.twilio_auth_token = ['The twilio auth token field is required when provider is twilio.'];
  if (Object.keys(missing).length > 0) throw validationFailed(missing);
  return { accountSid: body.twilio_account_sid!, authToken: body.twilio_auth_token! };
}
