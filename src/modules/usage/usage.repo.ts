import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';

/**
 * The usage report's aggregates, each one statement over one source for one account and range,
 * grouped twice in one scan (GROUPING SETS): by day in the report's time zone, and by assistant.
 * Reporting is read-only across the calls, conversations and ledger tables; the writers stay in
 * their modules.
 */
export interface UsageRange {
  userId: number;
  start: Date;
  end: Date;
  timezone: string;
}

/** One group: a day (`day` set) or an assistant (`day` null). */
export interface CallGroup {
  day: string | null;
  assistant_id: number | null;
  status: string;
  calls: number;
  seconds: number;
  cost_micros: number;
}

export interface MessageGroup {
  day: string | null;
  assistant_id: number | null;
  messages: number;
  replies: number;
}

export interface DaySpend {
  day: string;
  spend_micros: number;
}

export interface AssistantCost {
  assistant_id: number;
  cost_micros: number;
}

export function createUsageRepo(db: DbOrTx) {
  return {
    async callGroups(r: UsageRange): Promise<CallGroup[]> {
      const { rows } = await sql<CallGroup & { by_day: boolean }>`
        SELECT GROUPING(day) = 0 AS by_day, day::text AS day, assistant_id, status,
               count(*)::int AS calls, coalesce(sum(duration_seconds), 0)::bigint AS seconds,
               coalesce(sum(cost_micros), 0)::bigint AS cost_micros
        FROM (
          SELECT (created_at AT TIME ZONE ${r.timezone})::date AS day, assistant_id, status, duration_seconds, cost_micros
          FROM calls
          WHERE user_id = ${r.userId} AND created_at >= ${r.start} AND created_at < ${r.end}
        ) c
        GROUP BY GROUPING SETS ((day, status), (assistant_id, status))`.execute(db);
      return rows.map(({ by_day, ...row }) => ({ ...row, day: by_day ? row.day : null, assistant_id: by_day ? null : row.assistant_id }));
    },

    /**
     * Messages by the day they were written; a conversation's messages are never older than it,
     * so only conversations started before the range's end are joined.
     */
    async messageGroups(r: UsageRange): Promise<MessageGroup[]> {
      const { rows } = await sql<MessageGroup & { by_day: boolean }>`
        SELECT GROUPING(day) = 0 AS by_day, day::text AS day, assistant_id,
               count(*) FILTER (WHERE role = 'user')::int AS messages,
               count(*) FILTER (WHERE role = 'assistant')::int AS replies
        FROM (
          SELECT (m.created_at AT TIME ZONE ${r.timezone})::date AS day, c.assistant_id, m.role
          FROM conversations c
          JOIN conversation_messages m ON m.conversation_id = c.id
          WHERE c.user_id = ${r.userId} AND c.created_at < ${r.end}
            AND m.created_at >= ${r.start} AND m.created_at < ${r.end}
        ) m
        GROUP BY GROUPING SETS ((day), (assistant_id))`.execute(db);
      return rows.map(({ by_day, ...row }) => ({ ...row, day: by_day ? row.day : null, assistant_id: by_day ? null : row.assistant_id }));
    },

    /** What the ledger says was spent each day: usage rows (charges, less their refunds), not credits. */
    async spendByDay(r: UsageRange): Promise<DaySpend[]> {
      const { rows } = await sql<DaySpend>`
        SELECT (created_at AT TIME ZONE ${r.timezone})::date::text AS day, (-sum(amount_micros))::bigint AS spend_micros
        FROM balance_ledger
        WHERE user_id = ${r.userId} AND kind = 'usage' AND created_at >= ${r.start} AND created_at < ${r.end}
        GROUP BY 1`.execute(db);
      return rows;
    },

    /** The ledger names no assistant: an assistant's cost is what its conversations started in the range cost. */
    async conversationCosts(r: UsageRange): Promise<AssistantCost[]> {
      const { rows } = await sql<AssistantCost>`
        SELECT assistant_id, sum(total_cost_micros)::bigint AS cost_micros
        FROM conversations
        WHERE user_id = ${r.userId} AND created_at >= ${r.start} AND created_at < ${r.end}
        GROUP BY assistant_id`.execute(db);
      return rows;
    },

    assistantNames(userId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('assistants').select(['id', 'name']).where('user_id', '=', userId).where('id', 'in', ids).execute();
    },
  };
}
