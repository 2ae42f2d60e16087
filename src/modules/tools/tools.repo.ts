import type { Insertable, Updateable } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { CustomToolsTable } from '../../core/db/schema.js';
import type { CreateToolBody, UpdateToolBody } from './tools.schemas.js';

const JSON_FIELDS = new Set(['headers', 'schema']);

function columns(values: Partial<CreateToolBody>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, JSON_FIELDS.has(k) ? JSON.stringify(v) : v]),
  );
}

export function createToolsRepo(db: DbOrTx) {
  return {
    insert(userId: number, body: CreateToolBody, now: Date) {
      return db
        .insertInto('custom_tools')
        .values({ ...columns(body), user_id: userId, created_at: now, updated_at: now } as Insertable<CustomToolsTable>)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list(userId: number) {
      return db.selectFrom('custom_tools').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    find(userId: number, id: number) {
      return db.selectFrom('custom_tools').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    findMany(userId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('custom_tools').selectAll().where('user_id', '=', userId).where('id', 'in', ids).orderBy('id').execute();
    },

    update(userId: number, id: number, patch: UpdateToolBody, now: Date) {
      return db
        .updateTable('custom_tools')
        .set({ ...(columns(patch) as Updateable<CustomToolsTable>), updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Assignments go with it (ON DELETE CASCADE): the tool is detached from every assistant. */
    async delete(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('custom_tools').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async ownedIds(userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('custom_tools').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
