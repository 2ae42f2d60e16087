import { sql, type QueryCreator, type RawBuilder, type Selectable } from 'kysely';
import type { ConversationsTable, ConversationType, Database, FunctionCallRecord } from '../../core/db/schema.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import { fixedStatement, type SqlValue } from '../../core/db/fixed-statement.js';
import type { CursorPosition } from '../../core/http/cursor-pagination.js';
import type { HistoryItem } from '../replies/index.js';

export type ConversationRow = Selectable<ConversationsTable>;
/** A conversation with the current assistant's public identity (for addressing and listing). */
export type ConversationView = ConversationRow & { assistant_uuid: string; assistant_name: string };
/** What a conversation is for life: enough to address a message to it before reading it. */
export type ConversationIdentity = Pick<ConversationRow, 'id' | 'uuid' | 'type' | 'user_id' | 'origin_assistant_id'>;
/** The identity the public routes keep: also the UUID of the assistant it was opened with, whose widget settings (allowed origins) apply to it. */
export type PublicConversationIdentity = ConversationIdentity & { origin_assistant_uuid: string };

export interface NewConversation {
  uuid: string;
  userId: number;
  assistantId: number;
  type: ConversationType;
  variables: Record<string, unknown> | null;
  externalIdentifier?: string | null;
  customerPhone?: string | null;
  customerName?: string | null;
  chatappSenderId?: number | null;
  /** The number an SMS conversation runs on. */
  smsPhoneNumberId?: number | null;
  /** Messages inserted with it (the greeting). */
  messageCount?: number;
  inactivityCheckAt?: Date | null;
  now: Date;
}

export interface NewMessage {
  conversationId: number;
  role: 'user' | 'assistant' | 'system';
  content: string;
  functionCalls?: FunctionCallRecord[] | null;
  assistantId?: number | null;
  chatappMessageId?: number | null;
  createdAt: Date;
}

export interface ListFilters {
  userId: number;
  type?: ConversationType;
  assistant?: { id: number } | { uuid: string };
  customerPhone?: string;
  externalIdentifier?: string;
  chatappSenderId?: number;
  /** Chatapp conversations on the user's sender with each of these numbers (E.164). */
  senderPhones?: string[];
}

/** A conversation_messages row to insert, column by column (values or a fixed statement's placeholders). */
export interface MessageRowValues {
  conversation_id: SqlValue<number>;
  role: SqlValue<NewMessage['role']>;
  content: SqlValue<string>;
  /** JSON text, or null. */
  function_calls: SqlValue<string | null>;
  assistant_id: SqlValue<number | null>;
  chatapp_message_id: SqlValue<number | null>;
  created_at: SqlValue<Date>;
}

/** A message's function calls as stored: JSON text, or null when there were none. */
export function functionCallsJson(calls: FunctionCallRecord[] | null | undefined): string | null {
  return calls && calls.length > 0 ? JSON.stringify(calls) : null;
}

/** The row a message is stored as. */
function messageRow(m: NewMessage): MessageRowValues {
  return {
    conversation_id: m.conversationId,
    role: m.role,
    content: m.content,
    function_calls: functionCallsJson(m.functionCalls),
    assistant_id: m.assistantId ?? null,
    chatapp_message_id: m.chatappMessageId ?? null,
    created_at: m.createdAt,
  };
}

/**
 * The INSERT of some messages (at least one), also for a caller that runs it in one statement
 * with other writes; with `onlyIf`, the rows are written only when that condition holds (e.g.
 * that another part of the statement found its row).
 */
export function insertingMessages(query: QueryCreator<Database>, messages: NewMessage[], onlyIf?: RawBuilder<boolean>) {
  return insertingMessageRows(query, messages.map(messageRow), onlyIf);
}

/** insertingMessages on rows given column by column. */
export function insertingMessageRows(query: QueryCreator<Database>, rows: MessageRowValues[], onlyIf?: RawBuilder<boolean>) {
  const insert = query.insertInto('conversation_messages');
  if (!onlyIf) return insert.values(rows).returning('id');
  const values = rows.map(
    (r) =>
      sql`(${r.conversation_id}::bigint, ${r.role}::text, ${r.content}::text, ${r.function_calls}::jsonb, ${r.assistant_id}::int, ${r.chatapp_message_id}::int, ${r.created_at}::timestamptz)`,
  );
  return insert
    .columns(['conversation_id', 'role', 'content', 'function_calls', 'assistant_id', 'chatapp_message_id', 'created_at'])
    .expression(
      sql`SELECT * FROM (VALUES ${sql.join(values)}) AS m (conversation_id, role, content, function_calls, assistant_id, chatapp_message_id, created_at) WHERE ${onlyIf}`,
    )
    .returning('id');
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** A conversation with its current assistant's public identity (ConversationView). */
const viewOf = (db: DbOrTx) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('assistants as a', 'a.id', 'c.assistant_id')
    .selectAll('c')
    .select(['a.uuid as assistant_uuid', 'a.name as assistant_name']);

/** A public message's first statement, when its conversation's identity is not cached: compiled once, prepared on the server. */
export const identityByUuid = fixedStatement<[string], PublicConversationIdentity>(($, db) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('assistants as a', 'a.id', 'c.origin_assistant_id')
    .select(['c.id', 'c.uuid', 'c.type', 'c.user_id', 'c.origin_assistant_id', 'a.uuid as origin_assistant_uuid'])
    .where('c.uuid', '=', $(0)),
);

export function createConversationsRepo(db: DbOrTx) {
  const view = () => viewOf(db);
  const latestChatappConversation = (senderId: number, customerPhone: string) =>
    view()
      .where('c.type', '=', 'whatsapp')
      .where('c.chatapp_sender_id', '=', senderId)
      .where('c.customer_phone', '=', customerPhone)
      .orderBy('c.id', 'desc')
      .limit(1);

  return {
    insert(input: NewConversation): Promise<ConversationRow> {
      return db
        .insertInto('conversations')
        .values({
          uuid: input.uuid,
          user_id: input.userId,
          origin_assistant_id: input.assistantId,
          assistant_id: input.assistantId,
          type: input.type,
          variables: json(input.variables),
          external_identifier: input.externalIdentifier ?? null,
          customer_phone: input.customerPhone ?? null,
          customer_name: input.customerName ?? null,
          chatapp_sender_id: input.chatappSenderId ?? null,
          sms_phone_number_id: input.smsPhoneNumberId ?? null,
          message_count: input.messageCount ?? 0,
          last_activity_at: input.now,
          inactivity_check_at: input.inactivityCheckAt ?? null,
          created_at: input.now,
          updated_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertMessages(messages: NewMessage[]): Promise<void> {
      if (messages.length === 0) return;
      await insertingMessages(db, messages).execute();
    },

    findByUuid(uuid: string): Promise<ConversationView | undefined> {
      return view().where('c.uuid', '=', uuid).executeTakeFirst();
    },

    /** What never changes about a conversation (PublicConversationIdentity; a transfer changes assistant_id, not the origin). */
    async findIdentity(uuid: string): Promise<PublicConversationIdentity | undefined> {
      return (await identityByUuid.run(db, [uuid])).rows[0];
    },

    findById(id: number): Promise<ConversationView | undefined> {
      return view().where('c.id', '=', id).executeTakeFirst();
    },

    /** The latest AI conversation with a chatapp customer on a sender. */
    findChatappConversation(senderId: number, customerPhone: string): Promise<ConversationView | undefined> {
      return latestChatappConversation(senderId, customerPhone).executeTakeFirst();
    },

    /** The customer's latest SMS conversation on this number. */
    findSmsConversation(phoneNumberId: number, customerPhone: string): Promise<ConversationView | undefined> {
      return view()
        .where('c.type', '=', 'sms')
        .where('c.sms_phone_number_id', '=', phoneNumberId)
        .where('c.customer_phone', '=', customerPhone)
        .orderBy('c.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Where an inbound chatapp message stands, in one statement: whether a reply run has already
     * stored it (a repeated job), and the customer's latest AI conversation on the sender.
     */
    async chatappReplyState(
      chatappMessageId: number,
      senderId: number,
      customerPhone: string,
    ): Promise<{ answered: boolean; conversation: ConversationView | undefined }> {
      const stored = db.selectFrom('conversation_messages').select('id').where('chatapp_message_id', '=', chatappMessageId);
      const { answered, ...latest } = await db
        .selectFrom(sql<{ answered: boolean }>`(SELECT EXISTS (${stored}) AS answered)`.as('m'))
        .leftJoinLateral(latestChatappConversation(senderId, customerPhone).as('v'), (join) => join.onTrue())
        .selectAll('v')
        .select('m.answered')
        .executeTakeFirstOrThrow();
      return { answered, conversation: latest.id === null ? undefined : (latest as ConversationView) };
    },

    /** The customer edited a chat message: the assistant's history shows the new text from now on. */
    async replaceChatappMessageText(chatappMessageId: number, content: string): Promise<number> {
      const result = await db
        .updateTable('conversation_messages')
        .set({ content })
        .where('chatapp_message_id', '=', chatappMessageId)
        .where('role', '=', 'user')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    findApiConversation(originAssistantId: number, externalIdentifier: string): Promise<ConversationView | undefined> {
      return view()
        .where('c.type', '=', 'api')
        .where('c.origin_assistant_id', '=', originAssistantId)
        .where('c.external_identifier', '=', externalIdentifier)
        .orderBy('c.id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The latest `limit` messages, oldest first. */
    async recentMessages(conversationId: number, limit: number): Promise<HistoryItem[]> {
      const rows = await db
        .selectFrom('conversation_messages')
        .select(['id', 'role', 'content', 'function_calls'])
        .where('conversation_id', '=', conversationId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    allMessages(conversationId: number) {
      return db
        .selectFrom('conversation_messages')
        .select(['id', 'role', 'content', 'function_calls', 'created_at'])
        .where('conversation_id', '=', conversationId)
        .orderBy('id')
        .execute();
    },

    async mergeVariables(id: number, variables: Record<string, unknown>, now: Date): Promise<void> {
      await db
        .updateTable('conversations')
        .set({ variables: sql`COALESCE(variables, '{}'::jsonb) || CAST(${JSON.stringify(variables)} AS jsonb)`, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Ends an active conversation. With `idleSince`, only if nothing happened since then and no
     * message is being processed (the inactivity end must not cut into a reply in progress).
     */
    async markEnded(input: { id: number; now: Date; reason: string; idleSince?: Date }): Promise<boolean> {
      let query = db
        .updateTable('conversations')
        .set({
          status: 'ended',
          ended_at: input.now,
          end_reason: input.reason,
          updated_at: input.now,
          ...(input.idleSince ? { inactivity_check_at: null } : {}),
        })
        .where('id', '=', input.id)
        .where('status', '=', 'active');
      if (input.idleSince) {
        query = query.where('last_activity_at', '=', input.idleSince).where(sql<boolean>`turn_issued = turn_done`);
      }
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Switches the AI of the user's conversation; false when the user has no such conversation. */
    async setAiEnabled(input: { userId: number; uuid: string; enabled: boolean; now: Date }): Promise<boolean> {
      const result = await db
        .updateTable('conversations')
        .set({ ai_enabled: input.enabled, updated_at: input.now })
        .where('uuid', '=', input.uuid)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setInactivityCheck(id: number, at: Date | null): Promise<void> {
      await db.updateTable('conversations').set({ inactivity_check_at: at }).where('id', '=', id).execute();
    },

    /** Claims the finalisation of the latest end; false when it was done already. */
    async markFinalized(id: number, now: Date, extracted: Record<string, unknown> | null): Promise<boolean> {
      const result = await db
        .updateTable('conversations')
        .set({ finalized_at: now, extracted_variables: json(extracted) })
        .where('id', '=', id)
        .where('status', '=', 'ended')
        .where((eb) => eb.or([eb('finalized_at', 'is', null), eb('finalized_at', '<', eb.ref('ended_at'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Newest first by id (or oldest first from a previous-page cursor), `limit` rows. */
    list(filters: ListFilters, position: CursorPosition, limit: number): Promise<ConversationView[]> {
      let query = view().where('c.user_id', '=', filters.userId);
      if (filters.type) query = query.where('c.type', '=', filters.type);
      if (filters.assistant) {
        query =
          'id' in filters.assistant
            ? query.where('c.assistant_id', '=', filters.assistant.id)
            : query.where('a.uuid', '=', filters.assistant.uuid);
      }
      if (filters.customerPhone) query = query.where('c.customer_phone', '=', filters.customerPhone);
      if (filters.externalIdentifier) query = query.where('c.external_identifier', '=', filters.externalIdentifier);
      if (filters.chatappSenderId !== undefined) query = query.where('c.chatapp_sender_id', '=', filters.chatappSenderId);
      for (const phone of filters.senderPhones ?? []) {
        query = query.where('c.chatapp_sender_id', 'in', (eb) =>
          eb.selectFrom('chatapp_senders').select('id').where('user_id', '=', filters.userId).where('phone_number', '=', phone),
        );
      }
      if (position.before !== undefined) query = query.where('c.id', '<', position.before);
      if (position.after !== undefined) query = query.where('c.id', '>', position.after);
      return query
        .orderBy('c.id', position.after !== undefined ? 'asc' : 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type ConversationsRepo = ReturnType<typeof createConversationsRepo>;
