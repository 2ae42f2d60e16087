import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { withoutUnstorableText } from '../../../core/http/input-guard.js';

/**
 * X-Hub-Signature-256: `sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`.
 * Computed over the exact bytes received, before any parsing, and compared in constant time.
 */
export function isValidPlatformSignature(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** Constant-time equality of two secrets of any length (hashing first equalises the lengths). */
export function secretsEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

const MAX_DEPTH = 32;

/**
 * Makes a parsed payload storable as jsonb: PostgreSQL refuses the NUL character and lone UTF-16
 * surrogates (JSON escapes can spell both) in text, so they are dropped, and
 * nesting deeper than any real payload is refused here rather than by the database. Returns
 * undefined for input that cannot be a platform payload.
 */
export function storableJson(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (typeof value === 'string') return withoutUnstorableText(value);
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const clean = storableJson(item, depth + 1);
      if (clean === undefined) return undefined;
      items.push(clean);
    }
    return items;
  }
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const clean = storableJson(item, depth + 1);
      if (clean === undefined) return undefined;
      // defineProperty: a "__proto__" key stays data instead of replacing the prototype.
      Object.defineProperty(result, withoutUnstorableText(key), { value: clean, enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  return value;
}
