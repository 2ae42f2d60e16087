import { sql } from 'kysely';
import type { DbOrTx } from '../../../core/db/transaction.js';
import type { ChatappPermissionStatus } from '../../../core/db/schema.js';

const DAY_MS = 24 * 3_600_000;

export interface AskCounts {
  last24h: number;
  last7d: number;
}

export function createCallPermissionRepo(db: DbOrTx) {
  return {
    /**
     * Asks that count against the platform caps: sent or still in flight, within 7 days, and
     * after the last connected call (which resets the platform's counters).
     */
    async countAsks(conversationId: number, now: Date, resetAt: Date | null): Promise<AskCounts> {
      const dayAgo = new Date(now.getTime() - DAY_MS);
      const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
      const since = resetAt && resetAt > weekAgo ? resetAt : weekAgo;
      const row = await db
        .selectFrom('chatapp_call_permission_requests')
        .select([sql<number>`count(*) FILTER (WHERE requested_at > ${dayAgo})::int`.as('last24h'), sql<number>`count(*)::int`.as('last7d')])
        .where('conversation_id', '=', conversationId)
        .where('state', 'in', ['sending', 'sent'])
        .where('requested_at', '>', since)
        .executeTakeFirstOrThrow();
      return { last24h: row.last24h, last7d: row.last7d };
    },

    async reserve(input: { conversationId: number; userId: number; templateId: number; now: Date }): Promise<number> {
      const row = await db
        .insertInto('chatapp_call_permission_requests')
        .values({
          conversation_id: input.conversationId,
          user_id: input.userId,
          template_id: input.templateId,
          state: 'sending',
          requested_at: input.now,
          created_at: input.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async markSent(requestId: number, messageId: number): Promise<void> {
      await db
        .updateTable('chatapp_call_permission_requests')
        .set({ state: 'sent', message_id: messageId })
        .where('id', '=', requestId)
        .execute();
    },

    /** A refused ask is kept for the record but no longer counts. */
    async markFailed(requestId: number, error: string): Promise<void> {
      await db.updateTable('chatapp_call_permission_requests').set({ state: 'failed', error }).where('id', '=', requestId).execute();
    },

    async markPending(conversationId: number, now: Date): Promise<void> {
      await db
        .updateTable('chatapp_conversations')
        .set({
          permission_status: 'pending',
          permission_permanent: false,
          permission_expires_at: null,
          permission_requested_at: now,
          permission_updated_at: now,
          updated_at: now,
        })
        .where('id', '=', conversationId)
        .execute();
    },

    /**
     * The customer's answer (or the platform's own view of it). Applied only when at least as
     * new as what we have, so a retried or late webhook cannot undo a newer answer.
     */
    async applyAnswer(input: {
      conversationId: number;
      status: ChatappPermissionStatus;
      permanent: boolean;
      expiresAt: Date | null;
      at: Date;
      now: Date;
    }): Promise<boolean> {
      const result = await db
        .updateTable('chatapp_conversations')
        .set({
          permission_status: input.status,
          permission_permanent: input.permanent,
          permission_expires_at: input.expiresAt,
          permission_updated_at: input.at,
          updated_at: input.now,
        })
        .where('id', '=', input.conversationId)
        .where((eb) => eb.or([eb('permission_updated_at', 'is', null), eb('permission_updated_at', '<=', input.at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A connected call: the platform's per-contact ask counters start again from here. */
    async resetAsks(senderId: number, customerPhone: string, at: Date, now: Date): Promise<number> {
      const result = await db
        .updateTable('chatapp_conversations')
        .set({ asks_reset_at: sql`greatest(asks_reset_at, ${at}::timestamptz)`, updated_at: now })
        .where('sender_id', '=', senderId)
        .where('customer_phone', '=', customerPhone)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
