import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { NumberClaim, PhoneNumberType } from '../../core/db/schema.js';

export interface NewPhoneNumber {
  user_id: number;
  phone_number: string;
  country_code: string;
  type: PhoneNumberType;
  nickname: string | null;
  sms_capable: boolean;
  region: string;
  has_active_subscription: boolean;
  provider?: 'twilio' | null;
  twilio_account_sid?: string | null;
  claim?: NumberClaim | null;
  created_at: Date;
  updated_at: Date;
}

export function createPhoneNumbersRepo(db: DbOrTx) {
  return {
    insert(values: NewPhoneNumber) {
      return db
        .insertInto('phone_numbers')
        .values({
          user_id: values.user_id,
          phone_number: values.phone_number,
          country_code: values.country_code,
          type: values.type,
          nickname: values.nickname,
          sms_capable: values.sms_capable,
          region: values.region,
          has_active_subscription: values.has_active_subscription,
          provider: values.provider ?? null,
          twilio_account_sid: values.twilio_account_sid ?? null,
          claim: values.claim ?? null,
          created_at: values.created_at,
          updated_at: values.updated_at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Makes the number the user's line on the service's own account (inserted, or their row
     * turned into it), claimed; the caller has released any other account's claim first.
     */
    assignOperatorLine(values: NewPhoneNumber) {
      return db
        .insertInto('phone_numbers')
        .values({ ...values, provider: null, twilio_account_sid: null, claim: 'operator' })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'phone_number'])
            // The unique index leaves SIP trunks out (migration 0032); a literal, so the planner matches it.
            .where('provider', 'is distinct from', sql.lit('sip'))
            .doUpdateSet({ provider: null, twilio_account_sid: null, claim: 'operator', updated_at: values.updated_at }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The user's numbers, but not a purchase the carrier has not confirmed yet. */
    list(userId: number, filter: { smsWithSubscription?: boolean } = {}) {
      let query = db
        .selectFrom('phone_numbers')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('purchase_state', 'is', null), eb('purchase_state', '<>', 'pending')]));
      if (filter.smsWithSubscription) query = query.where('sms_capable', '=', true).where('has_active_subscription', '=', true);
      return query.orderBy('id').execute();
    },

    update(userId: number, id: number, changes: { nickname?: string | null; webhook_url?: string | null }, now: Date) {
      return db
        .updateTable('phone_numbers')
        .set({ ...changes, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    find(userId: number, id: number) {
      return db.selectFrom('phone_numbers').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    /** Locked for deletion: a transaction naming it as a transfer line waits until we are done. */
    lockForDelete(userId: number, id: number) {
      return db
        .selectFrom('phone_numbers')
        .select(['id', 'phone_number', 'type', 'has_active_subscription', 'release_at', 'purchase_state', 'paid_until'])
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Its subscription is cancelled now; the number itself stays until `releaseAt`. */
    async scheduleRelease(id: number, releaseAt: Date, now: Date): Promise<void> {
      await db
        .updateTable('phone_numbers')
        .set({ release_at: releaseAt, has_active_subscription: false, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** A released number whose time has come, locked for its removal. */
    lockDueRelease(id: number, now: Date) {
      return db
        .selectFrom('phone_numbers')
        .select(['id', 'user_id'])
        .where('id', '=', id)
        .where('release_at', '<=', now)
        .forUpdate()
        .executeTakeFirst();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('phone_numbers').where('id', '=', id).execute();
    },

    /** This user's numbers among `ids` (not an unconfirmed purchase), key-share locked so they cannot be deleted before commit. */
    lockOwned(userId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('phone_numbers')
        .select(['id', 'type'])
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('purchase_state', 'is', null), eb('purchase_state', '<>', 'pending')]))
        .forKeyShare()
        .execute();
    },

    /** The row that holds the number (its claim), locked; undefined when nobody holds it. */
    lockClaim(e164: string) {
      return db
        .selectFrom('phone_numbers')
        .select(['id', 'user_id', 'claim'])
        .where('phone_number', '=', e164)
        .where('claim', 'is not', null)
        .forUpdate()
        .executeTakeFirst();
    },

    async releaseClaim(id: number, now: Date): Promise<void> {
      await db.updateTable('phone_numbers').set({ claim: null, updated_at: now }).where('id', '=', id).execute();
    },

    /**
     * Registers a proven Twilio account for the user: a new SID, the user's own again (a newer
     * token), or one nobody proved (carried over from before credentials were checked). Undefined
     * when another account proved it first. Exact under concurrency: the upsert's row lock.
     */
    claimTwilioAccount(values: { accountSid: string; userId: number; authTokenSealed: string; now: Date }) {
      return db
        .insertInto('twilio_accounts')
        .values({
          account_sid: values.accountSid,
          user_id: values.userId,
          auth_token_sealed: values.authTokenSealed,
          verified_at: values.now,
          created_at: values.now,
          updated_at: values.now,
        })
        .onConflict((oc) =>
          oc
            .column('account_sid')
            .doUpdateSet((eb) => ({
              user_id: eb.ref('excluded.user_id'),
              auth_token_sealed: eb.ref('excluded.auth_token_sealed'),
              verified_at: eb.ref('excluded.verified_at'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where((eb) => eb.or([eb('twilio_accounts.user_id', '=', values.userId), eb('twilio_accounts.verified_at', 'is', null)])),
        )
        .returning(['account_sid'])
        .executeTakeFirst();
    },

    /** The numbers other accounts registered on a Twilio account that is no longer theirs stop receiving its calls. */
    async releaseClaimsOfOthers(accountSid: string, userId: number, now: Date): Promise<void> {
      await db
        .updateTable('phone_numbers')
        .set({ claim: null, updated_at: now })
        .where('twilio_account_sid', '=', accountSid)
        .where('user_id', '<>', userId)
        .where('claim', 'is not', null)
        .execute();
    },
  };
}
