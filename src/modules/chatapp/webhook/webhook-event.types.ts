import type { ChatappMessageStatus } from '../../../core/db/schema.js';
import type { NumberStateChange } from './number-events.js';

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
      type: 'status';
      phoneNumberId: string;
      platformMessageId: string;
      status: ChatappMessageStatus;
      errorCode: number | null;
      errorMessage: string | null;
      /** The platform's own time of the change; the error's title and details apart, as the receipt webhook shows them. */
      at?: Date;
      errorTitle?: string | null;
      errorDetails?: string | null;
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
