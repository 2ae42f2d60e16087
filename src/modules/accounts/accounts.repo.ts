import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { NewUser, UserRow } from '../../core/db/schema.js';

export type PublicUser = Pick<UserRow, 'id' | 'email' | 'name' | 'balance_micros' | 'created_at'>;

const publicColumns = ['id', 'email', 'name', 'balance_micros', 'created_at'] as const;

export function createAccountsRepo(db: DbOrTx) {
  return {
    insertUser(user: NewUser): Promise<PublicUser> {
      return db.insertInto('users').values(user).returning(publicColumns).executeTakeFirstOrThrow();
    },

    // Deleted users keep their row for the ledger; every lookup by id or e-mail skips them.
    findUserById(id: number): Promise<PublicUser | undefined> {
      return db.selectFrom('users').select(publicColumns).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },

    findUserByEmail(email: string, options: { forUpdate?: boolean } = {}): Promise<(PublicUser & { password_hash: string }) | undefined> {
      const query = db
        .selectFrom('users')
        .select([...publicColumns, 'password_hash'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null);
      return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    listUsers(): Promise<PublicUser[]> {
      return db.selectFrom('users').select(publicColumns).where('deleted_at', 'is', null).orderBy('id').execute();
    },

    /**
     * The row stays (the ledger references it); the e-mail is replaced by one that can never be
     * typed at login (.invalid is reserved), which also frees the address for a new account.
     */
    async softDeleteUser(id: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ deleted_at: now, email: `deleted-user-${id}@deleted.invalid`, name: 'Deleted user', password_hash: '!', updated_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Moves the balance only if it stays >= 0, in one conditional UPDATE: two concurrent debits
     * can never both pass the check. Returns the new balance, or undefined when refused.
     */
    async adjustBalance(userId: number, deltaMicros: number, now: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('users')
        .set({ balance_micros: sql`balance_micros + ${deltaMicros}`, updated_at: now })
        .where('id', '=', userId)
        .where(sql<boolean>`balance_micros + ${deltaMicros} >= 0`)
        .returning('balance_micros')
        .executeTakeFirst();
      return row?.balance_micros;
    },

    async appendLedger(entry: { userId: number; amountMicros: number; balanceAfterMicros: number; reason: string }) {
      await db
        .insertInto('balance_ledger')
        .values({
          user_id: entry.userId,
          amount_micros: entry.amountMicros,
          balance_after_micros: entry.balanceAfterMicros,
          reason: entry.reason,
        })
        .execute();
    },

    async ledgerTotal(userId: number): Promise<number> {
      const row = await db
        .selectFrom('balance_ledger')
        .select(sql<number>`coalesce(sum(amount_micros), 0)::bigint`.as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.total;
    },
  };
}
