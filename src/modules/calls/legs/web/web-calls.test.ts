import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsSignalForText, speechLike } from '../../audio/test-signal.js';
import { apiFor, createAssistant, multimodalBody } from '../../../../../test/helpers/assistants.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { balanceMicros, callRow, PRICE_MICROS, startVoiceApp, type VoiceTestApp } from '../../../../../test/helpers/voice.js';
import { connectWebCaller, type WebCaller } from '../../../../../test/helpers/web-caller.js';

/**
 * Browser calls through the real server on a port: POST /api/calls/web, then a real `ws` client
 * opens the single-use socket URL and talks to the scripted engine (it plays the greeting's
 * known signal and waits for the caller to hang up).
 */
let v: VoiceTestApp;
let port: number;
const SHOP = 'https://shop.example.com';
const callers: WebCaller[] = [];
let ipSequence = 0;
/** Each test calls from its own network, so the per-network limit is met only where meant. */
const nextIp = () => `198.51.100.${++ipSequence}`;

beforeAll(async () => {
  v = await startVoiceApp({
    engine: 'listen',
    // The pipeline's providers are configured (never reached: the engine is scripted); realtime is not.
    env: {
      ELEVENLABS_API_KEY: 'el-test',
      DEEPGRAM_API_KEY: 'dg-test',
      WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: '2',
      WEB_CALL_TOKEN_TTL_SECONDS: '30',
    },
  });
  await v.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (v.t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const caller of callers) caller.ws.terminate();
  await v.close();
});

async function owner(options: { balanceUsd?: number; assistant?: Record<string, unknown> } = {}) {
  const user = await createUser(v.t.deps, { balanceUsd: options.balanceUsd ?? 1 });
  const api = apiFor(v.t, user.token);
  const assistant = await createAssistant(api, { status: 'active', ...options.assistant });
  return { ...user, api, assistant };
}

function startCall(body: Record<string, unknown>, options: { ip?: string; origin?: string; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.origin) headers.origin = options.origin;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return v.t.app.inject({ method: 'POST', url: '/api/calls/web', remoteAddress: options.ip ?? nextIp(), headers, payload: body });
}

/** The socket URL points at PUBLIC_URL; the test reaches the same path on the local port. */
function localUrl(websocketUrl: string): string {
  const url = new URL(websocketUrl);
  return `ws://127.0.0.1:${port}${url.pathname}${url.search}`;
}

async function connect(websocketUrl: string, origin?: string): Promise<WebCaller> {
  const result = await connectWebCaller(localUrl(websocketUrl), { origin });
  if (!('caller' in result)) throw new Error(`socket refused with ${result.status}`);
  callers.push(result.caller);
  return result.caller;
}

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ended = (callId: number) =>
  until(async () => {
    const row = await callRow(v.t, callId);
    return !['initiated', 'ringing', 'in-progress'].includes(row.status) && row;
  }, `call ${callId} to end`);

describe('POST /api/calls/web and its socket', () => {
  it('starts a public call billed to the owner: the page hears the greeting, speaks, and hangs up', async () => {
    const o = await owner({ assistant: { initial_message: 'Hi {{name}}, this is the shop.' } });
    const before = await balanceMicros(v.t, o.user.id);
    const res = await startCall({ assistant_id: o.assistant.uuid, variables: { name: 'Ana' } }, { origin: SHOP });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['call_id', 'expires_at', 'websocket_url']);
    expect(body.websocket_url).toMatch(/^wss:\/\/voice\.switchboard\.test\/api\/calls\/web\/socket\?token=[A-Za-z0-9_-]{43}$/);
    expect(body.expires_at).toBe(new Date(v.t.clock.now().getTime() + 30_000).toISOString());
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    // The first minute is reserved before anything rings, exactly as for a phone call.
    expect(await balanceMicros(v.t, o.user.id)).toBe(before - PRICE_MICROS);
    const waiting = await callRow(v.t, body.call_id);
    expect(waiting).toMatchObject({
      type: 'web',
      direction: 'inbound',
      is_test: false,
      status: 'initiated',
      provider: 'web',
      from_number: null,
      to_number: null,
    });
    // Only the token's SHA-256 is stored.
    expect(waiting.provider_call_id).toMatch(/^[0-9a-f]{64}$/);
    expect(body.websocket_url).not.toContain(waiting.provider_call_id);

    const run = v.engine.nextRun();
    const caller = await connect(body.websocket_url, SHOP);
    const session = await run;
    expect(session.session.call).toMatchObject({ id: body.call_id, type: 'web', variables: { name: 'Ana' }, fromNumber: null });
    await caller.waitForAudioMs(480);
    expect(containsSignalForText(caller.heard(), 16_000, 'Hi {{name}}, this is the shop.')).toBe(true);
    // The greeting's mark fires once it has played in real time (4 tones of 120 ms).
    await until(async () => session.marks.includes('greeting'), 'the greeting to play');
    expect(session.playedAtGreetingMark).toBe(480);
    caller.sendAudio(speechLike(100, 16_000));
    await until(async () => session.audioFrames >= 5, 'five 20 ms frames to reach the engine');
    caller.hangUp();
    expect(await caller.waitForEvent((e) => e.type === 'end')).toEqual({ type: 'end', reason: 'hangup' });
    await caller.closed;
    const row = await ended(body.call_id);
    expect(row).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup' });
    expect(caller.events.filter((e) => e.type === 'end')).toHaveLength(1);
  });

  it('refuses a token a second time, even while its first socket is live, and after it expired', async () => {
    const o = await owner();
    const first = (await startCall({ assistant_id: o.assistant.uuid })).json();
    const run = v.engine.nextRun();
    const caller = await connect(first.websocket_url);
    await run;
    expect(await connectWebCaller(localUrl(first.websocket_url))).toEqual({ status: 401 });
    caller.hangUp();
    await ended(first.call_id);
    expect(await connectWebCaller(localUrl(first.websocket_url))).toEqual({ status: 401 });

    const late = (await startCall({ assistant_id: o.assistant.uuid })).json();
    v.t.clock.advance(30_001);
    expect(await connectWebCaller(localUrl(late.websocket_url))).toEqual({ status: 401 });
    expect((await callRow(v.t, late.call_id)).status).toBe('initiated');
    expect(
      await connectWebCaller(localUrl(localUrl(late.websocket_url).replace(/token=[^&]+/, 'token=forged-token-forged-token'))),
    ).toEqual({ status: 401 });
  });

  it('refuses pages on origins the assistant does not allow, at the route and at the socket (which does not spend the token)', async () => {
    const o = await owner({ assistant: { widget_settings: { allowed_origins: [SHOP] } } });
    const refused = await startCall({ assistant_id: o.assistant.uuid }, { origin: 'https://evil.example.net' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, error: 'This website is not allowed to use this assistant.' });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await v.t.app.inject({
      method: 'OPTIONS',
      url: '/api/calls/web',
      headers: { origin: SHOP, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SHOP);

    const created = (await startCall({ assistant_id: o.assistant.uuid }, { origin: SHOP })).json();
    expect(await connectWebCaller(localUrl(created.websocket_url), { origin: 'https://evil.example.net' })).toEqual({ status: 403 });
    const run = v.engine.nextRun();
    const caller = await connect(created.websocket_url, SHOP);
    await run;
    caller.hangUp();
    await ended(created.call_id);
  });

  it("counts public calls against the widget's per-network limit; a refused start costs nothing", async () => {
    const o = await owner();
    const ip = nextIp();
    const before = await balanceMicros(v.t, o.user.id);
    expect((await startCall({ assistant_id: o.assistant.uuid }, { ip })).statusCode).toBe(200);
    expect((await startCall({ assistant_id: o.assistant.uuid }, { ip })).statusCode).toBe(200);
    const third = await startCall({ assistant_id: o.assistant.uuid }, { ip });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      status: false,
      error: 'Too many conversations were started from your network. Please try again later.',
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balanceMicros(v.t, o.user.id)).toBe(before - 2 * PRICE_MICROS);
    // The owner's own test calls are not counted against a network.
    expect((await startCall({ assistant_id: o.assistant.uuid }, { ip, token: o.token })).statusCode).toBe(200);
  });

  it("makes a free test call with the owner's token, even on an inactive assistant; others' tokens find nothing", async () => {
    const o = await owner({ assistant: { status: 'inactive' } });
    const before = await balanceMicros(v.t, o.user.id);
    const publicTry = await startCall({ assistant_id: o.assistant.uuid });
    expect(publicTry.statusCode).toBe(403);
    expect(publicTry.json()).toEqual({
      status: false,
      error: 'This assistant is not active. Its owner can activate it with PUT /api/user/assistant/{id} and the body {"status": "active"}.',
    });
    const stranger = await createUser(v.t.deps, { balanceUsd: 1 });
    const foreign = await startCall({ assistant_id: o.assistant.uuid }, { token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: false, error: 'Assistant not found' });
    const badToken = await startCall({ assistant_id: o.assistant.uuid }, { token: 'not-a-token' });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toEqual({ message: 'Unauthenticated.' });

    const test = await startCall({ assistant_id: o.assistant.uuid }, { token: o.token });
    expect(test.statusCode, test.body).toBe(200);
    const callId = test.json().call_id;
    expect(await callRow(v.t, callId)).toMatchObject({ is_test: true, price_per_minute_micros: 0, reserved_micros: 0 });
    const run = v.engine.nextRun();
    const caller = await connect(test.json().websocket_url);
    await run;
    v.t.clock.advance(90_000);
    caller.hangUp();
    const row = await ended(callId);
    expect(Number(row.cost_micros)).toBe(0);
    expect(await balanceMicros(v.t, o.user.id)).toBe(before);
    const listed = await o.api.get(`/api/user/calls?type=web`);
    expect(listed.json().data.map((c: { id: number }) => c.id)).toEqual([callId]);
  });

  it('refuses a public call the balance cannot pay a minute of, leaving nothing behind', async () => {
    const o = await owner({ balanceUsd: 0.1 });
    const res = await startCall({ assistant_id: o.assistant.uuid });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, error: 'Insufficient balance. Please top up your account.' });
    expect(await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', o.user.id).execute()).toEqual([]);
  });

  it('refuses calls of a suspended account: to a visitor as an unavailable assistant, to the owner with the reason', async () => {
    const o = await owner();
    await v.t.deps.db
      .updateTable('users')
      .set({ suspended_at: v.t.clock.now(), suspension_reason: 'Spam' })
      .where('id', '=', o.user.id)
      .execute();
    const visitor = await startCall({ assistant_id: o.assistant.uuid });
    expect([visitor.statusCode, visitor.json()]).toEqual([403, { status: false, error: 'This assistant is not available.' }]);
    const test = await startCall({ assistant_id: o.assistant.uuid }, { token: o.token });
    expect([test.statusCode, test.json()]).toEqual([
      403,
      { status: false, error: 'This account is suspended. Contact the operator of this server.' },
    ]);
    expect(await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', o.user.id).execute()).toEqual([]);
  });

  it('refuses calls when the speech providers of the mode are not configured, naming the key to the owner only', async () => {
    const o = await owner({ assistant: multimodalBody({ status: 'active' }) });
    const visitor = await startCall({ assistant_id: o.assistant.uuid });
    expect(visitor.statusCode).toBe(503);
    expect(visitor.json()).toEqual({ status: false, error: 'Calls are not available for this assistant right now.' });
    const ownerTry = await startCall({ assistant_id: o.assistant.uuid }, { token: o.token });
    expect(ownerTry.json()).toEqual({
      status: false,
      error: 'Realtime models need REALTIME_API_KEY (or REALTIME_BASE_URL for a self-hosted server) to be set.',
    });
    // The widget shows its call button only where a call can be carried.
    const pipeline = await owner();
    expect((await v.t.app.inject({ url: `/api/widget/${pipeline.assistant.uuid}/config` })).json().call).toEqual({ enabled: true });
    expect((await v.t.app.inject({ url: `/api/widget/${o.assistant.uuid}/config` })).json().call).toEqual({ enabled: false });
  });

  it('answers unknown assistants in the widget shape and malformed bodies in the validation shape', async () => {
    const unknown = await startCall({ assistant_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, error: 'Assistant not found' });
    const bad = await startCall({ assistant_id: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ assistant_id: ['The assistant id field must be a valid UUID.'] });
  });
});

describe('GET /call/assets/{name}', () => {
  it('serves the page scripts, and answers 404 for every other name, Object.prototype names included', async () => {
    for (const name of ['call-page.js', 'capture-worklet.js']) {
      const res = await v.t.app.inject({ url: `/call/assets/${name}` });
      expect([res.statusCode, res.headers['content-type']], name).toEqual([200, 'text/javascript; charset=utf-8']);
    }
    const names = [...Object.getOwnPropertyNames(Object.prototype), 'hasOwn', 'prototype', 'nope.js'];
    expect(names).toEqual(
      expect.arrayContaining(['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__']),
    );
    for (const name of names) {
      const res = await v.t.app.inject({ url: `/call/assets/${encodeURIComponent(name)}` });
      expect([res.statusCode, res.body], name).toEqual([404, 'Not found']);
    }
  });
});
