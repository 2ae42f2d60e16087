import { AppError, tooManyRequests } from '../../../../core/http/errors.js';
import { chatappErrors, PLATFORM_CODES, type PlatformError } from '../../../chatapp/voice-calls.port.js';

/** Reference "Place a WhatsApp call": every refusal in the coded shape. */
const coded = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  new AppError(status, message, { code, extra });

export const NO_PERMISSION_MESSAGE =
  'This contact has not granted permission to receive WhatsApp calls. Send a call permission request first.';
export const PER_CONTACT_ATTEMPTS = 3;
export const PER_CONTACT_WINDOW_MS = 5 * 60_000;
export const CALLS_IN_PROGRESS_PER_SENDER = 5;

export const chatappCallErrors = {
  ...chatappErrors,
  insufficientBalance: () => coded(402, 'INSUFFICIENT_BALANCE', 'Insufficient balance. Please top up your account.'),
  assistantBlocked: () => coded(403, 'ASSISTANT_BLOCKED', 'The assistant of this sender is not active, so it cannot take calls.'),
  noPermission: () => coded(422, 'NO_PERMISSION', NO_PERMISSION_MESSAGE),
  noAssistant: () => coded(422, 'NO_ASSISTANT', 'No assistant is assigned to this sender. Assign one (assistant_id) to place calls.'),
  featureDisabled: () => coded(422, 'FEATURE_DISABLED', 'Voice calls are not available for this sender: they need a cloud_api sender.'),
  concurrentLimit: () =>
    coded(
      429,
      'CONCURRENT_LIMIT',
      `This sender already has ${CALLS_IN_PROGRESS_PER_SENDER} calls in progress. Try again when one has ended.`,
    ),
  contactRateLimit: (retryAfterSeconds: number) => {
    const limited = tooManyRequests(
      `Too many call attempts to this contact. The limit is ${PER_CONTACT_ATTEMPTS} per 5 minutes.`,
      retryAfterSeconds,
    );
    return new AppError(429, limited.message, { code: 'CONTACT_RATE_LIMIT', headers: limited.headers });
  },
  userRateLimit: (retryAfterSeconds: number) =>
    chatappErrors.rateLimited('Too many call requests. Limits: 5 per minute, 15 per hour, 30 per day.', retryAfterSeconds),
};

/**
 * The platform refused `connect`: its own codes become ours where they mean the same (no
 * permission, region, calling off, a revoked token, its call limits); anything else is
 * CALL_FAILED with the platform's words. The platform's error is always shown beside ours.
 */
export function callPlacementFailure(error: PlatformError, country: string | null): AppError {
  const extra = { platform_error: { code: error.code, message: error.message, details: error.details } };
  const withPlatform = (known: AppError) =>
    new AppError(known.statusCode, known.message, { code: known.code, headers: known.headers, extra });
  switch (error.code) {
    case PLATFORM_CODES.noCallPermission:
      return withPlatform(chatappCallErrors.noPermission());
    case PLATFORM_CODES.callingRegionUnavailable:
      return withPlatform(chatappErrors.regionNotSupported(country));
    case PLATFORM_CODES.callingNotEnabled:
      return withPlatform(chatappErrors.voiceDisabled());
    case PLATFORM_CODES.tokenInvalid:
      return withPlatform(chatappErrors.senderOffline(422));
    case PLATFORM_CODES.concurrentCalls:
      return withPlatform(chatappCallErrors.concurrentLimit());
    case PLATFORM_CODES.callRateLimit:
    case PLATFORM_CODES.businessCallLimit:
      return withPlatform(chatappCallErrors.contactRateLimit(60));
    default:
      return new AppError(error.kind === 'unavailable' ? 502 : 422, `The call could not be placed: ${error.message}`, {
        code: 'CALL_FAILED',
        extra,
      });
  }
}
