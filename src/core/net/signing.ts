import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 over "<unix seconds>.<raw body>". Signing the timestamp with the body lets a
 * receiver reject replays of an old request; signing the raw bytes (not re-serialised JSON)
 * lets any language verify it.
 */
export function signPayload(secret: string, timestampSeconds: number, body: string): string {
  const hex = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `sha256=${hex}`;
}

/** Constant-time check of a `sha256=<hex>` header, with a freshness window against replays. */
export function verifySignature(input: {
  secret: string;
  timestampSeconds: number;
  body: string;
  signature: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  if (Math.abs(input.nowSeconds - input.timestampSeconds) > (input.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signPayload(input.secret, input.timestampSeconds, input.body));
  const actual = Buffer.from(input.signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A signing secret with a recognisable prefix, like other providers' `whsec_` secrets. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
