import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';

/** What the operator sees of an account; never a password hash. Deleted accounts are not listed. */
const accountColumns = ['u.id', 'u.name', 'u.email', 'u.balance_micros', 'u.suspended_at', 'u.suspension_reason', 'u.created_at'] as const;

/** int, not count()'s bigint: a number on every driver. */
const membersCount = sql<number>`(SELECT count(*)::int FROM members m WHERE m.user_id = u.id)`.as('members_count');

/** LIKE's own characters stand for themselves in a search. */
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createOperatorRepo(db: DbOrTx) {
  const accounts = () => db.selectFrom('users as u').where('u.deleted_at', 'is', null);

  return {
    /** A page of accounts, oldest first, matching a name, the account's e-mail or any member's. */
    async page(search: string | undefined, limit: number, offset: number) {
      const pattern = search?.trim() ? likePattern(search.trim()) : null;
      const matching = pattern
        ? accounts().where((eb) =>
            eb.or([
              eb(sql`lower(u.name)`, 'like', pattern),
              eb(sql`lower(u.email)`, 'like', pattern),
              eb.exists(
                eb.selectFrom('members as m').select('m.id').whereRef('m.user_id', '=', 'u.id').where(sql`lower(m.email)`, 'like', pattern),
              ),
            ]),
          )
        : accounts();
      const [rows, count] = await Promise.all([
        matching.select(accountColumns).select(membersCount).orderBy('u.id').limit(limit).offset(offset).execute(),
        matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    find(id: number) {
      return accounts().select(accountColumns).select(membersCount).where('u.id', '=', id).executeTakeFirst();
    },

    /** Suspends an account that exists and is not suspended yet; false otherwise. */
    async suspend(id: number, reason: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ suspended_at: now, suspension_reason: reason, updated_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('suspended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Restores a suspended account; false when it was not suspended. */
    async restore(id: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ suspended_at: null, suspension_reason: null, updated_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('suspended_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type OperatorAccountRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createOperatorRepo>['find']>>>;
