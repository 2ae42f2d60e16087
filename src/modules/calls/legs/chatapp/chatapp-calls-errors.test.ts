import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../../../test/helpers/assistants.js';
import { GRAPH_ERRORS, graphErrorBody, startFakeGraph, type FakeGraph } from '../../../../../test/helpers/fakes/graph.js';
import { chatappEnv, createCloudSender, createSimulatorSender } from '../../../../../test/helpers/chatapp.js';
import { grantCallPermission } from '../../../../../test/helpers/chatapp-calls.js';
import { scriptedEngine } from '../../../../../test/helpers/scripted-engine.js';
import { balanceMicros } from '../../../../../test/helpers/voice.js';
import { NO_PERMISSION_MESSAGE } from './chatapp-calls.errors.js';

/** Every refusal of POST /user/chatapp/voice/call in the coded shape, and its limits under concurrency. */
let graph: FakeGraph;
let t: TestApp;
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({
    callEngine: scriptedEngine('listen').engine,
    env: { ...chatappEnv(graph), VOICE_PRICE_PER_MINUTE_USD: '0.12' },
  });
});
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => {
  graph.reset();
  // A fresh day: the per-user limits (5/min, 15/h, 30/day) start again.
  t.clock.advance(24 * 3_600_000);
});

let customerSequence = 0;
const nextCustomer = () => `4073310${String(++customerSequence).padStart(4, '0')}`;

/** A user with an active assistant on a cloud sender (overrides go to the sender). */
async function callingSetup(
  options: { balanceUsd?: number; sender?: Record<string, unknown>; assistant?: Record<string, unknown> | null } = {},
) {
  const owner = await createUser(t.deps, { balanceUsd: options.balanceUsd ?? 5 });
  const api = apiFor(t, owner.token);
  const assistant = options.assistant === null ? null : await createAssistant(api, { status: 'active', ...options.assistant });
  const sender = await createCloudSender(t.app, graph, owner.token, { assistant_id: assistant?.id ?? null, ...options.sender });
  const call = (payload: Record<string, unknown>, path = '/api/user/chatapp/voice/call') =>
    t.app.inject({ method: 'POST', url: path, headers: bearer(owner.token), payload });
  const granted = async () => {
    const customer = nextCustomer();
    await grantCallPermission(t, sender.phone_number_id, customer);
    return customer;
  };
  return { owner, api, assistant, sender, call, granted };
}

const coded = (error: string, code: string) => ({ success: false, error, error_code: code });

describe('POST /api/user/chatapp/voice/call refusals', () => {
  it("answers 404 SENDER_NOT_FOUND for another account's sender and for none", async () => {
    const mine = await callingSetup();
    const other = await callingSetup();
    for (const senderId of [other.sender.id, 99_999_999]) {
      const res = await mine.call({ sender_id: senderId, recipient_phone: '+40733000001' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(coded('Sender not found or does not belong to you', 'SENDER_NOT_FOUND'));
    }
  });

  it('answers 422 for a bad phone, a simulator sender, calling off, an offline sender, a restricted country, no assistant and no permission', async () => {
    const { call, sender } = await callingSetup();
    expect((await call({ sender_id: sender.id, recipient_phone: 'call me maybe' })).json()).toEqual(
      coded('Invalid phone number format. Use E.164 format (e.g., +14155551234).', 'INVALID_PHONE'),
    );

    const simulated = await callingSetup();
    const sim = await createSimulatorSender(t.app, simulated.owner.token, { assistant_id: simulated.assistant!.id });
    const simRes = await simulated.call({ sender_id: sim.id, recipient_phone: '+40733000001' });
    expect([simRes.statusCode, simRes.json()]).toEqual([
      422,
      coded('Voice calls are not available for this sender: they need a cloud_api sender.', 'FEATURE_DISABLED'),
    ]);

    const off = await callingSetup({ sender: { voice_calling_enabled: false } });
    const offRes = await off.call({ sender_id: off.sender.id, recipient_phone: '+40733000001' });
    expect([offRes.statusCode, offRes.json()]).toEqual([422, coded('Voice calling is not enabled on this sender.', 'VOICE_DISABLED')]);

    const offline = await callingSetup();
    await t.deps.db.updateTable('chatapp_senders').set({ status: 'offline' }).where('id', '=', offline.sender.id).execute();
    const offlineRes = await offline.call({ sender_id: offline.sender.id, recipient_phone: '+40733000001' });
    expect([offlineRes.statusCode, offlineRes.json()]).toEqual([
      422,
      coded('Sender is not online. Current status: Offline', 'SENDER_OFFLINE'),
    ]);

    const american = await callingSetup({ sender: { phone_number: '+1 415 555 0123' } });
    const usRes = await american.call({ sender_id: american.sender.id, recipient_phone: '+40733000001' });
    expect([usRes.statusCode, usRes.json()]).toEqual([
      422,
      coded('Business-initiated calls are not available for senders in US.', 'REGION_NOT_SUPPORTED'),
    ]);

    const alone = await callingSetup({ assistant: null });
    const aloneRes = await alone.call({ sender_id: alone.sender.id, recipient_phone: '+40733000001' });
    expect([aloneRes.statusCode, aloneRes.json()]).toEqual([
      422,
      coded('No assistant is assigned to this sender. Assign one (assistant_id) to place calls.', 'NO_ASSISTANT'),
    ]);

    const noPermission = await call({ sender_id: sender.id, recipient_phone: '+40733000001' });
    expect([noPermission.statusCode, noPermission.json()]).toEqual([422, coded(NO_PERMISSION_MESSAGE, 'NO_PERMISSION')]);
    expect(graph.callActions()).toEqual([]);
  });

  it("answers 403 ASSISTANT_BLOCKED when the sender's assistant is inactive, and 402 INSUFFICIENT_BALANCE with nothing placed", async () => {
    const blocked = await callingSetup({ assistant: { status: 'inactive' } });
    const blockedRes = await blocked.call({ sender_id: blocked.sender.id, recipient_phone: `+${await blocked.granted()}` });
    expect([blockedRes.statusCode, blockedRes.json()]).toEqual([
      403,
      coded('The assistant of this sender is not active, so it cannot take calls.', 'ASSISTANT_BLOCKED'),
    ]);

    const poor = await callingSetup({ balanceUsd: 0.1 });
    const poorRes = await poor.call({ sender_id: poor.sender.id, recipient_phone: `+${await poor.granted()}` });
    expect([poorRes.statusCode, poorRes.json()]).toEqual([
      402,
      coded('Insufficient balance. Please top up your account.', 'INSUFFICIENT_BALANCE'),
    ]);
    expect(await balanceMicros(t, poor.owner.user.id)).toBe(100_000);
    expect(await t.deps.db.selectFrom('calls').select('id').where('chatapp_sender_id', '=', poor.sender.id).execute()).toEqual([]);
    expect(graph.callActions()).toEqual([]);
  });

  it("shows the platform's refusal: 138006 is NO_PERMISSION with the platform error, the call failed and its minute returned, and the permission reads can_call false", async () => {
    const { call, sender, owner, granted } = await callingSetup();
    const customer = await granted();
    const permission = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/chatapp/voice/permission?sender_id=${sender.id}&recipient_phone=%2B${customer}`,
          headers: bearer(owner.token),
        })
      ).json();
    expect(await permission()).toMatchObject({ status: 'granted', can_call: true });
    graph.override((r) => (r.path.endsWith('/calls') ? GRAPH_ERRORS[138006] : undefined));
    const res = await call({ sender_id: sender.id, recipient_phone: `+${customer}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      ...coded(NO_PERMISSION_MESSAGE, 'NO_PERMISSION'),
      platform_error: { code: 138006, message: '(#138006) No approved call permission found', details: null },
    });
    const row = await t.deps.db.selectFrom('calls').selectAll().where('chatapp_sender_id', '=', sender.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', cost_micros: 0 });
    expect(row.end_reason).toMatch(/^platform_refused: /);
    expect(await balanceMicros(t, owner.user.id)).toBe(5_000_000);
    // The platform knows better than our record: the grant is gone until the customer gives it again.
    expect(await permission()).toMatchObject({ status: 'revoked', can_call: false, expires_at: null });
    graph.override(() => undefined);
    const refused = await call({ sender_id: sender.id, recipient_phone: `+${customer}` });
    expect(refused.json()).toEqual(coded(NO_PERMISSION_MESSAGE, 'NO_PERMISSION'));
    expect(graph.callActions('connect')).toHaveLength(1);

    await grantCallPermission(t, sender.phone_number_id, customer);
    graph.override((r) => (r.path.endsWith('/calls') ? { status: 500, body: graphErrorBody(1, 'An unknown error occurred') } : undefined));
    const down = await call({ sender_id: sender.id, recipient_phone: `+${customer}` });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      success: false,
      error_code: 'CALL_FAILED',
      error: 'The call could not be placed: An unknown error occurred',
    });
  });
});

describe('POST /api/user/chatapp/voice/call limits', () => {
  it('CONTACT_RATE_LIMIT: 3 attempts per contact per 5 minutes, with Retry-After', async () => {
    const { call, sender, granted } = await callingSetup();
    const customer = await granted();
    for (let i = 0; i < 3; i++) expect((await call({ sender_id: sender.id, recipient_phone: `+${customer}` })).statusCode).toBe(200);
    const fourth = await call({ sender_id: sender.id, recipient_phone: `+${customer}` });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(coded('Too many call attempts to this contact. The limit is 3 per 5 minutes.', 'CONTACT_RATE_LIMIT'));
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(graph.callActions('connect')).toHaveLength(3);
  });

  it('CONCURRENT_LIMIT: five calls in progress per sender, exact when requests race', async () => {
    const { call, sender, granted } = await callingSetup();
    const customers = [];
    for (let i = 0; i < 7; i++) customers.push(await granted());
    for (const customer of customers.slice(0, 3))
      expect((await call({ sender_id: sender.id, recipient_phone: `+${customer}` })).statusCode).toBe(200);
    // The next minute (per-user limit 5/min), still ringing: four race for the two free places.
    t.clock.advance(60_000);
    const raced = await Promise.all(customers.slice(3).map((customer) => call({ sender_id: sender.id, recipient_phone: `+${customer}` })));
    const statuses = raced.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429]);
    for (const refused of raced.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toEqual(
        coded('This sender already has 5 calls in progress. Try again when one has ended.', 'CONCURRENT_LIMIT'),
      );
    }
    const live = await t.deps.db
      .selectFrom('calls')
      .select('id')
      .where('chatapp_sender_id', '=', sender.id)
      .where('status', 'in', ['initiated', 'ringing', 'in-progress'])
      .execute();
    expect(live).toHaveLength(5);
  });

  it('per user: 5 a minute, 15 an hour, 30 a day, counting every request (even refused ones), exact when they race', async () => {
    const { call } = await callingSetup();
    const burst = async (n: number) =>
      (await Promise.all(Array.from({ length: n }, () => call({ sender_id: 99_999_999, recipient_phone: '+40733000001' })))).map(
        (r) => r.statusCode,
      );
    const minute = await burst(7);
    expect(minute.filter((s) => s === 404)).toHaveLength(5);
    expect(minute.filter((s) => s === 429)).toHaveLength(2);
    const limited = await call({ sender_id: 99_999_999, recipient_phone: '+40733000001' });
    expect(limited.json()).toEqual(coded('Too many call requests. Limits: 5 per minute, 15 per hour, 30 per day.', 'RATE_LIMIT_EXCEEDED'));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect(await burst(5)).toEqual([404, 404, 404, 404, 404]);
    t.clock.advance(60_000);
    expect(await burst(5)).toEqual([404, 404, 404, 404, 404]);
    t.clock.advance(60_000);
    expect(await burst(1)).toEqual([429]);
    t.clock.advance(3_600_000);
    for (let i = 0; i < 3; i++) {
      expect(await burst(5)).toEqual([404, 404, 404, 404, 404]);
      t.clock.advance(60_000);
    }
    // A new hour, but the day's 30 are spent.
    t.clock.advance(3_600_000);
    expect(await burst(1)).toEqual([429]);
    t.clock.advance(24 * 3_600_000);
    expect(await burst(1)).toEqual([404]);
  });

  it("answers at the platform's spelling too (/user/whatsapp/voice/call)", async () => {
    const { call, sender, granted } = await callingSetup();
    const res = await call({ sender_id: sender.id, recipient_phone: `+${await granted()}` }, '/api/user/whatsapp/voice/call');
    expect(res.statusCode, res.body).toBe(200);
  });
});
