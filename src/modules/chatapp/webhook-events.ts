import type { ChatappMessageStatus } from '../../core/db/schema.js';
import { NUMBER_FIELDS, numberStateChange, type NumberStateChange } from './number-events.js';
import { fromWaId, isPlatformUserId } from './phone.js';

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
}

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
const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/** The customer's contact key: the phone when shared, else the platform user id (username users). */
function contactKey(phone: unknown, ...userIds: unknown[]): string | null {
  return fromWaId(phone) ?? (userIds.find(isPlatformUserId) as string | undefined) ?? null;
}

function parseMessage(raw: Obj | undefined, contacts: Obj[], now: Date): InboundMessage | null {
  const id = str(raw?.id);
  if (!raw || !id) return null;
  const contact =
    contacts.find((c) => (str(c.wa_id) !== undefined && str(c.wa_id) === str(raw.from)) || (str(c.user_id) !== undefined && str(c.user_id) === str(raw.from_user_id))) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const customerPhone = contactKey(raw.from, raw.from_user_id, contact?.user_id);
  if (!customerPhone) return null;
  const type = str(raw.type) ?? 'unknown';
  if (type === 'system') return null;
  const base = {
    platformMessageId: id,
    customerPhone,
    customerName: str(obj(contact?.profile)?.name) ?? null,
    timestamp: unixSeconds(raw.timestamp) ?? now,
    groupId: str(raw.group_id) ?? null,
    permissionReply: null,
    revision: null,
  };
  const interactive = obj(raw.interactive);
  const reply = obj(interactive?.call_permission_reply);
  if (type === 'interactive' && str(interactive?.type) === 'call_permission_reply' && reply) {
    const response = str(reply.response);
    if (response !== 'accept' && response !== 'reject') return null;
    const automatic = reply.response_source === 'automatic';
    const permissionReply = { accept: response === 'accept', permanent: reply.is_permanent === true, expiresAt: unixSeconds(reply.expiration_timestamp), automatic };
    const body = response === 'accept' ? '[Call permission granted]' : '[Call permission declined]';
    return { ...base, kind: 'call_permission_reply', body, fromCustomer: !automatic, permissionReply, media: null };
  }
  const originalId = str(obj(raw[type])?.original_message_id);
  if (type === 'revoke') {
    if (!originalId) return null;
    return { ...base, kind: 'revoke', body: '', fromCustomer: false, media: null, revision: { originalId, deleted: true } };
  }
  if (type === 'edit') {
    // The new content is a whole message of its own type (text, or media with a caption).
    const edited = obj(obj(raw.edit)?.message);
    const editedType = str(edited?.type);
    if (!originalId || !edited || !editedType) return null;
    return { ...base, ...describeContent(editedType, edited), fromCustomer: true, revision: { originalId, deleted: false } };
  }
  return { ...base, ...describeContent(type, raw), fromCustomer: true };
}

function describeContent(type: string, raw: Obj): { kind: string; body: string; media: InboundMedia | null } {
  const part = obj(raw[type]);
  const plain = (kind: string, body: string) => ({ kind, body, media: null });
  if (type === 'text') return plain('text', str(part?.body) ?? '');
  if (type === 'button') return plain('text', str(part?.text) ?? str(part?.payload) ?? '');
  if (type === 'interactive') {
    const choice = obj(part?.button_reply) ?? obj(part?.list_reply);
    return plain('text', str(choice?.title) ?? '[Interactive]');
  }
  if (type === 'reaction') return plain('reaction', `[Reaction] ${str(part?.emoji) ?? ''}`.trim());
  if (type === 'order') return plain('order', describeOrder(part));
  const label = MEDIA_LABELS[type];
  if (label) {
    const caption = str(part?.caption);
    const mediaId = str(part?.id);
    const media = MEDIA_TYPES.has(type) && mediaId
      ? { id: mediaId, mimeType: str(part?.mime_type) ?? null, caption: caption ?? null, filename: str(part?.filename) ?? null }
      : null;
    return { kind: type, body: caption ? `${label} ${caption}` : label, media };
  }
  return plain('other', `[${type}]`);
}

/** The customer's text, then one line listing the items, so the assistant can act on the order. */
function describeOrder(order: Obj | undefined): string {
  const items = arr(order?.product_items).map(obj).filter((i): i is Obj => !!i);
  const currencies = new Set(items.map((i) => str(i.currency)));
  let total = 0;
  const lines = items.map((item) => {
    const quantity = Number(item.quantity) || 1;
    const price = Number(item.item_price);
    if (Number.isFinite(price)) total += price * quantity;
    const priced = Number.isFinite(price) ? ` at ${price} ${str(item.currency) ?? ''}`.trimEnd() : '';
    return `${quantity} x ${str(item.product_retailer_id) ?? 'item'}${priced}`;
  });
  const currency = currencies.size === 1 ? [...currencies][0] : undefined;
  const totalText = currency && items.length > 0 ? `; total ${Math.round(total * 100) / 100} ${currency}` : '';
  const summary = `[Order] ${lines.join(', ') || 'no items'}${totalText}`;
  const text = str(order?.text)?.trim();
  return text ? `${text}\n${summary}` : summary;
}

/**
 * A connected call resets the platform's ask counters and, like a message, opens the 24-hour
 * window (so does a customer's call that nobody picks up). Connected means an ACCEPTED call status,
 * or a terminate that reports a start time or a duration (picked up, whatever ended it). A
 * `connect` event is not enough: it carries the SDP exchange and comes before the phone rings.
 */
function callsChange(value: Obj, now: Date): WebhookEvent[] {
  const phoneNumberId = str(obj(value.metadata)?.phone_number_id);
  if (!phoneNumberId) return [];
  const business = str(obj(value.metadata)?.display_phone_number);
  const contact = obj(arr(value.contacts)[0]);
  const contactWaId = str(contact?.wa_id);
  // Meta's own samples swap from/to; the customer is whichever party is not the business number.
  // A customer who hides their number is known by the platform's user id only.
  const customerOf = (candidates: unknown[], userIds: unknown[]) =>
    [contactWaId, ...candidates].map(str).filter((c): c is string => !!c && c !== business).map(fromWaId).find((p) => p !== null) ??
    ([contact?.user_id, ...userIds].find(isPlatformUserId) as string | undefined) ??
    null;
  const events: WebhookEvent[] = [];
  for (const raw of arr(value.calls)) {
    const call = obj(raw);
    if (!call) continue;
    const pickedUp = str(call.event) === 'terminate' && (unixSeconds(call.start_time) !== null || Number(call.duration) > 0);
    const customerPhone = customerOf([call.to, call.from], [call.from_user_id, call.to_user_id]);
    if (pickedUp && customerPhone) {
      events.push({ type: 'call_connected', phoneNumberId, customerPhone, at: unixSeconds(call.start_time) ?? unixSeconds(call.timestamp) ?? now });
    }
    // The customer calling in is contact from the customer, like a message, answered or not.
    if (str(call.event) === 'connect' && str(call.direction)?.toUpperCase() === 'USER_INITIATED' && customerPhone) {
      events.push({ type: 'call_from_customer', phoneNumberId, customerPhone, at: unixSeconds(call.timestamp) ?? now });
    }
    const signal = callSignal(call, customerPhone, now);
    if (signal) events.push({ type: 'call_signal', phoneNumberId, signal });
  }
  for (const raw of arr(value.statuses)) {
    const status = obj(raw);
    const customerPhone = customerOf([status?.recipient_id], [status?.recipient_user_id]);
    if (status?.type === 'call' && str(status.status)?.toUpperCase() === 'ACCEPTED' && customerPhone) {
      events.push({ type: 'call_connected', phoneNumberId, customerPhone, at: unixSeconds(status.timestamp) ?? now });
    }
    const callId = str(status?.id);
    if (status?.type === 'call' && callId) {
      events.push({
        type: 'call_signal', phoneNumberId,
        signal: {
          callId, kind: 'status', direction: 'business_initiated', sdp: null, customerPhone, status: str(status.status)?.toUpperCase() ?? null,
          at: unixSeconds(status.timestamp) ?? now, durationSeconds: null, callbackData: str(status.biz_opaque_callback_data) ?? null,
        },
      });
    }
  }
  return events;
}

function callSignal(call: Obj, customerPhone: string | null, now: Date): CallSignal | null {
  const callId = str(call.id);
  const kind = str(call.event);
  if (!callId || (kind !== 'connect' && kind !== 'terminate')) return null;
  const direction = str(call.direction)?.toUpperCase();
  const session = obj(call.session);
  const sdpType = str(session?.sdp_type);
  const sdp = str(session?.sdp);
  const duration = Number(call.duration);
  return {
    callId,
    kind,
    direction: direction === 'USER_INITIATED' ? 'user_initiated' : direction === 'BUSINESS_INITIATED' ? 'business_initiated' : null,
    sdp: sdp && (sdpType === 'offer' || sdpType === 'answer') ? { type: sdpType, sdp } : null,
    customerPhone,
    status: str(call.status)?.toUpperCase() ?? null,
    at: unixSeconds(call.timestamp) ?? now,
    durationSeconds: Number.isFinite(duration) && duration >= 0 ? Math.floor(duration) : null,
    callbackData: str(call.biz_opaque_callback_data) ?? null,
  };
}
