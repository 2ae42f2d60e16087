import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { createHttpClient, forbiddenAddressReason, OutboundError, signPayload, verifySignature, type HttpClient, type Resolver } from './index.js';

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
  const error = await promise.then(() => undefined, (e: unknown) => e);
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
    ['64:ff9b::a00:1', 'a NAT64 address'],
    ['2002:a00:1::', 'a 6to4 address'],
    ['not-an-ip', 'not a valid IP address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe('the guarded client', () => {
  it.each([
    [() => sink.url, '127.0.0.1 is a loopback address; requests to private networks are refused.'],
    [() => `http://[::1]:${sink.port}/`, '::1 is a loopback address; requests to private networks are refused.'],
    [() => 'http://10.0.0.1/hook', '10.0.0.1 is a private address; requests to private networks are refused.'],
    [() => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254 is the cloud metadata service; requests to private networks are refused.'],
    [() => 'http://2130706433/', '127.0.0.1 is a loopback address; requests to private networks are refused.'],
    [() => `http://internal.example:${sink.port}/`, 'internal.example resolves to 10.1.2.3, which is a private address; requests to private networks are refused.'],
    [() => 'https://mixed.example/', 'mixed.example resolves to 192.168.0.10, which is a private address; requests to private networks are refused.'],
    [() => 'http://metadata.example/', 'metadata.example resolves to 169.254.169.254, which is the cloud metadata service; requests to private networks are refused.'],
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
      code: 'INVALID_URL', message: 'Only http and https URLs can be called (got ftp:).', refused: true,
    });
    expect(await refusal(client().request('file:///etc/passwd'))).toMatchObject({ code: 'INVALID_URL' });
    expect(await refusal(client().request('not a url'))).toEqual({ code: 'INVALID_URL', message: '"not a url" is not a valid URL.', refused: true });
  });

  it('reports an unknown host as a DNS failure, which is not a refusal', async () => {
    expect(await refusal(client().request('http://nowhere.example/'))).toEqual({
      code: 'DNS_FAILED', message: 'The host name could not be resolved (ENOTFOUND).', refused: false,
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
      const response = await publicSink().request(`${sink.url}/start`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, maxRedirects: 2 });
      expect([response.status, response.body.toString(), response.url]).toEqual([200, 'final', `${sink.url}/final`]);
      expect(sink.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/start', '{}'], ['GET', '/final', '']]);
    });

    it('stop after maxRedirects hops', async () => {
      sink.respondWith(() => ({ status: 307, headers: { location: '/again' } }));
      expect(await refusal(publicSink().request(`${sink.url}/start`, { maxRedirects: 2 }))).toEqual({
        code: 'TOO_MANY_REDIRECTS', message: 'More than 2 redirects.', refused: false,
      });
      expect(sink.requests).toHaveLength(3);
    });
  });

  describe('with ALLOW_PRIVATE_URLS', () => {
    const open = () => client({ allowPrivateUrls: true });

    it('reaches a local server, sending the user agent, and reads at most maxResponseBytes', async () => {
      sink.respondWith(() => ({ status: 201, body: 'x'.repeat(5000) }));
      const response = await createHttpClient({ allowPrivateUrls: true, userAgent: 'Test/1' }).request(`${sink.url}/a`, { maxResponseBytes: 2048 });
      expect([response.status, response.body.length, response.bodyTruncated]).toEqual([201, 2048, true]);
      expect(sink.requests[0]!.headers['user-agent']).toBe('Test/1');
      const small = await open().request(`${sink.url}/b`, { maxResponseBytes: 2048 });
      expect([small.body.toString(), small.bodyTruncated]).toEqual(['x'.repeat(2048), true]);
    });

    it('times out a receiver that never answers', async () => {
      sink.respondWith(() => ({ hold: true }));
      const started = Date.now();
      expect(await refusal(open().request(sink.url, { timeoutMs: 300 }))).toEqual({ code: 'TIMEOUT', message: 'The request timed out.', refused: false });
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
