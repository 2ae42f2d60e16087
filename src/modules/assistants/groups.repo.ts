import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { CreateGroupBody, UpdateGroupBody } from './groups.schemas.js';

export type GroupKind = 'folder' | 'label';

export interface GroupRow {
  id: number;
  name: string;
  color: string;
  assistants_count: number;
}

/** Folders and labels are the same table shape; `kind` picks the table and how assistants link to it. */
export function createGroupsRepo(db: DbOrTx, kind: GroupKind) {
  // Both tables have identical columns, so one typed name serves for the query builder.
  const table = (kind === 'folder' ? 'folders' : 'labels') as 'folders';
  const assistantsCount =
    kind === 'folder'
      ? sql<number>`(SELECT count(*)::int FROM assistants WHERE folder_id = g.id)`
      : sql<number>`(SELECT count(*)::int FROM assistant_labels WHERE label_id = g.id)`;
  const selectGroup = () => db.selectFrom(`${table} as g`).select(['g.id', 'g.name', 'g.color', assistantsCount.as('assistants_count')]);

  return {
    async page(userId: number, limit: number, offset: number): Promise<{ rows: GroupRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        selectGroup().where('g.user_id', '=', userId).orderBy('g.id').limit(limit).offset(offset).execute(),
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    find(userId: number, id: number): Promise<GroupRow | undefined> {
      return selectGroup().where('g.user_id', '=', userId).where('g.id', '=', id).executeTakeFirst();
    },

    async insert(userId: number, body: CreateGroupBody, now: Date): Promise<GroupRow> {
      const row = await db
        .insertInto(table)
        .values({ user_id: userId, name: body.name, color: body.color ?? 'gray', created_at: now, updated_at: now })
        .returning(['id', 'name', 'color'])
        .executeTakeFirstOrThrow();
      return { ...row, assistants_count: 0 };
    },

    async update(userId: number, id: number, patch: UpdateGroupBody, now: Date): Promise<boolean> {
      const result = await db
        .updateTable(table)
        // Column by column: nothing but name and colour can come from a request body.
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.color !== undefined ? { color: patch.color } : {}),
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Folder: its assistants become uncategorised (SET NULL). Label: it is removed from them (CASCADE). */
    /** The deleted row's name; undefined when it is not this user's. */
    delete(userId: number, id: number): Promise<{ name: string } | undefined> {
      return db.deleteFrom(table).where('user_id', '=', userId).where('id', '=', id).returning('name').executeTakeFirst();
    },

    async ownedIds(userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom(table).select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
