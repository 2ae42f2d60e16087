import { AppError } from '../../core/http/errors.js';
import { normalizePhone, type NormalizedPhone } from './phone-format.js';
import { UNPARSABLE_PHONE } from './phone-numbers.schemas.js';

/**
 * The reference answers phone-number errors with `error`; `message` is there for our clients,
 * like every other route's. Both carry the same words.
 */
export const phoneNumberError = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(status, message, { extra: { error: message, ...extra } });

export const phoneNotFound = () => phoneNumberError(404, 'Phone number not found.');

const ALREADY_RELEASED = 'Phone number is already scheduled for release.';
export const alreadyReleased = () => new AppError(400, ALREADY_RELEASED, { code: 'ALREADY_RELEASED', extra: { error: ALREADY_RELEASED } });

/** A number as people write it, in E.164 with its country; the reference's 422 otherwise. */
export function parsePhone(text: string): NormalizedPhone {
  const normalized = normalizePhone(text);
  if (!normalized)
    throw new AppError(422, UNPARSABLE_PHONE, { fieldErrors: { phone_number: [UNPARSABLE_PHONE] }, extra: { error: UNPARSABLE_PHONE } });
  return normalized;
}

/** ISO's "unknown region", for non-geographic numbers such as +800. */
export const UNKNOWN_COUNTRY = 'ZZ';
