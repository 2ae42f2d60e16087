/**
 * Turns whatever a failed call gave back into words a person can read. The API answers errors in
 * four shapes (validation, coded, conversation, plain); a network failure throws instead.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Field name -> first message, for validation errors shown next to their field. */
    readonly fieldErrors: Record<string, string> = {},
    /** The error body as the API sent it (its `error_code`, a provider's own words), for pages that explain it further. */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const CONNECTION_LOST = 'The server could not be reached. Check the connection, then try again.';

export function apiErrorFrom(body: unknown, status: number): ApiError {
  const fallback = status >= 500 ? 'The server had a problem. Try again in a moment.' : `The request failed (HTTP ${status}).`;
  if (!body || typeof body !== 'object') return new ApiError(typeof body === 'string' && body.trim() ? body.trim() : fallback, status);
  const record = body as Record<string, unknown>;
  const text = [record.message, record.error].find((value): value is string => typeof value === 'string' && value.length > 0);
  const fieldErrors: Record<string, string> = {};
  if (record.errors && typeof record.errors === 'object') {
    for (const [field, messages] of Object.entries(record.errors as Record<string, unknown>)) {
      const first = Array.isArray(messages)
        ? messages.find((m) => typeof m === 'string')
        : typeof messages === 'string'
          ? messages
          : undefined;
      if (first) fieldErrors[field] = first;
    }
  }
  return new ApiError(text ?? Object.values(fieldErrors)[0] ?? fallback, status, fieldErrors, record);
}

/** The coded shape's `error_code` (SENDER_NOT_FOUND, PLATFORM_REJECTED, ...), when the error has one. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = error instanceof ApiError ? error.body.error_code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A message for any error a query or mutation can end with. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return CONNECTION_LOST;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}
