import { lazyRequire } from '../../core/lazy-module.js';

// About 9 MB once loaded: a server that never sees a chatapp number does not pay it.
const libphonenumber = lazyRequire<typeof import('libphonenumber-js')>('libphonenumber-js');

export interface NormalizedPhone {
  /** E.164, e.g. +40711222333. */
  e164: string;
  /** ISO 3166 alpha-2; for a number the metadata cannot place (e.g. +1 555 test numbers) the main country of its calling code. */
  country: string | null;
}

// Digits with the separators people type; anything else (letters, extensions) is not a number.
const ACCEPTED = /^\+?[\d\s\-().]+$/;

/**
 * Normalises what callers send ("+40 711-222-333", "40711222333", "0040711222333") to E.164.
 * Numbers are always international: a missing + is added, never a default country guessed.
 * Possible (right length for its country) is the test, not "valid": the metadata's validity
 * ranges would refuse the platform's own test numbers (+1 555 ...).
 */
export function normalizePhone(input: string): NormalizedPhone | null {
  const cached = memo.get(input);
  if (cached !== undefined) return cached;
  const result = parse(input);
  // Parsing costs ~20 µs and hot paths (session status) see the same few numbers again and again.
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(input, result);
  return result;
}

const MEMO_LIMIT = 10_000;
const memo = new Map<string, NormalizedPhone | null>();

function parse(input: string): NormalizedPhone | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > 32 || !ACCEPTED.test(trimmed)) return null;
  const digits = trimmed.replace(/[^\d]/g, '');
  const international = trimmed.startsWith('+') ? digits : digits.replace(/^00/, '');
  if (international.length < 7 || international.length > 15) return null;
  const parsed = libphonenumber().parsePhoneNumberFromString(`+${international}`);
  if (!parsed?.isPossible()) return null;
  const country = parsed.country ?? parsed.getPossibleCountries()[0] ?? null;
  return { e164: parsed.number, country };
}

/** The platform's wa_id form: E.164 without the plus. */
export function toWaId(e164: string): string {
  return e164.replace(/^\+/, '');
}

/** The platform's `from` / `wa_id` (digits) back to E.164; null when it is not a number. */
export function fromWaId(waId: unknown): string | null {
  if (typeof waId !== 'string' && typeof waId !== 'number') return null;
  return normalizePhone(`+${String(waId)}`)?.e164 ?? null;
}

/**
 * The platform's user id (BSUID), e.g. `US.13491208655302741918` or the parent form
 * `US.ENT.11815799212886844830`: a country code, an optional scope, then digits.
 */
const PLATFORM_USER_ID = /^[A-Z]{2}(?:\.[A-Z]{2,8})?\.\d{6,40}$/;

export function isPlatformUserId(value: unknown): boolean {
  return typeof value === 'string' && PLATFORM_USER_ID.test(value);
}

/** Group traffic is kept under this key, which no phone number or user id can take. */
export const GROUP_KEY_PREFIX = 'group:';

/**
 * How a contact is keyed on a sender: E.164 when the customer shares a number, else the
 * platform's user id (customers who adopted a username may hide their number). What callers
 * pass as recipient_phone is read the same way. Null when it is neither.
 */
export function contactKeyOf(input: string): string | null {
  const trimmed = input.trim();
  if (isPlatformUserId(trimmed)) return trimmed;
  return normalizePhone(trimmed)?.e164 ?? null;
}

/** A contact key, or a group's key (`group:<group id>`): what can be read, not what can be sent to. */
export function conversationKeyOf(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.startsWith(GROUP_KEY_PREFIX) && trimmed.length > GROUP_KEY_PREFIX.length && trimmed.length <= 200) return trimmed;
  return contactKeyOf(trimmed);
}

/** Whether a contact key is a phone number (E.164), i.e. something to show as the customer's phone. */
export function isPhoneKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && key.startsWith('+');
}
