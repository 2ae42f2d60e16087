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
};

type IPv6 = ipaddr.IPv6;
type IPv4 = ipaddr.IPv4;

interface EmbeddingForm {
  description: string;
  matches(words: number[]): boolean;
  /** The IPv4 address a packet to this IPv6 address is translated or tunnelled to. */
  embedded(bytes: number[]): number[];
}

const last32 = (bytes: number[]) => bytes.slice(12, 16);

/**
 * IPv6 forms that carry an IPv4 address. All are transition mechanisms a user's webhook never
 * needs, so each is refused whatever it embeds; the embedded address is still decoded so the
 * refusal names what the address would really reach (`::127.0.0.1` is loopback in disguise).
 */
const EMBEDDING_FORMS: EmbeddingForm[] = [
  {
    // RFC 4291 2.5.5.1, deprecated; some stacks still route ::a.b.c.d to a.b.c.d.
    description: 'an IPv4-compatible address',
    matches: (w) => w.slice(0, 6).every((x) => x === 0),
    embedded: last32,
  },
  {
    description: 'an SIIT address', // ::ffff:0:a.b.c.d (RFC 6145)
    matches: (w) => w.slice(0, 4).every((x) => x === 0) && w[4] === 0xffff && w[5] === 0,
    embedded: last32,
  },
  {
    description: 'a NAT64 address', // 64:ff9b::/96 (RFC 6052)
    matches: (w) => w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0),
    embedded: last32,
  },
  {
    // 64:ff9b:1::/48 (RFC 8215): the operator picks the prefix length, so where the IPv4 sits is
    // unknown; the /96 position is decoded for the message, and the form is refused regardless.
    description: 'a local-use NAT64 address',
    matches: (w) => w[0] === 0x64 && w[1] === 0xff9b && w[2] === 1,
    embedded: last32,
  },
  {
    description: 'a 6to4 address', // 2002:AABB:CCDD::/48 (RFC 3056)
    matches: (w) => w[0] === 0x2002,
    embedded: (b) => b.slice(2, 6),
  },
  {
    // 2001:0:SERVER:flags:port:CLIENT (RFC 4380): the client address is stored inverted.
    description: 'a Teredo address',
    matches: (w) => w[0] === 0x2001 && w[1] === 0,
    embedded: (b) => b.slice(12, 16).map((x) => x ^ 0xff),
  },
];

/** Why an address must not be reached, or null when it may be. Unparseable input is refused. */
export function forbiddenAddressReason(address: string): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return 'not a valid IP address';
  return parsed.kind() === 'ipv4' ? ipv4Reason(parsed as IPv4) : ipv6Reason(parsed as IPv6);
}

function ipv4Reason(address: IPv4): string | null {
  if (METADATA_ADDRESSES.has(address.toString())) return 'the cloud metadata service';
  const range = address.range();
  if (range === 'unicast') return null;
  return RANGE_DESCRIPTIONS[range] ?? `a special-purpose (${range}) address`;
}

function ipv6Reason(address: IPv6): string | null {
  // ::ffff:a.b.c.d is how dual-stack sockets spell IPv4 itself: judged exactly as that IPv4.
  if (address.isIPv4MappedAddress()) return ipv4Reason(address.toIPv4Address());
  if (METADATA_ADDRESSES.has(address.toString())) return 'the cloud metadata service';
  const range = address.range();
  // :: and ::1 sit inside the IPv4-compatible block but are their own, better-known thing.
  if (range === 'unspecified' || range === 'loopback') return RANGE_DESCRIPTIONS[range]!;
  const form = EMBEDDING_FORMS.find((f) => f.matches(address.parts));
  if (form) {
    const embedded = new ipaddr.IPv4(form.embedded(address.toByteArray()));
    const inner = ipv4Reason(embedded);
    return inner ? `${form.description} embedding ${embedded.toString()} (${inner})` : form.description;
  }
  if (range === 'unicast') return null;
  return RANGE_DESCRIPTIONS[range] ?? `a special-purpose (${range}) address`;
}

/**
 * IPv4 in any spelling ipaddr.js accepts (decimal, octal, hex, short forms), IPv6 after the URL
 * standard's canonicalisation: ipaddr.js reads `::1.2.3.4` as `::ffff:1.2.3.4`, which would judge a
 * compatible address as the IPv4 it embeds, while the socket would see something else.
 */
function parseAddress(address: string): IPv4 | IPv6 | null {
  if (ipaddr.IPv4.isValid(address)) return ipaddr.IPv4.parse(address);
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return null;
  let canonical: string;
  try {
    canonical = unbracketHost(new URL(`http://[${address}]/`).hostname);
  } catch {
    return null;
  }
  return ipaddr.IPv6.parse(canonical);
}

/** Strips the brackets URL.hostname keeps around IPv6 literals. */
export function unbracketHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
