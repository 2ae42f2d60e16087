import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { dayRange } from '../../core/http/day-range.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import type { AuditListRow } from './audit.repo.js';
import type { AuditLogService } from './audit.service.js';
import { AuditLogPage, ListAuditLogQuery } from './audit.schemas.js';

export interface AuditRoutesOptions {
  auditLog: AuditLogService;
}

function toEntry(row: AuditListRow) {
  return {
    id: row.id,
    actor: { kind: row.actor_kind, label: row.actor, member_id: row.actor_member_id },
    action: row.action,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    ip: row.ip,
    user_agent: row.user_agent,
    details: row.details,
    created_at: isoTimestamp(row.created_at)!,
  };
}

export const auditRoutes: FastifyPluginAsyncTypebox<AuditRoutesOptions> = async (app, { auditLog }) => {
  app.get(
    '/user/audit-log',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags: ['Audit log'],
        operationId: 'listAuditLog',
        summary: 'List what was done in the account (newest first)',
        description:
          'Who did what to which resource, when and from where: assistant changes, deletions, webhook secret rotations, ' +
          'keys, members and sign-ins. Each row is written in the same transaction as its change.',
        querystring: ListAuditLogQuery,
        response: { 200: AuditLogPage },
      },
    },
    async (request) => {
      const { action, actor_member_id, resource_type, resource_id, date_from, date_to, per_page, cursor } = request.query;
      const days = dayRange({ from: date_from, to: date_to });
      const page = await auditLog.list(authOf(request).userId, {
        action,
        actorMemberId: actor_member_id,
        resourceType: resource_type,
        resourceId: resource_id,
        since: days.start,
        until: days.end,
        perPage: per_page,
        cursor,
      });
      return { data: page.items.map(toEntry), next_cursor: page.nextCursor, prev_cursor: page.prevCursor };
    },
  );
};
