import { consumeLimits, throttle, type WindowLimit } from '../../../core/limits/fixed-window.js';
import { inTransaction, type DbOrTx } from '../../../core/db/transaction.js';
import type { AppError } from '../../../core/http/errors.js';
import { callPermissionFailure, chatappErrors, REQUEST_LIMIT_MESSAGES, SENDER_NOT_FOUND_OR_NOT_YOURS } from '../chatapp.errors.js';
import { requireSender, type ChatappContext } from '../chatapp.context.js';
import { createCallPermissionRepo } from './call-permission.repo.js';
import { effectivePermission, emitVoiceEvent, stamp, TEMPORARY_GRANT_MS } from './call-permission.state.js';
import { createConversationsRepo, type ConversationRow } from '../messaging/chatapp-conversations.repo.js';
import { normalizePhone } from '../phone.js';
import { renderBody } from '../platform/graph-templates.js';
import { PlatformError, type ChatappPlatform } from '../platform/types.js';
import { isWindowOpen } from '../messaging/session-window.js';
import { createTemplatesRepo, type TemplateRow } from '../templates/templates.repo.js';
import type { SenderRow } from '../senders/senders.repo.js';
import type { VoiceRequestBody } from '../messaging/messaging.schemas.js';

/** Spec section 8: per user, across every sender and process. */
const voiceRequestLimits = (userId: number): WindowLimit[] => [
  { bucket: `chatapp-voice-request:user:${userId}:minute`, limit: 5, windowMs: 60_000 },
  { bucket: `chatapp-voice-request:user:${userId}:hour`, limit: 20, windowMs: 3_600_000 },
  { bucket: `chatapp-voice-request:user:${userId}:day`, limit: 50, windowMs: 86_400_000 },
];
/** The reference's limit on reading the permission. */
const PERMISSION_READS_PER_MINUTE = 20;

export function createCallPermissionService(ctx: ChatappContext) {
  const { db, clock, platforms, assistants, restrictedCountries, logger } = ctx;
  const isRestricted = (sender: SenderRow) => sender.country_code !== null && restrictedCountries.has(sender.country_code);

  async function record(tx: DbOrTx, sender: SenderRow, phone: string, conversation: ConversationRow | undefined, now: Date) {
    const status = effectivePermission(conversation, now);
    const sessionOpen = isWindowOpen(conversation?.last_customer_message_at ?? null, now);
    let canRequest = !!conversation && sessionOpen && status !== 'granted' && sender.voice_calling_enabled && !isRestricted(sender);
    if (canRequest) {
      const asks = await createCallPermissionRepo(tx).countAsks(conversation!.id, now, conversation!.asks_reset_at);
      canRequest = asks.last24h < 1 && asks.last7d < 2;
    }
    return {
      success: true as const,
      sender_id: sender.id,
      customer_phone: phone,
      conversation_id: conversation?.uuid ?? null,
      status,
      can_call: status === 'granted' && !isRestricted(sender),
      can_request: canRequest,
      session_open: sessionOpen,
      expires_at: status === 'granted' || status === 'expired' ? stamp(conversation!.permission_expires_at) : null,
      requested_at: stamp(conversation?.permission_requested_at ?? null),
    };
  }

  async function pickTemplate(senderId: number, templateId: number | undefined): Promise<TemplateRow> {
    const repo = createTemplatesRepo(db);
    const template = templateId === undefined ? await repo.findVoiceTemplate(senderId) : await repo.findForSender(senderId, templateId);
    if (template?.status !== 'approved' || !template.is_call_permission) throw chatappErrors.voiceTemplateNotFound();
    return template;
  }

  /**
   * Decides, under a row lock on the conversation, whether this contact may be asked, and
   * reserves the ask. Concurrent requests for one contact (in any process) wait on the lock and
   * then see the reservation. (The per-user limits were counted before, by throttleRequest.)
   */
  function reserve(sender: SenderRow, phone: string, input: { templateId: number; recipientName?: string; now: Date }) {
    return inTransaction(db, async (tx) => {
      const conversations = createConversationsRepo(tx);
      const permissions = createCallPermissionRepo(tx);
      let conversation = await conversations.lockByPhone(sender.id, phone);
      if (!conversation || !isWindowOpen(conversation.last_customer_message_at, input.now)) throw chatappErrors.sessionClosed();
      if (effectivePermission(conversation, input.now) === 'granted') throw chatappErrors.requestLimit(REQUEST_LIMIT_MESSAGES.granted);
      const asks = await permissions.countAsks(conversation.id, input.now, conversation.asks_reset_at);
      if (asks.last24h >= 1) throw chatappErrors.requestLimit(REQUEST_LIMIT_MESSAGES.daily);
      if (asks.last7d >= 2) throw chatappErrors.requestLimit(REQUEST_LIMIT_MESSAGES.weekly);
      if (input.recipientName?.trim()) {
        conversation = await conversations.ensure({
          userId: sender.user_id,
          senderId: sender.id,
          customerPhone: phone,
          customerName: input.recipientName,
          now: input.now,
        });
      }
      const requestId = await permissions.reserve({
        conversationId: conversation.id,
        userId: sender.user_id,
        templateId: input.templateId,
        now: input.now,
      });
      return { conversation, requestId };
    });
  }

  /** The ask did not happen: it stops counting toward the contact's asks (the request itself still counted). */
  function release(requestId: number, reason: string) {
    return createCallPermissionRepo(db).markFailed(requestId, reason);
  }

  /**
   * The platform's own counters may know of asks made elsewhere, and of a grant we missed. A
   * failed read is not a refusal: the send itself is the final check.
   */
  async function platformRefusal(
    platform: ChatappPlatform,
    sender: SenderRow,
    conversation: ConversationRow,
    now: Date,
  ): Promise<AppError | null> {
    const view = await platform.getCallPermission(conversation.customer_phone).catch((error: unknown) => {
      logger.warn({ err: error, senderId: sender.id }, 'could not read the call permission from the platform');
      return null;
    });
    if (view?.status === 'temporary' || view?.status === 'permanent') {
      const permanent = view.status === 'permanent';
      await createCallPermissionRepo(db).applyAnswer({
        conversationId: conversation.id,
        status: 'granted',
        permanent,
        expiresAt: permanent ? null : (view.expiresAt ?? new Date(now.getTime() + TEMPORARY_GRANT_MS)),
        at: now,
        now,
      });
      return chatappErrors.requestLimit(REQUEST_LIMIT_MESSAGES.granted);
    }
    if (view?.canSendRequest === false) return chatappErrors.requestLimit(REQUEST_LIMIT_MESSAGES.platform);
    return null;
  }

  /** The ask went out: record the message, mark the contact pending and tell the voice webhook, in one transaction. */
  async function confirm(
    sender: SenderRow,
    conversation: ConversationRow,
    sent: { requestId: number; templateId: number; bodyText: string; platformMessageId: string; now: Date },
  ) {
    const { now } = sent;
    const assistantUuid = sender.assistant_id ? await assistants.findOwnedUuid(sender.user_id, sender.assistant_id) : null;
    return inTransaction(db, async (tx) => {
      const conversations = createConversationsRepo(tx);
      const permissions = createCallPermissionRepo(tx);
      const message = await conversations.insertMessage(
        {
          conversation_id: conversation.id,
          sender_id: sender.id,
          direction: 'outbound',
          kind: 'call_permission_request',
          body: sent.bodyText,
          template_id: sent.templateId,
          platform_message_id: sent.platformMessageId,
          status: 'queued',
          platform_timestamp: now,
        },
        now,
      );
      await permissions.markSent(sent.requestId, message!.id);
      await permissions.markPending(conversation.id, now);
      await conversations.touch(conversation.id, now);
      const updated = (await conversations.findByPhone(sender.id, conversation.customer_phone))!;
      await emitVoiceEvent(tx, { type: 'call_permission_requested', sender, conversation: updated, assistantUuid, canCall: false, now });
      return record(tx, sender, conversation.customer_phone, updated, now);
    });
  }

  return {
    /**
     * The per-user limits count every request, as the reference's throttle middleware does: it
     * runs before the body is validated, so a 422 or a 404 uses up an attempt too.
     */
    async throttleRequest(userId: number) {
      const verdict = await throttle(db, voiceRequestLimits(userId), clock.now());
      if (!verdict.allowed) {
        throw chatappErrors.rateLimited(
          'Too many call permission requests. Limits: 5 per minute, 20 per hour, 50 per day.',
          verdict.retryAfterSeconds,
        );
      }
    },

    async get(userId: number, senderId: number, recipientPhone: string) {
      const sender = await requireSender(db, userId, senderId, SENDER_NOT_FOUND_OR_NOT_YOURS);
      const phone = normalizePhone(recipientPhone)?.e164;
      if (!phone) throw chatappErrors.invalidPhone();
      const now = clock.now();
      const verdict = await consumeLimits(
        db,
        [{ bucket: `chatapp-voice-permission:user:${userId}`, limit: PERMISSION_READS_PER_MINUTE, windowMs: 60_000 }],
        now,
      );
      if (!verdict.allowed)
        throw chatappErrors.rateLimited(
          `Too many requests. The limit is ${PERMISSION_READS_PER_MINUTE} per minute.`,
          verdict.retryAfterSeconds,
        );
      return record(db, sender, phone, await createConversationsRepo(db).findByPhone(sender.id, phone), now);
    },

    /** Spec 4.4: checks in the order of the section 7 table, then reserve, send, confirm. */
    async request(userId: number, body: VoiceRequestBody) {
      const sender = await requireSender(db, userId, body.sender_id, SENDER_NOT_FOUND_OR_NOT_YOURS);
      const phone = normalizePhone(body.recipient_phone)?.e164;
      if (!phone) throw chatappErrors.invalidPhone();
      if (!sender.voice_calling_enabled) throw chatappErrors.voiceDisabled();
      if (isRestricted(sender)) throw chatappErrors.regionNotSupported(sender.country_code);
      const template = await pickTemplate(sender.id, body.template_id);
      const now = clock.now();
      const { conversation, requestId } = await reserve(sender, phone, {
        templateId: template.id,
        recipientName: body.recipient_name,
        now,
      });

      const platform = platforms.forSender(sender);
      const name = conversation.customer_name ?? 'there';
      const bodyText = renderBody(
        template.body_text,
        template.variables.map(() => name),
      );
      let platformMessageId: string;
      try {
        const refusal = await platformRefusal(platform, sender, conversation, now);
        if (refusal) throw refusal;
        platformMessageId = (await platform.sendCallPermissionRequest(phone, bodyText)).platformMessageId;
      } catch (error) {
        await release(requestId, error instanceof Error ? error.message : String(error));
        if (error instanceof PlatformError) throw callPermissionFailure(error);
        throw error;
      }

      return confirm(sender, conversation, { requestId, templateId: template.id, bodyText, platformMessageId, now });
    },

    /** The record without the read limit (the simulator shows it after a reply). */
    async read(sender: SenderRow, phone: string) {
      return record(db, sender, phone, await createConversationsRepo(db).findByPhone(sender.id, phone), clock.now());
    },

    isRestricted,
  };
}

export type CallPermissionService = ReturnType<typeof createCallPermissionService>;
