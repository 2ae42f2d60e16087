import type { Updateable } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { CustomToolsTable, StoredToolHeader } from '../../core/db/schema.js';

type Method = CustomToolsTable['method'];
type Parameter = { name: string; type: 'string' | 'number' | 'boolean'; description: string };

export interface NewTool {
  name: string;
  description: string;
  endpoint: string;
  method: Method;
  timeout: number;
  headers: StoredToolHeader[];
  schema: Parameter[];
}

export type ToolPatch = Partial<NewTool>;

export function createToolsRepo(db: DbOrTx) {
  return {
    insert(userId: number, tool: NewTool, now: Date) {
      return db
        .insertInto('custom_tools')
        .values({
          user_id: userId,
          name: tool.name,
          description: tool.description,
          endpoint: tool.endpoint,
          method: tool.method,
          timeout: tool.timeout,
          headers: JSON.stringify(tool.headers),
          schema: JSON.stringify(tool.schema),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list(userId: number) {
      return db.selectFrom('custom_tools').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    find(userId: number, id: number, options: { forUpdate?: boolean } = {}) {
      const query = db.selectFrom('custom_tools').selectAll().where('user_id', '=', userId).where('id', '=', id);
      return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    findMany(userId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('custom_tools').selectAll().where('user_id', '=', userId).where('id', 'in', ids).orderBy('id').execute();
    },

    update(userId: number, id: number, patch: ToolPatch, now: Date) {
      const set: Updateable<CustomToolsTable> = { updated_at: now };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.endpoint !== undefined) set.endpoint = patch.endpoint;
      if (patch.method !== undefined) set.method = patch.method;
      if (patch.timeout !== undefined) set.timeout = patch.timeout;
      if (patch.headers !== undefined) set.headers = JSON.stringify(patch.headers);
      if (patch.schema !== undefined) set.schema = JSON.stringify(patch.schema);
      return db.updateTable('custom_tools').set(set).where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Assignments go with it (ON DELETE CASCADE): the tool is detached from every assistant. */
    /** The deleted tool's name; undefined when it is not this user's. */
    delete(userId: number, id: number): Promise<{ name: string } | undefined> {
      return db.deleteFrom('custom_tools').where('user_id', '=', userId).where('id', '=', id).returning('name').executeTakeFirst();
    },

    async ownedIds(userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('custom_tools').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
