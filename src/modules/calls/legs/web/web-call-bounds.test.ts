import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createAssistant } from '../../../../../test/helpers/assistants.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { balanceMicros, callRow, PRICE_MICROS, startVoiceApp, type VoiceTestApp } from '../../../../../test/helpers/voice.js';
import { connectWebCaller, type WebCaller } from '../../../../../test/helpers/web-caller.js';

/**
 * What bounds anonymous browser calls: the assistant's daily widget budget (the one widget chat
 * spends), counted by minutes reserved, and the calls in progress per assistant (3 here) and per
 * client network (2 here), exact when starts arrive at once on two app instances.
 */
let v: VoiceTestApp;
let port: number;
const callers: WebCaller[] = [];
let networkSequence = 0;
const nextIp = () => `203.0.113.${++networkSequence}`;

beforeAll(async () => {
  v = await startVoiceApp({
    engine: 'listen',
    env: {
      ELEVENLABS_API_KEY: 'el-test',
      DEEPGRAM_API_KEY: 'dg-test',
      WEB_CALL_TOKEN_TTL_SECONDS: '30',
      WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: '1000',
      WEB_CALLS_MAX_PER_ASSISTANT: '3',
      WEB_CALLS_MAX_PER_NETWORK: '2',
    },
  });
  await v.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (v.t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const caller of callers) caller.ws.terminate();
  await v.close();
});

async function owner(assistant: Record<string, unknown> = {}, balanceUsd = 5) {
  const user = await createUser(v.t.deps, { balanceUsd });
  const api = apiFor(v.t, user.token);
  return { ...user, api, assistant: await createAssistant(api, { status: 'active', ...assistant }) };
}

function startCall(assistantUuid: string, options: { ip?: string; token?: string; app?: VoiceTestApp['t']['app'] } = {}) {
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  return (options.app ?? v.t.app).inject({
    method: 'POST',
    url: '/api/calls/web',
    remoteAddress: options.ip ?? nextIp(),
    headers,
    payload: { assistant_id: assistantUuid },
  });
}

async function connect(websocketUrl: string): Promise<WebCaller> {
  const url = new URL(websocketUrl);
  const result = await connectWebCaller(`ws://127.0.0.1:${port}${url.pathname}${url.search}`);
  if (!('caller' in result)) throw new Error(`socket refused with ${result.status}`);
  callers.push(result.caller);
  return result.caller;
}

/** Connects a started call's socket and hangs up at once: it ends having cost nothing. */
async function hangUpAtOnce(websocketUrl: string, callId: number): Promise<void> {
  const run = v.engine.nextRun();
  const caller = await connect(websocketUrl);
  await run;
  caller.hangUp();
  await caller.closed;
  await expect.poll(async () => (await callRow(v.t, callId)).status, { timeout: 8_000 }).toBe('ended_by_customer');
}

async function spent(assistantId: number): Promise<Array<{ day: string; spent_micros: number }>> {
  return v.t.deps.db
    .selectFrom('widget_daily_spend')
    .select([sql<string>`day::text`.as('day'), 'spent_micros'])
    .where('assistant_id', '=', assistantId)
    .orderBy('day')
    .execute();
}

const liveCalls = (userId: number) =>
  v.t.deps.db
    .selectFrom('calls')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['initiated', 'ringing', 'in-progress'])
    .execute();

const CALLS_SPENT = { status: false, error: 'This assistant has taken all the calls it can today. Please try again tomorrow.' };
const ASSISTANT_BUSY = {
  status: false,
  error: 'This assistant is taking as many calls as it can right now. Please try again in a moment.',
};
const NETWORK_BUSY = { status: false, error: 'Too many calls are in progress from your network. Please try again when one has ended.' };

describe('the daily widget budget', () => {
  it('at 0 refuses an anonymous call as it refuses widget chat (429, Retry-After to the next UTC day), reserving nothing', async () => {
    v.t.clock.set('2026-02-10T20:00:00Z');
    const o = await owner({ widget_daily_budget_usd: 0 });
    const res = await startCall(o.assistant.uuid);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(CALLS_SPENT);
    expect(res.headers['retry-after']).toBe(String(4 * 3600));
    const chat = await v.t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      remoteAddress: nextIp(),
      payload: { assistant_id: o.assistant.uuid },
    });
    expect([chat.statusCode, chat.headers['retry-after']]).toEqual([429, String(4 * 3600)]);
    expect(await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', o.user.id).execute()).toEqual([]);
    expect(await balanceMicros(v.t, o.user.id)).toBe(5_000_000);
    expect(await spent(o.assistant.id)).toEqual([]);
    // The owner's test calls are free and bound by nothing.
    expect((await startCall(o.assistant.uuid, { token: o.token })).statusCode).toBe(200);
  });

  it('counts each minute reserved; a call gives back what it did not use, and widget chat sees the same budget', async () => {
    v.t.clock.set('2026-02-11T09:00:00Z');
    // 0.24 USD: two minutes of 0.12 (the assistant could take a third call).
    const o = await owner({ widget_daily_budget_usd: 0.24 });
    const started = [];
    for (let i = 0; i < 2; i++) {
      const res = await startCall(o.assistant.uuid);
      expect(res.statusCode, res.body).toBe(200);
      started.push(res.json());
    }
    expect(await spent(o.assistant.id)).toEqual([{ day: '2026-02-11', spent_micros: 2 * PRICE_MICROS }]);
    const third = await startCall(o.assistant.uuid);
    expect([third.statusCode, third.json()]).toEqual([429, CALLS_SPENT]);
    // The budget is widget chat's too: no message can be paid from it now.
    const chat = await v.t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      remoteAddress: nextIp(),
      payload: { assistant_id: o.assistant.uuid },
    });
    expect(chat.statusCode).toBe(429);

    // A call that ends at once costs nothing: its minute goes back to the balance and the day's budget.
    await hangUpAtOnce(started[0].websocket_url, started[0].call_id);
    expect(await callRow(v.t, started[0].call_id)).toMatchObject({ cost_micros: 0, budget_micros: PRICE_MICROS });
    expect(await spent(o.assistant.id)).toEqual([{ day: '2026-02-11', spent_micros: PRICE_MICROS }]);
    expect((await startCall(o.assistant.uuid)).statusCode).toBe(200);
    expect(await spent(o.assistant.id)).toEqual([{ day: '2026-02-11', spent_micros: 2 * PRICE_MICROS }]);
    expect(await balanceMicros(v.t, o.user.id)).toBe(5_000_000 - 2 * PRICE_MICROS);
  });

  it('ends a call whose next minute the budget cannot pay; the day keeps exactly what the call cost', async () => {
    v.t.clock.set('2026-02-12T09:00:00Z');
    const o = await owner({ widget_daily_budget_usd: 0.24 });
    const { call_id: callId, websocket_url: url } = (await startCall(o.assistant.uuid)).json();
    const run = v.engine.nextRun();
    await connect(url);
    const session = await run;
    const sessions = v.t.deps.services.callsModule.sessions;
    v.t.clock.advance(50_000);
    await sessions.tick();
    expect(await callRow(v.t, callId)).toMatchObject({ reserved_micros: 2 * PRICE_MICROS, budget_micros: 2 * PRICE_MICROS });
    v.t.clock.advance(60_000);
    await sessions.tick();
    await session.outcome;
    expect(session.wrapUpReason).toBe('daily_budget');
    await expect.poll(async () => (await callRow(v.t, callId)).status, { timeout: 8_000 }).toBe('ended_by_assistant');
    const row = await callRow(v.t, callId);
    expect(row).toMatchObject({
      end_reason: 'daily_budget',
      duration_seconds: 110,
      reserved_micros: 2 * PRICE_MICROS,
      cost_micros: 220_000,
    });
    expect(await spent(o.assistant.id)).toEqual([{ day: '2026-02-12', spent_micros: 220_000 }]);
    expect(await balanceMicros(v.t, o.user.id)).toBe(5_000_000 - 220_000);
  });
});

describe('calls in progress', () => {
  it('allows 2 per network and 3 per assistant; a call that ended or a token that expired frees its place', async () => {
    v.t.clock.set('2026-02-13T09:00:00Z');
    const o = await owner();
    const [home, office, cafe] = [nextIp(), nextIp(), nextIp()];
    const first = (await startCall(o.assistant.uuid, { ip: home })).json();
    expect((await startCall(o.assistant.uuid, { ip: home })).statusCode).toBe(200);
    const third = await startCall(o.assistant.uuid, { ip: home });
    expect([third.statusCode, third.json(), third.headers['retry-after']]).toEqual([429, NETWORK_BUSY, '30']);
    expect((await startCall(o.assistant.uuid, { ip: office })).statusCode).toBe(200);
    const fourth = await startCall(o.assistant.uuid, { ip: cafe });
    expect([fourth.statusCode, fourth.json()]).toEqual([429, ASSISTANT_BUSY]);
    // A refused start reserved nothing; the owner's own test calls are not counted.
    expect(await liveCalls(o.user.id)).toHaveLength(3);
    expect(await balanceMicros(v.t, o.user.id)).toBe(5_000_000 - 3 * PRICE_MICROS);
    expect((await startCall(o.assistant.uuid, { ip: cafe, token: o.token })).statusCode).toBe(200);

    await hangUpAtOnce(first.websocket_url, first.call_id);
    expect((await startCall(o.assistant.uuid, { ip: home })).statusCode).toBe(200);
    expect((await startCall(o.assistant.uuid, { ip: cafe })).statusCode).toBe(429);
    // Tokens never used stop counting when they expire, before the sweep has closed their calls.
    v.t.clock.advance(31_000);
    expect((await startCall(o.assistant.uuid, { ip: cafe })).statusCode).toBe(200);
  });

  it('is exact when 12 starts arrive at once on two instances, and so is the budget', async () => {
    v.t.clock.set('2026-02-14T09:00:00Z');
    const other = await v.t.startAnotherInstance();
    const apps = [v.t.app, other.app];
    const busy = await owner();
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => startCall(busy.assistant.uuid, { app: apps[i % 2] })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const refused of responses.filter((r) => r.statusCode !== 200))
      expect([refused.statusCode, refused.json()]).toEqual([429, ASSISTANT_BUSY]);
    expect(await liveCalls(busy.user.id)).toHaveLength(3);

    // Two minutes of budget, three places: exactly two calls, whichever instance admitted them.
    const budgeted = await owner({ widget_daily_budget_usd: 0.24 });
    const starts = await Promise.all(Array.from({ length: 12 }, (_, i) => startCall(budgeted.assistant.uuid, { app: apps[i % 2] })));
    expect(starts.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const refused of starts.filter((r) => r.statusCode !== 200))
      expect([refused.statusCode, refused.json()]).toEqual([429, CALLS_SPENT]);
    expect(await spent(budgeted.assistant.id)).toEqual([{ day: '2026-02-14', spent_micros: 2 * PRICE_MICROS }]);
    expect(await balanceMicros(v.t, budgeted.user.id)).toBe(5_000_000 - 2 * PRICE_MICROS);
  });
});
