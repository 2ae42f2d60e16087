import type { DbOrTx } from '../../../core/db/transaction.js';
import { enqueueWebhook } from '../../webhooks/index.js';
import type { ConversationRow } from '../messaging/chatapp-conversations.repo.js';
import type { SenderRow } from '../senders/senders.repo.js';
import { windowTimestamp } from '../messaging/session-window.js';

export type PermissionStatus = 'pending' | 'granted' | 'rejected' | 'revoked' | 'expired';

/** A temporary grant lasts 7 days from approval when the platform does not say otherwise. */
export const TEMPORARY_GRANT_MS = 7 * 24 * 3_600_000;

/** The stored answer as of now: a temporary grant past its expiry reads as expired (the platform sends no webhook for that). */
export function effectivePermission(conversation: ConversationRow | undefined, now: Date): PermissionStatus | null {
  const status = conversation?.permission_status ?? null;
  if (status !== 'granted') return status;
  const expiresAt = conversation!.permission_expires_at;
  if (!conversation!.permission_permanent && expiresAt && expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'granted';
}

export const stamp = (date: Date | null) => (date ? windowTimestamp(date) : null);

export type VoiceEventType = 'call_permission_requested' | 'call_permission_granted' | 'call_permission_denied' | 'voice_call';

/**
 * The reference's voice webhook (`"event": "whatsapp_voice"`, the name automations filter on),
 * queued in the caller's transaction so it exists exactly when the state change commits. Nothing
 * is sent without a voice webhook URL.
 */
export async function emitVoiceEvent(
  tx: DbOrTx,
  input: {
    type: VoiceEventType;
    sender: SenderRow;
    conversation: ConversationRow;
    assistantUuid: string | null;
    canCall: boolean;
    now: Date;
    /** voice_call: the call record and which way it went. */
    call?: { id: number; direction: 'whatsapp_outbound' | 'whatsapp_inbound' };
  },
): Promise<void> {
  const { sender, conversation, now } = input;
  if (!sender.voice_webhook_url) return;
  const status = effectivePermission(conversation, now);
  await enqueueWebhook(tx, {
    userId: sender.user_id,
    url: sender.voice_webhook_url,
    event: 'whatsapp_voice',
    now,
    assistantUuid: input.assistantUuid,
    payload: {
      event: 'whatsapp_voice',
      type: input.type,
      sender_id: sender.id,
      customer_phone: conversation.customer_phone,
      conversation_id: conversation.uuid,
      assistant_id: input.assistantUuid,
      status,
      expires_at: status === 'granted' ? stamp(conversation.permission_expires_at) : null,
      can_call: input.canCall && status === 'granted',
      ...(input.call ? { call_id: input.call.id, direction: input.call.direction } : {}),
    },
  });
}
