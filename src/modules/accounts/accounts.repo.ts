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

    findUserById(id: number): Promise<PublicUser | undefined> {
      return db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
    },

    findUserByEmail(email: string): Promise<(PublicUser & { password_hash: string }) | undefined> {
      return db
        .selectFrom('users')
        .select([...publicColumns, 'password_hash'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    listUsers(): Promise<PublicUser[]> {
      return db.selectFrom('users').select(publicColumns).orderBy('id').execute();
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
