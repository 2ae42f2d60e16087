import type { DbOrTx } from '../../core/db/transaction.js';
import type { PhoneNumberType } from '../../core/db/schema.js';

export function createPhoneNumbersRepo(db: DbOrTx) {
  return {
    insert(values: {
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
      twilio_auth_token_sealed?: string | null;
      created_at: Date;
      updated_at: Date;
    }) {
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
          twilio_auth_token_sealed: values.twilio_auth_token_sealed ?? null,
          created_at: values.created_at,
          updated_at: values.updated_at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list(userId: number, filter: { smsWithSubscription?: boolean } = {}) {
      let query = db.selectFrom('phone_numbers').selectAll().where('user_id', '=', userId);
      if (filter.smsWithSubscription) query = query.where('sms_capable', '=', true).where('has_active_subscription', '=', true);
      return query.orderBy('id').execute();
    },

    updateNickname(userId: number, id: number, nickname: string | null, now: Date) {
      return db
        .updateTable('phone_numbers')
        .set({ nickname, updated_at: now })
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
      return db.selectFrom('phone_numbers').select(['id', 'type']).where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('phone_numbers').where('id', '=', id).execute();
    },

    /** This user's numbers among `ids`, key-share locked so they cannot be deleted before commit. */
    lockOwned(userId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('phone_numbers').select(['id', 'type']).where('user_id', '=', userId).where('id', 'in', ids).forKeyShare().execute();
    },
  };
}
