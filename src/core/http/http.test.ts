import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.deps)).token;
});
afterAll(async () => {
  await t.close();
});

const post = (payload: string | Buffer, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: { ...bearer(token), 'content-type': contentType }, payload });

describe('request bodies', () => {
  it('answers malformed JSON with 400 in the plain shape', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await post('name=x', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type. Send JSON with Content-Type: application/json.' });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('treats JSON that is not an object as a validation failure, not a crash', async () => {
    for (const payload of ['[]', '"text"', '42']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().message).toBeTypeOf('string');
    }
  });

  it("keeps the route family's shape for body errors", async () => {
    const kb = await t.app.inject({
      method: 'POST',
      url: '/api/user/knowledgebases',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(kb.statusCode).toBe(400);
    expect(kb.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const conversation = await t.app.inject({
      method: 'POST',
      url: '/api/conversations/5b3f7c1e-8a2d-4e6f-9b1c-2d3e4f5a6b7c/messages',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(conversation.statusCode).toBe(400);
    expect(conversation.json()).toEqual({ status: false, error: 'The request body is not valid JSON.' });
  });

  it('refuses prototype-pollution keys', async () => {
    const res = await post('{"name":"ok","__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
  });
});

describe('routing and operations endpoints', () => {
  it('answers unknown routes with 404 in the plain shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The route /api/nope could not be found.' });
  });

  it('/health is up and /ready checks the database', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/ redirects to the console, and the API reference stays at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('/metrics counts requests by route pattern and status', async () => {
    await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    await t.app.inject({ method: 'DELETE', url: '/api/user/api-keys/424242', headers: bearer(token) });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/user\/me",status_code="200"\} \d+/);
    expect(res.body).toMatch(/http_requests_total\{method="DELETE",route="\/api\/user\/api-keys\/:id",status_code="404"\} 1/);
    expect(res.body).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/user/me",status_code="200"}');
  });
});

describe('OpenAPI and docs', () => {
  it("serves an OpenAPI 3.1 document with every route's error responses", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/api/user/api-keys'].post;
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '413', '415', '422', '500']);
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    const del = doc.paths['/api/user/api-keys/{id}'].delete;
    expect(Object.keys(del.responses).sort()).toEqual(['200', '401', '404', '500']);
    const loginRoute = doc.paths['/api/auth/login'].post;
    expect(loginRoute.security).toEqual([]);
    expect(Object.keys(loginRoute.responses)).toEqual(expect.arrayContaining(['200', '401', '422', '429']));
    expect(doc.paths['/metrics']).toBeUndefined();
  });

  it('serves the reference page and its assets locally', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body.length).toBeGreaterThan(100_000);
  });
});
