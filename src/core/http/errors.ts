/**
 * The four wire shapes of spec section 7, plus the reference's `{"error": "..."}` spoken by
 * knowledge bases and phone numbers. A route family declares its shape in its route config;
 * services never pick a shape, they only throw AppError.
 */
export type ErrorShape = 'validation' | 'coded' | 'conversation' | 'plain' | 'error';

export type FieldErrors = Record<string, string[]>;

export interface AppErrorOptions {
  /** Machine-readable code for the coded shape, e.g. SENDER_NOT_FOUND. */
  code?: string;
  fieldErrors?: FieldErrors;
  /** Extra top-level body fields, e.g. session_status on SESSION_EXPIRED. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The one typed error of the service: a status, a human message and optional detail. */
export class AppError extends Error {
  readonly code?: string;
  readonly fieldErrors?: FieldErrors;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const unauthenticated = () => new AppError(401, 'Unauthenticated.');

export const notFound = (message: string, code?: string) => new AppError(404, message, { code });

/** A 422 naming every failing field; the message defaults to the first field's first message. */
export function validationFailed(fieldErrors: FieldErrors, message?: string): AppError {
  return new AppError(422, message ?? summarizeFieldErrors(fieldErrors), {
    code: 'VALIDATION_ERROR',
    fieldErrors,
  });
}

export function tooManyRequests(message: string, retryAfterSeconds: number, code?: string): AppError {
  return new AppError(429, message, {
    code,
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/** Laravel's summary: the first message, and how many more there are. */
export function summarizeFieldErrors(fieldErrors: FieldErrors): string {
  const all = Object.values(fieldErrors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  if (more <= 0) return first;
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
}

/** Renders an error in the shape its route family speaks. */
export function renderError(error: AppError, shape: ErrorShape): Record<string, unknown> {
  const errors = error.fieldErrors ? { errors: error.fieldErrors } : {};
  switch (shape) {
    case 'coded':
      return { success: false, error: error.message, error_code: error.code ?? 'ERROR', ...errors, ...error.extra };
    case 'conversation':
      // Field validation on conversation routes still speaks the validation shape (spec 7).
      if (error.fieldErrors) return { message: error.message, ...errors, ...error.extra };
      return { status: false, error: error.message, ...error.extra };
    case 'error':
      // Field validation still speaks the validation shape, as the reference shows for these routes.
      if (error.fieldErrors) return { message: error.message, ...errors, ...error.extra };
      return { error: error.message, ...error.extra };
    case 'validation':
    case 'plain':
      return { message: error.message, ...errors, ...error.extra };
  }
}
