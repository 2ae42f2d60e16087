import { randomUUID } from 'node:crypto';
import type { Db } from '../../../core/db/database.js';
import type { Clock } from '../../../core/clock.js';
import { chatappErrors } from '../chatapp.errors.js';
import { requireSender } from '../chatapp.context.js';
import { normalizePhone } from '../phone.js';
import { sessionStatus } from '../messaging/session-window.js';
import type { InboundService } from '../inbound/inbound.service.js';
import type { CallPermissionService } from '../call-permission/call-permission.service.js';
import type { SimulateInboundBody, SimulatePermissionBody } from '../messaging/messaging.schemas.js';

/**
 * The customer's side of a simulator sender, for developing without a platform account. It
 * goes through the same inbound path as a real platform webhook, so what a developer sees here
 * is what production does.
 */
export function createSimulatorService(deps: { db: Db; clock: Clock; inbound: InboundService; callPermission: CallPermissionService }) {
  const { db, clock, inbound, callPermission } = deps;

  async function simulatorSender(userId: number, senderId: number) {
    const sender = await requireSender(db, userId, senderId);
    if (sender.platform !== 'simulator') throw chatappErrors.simulatorOnly();
    return sender;
  }

  const customerPhone = (from: string) => {
    const phone = normalizePhone(from);
    if (!phone) throw chatappErrors.invalidPhone();
    return phone.e164;
  };

  return {
    async inbound(userId: number, senderId: number, body: SimulateInboundBody) {
      const sender = await simulatorSender(userId, senderId);
      const phone = customerPhone(body.from);
      const now = clock.now();
      const timestamp =
        body.timestamp === undefined
          ? now
          : typeof body.timestamp === 'number'
            ? new Date(body.timestamp * 1000)
            : new Date(body.timestamp);
      const result = await inbound.receiveMessage(sender, {
        platformMessageId: `sim.in.${randomUUID()}`,
        customerPhone: phone,
        customerName: body.name ?? null,
        timestamp,
        kind: 'text',
        body: body.text,
        fromCustomer: true,
        permissionReply: null,
      });
      // A new message id each time: never a repeated delivery.
      const { conversation, messageId } = result!;
      return {
        success: true as const,
        conversation_id: conversation.id,
        message_id: messageId,
        session_status: sessionStatus({ hasConversation: true, lastCustomerMessageAt: conversation.last_customer_message_at, now }),
      };
    },

    /** The customer taps Allow or Decline on the last request; answers the permission record afterwards. */
    async callPermissionReply(userId: number, senderId: number, body: SimulatePermissionBody) {
      const sender = await simulatorSender(userId, senderId);
      const phone = customerPhone(body.from);
      await inbound.receiveMessage(sender, {
        platformMessageId: `sim.in.${randomUUID()}`,
        customerPhone: phone,
        customerName: null,
        timestamp: clock.now(),
        kind: 'call_permission_reply',
        body: body.accept ? '[Call permission granted]' : '[Call permission declined]',
        fromCustomer: true,
        permissionReply: { accept: body.accept, permanent: body.permanent ?? false, expiresAt: null, automatic: false },
      });
      return callPermission.read(sender, phone);
    },
  };
}

export type SimulatorService = ReturnType<typeof createSimulatorService>;
