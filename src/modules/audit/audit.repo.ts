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
  };
}
