import { consumeLimits } from '../../../core/limits/fixed-window.js';
import { validationFailed } from '../../../core/http/errors.js';
import { isoTimestamp } from '../../../core/http/schemas.js';
import { chatappErrors, SENDER_NOT_FOUND_OR_NOT_YOURS, sendFailure } from '../chatapp.errors.js';
import { requireSender, type ChatappContext } from '../chatapp.context.js';
import { createConversationsRepo, type MessageRow } from './chatapp-conversations.repo.js';
import { contactKeyOf, conversationKeyOf } from '../phone.js';
import { renderBody } from '../platform/graph-templates.js';
import { PlatformError, type SentMessage } from '../platform/types.js';
import { SESSION_MESSAGES, sessionStatus, windowTimestamp, type SessionStatus } from './session-window.js';
import { createTemplatesRepo } from '../templates/templates.repo.js';
import { keyedTemplateValues, mediaBody, mediaKindOf } from '../templates/template-values.js';
import { resolveTemplateSend } from '../templates/template-send.js';
import type { SenderStateService } from '../senders/sender-state.service.js';
import type { SendFreeformBody, SendTemplateBody } from './messaging.schemas.js';
import { createSendersRepo, type SenderRow } from '../senders/senders.repo.js';
import { createSendCharges } from './send-charges.js';

/** The reference: 5 requests per second per user on each send endpoint. */
const SENDS_PER_SECOND = 5;

/** What the platform says when it refuses a free-form message for a window we thought open. */
const EXPIRED_BY_PLATFORM: SessionStatus = {
  is_open: false,
  can_send_freeform: false,
  requires_template: true,
  message: SESSION_MESSAGES.expired,
};

export function presentMessage(row: MessageRow) {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    body: row.body,
    status: row.status,
    template_id: row.template_id,
    message_sid: row.platform_message_id,
    error_code: row.error_code,
    error_message: row.error_message,
    media: row.media_id
      ? { id: row.media_id, mime_type: row.media_mime_type, caption: row.media_caption, filename: row.media_filename }
      : null,
    group_id: row.group_id,
    deleted: row.deleted_at !== null,
    edited: row.edited_at !== null,
    original_body: row.original_body,
    created_at: isoTimestamp(row.created_at)!,
  };
}

export function createMessagingService(ctx: ChatappContext & { senderState: SenderStateService }) {
  const { db, clock, platforms } = ctx;
  const charges = createSendCharges(ctx);

  // A phone number, or the platform user id of a customer who hides their number.
  const phoneOrThrow = (input: string, read: 'contact' | 'conversation' = 'contact') => {
    const key = read === 'contact' ? contactKeyOf(input) : conversationKeyOf(input);
    if (!key) throw chatappErrors.invalidPhone();
    return key;
  };

  /**
   * For reads that need the phone before the sender: a bad phone is refused only once the
   * sender is known to be the caller's, so another account's sender is "not found" whatever
   * the phone.
   */
  async function refuseBadPhone(userId: number, senderId: number, notFound?: string): Promise<never> {
    await requireSender(db, userId, senderId, notFound);
    throw chatappErrors.invalidPhone();
  }

  async function limitSends(userId: number, endpoint: string): Promise<void> {
    const bucket = `chatapp-${endpoint}:user:${userId}`;
    const verdict = await consumeLimits(db, [{ bucket, limit: SENDS_PER_SECOND, windowMs: 1_000 }], clock.now());
    if (!verdict.allowed)
      throw chatappErrors.rateLimited(`Too many requests. The limit is ${SENDS_PER_SECOND} per second.`, verdict.retryAfterSeconds);
  }

  /** Writes an accepted outbound message into the conversation (created on first contact). */
  function recordOutbound(
    sender: SenderRow,
    input: { phone: string; name?: string; kind: string; body: string; templateId?: number; sent: SentMessage },
  ) {
    return createConversationsRepo(db).recordOutbound({
      userId: sender.user_id,
      senderId: sender.id,
      customerPhone: input.phone,
      customerName: input.name,
      message: {
        kind: input.kind,
        body: input.body,
        templateId: input.templateId ?? null,
        platformMessageId: input.sent.platformMessageId,
        status: 'queued',
      },
      now: clock.now(),
    });
  }

  return {
    /** Spec 4.3: read-only and free; one indexed query once the phone is normalised. */
    async sessionStatus(userId: number, senderId: number, recipientPhone: string) {
      const phone = conversationKeyOf(recipientPhone) || (await refuseBadPhone(userId, senderId));
      const row = await createConversationsRepo(db).findSessionRow(userId, senderId, phone);
      if (!row) throw chatappErrors.senderNotFound();
      const now = clock.now();
      if (row.conversation_id === null) {
        return {
          success: true as const,
          has_conversation: false,
          session_status: sessionStatus({ hasConversation: false, lastCustomerMessageAt: null, now }),
        };
      }
      const last = row.last_customer_message_at;
      return {
        success: true as const,
        has_conversation: true,
        conversation_id: row.conversation_id,
        ...(row.customer_name ? { customer_name: row.customer_name } : {}),
        last_customer_message_at: last ? windowTimestamp(last) : null,
        session_status: sessionStatus({ hasConversation: true, lastCustomerMessageAt: last, now }),
      };
    },

    async sendTemplate(userId: number, body: SendTemplateBody) {
      await limitSends(userId, 'send');
      const sender = await requireSender(db, userId, body.sender_id, SENDER_NOT_FOUND_OR_NOT_YOURS);
      const phone = phoneOrThrow(body.recipient_phone);
      const template = await createTemplatesRepo(db).findForSender(sender.id, body.template_id);
      if (!template) throw chatappErrors.templateNotFound();
      if (template.status !== 'approved') throw chatappErrors.templateNotApproved(template.status);
      if (sender.status !== 'online') throw chatappErrors.senderOffline(422);
      const resolved = resolveTemplateSend(template, keyedTemplateValues(body.variables));
      if ('missing' in resolved)
        throw chatappErrors.templateMismatch(`Missing values for template variables: ${resolved.missing.join(', ')}.`);
      const charge = await charges.take(userId, `template "${template.name}" to ${phone}`);
      let sent: SentMessage;
      try {
        sent = await platforms.forSender(sender).sendTemplate(phone, resolved.toSend);
      } catch (error) {
        await charges.refund(charge, error instanceof Error ? error.message : String(error));
        if (error instanceof PlatformError) {
          await ctx.senderState.onSendRefused(sender, error);
          throw sendFailure(error, undefined, 422);
        }
        throw error;
      }
      const message = await recordOutbound(sender, {
        phone,
        name: body.recipient_name,
        kind: 'template',
        body: renderBody(template.body_text, resolved.bodyValues),
        templateId: template.id,
        sent,
      });
      return {
        success: true as const,
        conversation_id: message.conversation_id,
        message_id: message.id,
        whatsapp_message_id: message.id,
        message_sid: sent.platformMessageId,
        status: message.status,
      };
    },

    /**
     * Only inside the 24-hour window (403 SESSION_EXPIRED with the window's state otherwise).
     * `apiRateLimit: false` is for the service's own replies (the AI answering a customer): the
     * 5 per second limit protects the API from its callers, not the service from itself.
     */
    async sendFreeform(userId: number, body: SendFreeformBody, options: { apiRateLimit?: boolean } = {}) {
      if (options.apiRateLimit !== false) await limitSends(userId, 'send-freeform');
      const phone = contactKeyOf(body.recipient_phone) || (await refuseBadPhone(userId, body.sender_id, SENDER_NOT_FOUND_OR_NOT_YOURS));
      const found = await createSendersRepo(db).findOwnedWithConversation(userId, body.sender_id, phone);
      if (!found) throw chatappErrors.senderNotFound(SENDER_NOT_FOUND_OR_NOT_YOURS);
      const { sender, conversation } = found;
      if (sender.status !== 'online') throw chatappErrors.senderOffline(503);
      const text = body.message?.trim() ? body.message : undefined;
      if (!text && !body.media_url) throw validationFailed({ message: ['The message field is required when media url is not present.'] });
      const status = sessionStatus({
        hasConversation: !!conversation,
        lastCustomerMessageAt: conversation?.last_customer_message_at ?? null,
        now: clock.now(),
      });
      if (!status.is_open) throw chatappErrors.sessionExpired(status);
      const platform = platforms.forSender(sender);
      const kind = body.media_url ? mediaKindOf(body.media_url, body.filename) : null;
      // The service's own replies are billed as chat replies by the conversation engine.
      const charge = options.apiRateLimit === false ? null : await charges.take(userId, `${kind ?? 'free-form'} message to ${phone}`);
      let sent: SentMessage;
      try {
        sent = kind
          ? await platform.sendMedia(phone, { kind, url: body.media_url!, caption: text, filename: body.filename })
          : await platform.sendText(phone, text!);
      } catch (error) {
        await charges.refund(charge, error instanceof Error ? error.message : String(error));
        if (error instanceof PlatformError) {
          await ctx.senderState.onSendRefused(sender, error);
          throw sendFailure(error, () => EXPIRED_BY_PLATFORM, 503);
        }
        throw error;
      }
      const recorded = await recordOutbound(sender, { phone, kind: kind ?? 'text', body: kind ? mediaBody(kind, text) : text!, sent });
      return {
        success: true as const,
        conversation_id: recorded.conversation_id,
        message_id: recorded.id,
        whatsapp_message_id: recorded.id,
        message_sid: sent.platformMessageId,
        session_status: status,
      };
    },

    /** The conversation with one customer, oldest first (how a developer watches the simulator). */
    async listMessages(userId: number, senderId: number, recipientPhone: string) {
      const sender = await requireSender(db, userId, senderId);
      const phone = phoneOrThrow(recipientPhone, 'conversation');
      const repo = createConversationsRepo(db);
      const conversation = await repo.findByPhone(sender.id, phone);
      if (!conversation) return { conversation_id: null, data: [] };
      return { conversation_id: conversation.id, data: (await repo.listMessages(conversation.id, 200)).map(presentMessage) };
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
