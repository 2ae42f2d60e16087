import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../core/db/database.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { RequestActor } from '../../core/http/actor.js';
import { cursorPage, decodeCursor } from '../../core/http/cursor-pagination.js';
import { INT4_MAX } from '../../core/http/schema-hardening.js';
import { createAuditRepo, type AuditEventInput, type AuditListFilter } from './audit.repo.js';

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

function auditRow(event: AuditEvent): AuditEventInput {
  const { actor } = event;
  const request = 'kind' in actor ? (actor.kind === 'operator' ? actor.actor : null) : actor;
  return {
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
  };
}

/**
 * Writes one audit row in the caller's transaction, so the row exists exactly when the change
 * does (a change that fails leaves none).
 */
export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await createAuditRepo(tx).insertEvent(auditRow(event));
}

/**
 * The audit row of a change made by one statement, as a part of that statement:
 * `WITH changed AS (UPDATE ... RETURNING ...), audited AS (<this>) SELECT ... FROM changed`.
 * One row is written for each row `source` (the change's CTE) returns, so none when the
 * statement changed nothing, and the statement is its own transaction: no BEGIN and COMMIT on
 * a path that is one round trip. `details`, when given, is SQL that may read `source`'s columns.
 */
export function auditInsertSql(source: string, event: AuditEvent, details?: RawBuilder<unknown>): RawBuilder<unknown> {
  const row = auditRow(event);
  return sql`INSERT INTO audit_events
    (user_id, actor_member_id, actor_kind, actor, action, resource_type, resource_id, ip, user_agent, details, created_at)
    SELECT ${row.userId}::integer, ${row.actorMemberId}::integer, ${row.actorKind}::text, ${row.actor}::text,
      ${row.action}::text, ${row.resourceType}::text, ${row.resourceId}::text, ${row.ip}::text, ${row.userAgent}::text,
      ${details ?? sql`${JSON.stringify(row.details)}::jsonb`}, ${row.now}::timestamptz
    FROM ${sql.table(source)}`;
}

export interface AuditLogQuery extends Omit<AuditListFilter, 'userId' | 'before' | 'after' | 'limit'> {
  perPage: number;
  cursor?: string;
}

/** The account's audit log, newest first, paged by cursor. */
export function createAuditLogService({ db }: { db: Db }) {
  return {
    async list(userId: number, query: AuditLogQuery) {
      const { perPage, cursor, ...filter } = query;
      // audit_events.id is an integer column.
      const position = decodeCursor(cursor, INT4_MAX);
      const rows = await createAuditRepo(db).list({ userId, ...filter, ...position, limit: perPage + 1 });
      return cursorPage(rows, perPage, position);
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
