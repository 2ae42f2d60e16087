import type { DbOrTx } from '../../core/db/transaction.js';

export interface PendingPurchase {
  user_id: number;
  phone_number: string;
  country_code: string;
  nickname: string | null;
  webhook_url: string | null;
  monthly_price_micros: number;
  paid_until: Date;
  now: Date;
}

/** What renewals and releases read of a bought number. */
const LIFECYCLE_COLUMNS = [
  'id',
  'user_id',
  'phone_number',
  'purchase_state',
  'carrier_sid',
  'monthly_price_micros',
  'paid_until',
  'renewal_failed_at',
  'release_at',
  'webhook_url',
  'created_at',
] as const;

/** The rows of numbers bought here: their purchase, renewals and release. */
export function createNumberPurchasesRepo(db: DbOrTx) {
  return {
    /** The number, claimed by the buyer while the carrier is asked (the claim index refuses a second buyer). */
    insertPending(values: PendingPurchase) {
      return db
        .insertInto('phone_numbers')
        .values({
          user_id: values.user_id,
          phone_number: values.phone_number,
          country_code: values.country_code,
          type: 'normal',
          nickname: values.nickname,
          sms_capable: false,
          region: '',
          has_active_subscription: true,
          claim: 'purchased',
          purchase_state: 'pending',
          monthly_price_micros: values.monthly_price_micros,
          paid_until: values.paid_until,
          webhook_url: values.webhook_url,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    },

    /** The carrier sold it: the number is the buyer's. Undefined when it was settled already. */
    activate(id: number, sold: { carrierSid: string; smsCapable: boolean }, now: Date) {
      return db
        .updateTable('phone_numbers')
        .set({ purchase_state: 'active', carrier_sid: sold.carrierSid, sms_capable: sold.smsCapable, updated_at: now })
        .where('id', '=', id)
        .where('purchase_state', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    /** The carrier did not sell it: the row goes (with its claim); undefined when it was settled already. */
    deletePending(id: number) {
      return db
        .deleteFrom('phone_numbers')
        .where('id', '=', id)
        .where('purchase_state', '=', 'pending')
        .returning(['id', 'user_id', 'phone_number', 'monthly_price_micros'])
        .executeTakeFirst();
    },

    findPending(id: number) {
      return db
        .selectFrom('phone_numbers')
        .select(['id', 'phone_number'])
        .where('id', '=', id)
        .where('purchase_state', '=', 'pending')
        .executeTakeFirst();
    },

    /** A bought number, locked: renewals, releases and the owner's own release queue behind each other. */
    lockBought(id: number) {
      return db
        .selectFrom('phone_numbers')
        .select(LIFECYCLE_COLUMNS)
        .where('id', '=', id)
        .where('purchase_state', '=', 'active')
        .forUpdate()
        .executeTakeFirst();
    },

    findBought(id: number) {
      return db.selectFrom('phone_numbers').select(LIFECYCLE_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async markRenewed(id: number, paidUntil: Date, now: Date): Promise<void> {
      await db
        .updateTable('phone_numbers')
        .set({ paid_until: paidUntil, renewal_failed_at: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async markRenewalFailed(id: number, now: Date): Promise<void> {
      await db.updateTable('phone_numbers').set({ renewal_failed_at: now, updated_at: now }).where('id', '=', id).execute();
    },
  };
}

export type BoughtNumber = NonNullable<Awaited<ReturnType<ReturnType<typeof createNumberPurchasesRepo>['findBought']>>>;
