import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx } from '../../../core/db/transaction.js';
import type { ChatappConversationsTable, ChatappMessageStatus, ChatappMessagesTable } from '../../../core/db/schema.js';

export type ConversationRow = Selectable<ChatappConversationsTable>;
export type MessageRow = Selectable<ChatappMessagesTable>;
export type NewMessage = Omit<Insertable<ChatappMessagesTable>, 'updated_at' | 'created_at'>;

export interface SessionRow {
  sender_id: number;
  conversation_id: number | null;
  customer_name: string | null;
  last_customer_message_at: Date | null;
}

/** Uses the primary key of chatapp_senders and the (sender_id, customer_phone) unique index. */
export const SESSION_ROW_SQL = `SELECT s.id AS sender_id, c.id AS conversation_id, c.customer_name, c.last_customer_message_at
  FROM chatapp_senders s LEFT JOIN chatapp_conversations c ON c.sender_id = s.id AND c.customer_phone = $2
  WHERE s.id = $1 AND s.user_id = $3`;

/** Delivery progress only moves forward: webhooks arrive out of order (read before delivered). */
export const STATUS_RANK_SQL = sql<number>`CASE status WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END`;
export const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

type ConversationKey = { userId: number; senderId: number; customerPhone: string; customerName?: string | null; now: Date };
type ConversationMoves = {
  /** Written as they are into a new conversation. */
  values?: { last_customer_message_at?: Date | null; last_message_at?: Date | null };
  /** Set on the existing one. */
  set?: { last_customer_message_at?: RawBuilder<Date | null>; last_message_at?: RawBuilder<Date | null>; updated_at?: RawBuilder<Date> };
};

/**
 * Finds or creates the conversation with this customer, in the statement of whoever calls it
 * (alone, or as the first part of a WITH); a known name replaces an unknown one, never the
 * reverse.
 */
function upsertConversation(db: DbOrTx, key: ConversationKey, moves: ConversationMoves = {}) {
  return db
    .insertInto('chatapp_conversations')
    .values({
      uuid: randomUUID(),
      user_id: key.userId,
      sender_id: key.senderId,
      customer_phone: key.customerPhone,
      customer_name: key.customerName?.trim() || null,
      ...moves.values,
      created_at: key.now,
      updated_at: key.now,
    })
    .onConflict((oc) =>
      oc.constraint('chatapp_conversations_sender_phone_key').doUpdateSet({
        customer_name: sql`coalesce(excluded.customer_name, chatapp_conversations.customer_name)`,
        ...moves.set,
      }),
    );
}

/** A message's columns, each named: a message object is built from platform input. */
function messageColumns(message: Omit<NewMessage, 'conversation_id'>, now: Date) {
  return {
    sender_id: message.sender_id,
    direction: message.direction,
    kind: message.kind,
    body: message.body,
    template_id: message.template_id ?? null,
    platform_message_id: message.platform_message_id ?? null,
    status: message.status,
    error_code: message.error_code ?? null,
    error_message: message.error_message ?? null,
    platform_timestamp: message.platform_timestamp ?? null,
    media_id: message.media_id ?? null,
    media_mime_type: message.media_mime_type ?? null,
    media_caption: message.media_caption ?? null,
    media_filename: message.media_filename ?? null,
    group_id: message.group_id ?? null,
    created_at: now,
    updated_at: now,
  };
}

export function createConversationsRepo(db: DbOrTx) {
  return {
    /**
     * The one indexed lookup behind session status: the caller's sender (ownership) joined to
     * the conversation with this customer, if any. Hand-written and compiled once: on this hot,
     * read-only path, building the query each time cost more CPU than running it (measured).
     */
    async findSessionRow(userId: number, senderId: number, customerPhone: string): Promise<SessionRow | undefined> {
      const result = await db.executeQuery<SessionRow>(CompiledQuery.raw(SESSION_ROW_SQL, [senderId, customerPhone, userId]));
      return result.rows[0];
    },

    findByPhone(senderId: number, customerPhone: string): Promise<ConversationRow | undefined> {
      return db
        .selectFrom('chatapp_conversations')
        .selectAll()
        .where('sender_id', '=', senderId)
        .where('customer_phone', '=', customerPhone)
        .executeTakeFirst();
    },

    /** Serialises everything that decides about asking this contact, across processes. */
    lockByPhone(senderId: number, customerPhone: string): Promise<ConversationRow | undefined> {
      return db
        .selectFrom('chatapp_conversations')
        .selectAll()
        .where('sender_id', '=', senderId)
        .where('customer_phone', '=', customerPhone)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Finds or creates the conversation; a known name replaces an unknown one, never the reverse. */
    ensure(input: ConversationKey): Promise<ConversationRow> {
      return upsertConversation(db, input).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * An accepted outbound message: finds or creates the conversation, moves its last_message_at
     * and stores the message, in one statement and so one round trip and one atomic commit. The
     * platform's message id is new by construction: a repeat is an error that leaves nothing
     * written, not a silent no-op as for inbound deliveries.
     */
    recordOutbound(
      input: ConversationKey & {
        message: { kind: string; body: string; templateId: number | null; platformMessageId: string; status: ChatappMessageStatus };
      },
    ): Promise<{ conversation_id: number; id: number; status: string }> {
      const { message, now } = input;
      return db
        .with('conversation', () =>
          upsertConversation(db, input, {
            values: { last_message_at: now },
            set: {
              last_message_at: sql`greatest(chatapp_conversations.last_message_at, excluded.last_message_at)`,
              updated_at: sql`excluded.updated_at`,
            },
          }).returning('id'),
        )
        .insertInto('chatapp_messages')
        .values((eb) => ({
          conversation_id: eb.selectFrom('conversation').select('conversation.id'),
          ...messageColumns(
            {
              sender_id: input.senderId,
              direction: 'outbound',
              kind: message.kind,
              body: message.body,
              template_id: message.templateId,
              platform_message_id: message.platformMessageId,
              status: message.status,
              platform_timestamp: now,
            },
            now,
          ),
        }))
        .returning(['conversation_id', 'id', 'status'])
        .executeTakeFirstOrThrow();
    },

    /**
     * A customer's message as the platform delivers it, in one statement: finds or creates the
     * conversation, restarts its window from `windowAt` (as recordCustomerMessage; null for a
     * message that opens no window) and stores the message. A message id seen before stores
     * nothing and moves no window (the platform retries deliveries): messageId is null. The
     * conversation is returned as it is after the statement.
     */
    async receiveInbound(
      input: ConversationKey & {
        windowAt: Date | null;
        message: Omit<NewMessage, 'conversation_id' | 'sender_id' | 'direction' | 'status'> & { platform_message_id: string };
      },
    ): Promise<{ conversation: ConversationRow; messageId: number | null }> {
      const { message, now } = input;
      // Read before either write, so a repeated delivery leaves the window where it was.
      const seen = sql<boolean>`(SELECT seen FROM seen)`;
      const moved = (column: 'last_customer_message_at' | 'last_message_at') =>
        sql<Date | null>`CASE WHEN ${seen} THEN chatapp_conversations.${sql.ref(column)} ELSE greatest(chatapp_conversations.${sql.ref(column)}, excluded.${sql.ref(column)}) END`;
      const row = await db
        .with('seen', (qb) =>
          qb.selectNoFrom((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('chatapp_messages')
                  .select(eb.lit(1).as('one'))
                  .where('sender_id', '=', input.senderId)
                  .where('platform_message_id', '=', message.platform_message_id),
              )
              .as('seen'),
          ),
        )
        .with('conversation', () =>
          upsertConversation(db, input, {
            values: { last_customer_message_at: input.windowAt, last_message_at: input.windowAt },
            set: {
              last_customer_message_at: moved('last_customer_message_at'),
              last_message_at: moved('last_message_at'),
              updated_at: input.windowAt
                ? sql`CASE WHEN ${seen} THEN chatapp_conversations.updated_at ELSE excluded.updated_at END`
                : sql`chatapp_conversations.updated_at`,
            },
          }).returningAll(),
        )
        .with('message', (qb) =>
          qb
            .insertInto('chatapp_messages')
            .values((eb) => ({
              conversation_id: eb.selectFrom('conversation').select('conversation.id'),
              ...messageColumns({ ...message, sender_id: input.senderId, direction: 'inbound', status: 'received' }, now),
            }))
            .onConflict((oc) => oc.columns(['sender_id', 'platform_message_id']).where('platform_message_id', 'is not', null).doNothing())
            .returning('id'),
        )
        .selectFrom('conversation')
        .leftJoin('message', (join) => join.onTrue())
        .selectAll('conversation')
        .select('message.id as message_id')
        .executeTakeFirstOrThrow();
      const { message_id, ...conversation } = row;
      return { conversation, messageId: message_id };
    },

    /** The window restarts from the customer's message time; a late, older webhook never moves it back. */
    async recordCustomerMessage(conversationId: number, at: Date, now: Date): Promise<void> {
      await db
        .updateTable('chatapp_conversations')
        .set({
          last_customer_message_at: sql`greatest(last_customer_message_at, ${at}::timestamptz)`,
          last_message_at: sql`greatest(last_message_at, ${at}::timestamptz)`,
          updated_at: now,
        })
        .where('id', '=', conversationId)
        .execute();
    },

    async touch(conversationId: number, now: Date): Promise<void> {
      await db
        .updateTable('chatapp_conversations')
        .set({ last_message_at: sql`greatest(last_message_at, ${now}::timestamptz)`, updated_at: now })
        .where('id', '=', conversationId)
        .execute();
    },

    /** Inserts a message; undefined when the platform already delivered one with this id. */
    insertMessage(message: NewMessage, now: Date): Promise<MessageRow | undefined> {
      return db
        .insertInto('chatapp_messages')
        .values({ conversation_id: message.conversation_id, ...messageColumns(message, now) })
        .onConflict((oc) => oc.columns(['sender_id', 'platform_message_id']).where('platform_message_id', 'is not', null).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async applyStatus(input: {
      senderId: number;
      platformMessageId: string;
      status: ChatappMessageStatus;
      errorCode: number | null;
      errorMessage: string | null;
      now: Date;
    }): Promise<number> {
      const result = await db
        .updateTable('chatapp_messages')
        .set({ status: input.status, error_code: input.errorCode, error_message: input.errorMessage, updated_at: input.now })
        .where('sender_id', '=', input.senderId)
        .where('platform_message_id', '=', input.platformMessageId)
        .where('direction', '=', 'outbound')
        .where(STATUS_RANK_SQL, '<', STATUS_RANK[input.status] ?? 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * The customer deleted (`revoke`) or edited an earlier inbound message. An edit keeps the
     * first version in original_body, however many edits follow. Undefined when the message is
     * unknown (sent before the sender was registered, or another sender's).
     */
    async reviseInbound(input: {
      senderId: number;
      platformMessageId: string;
      deleted: boolean;
      edit?: {
        kind: string;
        body: string;
        mediaId: string | null;
        mimeType: string | null;
        caption: string | null;
        filename: string | null;
      };
      now: Date;
    }): Promise<MessageRow | undefined> {
      const { edit, now } = input;
      const query = db
        .updateTable('chatapp_messages')
        .where('sender_id', '=', input.senderId)
        .where('platform_message_id', '=', input.platformMessageId)
        .where('direction', '=', 'inbound');
      const updated = input.deleted
        ? query.set({ deleted_at: sql`coalesce(deleted_at, ${now}::timestamptz)`, updated_at: now })
        : query.set({
            original_body: sql`coalesce(original_body, body)`,
            body: edit!.body,
            kind: edit!.kind,
            media_id: edit!.mediaId,
            media_mime_type: edit!.mimeType,
            media_caption: edit!.caption,
            media_filename: edit!.filename,
            edited_at: now,
            updated_at: now,
          });
      return updated.returningAll().executeTakeFirst();
    },

    /** A message's text and deletion as they are now, with the owner of the sender it reached. */
    findMessageWithOwner(
      messageId: number,
    ): Promise<(Pick<MessageRow, 'body' | 'deleted_at'> & { user_id: number; owner_suspended: boolean }) | undefined> {
      return db
        .selectFrom('chatapp_messages as m')
        .innerJoin('chatapp_senders as s', 's.id', 'm.sender_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['m.body', 'm.deleted_at', 's.user_id'])
        .select((eb) => eb('u.suspended_at', 'is not', null).$castTo<boolean>().as('owner_suspended'))
        .where('m.id', '=', messageId)
        .executeTakeFirst();
    },

    /** The newest message carrying this platform media id on one of the user's senders (the owner check). */
    findOwnedMedia(
      userId: number,
      mediaId: string,
    ): Promise<{ sender_id: number; media_mime_type: string | null; media_filename: string | null } | undefined> {
      return db
        .selectFrom('chatapp_messages as m')
        .innerJoin('chatapp_senders as s', 's.id', 'm.sender_id')
        .select(['m.sender_id', 'm.media_mime_type', 'm.media_filename'])
        .where('m.media_id', '=', mediaId)
        .where('s.user_id', '=', userId)
        .orderBy('m.id', 'desc')
        .executeTakeFirst();
    },

    listMessages(conversationId: number, limit: number): Promise<MessageRow[]> {
      return db
        .selectFrom('chatapp_messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
        .then((rows) => rows.reverse());
    },
  };
}
