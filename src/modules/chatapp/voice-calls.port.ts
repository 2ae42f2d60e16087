import { inTransaction } from '../../core/db/transaction.js';
import { createCallPermissionRepo } from './call-permission/call-permission.repo.js';
import { effectivePermission, emitVoiceEvent } from './call-permission/call-permission.state.js';
import { requireSender, type ChatappContext } from './chatapp.context.js';
import { SENDER_NOT_FOUND_OR_NOT_YOURS } from './chatapp.errors.js';
import { createConversationsRepo } from './messaging/chatapp-conversations.repo.js';
import type { CallSignalHandler, InboundService } from './inbound/inbound.service.js';
import type { PlatformCalling } from './platform/types.js';
import { createSendersRepo, type SenderRow } from './senders/senders.repo.js';

export type CallDirection = 'whatsapp_outbound' | 'whatsapp_inbound';

/**
 * What the calls module needs from this one to carry voice calls on the platform: the sender,
 * its calling signalling, the customer's permission, the voice webhook's `voice_call` event, and
 * the platform's `calls` webhook events. The calls module uses the chatapp module only through this.
 */
export function createVoiceCallsPort(ctx: ChatappContext & { inbound: InboundService; isRestricted(sender: SenderRow): boolean }) {
  const { db, clock } = ctx;
  return {
    /** The caller's sender, or SENDER_NOT_FOUND (another account's sender is none). */
    ownedSender: (userId: number, senderId: number) => requireSender(db, userId, senderId, SENDER_NOT_FOUND_OR_NOT_YOURS),

    senderById: (id: number) => createSendersRepo(db).findByIdUnscoped(id),

    /** The sender's calling signalling; null when its platform has no calls (the simulator). */
    calling: (sender: SenderRow): PlatformCalling | null => ctx.platforms.forSender(sender).calling ?? null,

    isRestricted: (sender: SenderRow) => ctx.isRestricted(sender),

    /** The customer has granted (and not let expire) permission to be called. */
    async hasPermission(sender: SenderRow, customerPhone: string): Promise<boolean> {
      const conversation = await createConversationsRepo(db).findByPhone(sender.id, customerPhone);
      return effectivePermission(conversation, clock.now()) === 'granted';
    },

    /**
     * The platform refused a call for want of permission (138006): whatever grant we had on
     * record is gone (revoked in the app, expired early, auto-revoked after unanswered calls),
     * so the permission reads `revoked` and `can_call: false` until the customer grants it again.
     */
    async permissionRefused(sender: SenderRow, customerPhone: string, at: Date): Promise<void> {
      const conversation = await createConversationsRepo(db).findByPhone(sender.id, customerPhone);
      if (!conversation) return;
      await createCallPermissionRepo(db).applyAnswer({
        conversationId: conversation.id,
        status: 'revoked',
        permanent: false,
        expiresAt: null,
        at,
        now: clock.now(),
      });
    },

    /** The reference's `voice_call` event on the sender's voice webhook: a call placed or received. */
    async announceCall(sender: SenderRow, customerPhone: string, call: { id: number; direction: CallDirection }): Promise<void> {
      if (!sender.voice_webhook_url) return;
      // Looked up before the transaction: the embedded database has a single connection.
      const assistantUuid = sender.assistant_id ? await ctx.assistants.findOwnedUuid(sender.user_id, sender.assistant_id) : null;
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        const conversation = await createConversationsRepo(tx).ensure({ userId: sender.user_id, senderId: sender.id, customerPhone, now });
        await emitVoiceEvent(tx, {
          type: 'voice_call',
          sender,
          conversation,
          assistantUuid,
          canCall: !ctx.isRestricted(sender),
          now,
          call,
        });
      });
    },

    /** Media connected: the 24-hour window opens and the platform's ask counters reset. */
    callConnected: (sender: SenderRow, customerPhone: string, at: Date) => ctx.inbound.callConnected(sender, customerPhone, at),

    onCallSignal: (handler: CallSignalHandler) => ctx.inbound.setCallSignalHandler(handler),
  };
}

export type VoiceCallsPort = ReturnType<typeof createVoiceCallsPort>;

// The platform's types and errors the calls module handles, named here so that it needs nothing else of this module.
export { chatappErrors } from './chatapp.errors.js';
export { normalizePhone } from './phone.js';
export { PLATFORM_CODES, PlatformError } from './platform/types.js';
export type { PlatformCalling } from './platform/types.js';
export type { SenderRow } from './senders/senders.repo.js';
export type { CallSignal } from './webhook/webhook-events.js';
