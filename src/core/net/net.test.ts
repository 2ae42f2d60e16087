import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import {
  createHttpClient,
  forbiddenAddressReason,
  OutboundError,
  signPayload,
  verifySignature,
  type HttpClient,
  type Resolver,
} from './index.js';

let sink: WebhookSink;
const clients: HttpClient[] = [];
beforeAll(async () => {
  sink = await startWebhookSink();
});
beforeEach(() => {
  sink.requests.length = 0;
  sink.respondWith(() => ({ status: 200, body: 'ok' }));
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await sink.close();
});

/** Test names resolve here instead of DNS; anything else is unknown. */
const hosts: Record<string, string[]> = {
  'internal.example': ['10.1.2.3'],
  'mixed.example': ['93.184.215.14', '192.168.0.10'],
  'metadata.example': ['169.254.169.254'],
  'sink.example': ['127.0.0.1'],
  'compat.example': ['2606:4700:4700::1111', '::7f00:1'],
  'nat64.example': ['64:ff9b::a00:1'],
};
const resolver: Resolver = async (hostname) => {
  const addresses = hosts[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const client = (options: Partial<Parameters<typeof createHttpClient>[0]> = {}) => {
  const created = createHttpClient({ allowPrivateUrls: false, resolve: resolver, ...options });
  clients.push(created);
  return created;
};
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; refused: boolean }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OutboundError)) throw new Error(`expected an OutboundError, got ${String(error)}`);
  return { code: error.code, message: error.message, refused: error.refused };
}

describe('forbiddenAddressReason', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['10.0.0.7', 'a private address'],
    ['172.16.5.4', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'the cloud metadata service'],
    ['169.254.10.10', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['::1', 'a loopback address'],
    ['fe80::1', 'a link-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['fd00:ec2::254', 'the cloud metadata service'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['not-an-ip', 'not a valid IP address'],
    ['fe80::1%eth0', 'not a valid IP address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  const loopback = 'embedding 127.0.0.1 (a loopback address)';
  const tenNet = 'embedding 10.0.0.1 (a private address)';
  const metadata = 'embedding 169.254.169.254 (the cloud metadata service)';
  it.each([
    // IPv4-compatible ::a.b.c.d, every spelling of the same 16 bytes.
    ['::127.0.0.1', `an IPv4-compatible address ${loopback}`],
    ['::7f00:1', `an IPv4-compatible address ${loopback}`],
    ['0:0:0:0:0:0:127.0.0.1', `an IPv4-compatible address ${loopback}`],
    ['0000:0000:0000:0000:0000:0000:7F00:0001', `an IPv4-compatible address ${loopback}`],
    ['::0:7f00:1', `an IPv4-compatible address ${loopback}`],
    ['::10.0.0.1', `an IPv4-compatible address ${tenNet}`],
    ['::a9fe:a9fe', `an IPv4-compatible address ${metadata}`],
    ['::192.168.1.1', 'an IPv4-compatible address embedding 192.168.1.1 (a private address)'],
    // IPv4-mapped: judged as the IPv4 itself.
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['0:0:0:0:0:ffff:7f00:0001', 'a loopback address'],
    ['::FFFF:10.0.0.1', 'a private address'],
    ['::ffff:a9fe:a9fe', 'the cloud metadata service'],
    ['::ffff:100.64.0.1', 'a carrier-grade NAT address'],
    // SIIT ::ffff:0:a.b.c.d.
    ['::ffff:0:127.0.0.1', `an SIIT address ${loopback}`],
    ['::ffff:0:a00:1', `an SIIT address ${tenNet}`],
    // NAT64, well-known and local-use prefixes.
    ['64:ff9b::127.0.0.1', `a NAT64 address ${loopback}`],
    ['64:ff9b::7f00:1', `a NAT64 address ${loopback}`],
    ['64:ff9b:0:0:0:0:a00:1', `a NAT64 address ${tenNet}`],
    ['64:ff9b::169.254.169.254', `a NAT64 address ${metadata}`],
    ['64:ff9b:1::7f00:1', `a local-use NAT64 address ${loopback}`],
    ['64:ff9b:1:ffff::a00:1', `a local-use NAT64 address ${tenNet}`],
    // 6to4: bits 16-47.
    ['2002:7f00:1::', `a 6to4 address ${loopback}`],
    ['2002:7f00:0001:0000:0000:0000:0000:0001', `a 6to4 address ${loopback}`],
    ['2002:a00:1::', `a 6to4 address ${tenNet}`],
    ['2002:a9fe:a9fe:1::1', `a 6to4 address ${metadata}`],
    // Teredo: the client address is the last 32 bits inverted.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', `a Teredo address ${loopback}`],
    ['2001::80ff:fffe', `a Teredo address ${loopback}`],
    ['2001:0000:4136:e378:8000:63bf:f5ff:fffe', `a Teredo address ${tenNet}`],
    ['2001:0:4136:e378:8000:63bf:5601:5601', `a Teredo address ${metadata}`],
  ])('refuses the IPv4-embedding IPv6 address %s as %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  // Transition forms are refused even around a public IPv4: no user URL needs them.
  it.each([
    ['::8.8.8.8', 'an IPv4-compatible address'],
    ['::ffff:0:808:808', 'an SIIT address'],
    ['64:ff9b::808:808', 'a NAT64 address'],
    ['64:ff9b:1::808:808', 'a local-use NAT64 address'],
    ['2002:808:808::1', 'a 6to4 address'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'a Teredo address'],
  ])('refuses %s as %s even though it embeds a public address', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001:82b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(forbiddenAddressReason(address)).toBeNull();
    },
  );
});

describe('the guarded client', () => {
  it.each([
    [() => sink.url, '127.0.0.1 is a loopback address; requests to private networks are refused.'],
    [() => `http://[::1]:${sink.port}/`, '::1 is a loopback address; requests to private networks are refused.'],
    [() => 'http://10.0.0.1/hook', '10.0.0.1 is a private address; requests to private networks are refused.'],
    [
      () => 'http://169.254.169.254/latest/meta-data/',
      '169.254.169.254 is the cloud metadata service; requests to private networks are refused.',
    ],
    [() => 'http://2130706433/', '127.0.0.1 is a loopback address; requests to private networks are refused.'],
    [
      () => `http://[::127.0.0.1]:${sink.port}/`,
      '::7f00:1 is an IPv4-compatible address embedding 127.0.0.1 (a loopback address); requests to private networks are refused.',
    ],
    [
      () => `http://[0:0:0:0:0:0:7f00:1]:${sink.port}/`,
      '::7f00:1 is an IPv4-compatible address embedding 127.0.0.1 (a loopback address); requests to private networks are refused.',
    ],
    [() => `http://[::ffff:127.0.0.1]:${sink.port}/`, '::ffff:7f00:1 is a loopback address; requests to private networks are refused.'],
    [
      () => 'http://[64:ff9b::169.254.169.254]/latest/meta-data/',
      '64:ff9b::a9fe:a9fe is a NAT64 address embedding 169.254.169.254 (the cloud metadata service); requests to private networks are refused.',
    ],
    [
      () => 'http://[2002:a00:1::1]/',
      '2002:a00:1::1 is a 6to4 address embedding 10.0.0.1 (a private address); requests to private networks are refused.',
    ],
    [
      () => 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
      '2001:0:4136:e378:8000:63bf:80ff:fffe is a Teredo address embedding 127.0.0.1 (a loopback address); requests to private networks are refused.',
    ],
    [
      () => `http://internal.example:${sink.port}/`,
      'internal.example resolves to 10.1.2.3, which is a private address; requests to private networks are refused.',
    ],
    [
      () => 'https://mixed.example/',
      'mixed.example resolves to 192.168.0.10, which is a private address; requests to private networks are refused.',
    ],
    [
      () => 'http://metadata.example/',
      'metadata.example resolves to 169.254.169.254, which is the cloud metadata service; requests to private networks are refused.',
    ],
    [
      () => 'http://compat.example/',
      'compat.example resolves to ::7f00:1, which is an IPv4-compatible address embedding 127.0.0.1 (a loopback address); requests to private networks are refused.',
    ],
    [
      () => 'http://nat64.example/',
      'nat64.example resolves to 64:ff9b::a00:1, which is a NAT64 address embedding 10.0.0.1 (a private address); requests to private networks are refused.',
    ],
  ])('refuses %s before sending anything', async (url, message) => {
    expect(await refusal(client().request(url()))).toEqual({ code: 'FORBIDDEN_ADDRESS', message, refused: true });
    expect(sink.requests).toHaveLength(0);
  });

  it('refuses a name that resolves to loopback through the system resolver (localhost)', async () => {
    const system = client({ resolve: undefined });
    const result = await refusal(system.request(`http://localhost:${sink.port}/`));
    expect(result).toMatchObject({ code: 'FORBIDDEN_ADDRESS', refused: true });
    expect(result.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/);
    expect(sink.requests).toHaveLength(0);
  });

  it('refuses other schemes and malformed URLs', async () => {
    expect(await refusal(client().request('ftp://example.com/file'))).toEqual({
      code: 'INVALID_URL',
      message: 'Only http and https URLs can be called (got ftp:).',
      refused: true,
    });
    expect(await refusal(client().request('file:///etc/passwd'))).toMatchObject({ code: 'INVALID_URL' });
    expect(await refusal(client().request('not a url'))).toEqual({
      code: 'INVALID_URL',
      message: '"not a url" is not a valid URL.',
      refused: true,
    });
  });

  it('reports an unknown host as a DNS failure, which is not a refusal', async () => {
    expect(await refusal(client().request('http://nowhere.example/'))).toEqual({
      code: 'DNS_FAILED',
      message: 'The host name could not be resolved (ENOTFOUND).',
      refused: false,
    });
  });

  it('connects to the address it checked: one lookup per connection, none for the request itself', async () => {
    let lookups = 0;
    const counting: Resolver = async (hostname) => {
      lookups++;
      return resolver(hostname);
    };
    // Treat 127.0.0.1 as public here: the sink stands in for a public receiver.
    const pinned = client({ resolve: counting, addressPolicy: (a) => (a === '127.0.0.1' ? null : forbiddenAddressReason(a)) });
    const response = await pinned.request(`http://sink.example:${sink.port}/hook`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(200);
    expect(lookups).toBe(1);
    expect(sink.requests.map((r) => [r.method, r.path, r.headers.host])).toEqual([['POST', '/hook', `sink.example:${sink.port}`]]);
  });

  describe('redirects', () => {
    const publicSink = () => client({ addressPolicy: (a) => (a === '127.0.0.1' ? null : forbiddenAddressReason(a)) });

    it('are returned as they are unless the caller opts in', async () => {
      sink.respondWith(() => ({ status: 302, headers: { location: '/elsewhere' } }));
      const response = await publicSink().request(`${sink.url}/start`);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/elsewhere');
      expect(sink.requests).toHaveLength(1);
    });

    it.each([
      ['http://10.0.0.1/internal', 'FORBIDDEN_ADDRESS'],
      ['http://internal.example/', 'FORBIDDEN_ADDRESS'],
      ['http://[::1]:9/', 'FORBIDDEN_ADDRESS'],
      ['http://[::127.0.0.1]:9/', 'FORBIDDEN_ADDRESS'],
      ['http://169.254.169.254/latest/meta-data/', 'FORBIDDEN_ADDRESS'],
      ['gopher://example.com/', 'INVALID_URL'],
    ])('re-check every hop: a redirect to %s is refused', async (location, code) => {
      sink.respondWith(() => ({ status: 302, headers: { location } }));
      expect(await refusal(publicSink().request(`${sink.url}/start`, { maxRedirects: 5 }))).toMatchObject({ code, refused: true });
      expect(sink.requests).toHaveLength(1);
    });

    it('are followed to an allowed address when opted in, a 303 turning the POST into a GET', async () => {
      sink.respondWith((request) =>
        request.path === '/start' ? { status: 303, headers: { location: '/final' } } : { status: 200, body: 'final' },
      );
      const response = await publicSink().request(`${sink.url}/start`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
        maxRedirects: 2,
      });
      expect([response.status, response.body.toString(), response.url]).toEqual([200, 'final', `${sink.url}/final`]);
      expect(sink.requests.map((r) => [r.method, r.path, r.body])).toEqual([
        ['POST', '/start', '{}'],
        ['GET', '/final', ''],
      ]);
    });

    it('stop after maxRedirects hops', async () => {
      sink.respondWith(() => ({ status: 307, headers: { location: '/again' } }));
      expect(await refusal(publicSink().request(`${sink.url}/start`, { maxRedirects: 2 }))).toEqual({
        code: 'TOO_MANY_REDIRECTS',
        message: 'More than 2 redirects.',
        refused: false,
      });
      expect(sink.requests).toHaveLength(3);
    });
  });

  describe('with ALLOW_PRIVATE_URLS', () => {
    const open = () => client({ allowPrivateUrls: true });

    it('reaches a local server, sending the user agent, and reads at most maxResponseBytes', async () => {
      sink.respondWith(() => ({ status: 201, body: 'x'.repeat(5000) }));
      const response = await createHttpClient({ allowPrivateUrls: true, userAgent: 'Test/1' }).request(`${sink.url}/a`, {
        maxResponseBytes: 2048,
      });
      expect([response.status, response.body.length, response.bodyTruncated]).toEqual([201, 2048, true]);
      expect(sink.requests[0]!.headers['user-agent']).toBe('Test/1');
      const small = await open().request(`${sink.url}/b`, { maxResponseBytes: 2048 });
      expect([small.body.toString(), small.bodyTruncated]).toEqual(['x'.repeat(2048), true]);
    });

    it('times out a receiver that never answers', async () => {
      sink.respondWith(() => ({ hold: true }));
      const started = Date.now();
      expect(await refusal(open().request(sink.url, { timeoutMs: 300 }))).toEqual({
        code: 'TIMEOUT',
        message: 'The request timed out.',
        refused: false,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
      sink.releaseHeld();
    });

    it('reports a closed port as a network error', async () => {
      const result = await refusal(open().request('http://127.0.0.1:1/'));
      expect(result).toMatchObject({ code: 'NETWORK', refused: false });
      expect(result.message).toContain('ECONNREFUSED');
    });
  });
});

describe('signing', () => {
  const secret = 'whsec_test';
  const body = '{"event":"x","n":1}';

  it('is HMAC-SHA256 of "<timestamp>.<body>" as sha256=<hex>', () => {
    const expected = createHmac('sha256', secret).update(`1768471200.${body}`).digest('hex');
    expect(signPayload(secret, 1768471200, body)).toBe(`sha256=${expected}`);
  });

  it('verifies in constant time within the tolerance, and refuses tampering or old timestamps', () => {
    const signature = signPayload(secret, 1000, body);
    const check = (overrides: Partial<Parameters<typeof verifySignature>[0]>) =>
      verifySignature({ secret, timestampSeconds: 1000, body, signature, nowSeconds: 1100, ...overrides });
    expect(check({})).toBe(true);
    expect(check({ body: body.replace('1', '2') })).toBe(false);
    expect(check({ secret: 'whsec_other' })).toBe(false);
    expect(check({ signature: 'sha256=00' })).toBe(false);
    expect(check({ nowSeconds: 1301 })).toBe(false);
    expect(check({ timestampSeconds: 1001 })).toBe(false);
  });
});
