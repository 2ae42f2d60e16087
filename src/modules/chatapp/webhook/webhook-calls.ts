import { fromWaId, isPlatformUserId } from '../phone.js';
import type { CallSignal, WebhookEvent } from './webhook-event.types.js';
import { arr, obj, str, unixSeconds, type Obj } from './webhook-values.js';

/**
 * A connected call resets the platform's ask counters and, like a message, opens the 24-hour
 * window (so does a customer's call that nobody picks up). Connected means an ACCEPTED call status,
 * or a terminate that reports a start time or a duration (picked up, whatever ended it). A
 * `connect` event is not enough: it carries the SDP exchange and comes before the phone rings.
 */
export function callsChange(value: Obj, now: Date): WebhookEvent[] {
  const phoneNumberId = str(obj(value.metadata)?.phone_number_id);
  if (!phoneNumberId) return [];
  const business = str(obj(value.metadata)?.display_phone_number);
  const contact = obj(arr(value.contacts)[0]);
  const contactWaId = str(contact?.wa_id);
  // Meta's own samples swap from/to; the customer is whichever party is not the business number.
  // A customer who hides their number is known by the platform's user id only.
  const customerOf = (candidates: unknown[], userIds: unknown[]) =>
    [contactWaId, ...candidates]
      .map(str)
      .filter((c): c is string => !!c && c !== business)
      .map(fromWaId)
      .find((p) => p !== null) ??
    ([contact?.user_id, ...userIds].find(isPlatformUserId) as string | undefined) ??
    null;
  const events: WebhookEvent[] = [];
  for (const raw of arr(value.calls)) {
    const call = obj(raw);
    if (!call) continue;
    const pickedUp = str(call.event) === 'terminate' && (unixSeconds(call.start_time) !== null || Number(call.duration) > 0);
    const customerPhone = customerOf([call.to, call.from], [call.from_user_id, call.to_user_id]);
    if (pickedUp && customerPhone) {
      events.push({
        type: 'call_connected',
        phoneNumberId,
        customerPhone,
        at: unixSeconds(call.start_time) ?? unixSeconds(call.timestamp) ?? now,
      });
    }
    // The customer calling in is contact from the customer, like a message, answered or not.
    if (str(call.event) === 'connect' && str(call.direction)?.toUpperCase() === 'USER_INITIATED' && customerPhone) {
      events.push({ type: 'call_from_customer', phoneNumberId, customerPhone, at: unixSeconds(call.timestamp) ?? now });
    }
    const signal = callSignal(call, customerPhone, now, arr(value.errors));
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
        type: 'call_signal',
        phoneNumberId,
        signal: {
          callId,
          kind: 'status',
          direction: 'business_initiated',
          sdp: null,
          customerPhone,
          status: str(status.status)?.toUpperCase() ?? null,
          at: unixSeconds(status.timestamp) ?? now,
          durationSeconds: null,
          callbackData: str(status.biz_opaque_callback_data) ?? null,
          error: null,
        },
      });
    }
  }
  return events;
}

/** The platform puts a failed call's errors in the call and again at `value.errors`; the first one says why. */
function platformError(errors: unknown[]): CallSignal['error'] {
  const first = obj(errors[0]);
  const code = Number(first?.code);
  if (!first || !Number.isInteger(code)) return null;
  const message = str(first.message) ?? str(first.title) ?? str(obj(first.error_data)?.details) ?? 'No message from the platform.';
  return { code, message: message.slice(0, 500) };
}

function callSignal(call: Obj, customerPhone: string | null, now: Date, valueErrors: unknown[]): CallSignal | null {
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
    error: platformError(arr(call.errors).length > 0 ? arr(call.errors) : valueErrors),
  };
}
