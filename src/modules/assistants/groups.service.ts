import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { notFound, validationFailed } from '../../core/http/errors.js';
import { createGroupsRepo, type GroupKind, type GroupRow } from './groups.repo.js';
import type { CreateGroupBody, UpdateGroupBody } from './groups.schemas.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

export const GROUP_NOUN: Record<GroupKind, string> = { folder: 'Folder', label: 'Label' };

export function createGroupsService({ db, clock }: { db: Db; clock: Clock }, kind: GroupKind) {
  const missing = () => notFound(`${GROUP_NOUN[kind]} not found`);
  const unique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      // The unique index settles two creates of one name racing each other.
      if (isUniqueViolation(error)) throw validationFailed({ name: ['The name has already been taken.'] });
      throw error;
    }
  };

  return {
    kind,

    list(userId: number, page: number, perPage: number) {
      return createGroupsRepo(db, kind).page(userId, perPage, (page - 1) * perPage);
    },

    async get(userId: number, id: number): Promise<GroupRow> {
      const row = await createGroupsRepo(db, kind).find(userId, id);
      if (!row) throw missing();
      return row;
    },

    create(userId: number, body: CreateGroupBody): Promise<GroupRow> {
      return unique(() => createGroupsRepo(db, kind).insert(userId, body, clock.now()));
    },

    async update(userId: number, id: number, patch: UpdateGroupBody): Promise<GroupRow> {
      const repo = createGroupsRepo(db, kind);
      if (!(await unique(() => repo.update(userId, id, patch, clock.now())))) throw missing();
      return this.get(userId, id);
    },

    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const deleted = await createGroupsRepo(tx, kind).delete(userId, id);
        if (!deleted) throw missing();
        const details = { name: deleted.name };
        await recordAudit(tx, { userId, actor, action: `${kind}.deleted`, resourceType: kind, resourceId: id, details, now: clock.now() });
      });
    },

    ownedIds(userId: number, ids: number[], tx: DbOrTx = db) {
      return createGroupsRepo(tx, kind).ownedIds(userId, ids);
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
