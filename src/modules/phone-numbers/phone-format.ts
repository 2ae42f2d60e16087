import { lazyRequire } from '../../core/lazy-module.js';

// The full metadata is about 9 MB once loaded and only phone-number writes need it.
const libphonenumber = lazyRequire<typeof import('libphonenumber-js/max')>('libphonenumber-js/max');

export interface NormalizedPhone {
  /** E.164, e.g. +14155551234. */
  e164: string;
  /** ISO 3166-1 alpha-2 of the number's country, e.g. US; null for non-geographic numbers. */
  countryCode: string | null;
}

/**
 * Parses a phone number written the ways people write them (+1 415-555-1234, 0044..., a missing
 * plus) into E.164, using full metadata so that a number of the wrong length or an unassigned
 * prefix is refused, not just a malformed one.
 */
export function normalizePhone(text: string): NormalizedPhone | null {
  let compact = text.trim().replace(/[\s().-]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  else if (/^\d+$/.test(compact)) compact = `+${compact}`;
  if (!/^\+\d{6,15}$/.test(compact)) return null;
  const parsed = libphonenumber().parsePhoneNumberFromString(compact);
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, countryCode: parsed.country ?? null };
}

/**
 * An E.164 number as the reference shows search results: `+1 415-555-1234` in North America,
 * the international format elsewhere (`+44 20 7946 0958`); the number itself when unparsable.
 */
export function formatPhoneNumber(e164: string): string {
  const parsed = libphonenumber().parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  if (parsed.countryCallingCode === '1') {
    const national = parsed.nationalNumber;
    if (national.length === 10) return `+1 ${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  }
  return parsed.formatInternational();
}
