import type { ChatappMessageStatus } from '../../core/db/schema.js';
import { NUMBER_FIELDS, numberStateChange, type NumberStateChange } from './number-events.js';
import { callsChange } from './webhook-calls.js';
import { messagesChange } from './webhook-messages.js';
import { arr, obj, str } from './webhook-values.js';

export interface PermissionReply {
  accept: boolean;
  permanent: boolean;
  expiresAt: Date | null;
  /** The platform acted on its own (auto-revoke after unanswered calls, callback permission). */
  automatic: boolean;
}

export interface InboundMedia {
  id: string;
  mimeType: string | null;
  caption: string | null;
  filename: string | null;
}

export interface InboundMessage {
  platformMessageId: string;
  /** The contact key: E.164, or the platform's user id for a customer who hides their number. */
  customerPhone: string;
  customerName: string | null;
  timestamp: Date;
  kind: string;
  body: string;
  /** Opens or restarts the 24-hour window. */
  fromCustomer: boolean;
  permissionReply: PermissionReply | null;
  media?: InboundMedia | null;
  /** Posted in a group: group traffic, never the participant's private conversation. */
  groupId?: string | null;
  /** A deletion (`revoke`) or an edit of an earlier message, which changes that message instead of adding one. */
  revision?: { originalId: string; deleted: boolean } | null;
}

export type WebhookEvent =
  | { type: 'message'; phoneNumberId: string; message: InboundMessage }
  | {
      type: 'status'; phoneNumberId: string; platformMessageId: string; status: ChatappMessageStatus; errorCode: number | null; errorMessage: string | null;
      /** The platform's own time of the change; the error's title and details apart, as the receipt webhook shows them. */
      at?: Date; errorTitle?: string | null; errorDetails?: string | null;
    }
  | { type: 'call_connected'; phoneNumberId: string; customerPhone: string; at: Date }
  /** The customer called the business: the window opens even if nobody picks up. */
  | { type: 'call_from_customer'; phoneNumberId: string; customerPhone: string; at: Date }
  /** Everything the platform says about one call, for the calls module's WebRTC signalling. */
  | { type: 'call_signal'; phoneNumberId: string; signal: CallSignal }
  | { type: 'template_status'; wabaId: string; platformTemplateId: string; event: string }
  | { type: 'number_state'; wabaId: string; displayPhone: string | null; change: NumberStateChange };

/** A `calls` webhook item: a `connect` (with an SDP), a `terminate`, or a call status. */
export interface CallSignal {
  /** The platform's call id (wacid). */
  callId: string;
  kind: 'connect' | 'terminate' | 'status';
  direction: 'business_initiated' | 'user_initiated' | null;
  sdp: { type: 'offer' | 'answer'; sdp: string } | null;
  /** The contact key (E.164 or the platform user id), when the event names the customer. */
  customerPhone: string | null;
  /** Upper-case as the platform writes it: COMPLETED, FAILED (terminate); RINGING, ACCEPTED, REJECTED (status). */
  status: string | null;
  at: Date;
  /** Seconds talked, when the call was picked up (terminate). */
  durationSeconds: number | null;
  callbackData: string | null;
  /** Why the platform failed the call (a FAILED terminate's first error, e.g. 138021). */
  error: { code: number; message: string } | null;
}

/**
 * Reads the platform's webhook envelope (`{object, entry: [{id, changes: [{field, value}]}]}`)
 * into the few events the module acts on. Pure and total: any shape, however odd, yields a
 * (possibly empty) list and never throws, so a strange delivery is dropped, not retried forever.
 */
export function parseWebhookPayload(payload: unknown, now: Date): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  for (const entry of arr(obj(payload)?.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      const field = str(obj(change)?.field);
      const value = obj(obj(change)?.value);
      if (!value) continue;
      if (field === 'messages') events.push(...messagesChange(value, now));
      else if (field === 'calls') events.push(...callsChange(value, now));
      else if (field === 'message_template_status_update') {
        const wabaId = str(obj(entry)?.id);
        const templateId = str(value.message_template_id);
        const event = str(value.event);
        if (wabaId && templateId && event) events.push({ type: 'template_status', wabaId, platformTemplateId: templateId, event });
      } else if (field && NUMBER_FIELDS.has(field)) {
        const wabaId = str(obj(entry)?.id);
        const change = numberStateChange(field, value);
        if (wabaId && change) events.push({ type: 'number_state', wabaId, displayPhone: str(value.display_phone_number) ?? str(value.phone_number) ?? null, change });
      }
    }
  }
  return events;
}
