import type { ChatappMessageStatus } from '../../../core/db/schema.js';
import type { DbOrTx } from '../../../core/db/transaction.js';
import { enqueueWebhook } from '../../webhooks/index.js';
import { STATUS_RANK, STATUS_RANK_SQL } from '../messaging/chatapp-conversations.repo.js';
import { windowTimestamp } from '../messaging/session-window.js';
import type { SenderRow } from '../senders/senders.repo.js';

/** The reference's read-receipts event name, what owners' receivers filter on. */
export const MESSAGE_STATUS_EVENT = 'message_status';

export interface StatusChange {
  platformMessageId: string;
  status: ChatappMessageStatus;
  errorCode: number | null;
  errorMessage: string | null;
  errorTitle?: string | null;
  errorDetails?: string | null;
  /** When the platform says it happened. */
  at?: Date;
}

/**
 * Moves an outbound message's status forward and, when it moved and the sender has a
 * status_webhook_url, queues the reference's `message_status` event in the same transaction:
 * the receipt exists exactly when the change commits, is signed and retried by the deliveries,
 * and a replayed or out-of-order status (which changes nothing) sends nothing.
 */
export async function applyStatusWithReceipt(
  tx: DbOrTx,
  input: { sender: SenderRow; change: StatusChange; assistantUuid: string | null; now: Date },
): Promise<boolean> {
  const { sender, change, now } = input;
  const message = await tx
    .updateTable('chatapp_messages')
    .set({ status: change.status, error_code: change.errorCode, error_message: change.errorMessage, updated_at: now })
    .where('sender_id', '=', sender.id)
    .where('platform_message_id', '=', change.platformMessageId)
    .where('direction', '=', 'outbound')
    .where(STATUS_RANK_SQL, '<', STATUS_RANK[change.status] ?? 0)
    .returning(['id', 'conversation_id', 'platform_message_id'])
    .executeTakeFirst();
  if (!message) return false;
  if (!sender.status_webhook_url) return true;
  const conversation = await tx
    .selectFrom('chatapp_conversations')
    .select(['uuid', 'customer_phone'])
    .where('id', '=', message.conversation_id)
    .executeTakeFirstOrThrow();
  const failed = change.status === 'failed';
  await enqueueWebhook(tx, {
    userId: sender.user_id,
    url: sender.status_webhook_url,
    event: MESSAGE_STATUS_EVENT,
    now,
    assistantUuid: input.assistantUuid,
    payload: {
      event: MESSAGE_STATUS_EVENT,
      whatsapp_message_id: message.id,
      message_sid: message.platform_message_id,
      // The platform's own id (a wamid) is what this service keeps as the message sid.
      meta_message_id: message.platform_message_id,
      conversation_id: conversation.uuid,
      assistant_id: input.assistantUuid,
      sender: { id: sender.id, phone_number: sender.phone_number, display_name: sender.display_name },
      to: conversation.customer_phone,
      from: sender.phone_number,
      direction: 'outbound',
      status: change.status,
      error_code: failed ? change.errorCode : null,
      error_message: failed ? (change.errorTitle ?? change.errorMessage) : null,
      error_description: failed ? (change.errorDetails ?? change.errorMessage) : null,
      timestamp: windowTimestamp(now),
      provider_timestamp: change.at ? windowTimestamp(change.at) : null,
    },
  });
  return true;
}
