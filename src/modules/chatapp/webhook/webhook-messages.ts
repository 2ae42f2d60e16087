import type { ChatappMessageStatus } from '../../../core/db/schema.js';
import { fromWaId, isPlatformUserId } from '../phone.js';
import type { InboundMedia, InboundMessage, WebhookEvent } from './webhook-event.types.js';
import { arr, obj, str, unixSeconds, type Obj } from './webhook-values.js';

/** A `messages` change: the customers' messages (with their contacts) and our messages' delivery statuses. */
export function messagesChange(value: Obj, now: Date): WebhookEvent[] {
  const phoneNumberId = str(obj(value.metadata)?.phone_number_id);
  if (!phoneNumberId) return [];
  const events: WebhookEvent[] = [];
  const contacts = arr(value.contacts)
    .map(obj)
    .filter((c): c is Obj => !!c);
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
      type: 'status',
      phoneNumberId,
      platformMessageId: id,
      status: mapped as ChatappMessageStatus,
      errorCode: code,
      errorMessage,
      at: unixSeconds(status.timestamp) ?? now,
      errorTitle: text ?? null,
      errorDetails: details ?? null,
    });
  }
  return events;
}

const MEDIA_LABELS: Record<string, string> = {
  image: '[Image]',
  video: '[Video]',
  audio: '[Audio]',
  document: '[Document]',
  sticker: '[Sticker]',
  location: '[Location]',
  contacts: '[Contacts]',
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
    contacts.find(
      (c) =>
        (str(c.wa_id) !== undefined && str(c.wa_id) === str(raw.from)) ||
        (str(c.user_id) !== undefined && str(c.user_id) === str(raw.from_user_id)),
    ) ?? (contacts.length === 1 ? contacts[0] : undefined);
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
    const permissionReply = {
      accept: response === 'accept',
      permanent: reply.is_permanent === true,
      expiresAt: unixSeconds(reply.expiration_timestamp),
      automatic,
    };
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
    const media =
      MEDIA_TYPES.has(type) && mediaId
        ? { id: mediaId, mimeType: str(part?.mime_type) ?? null, caption: caption ?? null, filename: str(part?.filename) ?? null }
        : null;
    return { kind: type, body: caption ? `${label} ${caption}` : label, media };
  }
  return plain('other', `[${type}]`);
}

/** The customer's text, then one line listing the items, so the assistant can act on the order. */
function describeOrder(order: Obj | undefined): string {
  const items = arr(order?.product_items)
    .map(obj)
    .filter((i): i is Obj => !!i);
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
