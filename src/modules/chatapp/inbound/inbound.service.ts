import { inTransaction, type DbOrTx } from '../../../core/db/transaction.js';
import { enqueueJob } from '../../../core/jobs/index.js';
import type { ChatappContext } from '../chatapp.context.js';
import { createCallPermissionRepo } from '../call-permission/call-permission.repo.js';
import { emitVoiceEvent, TEMPORARY_GRANT_MS } from '../call-permission/call-permission.state.js';
import { createConversationsRepo, type ConversationRow } from '../messaging/chatapp-conversations.repo.js';
import { createSendersRepo, type SenderRow } from '../senders/senders.repo.js';
import type { TemplatesService } from '../templates/templates.service.js';
import { applyStatusWithReceipt } from './delivery-receipts.js';
import type { SenderStateService } from '../senders/sender-state.service.js';
import { isStale, receiveCall, receiveGroupMessage, reviseInboundMessage } from './inbound-changes.js';
import {
  parseWebhookPayload,
  type CallSignal,
  type InboundMessage,
  type PermissionReply,
  type WebhookEvent,
} from '../webhook/webhook-events.js';

/** Who handles the platform's call signalling (the calls module's chatapp leg), set once at start-up. */
export type CallSignalHandler = (sender: SenderRow, signal: CallSignal) => Promise<void>;

export const PLATFORM_WEBHOOK_JOB = 'chatapp.platform-webhook';

/**
 * The seam for the reply engine (issue 6): every new customer chat message of a sender that has
 * an assistant enqueues this job in the transaction that stores the message. The conversations
 * module registers the handler; this module never replies on its own.
 */
export const INBOUND_MESSAGE_JOB = 'chatapp.inbound-message';
export interface InboundMessageJob {
  senderId: number;
  assistantId: number;
  conversationId: number;
  conversationUuid: string;
  messageId: number;
  customerPhone: string;
  customerName: string | null;
  text: string;
  receivedAt: string;
}

/** Message kinds a reply engine can answer; reactions and permission replies are not conversation turns. */
const REPLYABLE_KINDS = new Set(['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'order', 'other']);

export interface InboundDeps extends ChatappContext {
  templates: TemplatesService;
  senderState: SenderStateService;
  isRestricted(sender: SenderRow): boolean;
}

/** Applies what the customer side does: from platform webhooks, or from the simulator routes. */
export function createInboundService(deps: InboundDeps) {
  const { db, clock, assistants, templates, isRestricted, logger } = deps;
  let callSignalHandler: CallSignalHandler | null = null;

  async function applyPermissionReply(
    tx: DbOrTx,
    sender: SenderRow,
    conversation: ConversationRow,
    reply: PermissionReply,
    at: Date,
    assistantUuid: string | null,
  ) {
    const now = clock.now();
    const permanent = reply.accept && reply.permanent;
    const applied = await createCallPermissionRepo(tx).applyAnswer({
      conversationId: conversation.id,
      status: reply.accept ? 'granted' : reply.automatic ? 'revoked' : 'rejected',
      permanent,
      expiresAt: reply.accept && !permanent ? (reply.expiresAt ?? new Date(at.getTime() + TEMPORARY_GRANT_MS)) : null,
      at,
      now,
    });
    if (!applied) return;
    const updated = (await createConversationsRepo(tx).findByPhone(sender.id, conversation.customer_phone))!;
    const type = reply.accept ? 'call_permission_granted' : 'call_permission_denied';
    await emitVoiceEvent(tx, { type, sender, conversation: updated, assistantUuid, canCall: !isRestricted(sender), now });
  }

  /**
   * Stores one customer message and everything that follows from it, in one transaction. A
   * message id seen before changes nothing (the platform retries deliveries). Returns null then.
   */
  async function receiveMessage(sender: SenderRow, message: InboundMessage) {
    const now = clock.now();
    if (message.revision) return reviseInboundMessage(db, sender, message, now).then(() => null);
    if (message.groupId) return receiveGroupMessage(db, sender, message, now).then(() => null);
    const media = message.media ?? null;
    // A timestamp ahead of our clock must not stretch the window past what really remains.
    const at = message.timestamp.getTime() > now.getTime() ? now : message.timestamp;
    // Looked up before the transaction: the embedded database has a single connection.
    const assistantUuid =
      message.permissionReply && sender.assistant_id ? await assistants.findOwnedUuid(sender.user_id, sender.assistant_id) : null;
    return inTransaction(db, async (tx) => {
      const { conversation, messageId } = await createConversationsRepo(tx).receiveInbound({
        userId: sender.user_id,
        senderId: sender.id,
        customerPhone: message.customerPhone,
        customerName: message.customerName,
        windowAt: message.fromCustomer ? at : null,
        message: {
          kind: message.kind,
          body: message.body,
          platform_message_id: message.platformMessageId,
          platform_timestamp: message.timestamp,
          media_id: media?.id ?? null,
          media_mime_type: media?.mimeType ?? null,
          media_caption: media?.caption ?? null,
          media_filename: media?.filename ?? null,
        },
        now,
      });
      if (messageId === null) return null;
      if (message.permissionReply) await applyPermissionReply(tx, sender, conversation, message.permissionReply, at, assistantUuid);
      // A message older than its window is kept but not answered: the platform would refuse the reply.
      if (sender.assistant_id !== null && message.fromCustomer && REPLYABLE_KINDS.has(message.kind) && !isStale(message, now)) {
        const payload: InboundMessageJob = {
          senderId: sender.id,
          assistantId: sender.assistant_id,
          conversationId: conversation.id,
          conversationUuid: conversation.uuid,
          messageId,
          customerPhone: conversation.customer_phone,
          customerName: conversation.customer_name,
          text: message.body,
          receivedAt: at.toISOString(),
        };
        await enqueueJob(tx, { kind: INBOUND_MESSAGE_JOB, payload, dedupeKey: `chatapp-inbound:${messageId}` });
      }
      return { conversation, messageId };
    });
  }

  async function applyEvent(event: WebhookEvent, senderFor: (phoneNumberId: string) => Promise<SenderRow | undefined>) {
    if (event.type === 'template_status') {
      await inTransaction(db, (tx) => templates.applyPlatformStatus(tx, event));
      return;
    }
    if (event.type === 'number_state') {
      await inTransaction(db, (tx) => deps.senderState.applyNumberEvent(tx, event));
      return;
    }
    const sender = await senderFor(event.phoneNumberId);
    if (!sender) {
      logger.info({ phoneNumberId: event.phoneNumberId, event: event.type }, 'platform webhook for an unknown phone number id; ignored');
      return;
    }
    if (event.type === 'message') await receiveMessage(sender, event.message);
    else if (event.type === 'status') {
      // Looked up before the transaction: the embedded database has a single connection.
      const assistantUuid =
        sender.status_webhook_url && sender.assistant_id ? await assistants.findOwnedUuid(sender.user_id, sender.assistant_id) : null;
      await inTransaction(db, (tx) => applyStatusWithReceipt(tx, { sender, change: event, assistantUuid, now: clock.now() }));
    } else if (event.type === 'call_connected' || event.type === 'call_from_customer') {
      await receiveCall(
        db,
        sender,
        { customerPhone: event.customerPhone, at: event.at, connected: event.type === 'call_connected' },
        clock.now(),
      );
    } else if (event.type === 'call_signal') {
      if (callSignalHandler) await callSignalHandler(sender, event.signal);
      else
        logger.info(
          { senderId: sender.id, callId: event.signal.callId },
          'platform call event with no call handler on this server; ignored',
        );
    }
  }

  return {
    receiveMessage,

    setCallSignalHandler(handler: CallSignalHandler): void {
      callSignalHandler = handler;
    },

    /** Our own media connected a call: the window opens and the platform's ask counters reset, as for a picked-up call. */
    callConnected: (sender: SenderRow, customerPhone: string, at: Date) =>
      receiveCall(db, sender, { customerPhone, at, connected: true }, clock.now()),

    /**
     * A stored customer message as it is now (edited text, deleted or not) and its sender's owner
     * (and whether the operator suspended that account), for the reply engine.
     */
    async currentMessage(
      messageId: number,
    ): Promise<{ text: string; deleted: boolean; userId: number; ownerSuspended: boolean } | undefined> {
      const row = await createConversationsRepo(db).findMessageWithOwner(messageId);
      return row
        ? { text: row.body, deleted: row.deleted_at !== null, userId: row.user_id, ownerSuspended: row.owner_suspended }
        : undefined;
    },

    /** The job behind POST /api/webhooks/chatapp. Odd input yields no events; database errors retry the job. */
    async processWebhook(payload: unknown): Promise<void> {
      const senders = new Map<string, Promise<SenderRow | undefined>>();
      const senderFor = (id: string) => {
        if (!senders.has(id)) senders.set(id, createSendersRepo(db).findByPhoneNumberIdUnscoped(id));
        return senders.get(id)!;
      };
      for (const event of parseWebhookPayload(payload, clock.now())) await applyEvent(event, senderFor);
    },
  };
}

export type InboundService = ReturnType<typeof createInboundService>;
