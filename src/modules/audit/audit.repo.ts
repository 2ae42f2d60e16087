import type { DbOrTx } from '../../core/db/transaction.js';
import type { AuditActorKind } from '../../core/db/schema.js';

export interface AuditEventInput {
  userId: number;
  actorMemberId: number | null;
  actorKind: AuditActorKind;
  actor: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  now: Date;
}

export interface AuditListFilter {
  userId: number;
  action?: string;
  actorMemberId?: number;
  resourceType?: string;
  resourceId?: string;
  since?: Date;
  until?: Date;
  /** Older rows than this id. */
  before?: number;
  /** Newer rows than this id (read oldest first). */
  after?: number;
  limit: number;
}

/** What the log shows of a row, named one by one (user_id stays behind: the caller's own). */
const LIST_COLUMNS = [
  'id',
  'actor_kind',
  'actor',
  'actor_member_id',
  'action',
  'resource_type',
  'resource_id',
  'ip',
  'user_agent',
  'details',
  'created_at',
] as const;

export function createAuditRepo(db: DbOrTx) {
  return {
    async insertEvent(event: AuditEventInput): Promise<void> {
      await db
        .insertInto('audit_events')
        .values({
          user_id: event.userId,
          actor_member_id: event.actorMemberId,
          actor_kind: event.actorKind,
          actor: event.actor,
          action: event.action,
          resource_type: event.resourceType,
          resource_id: event.resourceId,
          ip: event.ip,
          user_agent: event.userAgent,
          details: JSON.stringify(event.details),
          created_at: event.now,
        })
        .execute();
    },

    /** One account's rows by id (the order they were written), newest first unless reading `after`. */
    list(filter: AuditListFilter) {
      let query = db.selectFrom('audit_events').select(LIST_COLUMNS).where('user_id', '=', filter.userId);
      if (filter.action !== undefined) query = query.where('action', '=', filter.action);
      if (filter.actorMemberId !== undefined) query = query.where('actor_member_id', '=', filter.actorMemberId);
      if (filter.resourceType !== undefined) query = query.where('resource_type', '=', filter.resourceType);
      if (filter.resourceId !== undefined) query = query.where('resource_id', '=', filter.resourceId);
      if (filter.since) query = query.where('created_at', '>=', filter.since);
      if (filter.until) query = query.where('created_at', '<', filter.until);
      if (filter.before !== undefined) query = query.where('id', '<', filter.before);
      if (filter.after !== undefined) query = query.where('id', '>', filter.after);
      return query
        .orderBy('id', filter.after !== undefined ? 'asc' : 'desc')
        .limit(filter.limit)
        .execute();
    },
  };
}

export type AuditListRow = Awaited<ReturnType<ReturnType<typeof createAuditRepo>['list']>>[number];
