import ipaddr from 'ipaddr.js';

/**
 * Decides which IP addresses a user-supplied URL may reach. Only globally routable unicast is
 * allowed: everything else (loopback, RFC 1918, link-local with the cloud metadata service at
 * 169.254.169.254, unique-local IPv6, CGNAT, multicast, reserved, and IPv6 forms that embed an
 * IPv4 address such as 6to4 or NAT64) could reach our own network.
 */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

const RANGE_DESCRIPTIONS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
  reserved: 'a reserved address',
  rfc6052: 'a NAT64 address',
  rfc6145: 'an SIIT address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

/** Why an address must not be reached, or null when it may be. Unparseable input is refused. */
export function forbiddenAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not a valid IP address';
  // ipaddr.process turns ::ffff:10.0.0.1 into 10.0.0.1, so a mapped address is judged as IPv4.
  const parsed = ipaddr.process(address);
  const normalized = parsed.toString();
  if (METADATA_ADDRESSES.has(normalized)) return 'the cloud metadata service';
  const range = parsed.range();
  if (range === 'unicast') return null;
  return RANGE_DESCRIPTIONS[range] ?? `a special-purpose (${range}) address`;
}

/** Strips the brackets URL.hostname keeps around IPv6 literals. */
export function unbracketHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
