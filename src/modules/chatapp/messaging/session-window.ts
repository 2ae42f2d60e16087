/**
 * The platform's 24-hour customer-service window (spec 2.4, 3.1): free-form messages are allowed
 * for 24 hours after the customer's last inbound message; otherwise only templates. Pure, so
 * every rule is testable with plain dates.
 */
export const SESSION_WINDOW_MS = 24 * 3_600_000;

export interface SessionStatus {
  is_open: boolean;
  can_send_freeform: boolean;
  requires_template: boolean;
  message: string;
  minutes_remaining?: number;
  expires_at?: string | null;
  expired_at?: string;
}

export const SESSION_MESSAGES = {
  noConversation: 'No conversation exists with this recipient. Send a template message first.',
  // Not in the reference: a conversation we started (a template) that the customer never answered.
  noCustomerMessage: 'The customer has not replied yet. Send a template or wait for customer to reply.',
  expired: 'Session expired. Send a template or wait for customer to reply.',
  freeformClosed: 'The 24-hour messaging window is closed. Customer must reply first, or use a template message.',
} as const;

/** The reference's timestamp style for this API: seconds precision with an explicit +00:00. */
export function windowTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function isWindowOpen(lastCustomerMessageAt: Date | null, now: Date): boolean {
  return lastCustomerMessageAt !== null && now.getTime() < lastCustomerMessageAt.getTime() + SESSION_WINDOW_MS;
}

/**
 * expires_at is present when the session is open or when a conversation has no customer message
 * (then null: nothing to count from); expired_at only once expired; minutes_remaining only while
 * open. With no conversation, exactly the reference's four flags and message.
 */
export function sessionStatus(input: { hasConversation: boolean; lastCustomerMessageAt: Date | null; now: Date }): SessionStatus {
  const closed = { is_open: false, can_send_freeform: false, requires_template: true };
  const last = input.lastCustomerMessageAt;
  if (!input.hasConversation) return { ...closed, message: SESSION_MESSAGES.noConversation };
  if (last === null) return { ...closed, message: SESSION_MESSAGES.noCustomerMessage, expires_at: null };
  const expiresAt = new Date(last.getTime() + SESSION_WINDOW_MS);
  const remainingMs = expiresAt.getTime() - input.now.getTime();
  if (remainingMs <= 0) return { ...closed, message: SESSION_MESSAGES.expired, expired_at: windowTimestamp(expiresAt) };
  // Whole minutes left, rounded down: never promise time the window does not have.
  const minutes = Math.floor(remainingMs / 60_000);
  return {
    is_open: true,
    can_send_freeform: true,
    requires_template: false,
    message: `Session open (${Math.floor(minutes / 60)} hr ${minutes % 60} min remaining). Unlimited free-form messages allowed.`,
    minutes_remaining: minutes,
    expires_at: windowTimestamp(expiresAt),
  };
}
