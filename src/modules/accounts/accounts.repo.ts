import { sql, type RawBuilder } from 'kysely';
import type { SqlValue } from '../../core/db/fixed-statement.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { LedgerKind, NewUser, UserRow } from '../../core/db/schema.js';

export type PublicUser = Pick<UserRow, 'id' | 'email' | 'name' | 'balance_micros' | 'created_at'>;

const publicColumns = ['id', 'email', 'name', 'balance_micros', 'created_at'] as const;

export interface BalanceChange {
  userId: number;
  amountMicros: number;
  reason: string;
  /** usage (a charge, a refund of one) or adjustment (an opening balance, an operator's credit or debit): what spend sums. */
  kind: LedgerKind;
  now: Date;
}

/**
 * moveBalance's two steps as CTEs, for a statement that moves money along with other writes:
 * `${name}_update`, the conditional UPDATE, feeds `${name}`, the ledger INSERT returning
 * balance_after_micros (no row: refused, nothing written). `when` gates the move on the rest of
 * the statement (e.g. that a charge row was written), so the owner's row is not even locked
 * otherwise.
 */
export function balanceMoveCtes(
  name: string,
  change: { [K in keyof BalanceChange]: SqlValue<BalanceChange[K]> },
  when: RawBuilder<boolean> = sql`true`,
): RawBuilder<unknown> {
  const update = sql.id(`${name}_update`);
  return sql`${update} AS (
      UPDATE users SET balance_micros = balance_micros + ${change.amountMicros}::bigint, updated_at = ${change.now}::timestamptz
      WHERE id = ${change.userId}::int AND balance_micros + ${change.amountMicros}::bigint >= 0 AND ${when}
      RETURNING id, balance_micros),
    ${sql.id(name)} AS (
      INSERT INTO balance_ledger (user_id, amount_micros, balance_after_micros, reason, kind, created_at)
      SELECT id, ${change.amountMicros}::bigint, balance_micros, ${change.reason}::text, ${change.kind}::text, ${change.now}::timestamptz
      FROM ${update}
      RETURNING balance_after_micros)`;
}

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
     * Moves the balance only if it stays >= 0 and writes its ledger row, in ONE statement: the
     * conditional UPDATE feeds the ledger INSERT, so two concurrent debits can never both pass
     * the check, and a refused change writes no ledger row. One round trip instead of two, which
     * matters because the owner's row stays locked from this statement until commit. Returns the
     * new balance, or undefined when refused.
     */
    async moveBalance(change: BalanceChange): Promise<number | undefined> {
      const { rows } = await sql<{ balance_after_micros: number }>`
        WITH ${balanceMoveCtes('moved', change)}
        SELECT balance_after_micros FROM moved`.execute(db);
      return rows[0]?.balance_after_micros;
    },

    /** One page of the user's ledger, newest first (the (user_id, id) index serves the order). */
    async ledgerPage(userId: number, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('balance_ledger')
          .select(['id', 'amount_micros', 'balance_after_micros', 'reason', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('balance_ledger')
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /**
     * The account's newest ledger row: in the transaction that just moved the balance, the row it
     * wrote (the move holds the account's row lock, which every ledger write takes first).
     */
    latestLedgerEntry(userId: number) {
      return db
        .selectFrom('balance_ledger')
        .select(['id', 'amount_micros', 'balance_after_micros', 'reason', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
    },

    /** Whether an operator suspended the account (a deleted or unknown one is not suspended: it is gone). */
    async isSuspended(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('suspended_at')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined && row.suspended_at !== null;
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
