import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { DoNotCallNumbersTable } from '../../core/db/schema.js';

/** Adds a number to the account's do-not-call list; a number already there keeps its first entry. Returns whether it was new. */
export async function addToDoNotCall(
  db: DbOrTx,
  entry: { userId: number; phoneNumber: string; source: DoNotCallNumbersTable['source']; reason: string | null; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('do_not_call_numbers')
    .values({ user_id: entry.userId, phone_number: entry.phoneNumber, source: entry.source, reason: entry.reason, created_at: entry.now })
    .onConflict((oc) => oc.columns(['user_id', 'phone_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** How the number came onto the account's do-not-call list; undefined when it is not on it. */
export async function doNotCallSource(
  db: DbOrTx,
  userId: number,
  phoneNumber: string,
): Promise<DoNotCallNumbersTable['source'] | undefined> {
  const row = await db
    .selectFrom('do_not_call_numbers')
    .select('source')
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
  return row?.source;
}

/** The customer opted back in by SMS (START): only their SMS opt-out goes; a listing by the account stays. */
export async function removeSmsOptOut(db: DbOrTx, userId: number, phoneNumber: string): Promise<boolean> {
  const result = await db
    .deleteFrom('do_not_call_numbers')
    .where('user_id', '=', userId)
    .where('phone_number', '=', phoneNumber)
    .where('source', '=', 'sms_stop')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function createDoNotCallRepo(db: DbOrTx) {
  return {
    async list(userId: number, page: number, perPage: number) {
      const base = db.selectFrom('do_not_call_numbers').where('user_id', '=', userId);
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const items = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { items, total: Number(total) };
    },

    async remove(userId: number, phoneNumber: string): Promise<boolean> {
      const result = await db
        .deleteFrom('do_not_call_numbers')
        .where('user_id', '=', userId)
        .where('phone_number', '=', phoneNumber)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Adds many at once; returns how many were new. */
    async addMany(userId: number, phoneNumbers: string[], source: DoNotCallNumbersTable['source'], now: Date): Promise<number> {
      if (phoneNumbers.length === 0) return 0;
      const rows = await db
        .insertInto('do_not_call_numbers')
        .values(phoneNumbers.map((phone_number) => ({ user_id: userId, phone_number, source, reason: null, created_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'phone_number']).doNothing())
        .returning(sql<number>`1`.as('one'))
        .execute();
      return rows.length;
    },
  };
}
