import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { forbiddenAddressReason } from '../../core/net/index.js';
import type { IpRange } from './carrier.port.js';

/**
 * The SIP side of a trunk, checked strictly before anything reaches the carrier: the address
 * Twilio dials, the ranges the business's carrier calls from, and the credentials Twilio will
 * challenge it for. Each check answers a canonical value or the field's message.
 */

export type Checked<T> = { ok: T } | { error: string };

/** Twilio sends SIP URIs of up to 255 characters; the number dialled and `sip:` take the rest. */
const MAX_ADDRESS_LENGTH = 200;
/** An IP access control list holds at most 100 entries (Twilio's limit). */
export const MAX_INBOUND_RANGES = 100;
/** A wider range would let a large part of the internet call on the trunk. */
const MIN_PREFIX_LENGTH = 8;
const TRANSPORTS = new Set(['udp', 'tcp', 'tls']);
/** Names that never leave the network they are used in. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.localdomain'];
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export interface AddressPolicy {
  /** ALLOW_PRIVATE_SIP_ADDRESSES: private, loopback and link-local targets are allowed. */
  allowPrivate: boolean;
}

/**
 * A SIP address as a carrier writes it: `host`, `host:port`, optionally `sip:` in front and
 * `;transport=udp|tcp|tls` after; the host a DNS name, an IPv4 address or a bracketed IPv6 one.
 * Canonical: `host[:port][;transport=x]`, the host in lower case, without `sip:`.
 */
export function parseSipAddress(text: string, attribute: string, policy: AddressPolicy): Checked<string> {
  const invalid = { error: `The ${attribute} must be a SIP address such as sip.carrier.example:5060 or sip:203.0.113.10.` };
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_ADDRESS_LENGTH) return invalid;
  if (/^sips:/i.test(trimmed)) return { error: `The ${attribute} must use sip:, not sips: (for TLS add ;transport=tls).` };
  const rest = trimmed.replace(/^sip:/i, '');
  if (rest.includes('@')) return { error: `The ${attribute} must not contain a user part: the number dialled is put there.` };
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:;[\]]+)(?::(\d{1,5}))?(?:;transport=([a-zA-Z]+))?$/.exec(rest);
  if (!match) return invalid;
  const [, rawHost, port, transport] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535 || /^0/.test(port))) {
    return { error: `The ${attribute} must have a port between 1 and 65535.` };
  }
  if (transport !== undefined && !TRANSPORTS.has(transport.toLowerCase())) {
    return { error: `The ${attribute} transport must be udp, tcp or tls.` };
  }
  const host = hostOf(rawHost!.toLowerCase());
  if (!host) return invalid;
  const refused = refusedHost(host, policy);
  if (refused) return { error: `The ${attribute} must not be ${refused}.` };
  return { ok: `${host.text}${port ? `:${port}` : ''}${transport ? `;transport=${transport.toLowerCase()}` : ''}` };
}

type Host = { kind: 'ip'; address: string; text: string } | { kind: 'name'; text: string };

function hostOf(raw: string): Host | null {
  if (raw.startsWith('[')) {
    const inner = raw.slice(1, -1);
    return isIP(inner) === 6 ? { kind: 'ip', address: inner, text: `[${ipaddr.parse(inner).toString()}]` } : null;
  }
  if (isIP(raw) === 4) return { kind: 'ip', address: raw, text: raw };
  if (raw.length > 253 || raw.endsWith('.')) return null;
  const labels = raw.split('.');
  // A name with one label resolves through a local search path; an all-digit last label is a mistyped address.
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) return null;
  return { kind: 'name', text: raw };
}

function refusedHost(host: Host, policy: AddressPolicy): string | null {
  if (host.kind === 'name') {
    if (host.text === 'sip.twilio.com' || host.text.endsWith('.twilio.com'))
      return 'a Twilio address (Twilio does not call its own SIP domains)';
    if (policy.allowPrivate) return null;
    const local = host.text === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.text.endsWith(suffix));
    return local ? 'a local host name' : null;
  }
  return policy.allowPrivate ? null : refusedAddress(host.address);
}

/** The documentation ranges (RFC 5737, RFC 3849) route nowhere, so they reach nothing: examples use them. */
const DOCUMENTATION = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'].map((cidr) => ipaddr.parseCIDR(cidr));

/** Why an address may not be a trunk's (the SSRF guard's reasons), or null. */
function refusedAddress(address: string): string | null {
  const parsed = ipaddr.parse(address);
  if (DOCUMENTATION.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return null;
  return forbiddenAddressReason(address);
}

/**
 * The ranges a carrier calls from: IPv4 addresses and CIDR ranges written as their first address
 * (`203.0.113.0/24`, not `203.0.113.9/24`). Twilio's SIP access control lists take IPv4 only.
 * Errors are keyed by position, as the validation shape names list items (`allowed_inbound_ips.1`).
 */
export function parseIpRanges(list: string[], policy: AddressPolicy): { ranges: IpRange[]; errors: Record<string, string[]> } {
  const ranges: IpRange[] = [];
  const errors: Record<string, string[]> = {};
  list.forEach((text, index) => {
    const attribute = `allowed inbound ips.${index}`;
    const checked = parseIpRange(text.trim(), attribute, policy);
    if ('error' in checked) errors[`allowed_inbound_ips.${index}`] = [checked.error];
    else if (!ranges.some((r) => r.address === checked.ok.address && r.prefixLength === checked.ok.prefixLength)) ranges.push(checked.ok);
  });
  return { ranges, errors };
}

function parseIpRange(text: string, attribute: string, policy: AddressPolicy): Checked<IpRange> {
  const [address = '', prefix, extra] = text.split('/');
  const invalid = { error: `The ${attribute} must be an IPv4 address or CIDR range, such as 203.0.113.10 or 203.0.113.0/24.` };
  if (extra !== undefined) return invalid;
  const version = isIP(address);
  if (version === 6) return { error: `The ${attribute} must be an IPv4 address: Twilio's SIP access control lists take IPv4 only.` };
  if (version !== 4) return invalid;
  let prefixLength = 32;
  if (prefix !== undefined) {
    if (!/^\d{1,2}$/.test(prefix) || Number(prefix) > 32) return invalid;
    prefixLength = Number(prefix);
  }
  if (prefixLength < MIN_PREFIX_LENGTH) return { error: `The ${attribute} must be a range of /${MIN_PREFIX_LENGTH} or narrower.` };
  const network = ipaddr.IPv4.networkAddressFromCIDR(`${address}/${prefixLength}`).toString();
  if (network !== address) return { error: `The ${attribute} must start at its network address (${network}/${prefixLength}).` };
  if (!policy.allowPrivate) {
    const reason = refusedAddress(address);
    if (reason) return { error: `The ${attribute} must not be ${reason}: Twilio sees the carrier's public address.` };
  }
  return { ok: { address, prefixLength } };
}

/** The canonical way a range is written back: `203.0.113.10` for one address, else `203.0.113.0/24`. */
export const formatIpRange = (range: IpRange) => (range.prefixLength === 32 ? range.address : `${range.address}/${range.prefixLength}`);

/**
 * Twilio's rule for the password of a SIP credential, which the carrier answers Twilio's
 * challenge with: at least 12 characters, a digit, an upper-case and a lower-case letter.
 */
export function credentialPasswordProblem(password: string): string | null {
  if (password.length >= 12 && /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password)) return null;
  return 'The sip password must have at least 12 characters, with a digit, an upper-case and a lower-case letter (Twilio checks the carrier with it).';
}

/** Twilio takes credential usernames of up to 32 characters. */
export const MAX_CREDENTIAL_USERNAME = 32;
