import { sql } from 'kysely';
import type { SmsMessagesTable, SmsStatus } from '../../core/db/schema.js';
import type { DbOrTx } from '../../core/db/transaction.js';

/** What the API shows of a message, and what its rules read. */
export const SMS_COLUMNS = [
  'id',
  'user_id',
  'phone_number_id',
  'direction',
  'origin',
  'from_number',
  'to_number',
  'body',
  'encoding',
  'segments',
  'segment_price_micros',
  'total_cost_micros',
  'status',
  'sms_sid',
  'provider_account_sid',
  'error_code',
  'error_message',
  'conversation_id',
  'answered_at',
  'refunded_at',
  'created_at',
  'updated_at',
] as const;

export type SmsRow = Pick<SmsMessagesTable, (typeof SMS_COLUMNS)[number]> & { id: number; created_at: Date; updated_at: Date };

export interface NewOutboundSms {
  userId: number;
  phoneNumberId: number;
  origin: 'api' | 'assistant' | 'help';
  from: string;
  to: string;
  body: string;
  encoding: SmsMessagesTable['encoding'];
  segments: number;
  segmentPriceMicros: number;
  accountSid: string;
  conversationId: number | null;
  now: Date;
}

export interface SmsListFilters {
  userId: number;
  direction?: 'outbound' | 'inbound';
  status?: SmsStatus;
  phoneNumberId?: number;
  /** The other party's number: `to` of an outbound message, `from` of an inbound one. */
  contact?: string;
  since?: Date;
  until?: Date;
}

/**
 * The order of statuses: a report moves a message only forward (a late `sent` never undoes
 * `delivered`); the three final ones do not replace each other.
 */
const RANK: Record<SmsStatus, number> = { queued: 0, sent: 1, delivered: 2, undelivered: 2, failed: 2, received: 2 };
export const statusesBelow = (status: SmsStatus): SmsStatus[] =>
  (Object.keys(RANK) as SmsStatus[]).filter((s) => RANK[s] < RANK[status] && s !== 'received');

export type SmsView = SmsRow & { conversation_uuid: string | null };

export function createSmsRepo(db: DbOrTx) {
  /** The rows with their conversation's UUID. */
  const viewed = () =>
    db
      .selectFrom('sms_messages')
      .select(SMS_COLUMNS)
      .select((eb) =>
        eb.selectFrom('conversations as c').select('c.uuid').whereRef('c.id', '=', 'sms_messages.conversation_id').as('conversation_uuid'),
      );

  return {
    insertOutbound(m: NewOutboundSms): Promise<SmsRow> {
      return db
        .insertInto('sms_messages')
        .values({
          user_id: m.userId,
          phone_number_id: m.phoneNumberId,
          direction: 'outbound',
          origin: m.origin,
          from_number: m.from,
          to_number: m.to,
          body: m.body,
          encoding: m.encoding,
          segments: m.segments,
          segment_price_micros: m.segmentPriceMicros,
          total_cost_micros: m.segments * m.segmentPriceMicros,
          status: 'queued',
          provider_account_sid: m.accountSid,
          conversation_id: m.conversationId,
          created_at: m.now,
          updated_at: m.now,
        })
        .returning(SMS_COLUMNS)
        .executeTakeFirstOrThrow() as Promise<SmsRow>;
    },

    /** A customer's message; undefined when the carrier's id was stored already (a repeated webhook). */
    insertInbound(m: {
      userId: number;
      phoneNumberId: number;
      from: string;
      to: string;
      body: string;
      encoding: SmsMessagesTable['encoding'];
      segments: number;
      sid: string;
      accountSid: string;
      now: Date;
    }): Promise<SmsRow | undefined> {
      return db
        .insertInto('sms_messages')
        .values({
          user_id: m.userId,
          phone_number_id: m.phoneNumberId,
          direction: 'inbound',
          origin: 'customer',
          from_number: m.from,
          to_number: m.to,
          body: m.body,
          encoding: m.encoding,
          segments: m.segments,
          segment_price_micros: 0,
          total_cost_micros: 0,
          status: 'received',
          sms_sid: m.sid,
          provider_account_sid: m.accountSid,
          created_at: m.now,
          updated_at: m.now,
        })
        .onConflict((oc) => oc.column('sms_sid').doNothing())
        .returning(SMS_COLUMNS)
        .executeTakeFirst() as Promise<SmsRow | undefined>;
    },

    /** The carrier took it; a status callback that came first (and moved it further) is kept. */
    async markSent(id: number, sid: string, now: Date): Promise<void> {
      await db
        .updateTable('sms_messages')
        .set({ sms_sid: sid, status: sql`CASE WHEN status = 'queued' THEN 'sent' ELSE status END`, updated_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('sms_sid', 'is', null), eb('sms_sid', '=', sid)]))
        .execute();
    },

    /** Moves it forward to `status` (with the carrier's error); undefined when it is there already or past it. */
    advance(id: number, change: { status: SmsStatus; sid: string; errorCode: number | null; errorMessage?: string | null; now: Date }) {
      return db
        .updateTable('sms_messages')
        .set({
          status: change.status,
          sms_sid: change.sid,
          error_code: change.errorCode,
          ...(change.errorMessage !== undefined ? { error_message: change.errorMessage } : {}),
          updated_at: change.now,
        })
        .where('id', '=', id)
        .where('status', 'in', statusesBelow(change.status))
        .returning(SMS_COLUMNS)
        .executeTakeFirst() as Promise<SmsRow | undefined>;
    },

    /** Still `queued` (the carrier's answer never came, or was a refusal): failed, with why. Undefined otherwise. */
    failQueued(id: number, failure: { errorCode: number | null; errorMessage: string; now: Date }) {
      return db
        .updateTable('sms_messages')
        .set({ status: 'failed', error_code: failure.errorCode, error_message: failure.errorMessage, updated_at: failure.now })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .returning(SMS_COLUMNS)
        .executeTakeFirst() as Promise<SmsRow | undefined>;
    },

    /** Marks its price given back; false when it was already (the refund is then not written twice). */
    async markRefunded(id: number, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('sms_messages')
        .set({ refunded_at: now, updated_at: now })
        .where('id', '=', id)
        .where('refunded_at', 'is', null)
        .where('total_cost_micros', '>', 0)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The inbound message is answered (its reply stored); false when another run did it first. */
    async markAnswered(id: number, conversationId: number, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('sms_messages')
        .set({ answered_at: now, conversation_id: conversationId, updated_at: now })
        .where('id', '=', id)
        .where('answered_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async setConversation(id: number, conversationId: number, now: Date): Promise<void> {
      await db.updateTable('sms_messages').set({ conversation_id: conversationId, updated_at: now }).where('id', '=', id).execute();
    },

    findById(id: number): Promise<SmsRow | undefined> {
      return db.selectFrom('sms_messages').select(SMS_COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<SmsRow | undefined>;
    },

    find(userId: number, id: number): Promise<SmsView | undefined> {
      return viewed().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst() as Promise<SmsView | undefined>;
    },

    async list(filters: SmsListFilters, page: number, perPage: number): Promise<{ items: SmsView[]; total: number }> {
      let query = db.selectFrom('sms_messages').where('user_id', '=', filters.userId);
      if (filters.direction) query = query.where('direction', '=', filters.direction);
      if (filters.status) query = query.where('status', '=', filters.status);
      if (filters.phoneNumberId !== undefined) query = query.where('phone_number_id', '=', filters.phoneNumberId);
      if (filters.contact) {
        const contact = filters.contact;
        query = query.where((eb) =>
          eb.or([
            eb.and([eb('direction', '=', 'outbound'), eb('to_number', '=', contact)]),
            eb.and([eb('direction', '=', 'inbound'), eb('from_number', '=', contact)]),
          ]),
        );
      }
      if (filters.since) query = query.where('created_at', '>=', filters.since);
      if (filters.until) query = query.where('created_at', '<', filters.until);
      const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const ids = query
        .select('id')
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage);
      const items = (await viewed().where('id', 'in', ids).orderBy('id', 'desc').execute()) as SmsView[];
      return { items, total: Number(total) };
    },
  };
}
