import { AppError, tooManyRequests } from '../../core/http/errors.js';
import { PLATFORM_CODES, type PlatformError } from './platform/types.js';
import type { SessionStatus } from './messaging/session-window.js';

/**
 * The module's error catalogue, worded like the reference. The reference words "sender not
 * found" two ways depending on the endpoint; both are kept so existing clients see what they expect.
 */
export const SENDER_NOT_FOUND = 'Sender not found';
export const SENDER_NOT_FOUND_OR_NOT_YOURS = 'Sender not found or does not belong to you';

const coded = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  new AppError(status, message, { code, extra });

export const chatappErrors = {
  senderNotFound: (message: string = SENDER_NOT_FOUND) => coded(404, 'SENDER_NOT_FOUND', message),
  invalidPhone: () => coded(422, 'INVALID_PHONE', 'Invalid phone number format. Use E.164 format (e.g., +14155551234).'),
  senderOffline: (status: 503 | 422) => coded(status, 'SENDER_OFFLINE', 'Sender is not online. Current status: Offline'),
  templateNotFound: () => coded(404, 'TEMPLATE_NOT_FOUND', 'Template not found or does not belong to this sender'),
  templateNotApproved: (status: string) => coded(422, 'TEMPLATE_NOT_APPROVED', `Template is not approved. Current status: ${status}`),
  templateMismatch: (message: string) => coded(422, 'TEMPLATE_MISMATCH', message),
  sessionExpired: (sessionStatus: SessionStatus) =>
    coded(403, 'SESSION_EXPIRED', 'The 24-hour messaging window is closed. Customer must reply first, or use a template message.', {
      session_status: sessionStatus,
    }),
  voiceDisabled: () => coded(422, 'VOICE_DISABLED', 'Voice calling is not enabled on this sender.'),
  voiceTemplateNotFound: () => coded(422, 'TEMPLATE_NOT_FOUND', 'No approved Voice Call Request template was found for this sender.'),
  sessionClosed: () =>
    coded(
      422,
      'SESSION_CLOSED',
      'This contact has not messaged you in the last 24 hours. Send a regular template first and wait for their reply, then ask to call.',
    ),
  requestLimit: (message: string) => coded(422, 'REQUEST_LIMIT', message),
  regionNotSupported: (country: string | null) =>
    coded(422, 'REGION_NOT_SUPPORTED', `Business-initiated calls are not available for senders in ${country ?? 'this country'}.`),
  simulatorOnly: () => coded(422, 'SIMULATOR_ONLY', 'Simulation is only available for simulator senders.'),
  rateLimited: (message: string, retryAfterSeconds: number) => tooManyRequests(message, retryAfterSeconds, 'RATE_LIMIT_EXCEEDED'),
};

export const REQUEST_LIMIT_MESSAGES = {
  granted: 'This contact has already granted call permission.',
  daily: 'A call permission request was already sent to this contact in the last 24 hours.',
  weekly: 'The limit of 2 call permission requests per contact in 7 days has been reached.',
  platform: 'The messaging platform does not allow another call permission request to this contact yet.',
};

/** The platform's error, kept alongside our code so a caller can see exactly what it said. */
function platformDetail(error: PlatformError) {
  return { platform_error: { code: error.code, message: error.message, details: error.details } };
}

/**
 * A failed platform call on a send endpoint (reference §8.2): known codes get their own error code,
 * the rest SEND_FAILED with the platform's text. Throttles become 429 with Retry-After (the reply
 * job retries those, as it does a 5xx); a revoked token is SENDER_OFFLINE (with the endpoint's
 * offline status: 422 on /send, 503 on /send-freeform) because the sender is marked offline too.
 */
export function sendFailure(error: PlatformError, sessionStatusIfExpired?: () => SessionStatus, offlineStatus: 503 | 422 = 422): AppError {
  const extra = platformDetail(error);
  if (error.code === PLATFORM_CODES.reEngagement && sessionStatusIfExpired) {
    const expired = chatappErrors.sessionExpired(sessionStatusIfExpired());
    return new AppError(403, expired.message, { code: expired.code, extra: { ...expired.extra, ...extra } });
  }
  if (error.code !== null && (PLATFORM_CODES.templateParamMismatch as readonly number[]).includes(error.code)) {
    return new AppError(422, error.message, { code: 'TEMPLATE_MISMATCH', extra });
  }
  if (error.code === PLATFORM_CODES.templateMissing) return new AppError(422, error.message, { code: 'TEMPLATE_NOT_SYNCED', extra });
  const waitSeconds = error.code === null ? undefined : PLATFORM_CODES.throttled[error.code];
  if (waitSeconds !== undefined) {
    const limited = tooManyRequests(error.message, waitSeconds, 'RATE_LIMIT_EXCEEDED');
    return new AppError(429, limited.message, { code: limited.code, headers: limited.headers, extra });
  }
  if (error.code === PLATFORM_CODES.tokenInvalid) {
    const offline = chatappErrors.senderOffline(offlineStatus);
    return new AppError(offlineStatus, offline.message, { code: offline.code, extra });
  }
  return new AppError(error.kind === 'unavailable' ? 502 : 422, error.message, { code: 'SEND_FAILED', extra });
}

/** A failed platform call on Ask-to-call (spec section 7): everything that is not a cap or a region is SEND_FAILED. */
export function callPermissionFailure(error: PlatformError): AppError {
  const extra = platformDetail(error);
  if (error.code === PLATFORM_CODES.permissionRequestLimit)
    return new AppError(422, REQUEST_LIMIT_MESSAGES.platform, { code: 'REQUEST_LIMIT', extra });
  if (error.code === PLATFORM_CODES.permanentPermissionExists)
    return new AppError(422, REQUEST_LIMIT_MESSAGES.granted, { code: 'REQUEST_LIMIT', extra });
  if (error.code === PLATFORM_CODES.callingRegionUnavailable)
    return new AppError(422, error.message, { code: 'REGION_NOT_SUPPORTED', extra });
  return new AppError(422, error.message, { code: 'SEND_FAILED', extra });
}
