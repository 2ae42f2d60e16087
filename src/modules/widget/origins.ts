/**
 * Whether a browser's Origin header is one of an assistant's allowed origins. Entries are
 * `scheme://host[:port]` (lower-case, no path) or `scheme://*.domain[:port]`, where the wildcard
 * stands for one or more labels in front of the domain but not the bare domain itself. An empty
 * list allows every origin; that is the documented, unsafe-for-production default.
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const parsed = parseOrigin(origin);
  if (!parsed) return false;
  return allowed.some((entry) => entryMatches(entry, parsed));
}

interface ParsedOrigin {
  scheme: string;
  host: string;
  port: string;
}

function parseOrigin(origin: string): ParsedOrigin | null {
  // Browsers send `null` from sandboxed frames and file:// pages; it names no site.
  const match = /^(https?):\/\/([^/:?#]+)(?::(\d{1,5}))?$/i.exec(origin.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  return { scheme, host: match[2]!.toLowerCase(), port: withoutDefaultPort(scheme, match[3]) };
}

/** Browsers leave the scheme's default port out of Origin, so `:443` on https means no port. */
function withoutDefaultPort(scheme: string, port: string | undefined): string {
  if (!port || (scheme === 'https' && port === '443') || (scheme === 'http' && port === '80')) return '';
  return port;
}

function entryMatches(entry: string, origin: ParsedOrigin): boolean {
  const parsed = /^(https?):\/\/(\*\.)?([^/:]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!parsed) return false;
  const [, scheme, wildcard, host, port] = parsed;
  if (scheme !== origin.scheme || withoutDefaultPort(scheme!, port) !== origin.port) return false;
  return wildcard ? origin.host.endsWith(`.${host}`) : origin.host === host;
}
