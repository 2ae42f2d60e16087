import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../../src/core/db/transaction.js';
import type { CallStatus, ConversationType, LedgerKind } from '../../src/core/db/schema.js';
import { changeBalance } from '../../src/modules/accounts/index.js';

/**
 * Calls, conversations and ledger rows written straight into the tables, at the times a usage
 * test needs (the report reads what the call and chat flows write; those flows are tested
 * where they live).
 */
export async function insertCall(
  db: DbOrTx,
  call: {
    userId: number;
    assistantId: number | null;
    at: string;
    status?: CallStatus;
    seconds?: number | null;
    costMicros?: number;
    endReason?: string | null;
    fromNumber?: string | null;
  },
): Promise<number> {
  const at = new Date(call.at);
  const row = await db
    .insertInto('calls')
    .values({
      uuid: randomUUID(),
      user_id: call.userId,
      assistant_id: call.assistantId,
      type: 'inbound',
      direction: 'inbound',
      status: call.status ?? 'completed',
      provider: 'twilio',
      from_number: call.fromNumber ?? '+14155550100',
      to_number: '+14155550199',
      variables: '{}',
      duration_seconds: call.seconds ?? null,
      price_per_minute_micros: 100_000,
      cost_micros: call.costMicros ?? 0,
      end_reason: call.endReason ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertConversation(
  db: DbOrTx,
  conversation: {
    userId: number;
    assistantId: number;
    at: string;
    type?: ConversationType;
    costMicros?: number;
    customerName?: string | null;
    /** Messages in order: [role, ISO time]. */
    messages?: Array<['user' | 'assistant', string]>;
  },
): Promise<number> {
  const at = new Date(conversation.at);
  const row = await db
    .insertInto('conversations')
    .values({
      uuid: randomUUID(),
      user_id: conversation.userId,
      origin_assistant_id: conversation.assistantId,
      assistant_id: conversation.assistantId,
      type: conversation.type ?? 'widget',
      customer_name: conversation.customerName ?? null,
      message_count: conversation.messages?.filter(([role]) => role === 'user').length ?? 0,
      total_cost_micros: conversation.costMicros ?? 0,
      last_activity_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [role, time] of conversation.messages ?? []) {
    await db
      .insertInto('conversation_messages')
      .values({ conversation_id: row.id, role, content: `${role} at ${time}`, created_at: new Date(time) })
      .execute();
  }
  return row.id;
}

/** A balance change at a given time, through the one way money moves. */
export async function moveBalance(db: DbOrTx, change: { userId: number; micros: number; at: string; kind: LedgerKind; reason?: string }) {
  await changeBalance(db, {
    userId: change.userId,
    amountMicros: change.micros,
    reason: change.reason ?? (change.kind === 'usage' ? 'Chat message, conversation test' : 'Credit'),
    kind: change.kind,
    now: new Date(change.at),
  });
}

/** Many calls at once (generate_series), seven a second back from the end of `lastDay`, for exports and benchmarks. */
export async function insertManyCalls(db: DbOrTx, input: { userId: number; assistantId: number | null; count: number; lastDay: string }) {
  await sql`
    INSERT INTO calls (uuid, user_id, assistant_id, type, direction, status, provider, from_number, to_number, variables, transcript,
                       duration_seconds, price_per_minute_micros, cost_micros, end_reason, created_at, updated_at)
    SELECT gen_random_uuid(), ${input.userId}, ${input.assistantId}, 'inbound', 'inbound',
           (ARRAY['completed','no-answer','failed','busy'])[1 + i % 4], 'twilio', '+14155550100', '+14155550199', '{}'::jsonb, '[]'::jsonb,
           i % 600, 100000, (i % 600) * 1000, 'hangup, "by customer"',
           ${input.lastDay}::date + interval '1 day' - (i / 7) * interval '1 second' - interval '3 microseconds',
           ${input.lastDay}::date + interval '1 day' - (i / 7) * interval '1 second' - interval '3 microseconds'
    FROM generate_series(1, ${input.count}) AS i`.execute(db);
}
