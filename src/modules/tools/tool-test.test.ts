import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, type Api } from '../../../test/helpers/assistants.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { argumentErrors, secretsOf } from './tool-test.service.js';

/**
 * "Send a test request": the tool's own request, sent through the SSRF-guarded client to a real
 * HTTP server, answered with what was sent (secrets masked) and what came back.
 */
let t: TestApp;
let sink: WebhookSink;
beforeAll(async () => {
  t = await buildTestApp();
  sink = await startWebhookSink();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
beforeEach(() => {
  sink.requests.length = 0;
  sink.respondWith(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"status":"shipped","eta":"Friday"}' }));
  // A fresh minute: each test starts with the per-minute limit unused.
  t.clock.advance(60_000);
});

const API_KEY = 'sk_live_4f9a8b7c6d5e1234567890';

async function ownerWithTool(api?: Api, overrides: Record<string, unknown> = {}) {
  const owner = api ?? apiFor(t, (await createUser(t.deps)).token);
  const res = await owner.post('/api/user/tools', {
    name: 'lookup_order',
    description: 'Looks up an order by its number.',
    endpoint: `${sink.url}/orders`,
    method: 'POST',
    timeout: 5,
    headers: [
      { name: 'X-Api-Key', value: API_KEY },
      { name: 'Authorization', value: 'Bearer tok-9f8e7d6c5b' },
      { name: 'Content-Type', value: 'application/json' },
    ],
    schema: [
      { name: 'order_id', type: 'string', description: 'The order number' },
      { name: 'gift', type: 'boolean', description: 'Whether it is a gift' },
    ],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { api: owner, toolId: res.json().data.id as number };
}

describe('POST /api/user/tools/{id}/test', () => {
  it('sends the request a conversation would send and shows it, secrets masked, with the response', async () => {
    const { api, toolId } = await ownerWithTool();
    const res = await api.post(`/api/user/tools/${toolId}/test`, { arguments: { order_id: 'A-17', gift: true } });
    expect(res.statusCode, res.body).toBe(200);

    expect(sink.requests).toHaveLength(1);
    const received = sink.requests[0]!;
    expect(received).toMatchObject({ method: 'POST', path: '/orders', body: '{"order_id":"A-17","gift":true}' });
    expect(received.headers).toMatchObject({
      'x-api-key': API_KEY,
      authorization: 'Bearer tok-9f8e7d6c5b',
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': expect.stringMatching(/^Switchboard\//),
    });

    const body = res.json();
    expect(body).toEqual({
      request: {
        method: 'POST',
        url: `${sink.url}/orders`,
        headers: {
          accept: 'application/json',
          'x-api-key': 'sk_l…7890',
          authorization: 'Bear…6c5b',
          'content-type': 'application/json',
          'user-agent': received.headers['user-agent'],
        },
        body: '{"order_id":"A-17","gift":true}',
      },
      response: {
        status: 200,
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: '{"status":"shipped","eta":"Friday"}',
        body_truncated: false,
      },
      error: null,
      duration_ms: expect.any(Number),
      function_result: { status: 'shipped', eta: 'Friday' },
    });
    expect(res.body).not.toContain(API_KEY);
    expect(res.body).not.toContain('tok-9f8e7d6c5b');
  });

  it('sends GET arguments as the query string', async () => {
    const { api, toolId } = await ownerWithTool(undefined, {
      method: 'GET',
      headers: [],
      schema: [{ name: 'order_id', type: 'string', description: 'The order number' }],
    });
    const res = await api.post(`/api/user/tools/${toolId}/test`, { arguments: { order_id: 'A 17' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(sink.requests.map((r) => [r.method, r.path, r.body])).toEqual([['GET', '/orders?order_id=A+17', '']]);
    expect(res.json().request).toMatchObject({ method: 'GET', url: `${sink.url}/orders?order_id=A+17`, body: null });
  });

  it('masks the secrets an endpoint echoes back, in the body, the headers and what the assistant gets', async () => {
    sink.respondWith((request) => ({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-seen-key': String(request.headers['x-api-key']) },
      body: JSON.stringify({ headers: request.headers, token: 'tok-9f8e7d6c5b' }),
    }));
    const { api, toolId } = await ownerWithTool();
    const res = await api.post(`/api/user/tools/${toolId}/test`, { arguments: { order_id: 'A-17', gift: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(API_KEY);
    expect(res.body).not.toContain('tok-9f8e7d6c5b');
    const { response, function_result } = res.json();
    expect(response.headers['x-seen-key']).toBe('sk_l…7890');
    expect(JSON.parse(response.body)).toMatchObject({
      headers: { 'x-api-key': 'sk_l…7890', authorization: 'Bear…6c5b' },
      token: 'tok-…6c5b',
    });
    expect(function_result).toMatchObject({ headers: { 'x-api-key': 'sk_l…7890' }, token: 'tok-…6c5b' });
  });

  it('shows an error answer as the assistant would get it', async () => {
    sink.respondWith(() => ({ status: 404, body: 'No such order' }));
    const { api, toolId } = await ownerWithTool();
    const res = await api.post(`/api/user/tools/${toolId}/test`, { arguments: { order_id: 'Z-1', gift: false } });
    expect(res.json()).toMatchObject({
      response: { status: 404, body: 'No such order' },
      error: null,
      function_result: { error: "The tool's endpoint answered HTTP 404: No such order" },
    });
  });

  it('reports an endpoint that does not answer in time', async () => {
    sink.respondWith(() => ({ hold: true }));
    const { api, toolId } = await ownerWithTool(undefined, { timeout: 1 });
    const res = await api.post(`/api/user/tools/${toolId}/test`, { arguments: { order_id: 'A-17', gift: false } });
    sink.releaseHeld();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      response: null,
      error: { code: 'TIMEOUT', message: 'The request timed out.' },
      function_result: { error: 'The tool did not answer within 1 s.' },
    });
  });

  it('checks the arguments against the tool’s parameters and sends nothing when they do not fit', async () => {
    const { api, toolId } = await ownerWithTool();
    const res = await api.post(`/api/user/tools/${toolId}/test`, { arguments: { gift: 'yes', colour: 'red' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The arguments.colour field is not a parameter of this tool. (and 2 more errors)',
      errors: {
        'arguments.colour': ['The arguments.colour field is not a parameter of this tool.'],
        'arguments.order_id': ['The arguments.order_id field is required.'],
        'arguments.gift': ['The arguments.gift field must be true or false.'],
      },
    });
    const closed = await api.post(`/api/user/tools/${toolId}/test`, { arguments: {}, extra: 1 });
    expect(closed.statusCode).toBe(422);
    expect(sink.requests).toEqual([]);
  });

  it("answers another account's tool, or none, as not found, and sends nothing", async () => {
    const { toolId } = await ownerWithTool();
    const stranger = apiFor(t, (await createUser(t.deps)).token);
    for (const id of [toolId, 999_999]) {
      const res = await stranger.post(`/api/user/tools/${id}/test`, { arguments: { order_id: 'A-17', gift: true } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Tool not found' });
    }
    expect(sink.requests).toEqual([]);
  });

  it('allows 10 test requests a minute per account, then 429 with Retry-After, counting refused ones too', async () => {
    const { api, toolId } = await ownerWithTool();
    const args = { arguments: { order_id: 'A-17', gift: true } };
    expect((await api.post(`/api/user/tools/${toolId}/test`, { arguments: {} })).statusCode).toBe(422);
    for (let i = 0; i < 9; i++) expect((await api.post(`/api/user/tools/${toolId}/test`, args)).statusCode).toBe(200);
    const refused = await api.post(`/api/user/tools/${toolId}/test`, args);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many test requests. Limits: 10 per minute, 100 per day.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(sink.requests).toHaveLength(9);
    // Another account has its own count.
    const other = await ownerWithTool();
    expect((await other.api.post(`/api/user/tools/${other.toolId}/test`, args)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await api.post(`/api/user/tools/${toolId}/test`, args)).statusCode).toBe(200);
  });

  it('allows 100 a day', async () => {
    const { api } = await ownerWithTool();
    t.clock.set(new Date('2026-03-02T00:00:00Z'));
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 0) t.clock.advance(60_000);
      expect((await api.post('/api/user/tools/999999/test', {})).statusCode).toBe(404);
    }
    t.clock.advance(60_000);
    const refused = await api.post('/api/user/tools/999999/test', {});
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20 * 3600);
  });
});

describe('the SSRF guard on test requests', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await buildTestApp({ env: { ALLOW_PRIVATE_URLS: 'false' } });
  });
  afterAll(async () => {
    await guarded.close();
  });

  it('refuses a private address, by IP or by a name that resolves to one, and sends nothing', async () => {
    const api = apiFor(guarded, (await createUser(guarded.deps)).token);
    const endpoints = [`${sink.url}/orders`, `http://localhost:${sink.port}/orders`, 'http://169.254.169.254/latest/meta-data/'];
    for (const [index, endpoint] of endpoints.entries()) {
      const created = await api.post('/api/user/tools', {
        name: `probe_${'abc'[index]}`,
        description: 'Probe',
        endpoint,
        method: 'GET',
      });
      expect(created.statusCode, created.body).toBe(201);
      const res = await api.post(`/api/user/tools/${created.json().data.id}/test`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        response: null,
        error: { code: 'FORBIDDEN_ADDRESS', message: expect.stringContaining('requests to private networks are refused') },
      });
      await api.delete(`/api/user/tools/${created.json().data.id}`);
    }
    expect(sink.requests).toEqual([]);
  });
});

describe('test request logic', () => {
  it('names every argument problem', () => {
    const schema = [
      { name: 'qty', type: 'number' as const },
      { name: 'note', type: 'string' as const },
    ];
    expect(argumentErrors(schema, { qty: 2, note: 'x' })).toEqual({});
    expect(argumentErrors(schema, { qty: '2', note: 3 })).toEqual({
      'arguments.qty': ['The arguments.qty field must be a number.'],
      'arguments.note': ['The arguments.note field must be a string.'],
    });
  });

  it('treats secret header values, their tokens and a URL password as secrets, longest first', () => {
    const secrets = secretsOf({
      endpoint: 'https://bot:p%40ssw0rd@api.example.com/x',
      method: 'GET',
      timeout: 5,
      headers: [
        { name: 'Authorization', value: 'Bearer abcdef123' },
        { name: 'Accept', value: 'application/json' },
        { name: 'X-Pin', value: '123' },
      ],
    });
    expect(secrets).toEqual(['Bearer abcdef123', 'p%40ssw0rd', 'abcdef123', 'p@ssw0rd']);
  });
});
