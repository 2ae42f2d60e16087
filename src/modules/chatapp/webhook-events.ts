import type { ChatappMessageStatus } from '../../core/db/schema.js';
import { NUMBER_FIELDS, numberStateChange, type NumberStateChange } from './number-events.js';
import { fromWaId } from './phone.js';

/**
 * Reads the platform's webhook envelope (`{object, entry: [{id, changes: [{field, value}]}]}`)
 * into the few events the module acts on. Pure and total: any shape, however odd, yields a
 * (possibly empty) list and never throws, so a strange delivery is dropped, not retried forever.
 */
export interface PermissionReply {
  accept: boolean;
  permanent: boolean;
  expiresAt: Date | null;
  /** The platform acted on its own (auto-revoke after unanswered calls, callback permission). */
  automatic: boolean;
}

export interface InboundMessage {
  platformMessageId: string;
  customerPhone: string;
  customerName: string | null;
  timestamp: Date;
  kind: string;
  body: string;
  /** Opens or restarts the 24-hour window. */
  fromCustomer: boolean;
  permissionReply: PermissionReply | null;
}

export type WebhookEvent =
  | { type: 'message'; phoneNumberId: string; message: InboundMessage }
  | {
      type: 'status'; phoneNumberId: string; platformMessageId: string; status: ChatappMessageStatus; errorCode: number | null; errorMessage: string | null;
      /** The platform's own time of the change; the error's title and details apart, as the receipt webhook shows them. */
      at?: Date; errorTitle?: string | null; errorDetails?: string | null;
    }
  | { type: 'call_connected'; phoneNumberId: string; customerPhone: string; at: Date }
  | { type: 'template_status'; wabaId: string; platformTemplateId: string; event: string }
  | { type: 'number_state'; wabaId: string; displayPhone: string | null; change: NumberStateChange };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined);

/** Unix seconds, sent as a string or (older payloads) an integer. */
export function unixSeconds(v: unknown): Date | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : NaN;
  // Bounded so an absurd value never becomes an invalid date (or one the database refuses).
  return Number.isFinite(n) && n > 0 && n < 1e11 ? new Date(n * 1000) : null;
}

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

function messagesChange(value: Obj, now: Date): WebhookEvent[] {
  const phoneNumberId = str(obj(value.metadata)?.phone_number_id);
  if (!phoneNumberId) return [];
  const events: WebhookEvent[] = [];
  const contacts = arr(value.contacts).map(obj).filter((c): c is Obj => !!c);
  for (const raw of arr(value.messages)) {
    const message = parseMessage(obj(raw), contacts, now);
    if (message) events.push({ type: 'message', phoneNumberId, message });
  }
  for (const raw of arr(value.statuses)) {
    const status = obj(raw);
    const id = str(status?.id);
    const word = str(status?.status)?.toLowerCase();
    const mapped = word === 'played' ? 'read' : word;
    if (!status || !id || status.type === 'call' || !mapped || !['sent', 'delivered', 'read', 'failed'].includes(mapped)) continue;
    const error = obj(arr(status.errors)[0]);
    const code = typeof error?.code === 'number' ? error.code : null;
    const text = str(error?.message) ?? str(error?.title);
    const details = str(obj(error?.error_data)?.details);
    const errorMessage = text && details && details !== text ? `${text}: ${details}` : (text ?? details ?? null);
    events.push({
      type: 'status', phoneNumberId, platformMessageId: id, status: mapped as ChatappMessageStatus, errorCode: code, errorMessage,
      at: unixSeconds(status.timestamp) ?? now, errorTitle: text ?? null, errorDetails: details ?? null,
    });
  }
  return events;
}

const MEDIA_LABELS: Record<string, string> = {
  image: '[Image]', video: '[Video]', audio: '[Audio]', document: '[Document]', sticker: '[Sticker]', location: '[Location]', contacts: '[Contacts]',
};

function parseMessage(raw: Obj | undefined, contacts: Obj[], now: Date): InboundMessage | null {
  const id = str(raw?.id);
  // A user who hides their number (username, BSUID only) cannot be keyed by phone; not supported yet.
  const customerPhone = fromWaId(raw?.from);
  if (!raw || !id || !customerPhone) return null;
  const type = str(raw.type) ?? 'unknown';
  if (type === 'system') return null;
  const contact = contacts.find((c) => str(c.wa_id) === str(raw.from)) ?? (contacts.length === 1 ? contacts[0] : undefined);
  const base = {
    platformMessageId: id,
    customerPhone,
    customerName: str(obj(contact?.profile)?.name) ?? null,
    timestamp: unixSeconds(raw.timestamp) ?? now,
  };
  const interactive = obj(raw.interactive);
  const reply = obj(interactive?.call_permission_reply);
  if (type === 'interactive' && str(interactive?.type) === 'call_permission_reply' && reply) {
    const response = str(reply.response);
    if (response !== 'accept' && response !== 'reject') return null;
    const automatic = reply.response_source === 'automatic';
    const permissionReply = { accept: response === 'accept', permanent: reply.is_permanent === true, expiresAt: unixSeconds(reply.expiration_timestamp), automatic };
    const body = response === 'accept' ? '[Call permission granted]' : '[Call permission declined]';
    return { ...base, kind: 'call_permission_reply', body, fromCustomer: !automatic, permissionReply };
  }
  return { ...base, ...describeContent(type, raw), fromCustomer: true, permissionReply: null };
}

function describeContent(type: string, raw: Obj): { kind: string; body: string } {
  const part = obj(raw[type]);
  if (type === 'text') return { kind: 'text', body: str(part?.body) ?? '' };
  if (type === 'button') return { kind: 'text', body: str(part?.text) ?? str(part?.payload) ?? '' };
  if (type === 'interactive') {
    const choice = obj(part?.button_reply) ?? obj(part?.list_reply);
    return { kind: 'text', body: str(choice?.title) ?? '[Interactive]' };
  }
  if (type === 'reaction') return { kind: 'reaction', body: `[Reaction] ${str(part?.emoji) ?? ''}`.trim() };
  const label = MEDIA_LABELS[type];
  if (label) {
    const caption = str(part?.caption);
    return { kind: type, body: caption ? `${label} ${caption}` : label };
  }
  return { kind: 'other', body: `[${type}]` };
}

/**
 * A connected call resets the platform's ask counters. Connected means an ACCEPTED call status,
 * or a terminate that reports a start time or a duration (picked up, whatever ended it). A
 * `connect` event is not enough: it carries the SDP exchange and comes before the phone rings.
 */
function callsChange(value: Obj, now: Date): WebhookEvent[] {
  const phoneNumberId = str(obj(value.metadata)?.phone_number_id);
  if (!phoneNumberId) return [];
  const business = str(obj(value.metadata)?.display_phone_number);
  const contactWaId = str(obj(arr(value.contacts)[0])?.wa_id);
  // Meta's own samples swap from/to; the customer is whichever party is not the business number.
  const customerOf = (...candidates: unknown[]) =>
    [contactWaId, ...candidates].map(str).filter((c): c is string => !!c && c !== business).map(fromWaId).find((p) => p !== null) ?? null;
  const events: WebhookEvent[] = [];
  for (const raw of arr(value.calls)) {
    const call = obj(raw);
    if (!call) continue;
    const pickedUp = str(call.event) === 'terminate' && (unixSeconds(call.start_time) !== null || Number(call.duration) > 0);
    const customerPhone = customerOf(call.to, call.from);
    if (pickedUp && customerPhone) {
      events.push({ type: 'call_connected', phoneNumberId, customerPhone, at: unixSeconds(call.start_time) ?? unixSeconds(call.timestamp) ?? now });
    }
  }
  for (const raw of arr(value.statuses)) {
    const status = obj(raw);
    const customerPhone = customerOf(status?.recipient_id);
    if (status?.type === 'call' && str(status.status)?.toUpperCase() === 'ACCEPTED' && customerPhone) {
      events.push({ type: 'call_connected', phoneNumberId, customerPhone, at: unixSeconds(status.timestamp) ?? now });
    }
  }
  return events;
}
