import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer tokens look like `<id>|<secret>` (the reference product's style, so existing clients
 * recognise them). The id finds the row; the 256-bit secret is checked against its stored
 * SHA-256 with a constant-time comparison. The secret itself is never stored.
 */
export interface IssuedSecret {
  secret: string;
  hash: Buffer;
  prefix: string;
}

export function issueSecret(): IssuedSecret {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256(secret), prefix: secret.slice(0, 8) };
}

export function formatToken(id: number, secret: string): string {
  return `${id}|${secret}`;
}

export function parseToken(token: string): { id: number; secret: string } | null {
  const separator = token.indexOf('|');
  if (separator <= 0) return null;
  const idText = token.slice(0, separator);
  if (!/^\d{1,10}$/.test(idText)) return null;
  const id = Number(idText);
  const secret = token.slice(separator + 1);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647 || secret.length < 16 || secret.length > 256) return null;
  return { id, secret };
}

export function secretMatches(secret: string, storedHash: Buffer): boolean {
  const candidate = sha256(secret);
  return candidate.length === storedHash.length && timingSafeEqual(candidate, storedHash);
}

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
