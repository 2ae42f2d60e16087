import { createHmac, timingSafeEqual } from 'node:crypto';

export type TwilioParams = Record<string, string | string[]>;

/**
 * X-Twilio-Signature exactly as twilio-node computes it: the full URL Twilio requested, then each
 * form parameter as key + value with keys in JS default sort order (array values sorted and
 * deduplicated, each appended after the key), HMAC-SHA1 with the auth token, base64.
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams = {}): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key]!;
    if (Array.isArray(value)) for (const item of [...new Set(value)].sort()) data += key + item;
    else data += key + value;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * True when the header matches for the URL as given or with its default port added or removed,
 * the variants twilio-node accepts (proxies differ in whether the port reaches Twilio's URL).
 */
export function isValidTwilioSignature(authToken: string, header: string | undefined, url: string, params: TwilioParams = {}): boolean {
  if (!header) return false;
  const given = Buffer.from(header, 'utf8');
  return urlVariants(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params), 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

const DEFAULT_PORTS: Record<string, string> = { 'https:': '443', 'wss:': '443', 'http:': '80', 'ws:': '80' };

function urlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const port = DEFAULT_PORTS[parsed.protocol];
  if (!port) return [url];
  const authority = `${parsed.protocol}//${parsed.username ? `${parsed.username}:${parsed.password}@` : ''}`;
  const rest = `${parsed.pathname}${parsed.search}`;
  const withoutPort = `${authority}${parsed.hostname}${parsed.port && parsed.port !== port ? `:${parsed.port}` : ''}${rest}`;
  const withPort = `${authority}${parsed.hostname}:${parsed.port || port}${rest}`;
  return [...new Set([url, withoutPort, withPort])];
}
