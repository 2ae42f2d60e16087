import type { DbOrTx } from '../../core/db/transaction.js';
import type { RequestActor } from '../../core/http/actor.js';
import { createAuditRepo } from './audit.repo.js';

/** Who did something: a caller of the API, the server's operator, or the admin CLI. */
export type AuditActor = RequestActor | { kind: 'system'; label: string } | { kind: 'operator'; actor: RequestActor };

export interface AuditEvent {
  /** The account the change belongs to (whose log shows it). */
  userId: number;
  actor: AuditActor;
  /** `<resource>.<verb>`, e.g. `assistant.updated`, `member.removed`, `balance.credited`. */
  action: string;
  resourceType: string;
  resourceId?: string | number | null;
  /** What a reader needs besides the resource (a role, an amount, a reason); never a secret. */
  details?: Record<string, unknown>;
  now: Date;
}

const USER_AGENT_MAX = 255;

/**
 * Writes one audit row in the caller's transaction, so the row exists exactly when the change
 * does (a change that fails leaves none).
 */
export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  const { actor } = event;
  const request = 'kind' in actor ? (actor.kind === 'operator' ? actor.actor : null) : actor;
  await createAuditRepo(tx).insertEvent({
    userId: event.userId,
    actorMemberId: request?.auth.memberId ?? null,
    actorKind: 'kind' in actor ? actor.kind : actor.auth.tokenKind === 'api_key' ? 'api_key' : 'member',
    actor: 'kind' in actor && actor.kind === 'system' ? actor.label : request!.auth.label,
    action: event.action,
    resourceType: event.resourceType,
    resourceId: event.resourceId === undefined || event.resourceId === null ? null : String(event.resourceId),
    ip: request?.ip ?? null,
    userAgent: request?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    details: event.details ?? {},
    now: event.now,
  });
}
