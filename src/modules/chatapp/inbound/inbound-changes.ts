import type { Db } from '../../../core/db/database.js';
import { inTransaction } from '../../../core/db/transaction.js';
import { enqueueJob } from '../../../core/jobs/index.js';
import { createCallPermissionRepo } from '../call-permission/call-permission.repo.js';
import { createConversationsRepo } from '../messaging/chatapp-conversations.repo.js';
import { GROUP_KEY_PREFIX } from '../phone.js';
import type { SenderRow } from '../senders/senders.repo.js';
import { SESSION_WINDOW_MS } from '../messaging/session-window.js';
import type { InboundMessage } from '../webhook/webhook-events.js';

/**
 * The seam for the reply engine when a customer edits a message it may already have answered:
 * the conversations module replaces the text its assistant sees. (A pending answer reads the
 * current text itself, see INBOUND_MESSAGE_JOB.)
 */
export const INBOUND_EDIT_JOB = 'chatapp.inbound-edit';
export interface InboundEditJob {
  messageId: number;
  text: string;
}

/**
 * A message delivered after its own window already closed (the platform retried it for days,
 * or we were down): kept for the record, but answering would be refused by the platform.
 */
export function isStale(message: Pick<InboundMessage, 'timestamp'>, now: Date): boolean {
  return now.getTime() - message.timestamp.getTime() >= SESSION_WINDOW_MS;
}

/** Applies a deletion or an edit to the stored message; nothing new is stored and nothing is answered. */
export async function reviseInboundMessage(db: Db, sender: SenderRow, message: InboundMessage, now: Date): Promise<void> {
  const revision = message.revision!;
  const media = message.media ?? null;
  await inTransaction(db, async (tx) => {
    const revised = await createConversationsRepo(tx).reviseInbound({
      senderId: sender.id,
      platformMessageId: revision.originalId,
      deleted: revision.deleted,
      edit: revision.deleted
        ? undefined
        : {
            kind: message.kind,
            body: message.body,
            mediaId: media?.id ?? null,
            mimeType: media?.mimeType ?? null,
            caption: media?.caption ?? null,
            filename: media?.filename ?? null,
          },
      now,
    });
    if (!revised || revision.deleted || revised.group_id !== null) return;
    const payload: InboundEditJob = { messageId: revised.id, text: revised.body };
    await enqueueJob(tx, { kind: INBOUND_EDIT_JOB, payload });
  });
}

/**
 * A group message is group traffic: kept in the group's own conversation (keyed by the group
 * id), so the participant's private window never opens from it and nothing answers it.
 */
export async function receiveGroupMessage(db: Db, sender: SenderRow, message: InboundMessage, now: Date): Promise<void> {
  const media = message.media ?? null;
  await inTransaction(db, async (tx) => {
    const repo = createConversationsRepo(tx);
    const conversation = await repo.ensure({
      userId: sender.user_id,
      senderId: sender.id,
      customerPhone: `${GROUP_KEY_PREFIX}${message.groupId}`,
      now,
    });
    const author = message.customerName ? `${message.customerName} (${message.customerPhone})` : message.customerPhone;
    const stored = await repo.insertMessage(
      {
        conversation_id: conversation.id,
        sender_id: sender.id,
        direction: 'inbound',
        kind: message.kind,
        body: `${author}: ${message.body}`,
        platform_message_id: message.platformMessageId,
        status: 'received',
        platform_timestamp: message.timestamp,
        group_id: message.groupId ?? null,
        media_id: media?.id ?? null,
        media_mime_type: media?.mimeType ?? null,
        media_caption: media?.caption ?? null,
        media_filename: media?.filename ?? null,
      },
      now,
    );
    if (stored) await repo.touch(conversation.id, now);
  });
}

/**
 * A call is contact from the customer: it opens or restarts the 24-hour window as a message
 * does. A connected call also resets the platform's ask counters.
 */
export async function receiveCall(
  db: Db,
  sender: SenderRow,
  event: { customerPhone: string; at: Date; connected: boolean },
  now: Date,
): Promise<void> {
  // A timestamp ahead of our clock must not stretch the window past what really remains.
  const at = event.at.getTime() > now.getTime() ? now : event.at;
  await inTransaction(db, async (tx) => {
    const repo = createConversationsRepo(tx);
    const conversation = await repo.ensure({ userId: sender.user_id, senderId: sender.id, customerPhone: event.customerPhone, now });
    await repo.recordCustomerMessage(conversation.id, at, now);
    if (event.connected) await createCallPermissionRepo(tx).resetAsks(sender.id, event.customerPhone, event.at, now);
  });
}
