import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signPayload } from '../../../core/net/signing.js';
import { connectFakeCaller, newCallSid, type FakeCaller } from '../../../../test/helpers/fakes/twilio.js';
import { referenceClient } from '../../../../test/helpers/reference-client.js';
import { startWebhookSink, type WebhookSink } from '../../../../test/helpers/webhook-sink.js';
import {
  callRow,
  ownerWithOperatorLine,
  postTwilio,
  PUBLIC_HOST,
  startVoiceApp,
  type VoiceTestApp,
} from '../../../../test/helpers/voice.js';
import { apiFor, createAssistant } from '../../../../test/helpers/assistants.js';
import { callConnect, deliver } from '../../../../test/helpers/chatapp-calls.js';
import { chatappEnv, createCloudSender } from '../../../../test/helpers/chatapp.js';
import { createUser } from '../../../../test/helpers/factories.js';
import { FakeChatappCustomer } from '../../../../test/helpers/fakes/chatapp-customer.js';
import { startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { scriptedEngine } from '../../../../test/helpers/scripted-engine.js';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { until } from '../../../../test/helpers/voice-engine.js';
import { answeredVariables } from './inbound-call-webhook.js';

/**
 * The inbound-call webhook on a phone number: switched on as the automation platforms' "Inbound
 * Call" triggers do, sent signed before the assistant answers, its answer's variables given to
 * the call, and a slow or failing receiver never holding the call longer than the timeout.
 */
const TIMEOUT_MS = 600;
let v: VoiceTestApp;
let sink: WebhookSink;
const callers: FakeCaller[] = [];

beforeAll(async () => {
  v = await startVoiceApp({ engine: 'hangUp', env: { INBOUND_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
  sink = await startWebhookSink();
  await v.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const caller of callers) caller.close();
  sink.releaseHeld();
  await v.close();
  await sink.close();
});
beforeEach(() => {
  sink.requests.length = 0;
  sink.respondWith(() => ({ status: 200, body: 'ok' }));
});

/** An inbound line whose assistant sends the webhook, switched on by the trigger's own request. */
async function inboundLine(assistant: Record<string, unknown> = {}) {
  const owner = await ownerWithOperatorLine(v, { assistant: { type: 'inbound', status: 'active', ...assistant } });
  const enabled = await referenceClient(v.t.app, owner.token).post('/api/user/assistants/enable-inbound-webhook', {
    assistant_id: owner.assistant.id,
    webhook_url: `${sink.url}/inbound`,
  });
  expect(enabled.json()).toEqual({ message: 'Webhook enabled successfully', data: [] });
  return owner;
}

const ring = (to: string, callSid = newCallSid()) =>
  postTwilio(
    v.t,
    '/api/voice/twilio/incoming',
    { AccountSid: v.accountSid, CallSid: callSid, From: '+40711222333', To: to, Direction: 'inbound' },
    { token: v.authToken },
  );
const callIdOf = (twiml: string) => Number(/name="call_id" value="(\d+)"/.exec(twiml)![1]);
const delivery = (userId: number) =>
  v.t.deps.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'uuid', 'status', 'attempt_count', 'event', 'next_attempt_at'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

describe('the inbound-call webhook on a phone call', () => {
  it('is sent signed before the assistant answers, and the variables of its answer reach the call', async () => {
    const owner = await inboundLine({ variables: { shop: 'Bread & Co' } });
    sink.respondWith(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer_name: 'Ana', vip: true, orders: 3, nested: { no: 1 }, 'bad name': 'x' }),
    }));
    const callSid = newCallSid();
    const twiml = await ring(owner.number, callSid);
    // The receiver had it before Twilio heard our answer.
    expect(sink.requests).toHaveLength(1);
    const callId = callIdOf(twiml.body);
    const [request] = sink.requests;
    const sent = JSON.parse(request!.body);
    expect(sent).toEqual({
      event: 'inbound_call',
      call_id: callId,
      assistant_id: owner.assistant.uuid,
      type: 'inbound',
      customer_phone: '+40711222333',
      assistant_phone: owner.number,
      variables: { shop: 'Bread & Co' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    });
    const { secret } = (await referenceClient(v.t.app, owner.token).get('/api/user/webhook-secret')).json();
    const row = await delivery(owner.user.id);
    expect(request!.headers).toMatchObject({ 'x-switchboard-event': 'inbound_call', 'x-switchboard-delivery': row.uuid });
    expect(request!.headers['x-switchboard-signature']).toBe(
      signPayload(secret, Number(request!.headers['x-switchboard-timestamp']), request!.body),
    );
    expect(row).toMatchObject({ event: 'inbound_call', status: 'delivered', attempt_count: 1 });

    expect((await callRow(v.t, callId)).variables).toEqual({ customer_name: 'Ana', vip: true, orders: 3 });
    const run = v.engine.nextRun();
    const port = (v.t.app.server.address() as AddressInfo).port;
    const caller = await connectFakeCaller({
      port,
      publicHost: PUBLIC_HOST,
      authToken: v.authToken,
      accountSid: v.accountSid,
      callSid,
      callId,
    });
    callers.push(caller);
    caller.start();
    const session = await run;
    expect(session.session.call.variables).toEqual({ shop: 'Bread & Co', customer_name: 'Ana', vip: true, orders: 3 });
    // The job that would retry it finds it delivered: nothing is sent twice.
    v.t.clock.advance(60_000);
    await v.t.deps.jobs.drain();
    expect(sink.requests).toHaveLength(1);
  });

  it('answers the call after the timeout when the receiver is slow, and retries the delivery later', async () => {
    const owner = await inboundLine();
    sink.respondWith(() => ({ hold: true }));
    const started = performance.now();
    const twiml = await ring(owner.number);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_500);
    expect(twiml.body).toContain('<Stream');
    expect((await callRow(v.t, callIdOf(twiml.body))).variables).toEqual({});
    const pending = await delivery(owner.user.id);
    expect(pending).toMatchObject({ status: 'pending', attempt_count: 1 });

    sink.releaseHeld();
    sink.respondWith(() => ({ status: 200, body: '{"customer_name":"Too late"}' }));
    v.t.clock.set(pending.next_attempt_at!);
    await v.t.deps.jobs.drain();
    expect(sink.requests.map((r) => r.headers['x-switchboard-delivery'])).toEqual([pending.uuid, pending.uuid]);
    expect(await delivery(owner.user.id)).toMatchObject({ status: 'delivered', attempt_count: 2 });
  });

  it('answers at once when the receiver fails, and sends nothing for an assistant without the webhook', async () => {
    const owner = await inboundLine();
    sink.respondWith(() => ({ status: 500, body: 'down' }));
    const twiml = await ring(owner.number);
    expect(twiml.body).toContain('<Stream');
    expect(await delivery(owner.user.id)).toMatchObject({ status: 'pending', attempt_count: 1 });

    const quiet = await ownerWithOperatorLine(v, { assistant: { type: 'inbound', status: 'active' } });
    sink.requests.length = 0;
    expect((await ring(quiet.number)).body).toContain('<Stream');
    const off = await inboundLine();
    await referenceClient(v.t.app, off.token).post('/api/user/assistants/disable-inbound-webhook', { assistant_id: off.assistant.id });
    expect((await ring(off.number)).body).toContain('<Stream');
    expect(sink.requests).toEqual([]);
  });
});

describe('the inbound-call webhook on a chatapp call', () => {
  const engine = scriptedEngine('listen');
  let graph: FakeGraph;
  let t: TestApp;
  const customers: FakeChatappCustomer[] = [];

  beforeAll(async () => {
    graph = await startFakeGraph();
    t = await buildTestApp({
      callEngine: engine.engine,
      env: { ...chatappEnv(graph), VOICE_PRICE_PER_MINUTE_USD: '0.12', INBOUND_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
  });
  afterAll(async () => {
    for (const customer of customers) await customer.hangUp();
    await t.close();
    await graph.close();
  });

  it("is sent before the customer's call is picked up, with the sender's number, and its variables reach the call", async () => {
    const owner = await createUser(t.deps, { balanceUsd: 1 });
    const assistant = await createAssistant(apiFor(t, owner.token), { type: 'inbound', status: 'active' });
    await referenceClient(t.app, owner.token).post('/api/user/assistants/enable-inbound-webhook', {
      assistant_id: assistant.id,
      webhook_url: `${sink.url}/chatapp-inbound`,
    });
    const sender = await createCloudSender(t.app, graph, owner.token, { assistant_id: assistant.id });
    sink.respondWith(() => ({ status: 200, body: '{"customer_name":"Maria"}' }));

    const customer = new FakeChatappCustomer();
    customers.push(customer);
    const run = engine.nextRun();
    await deliver(
      t,
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000301',
        wacid: 'wacid.HOOK1',
        at: t.clock.now(),
        direction: 'USER_INITIATED',
        sdp: await customer.offer(),
      }),
    );
    // Sent and answered while the call event was processed, before the pick-up began.
    expect(sink.requests).toHaveLength(1);
    const preAccept = await until(() => graph.callActions('pre_accept')[0], 'pre_accept');
    expect(JSON.parse(sink.requests[0]!.body)).toEqual({
      event: 'inbound_call',
      call_id: expect.any(Number),
      assistant_id: assistant.uuid,
      type: 'whatsapp_inbound',
      customer_phone: '+40733000301',
      assistant_phone: '+40711000111',
      variables: {},
      created_at: expect.any(String),
    });
    await customer.acceptAnswer(preAccept.body.session.sdp);
    const session = await run;
    expect(session.session.call).toMatchObject({ type: 'whatsapp_inbound', variables: { customer_name: 'Maria' } });
  });
});

describe('answeredVariables', () => {
  it("takes a flat object's strings, numbers and booleans under valid names, and nothing else", () => {
    expect(
      answeredVariables('{"a":"x","b":2,"c":false,"d":null,"e":[1],"f":{"g":1},"9h":"no","i":' + JSON.stringify('x'.repeat(2001)) + '}'),
    ).toEqual({ a: 'x', b: 2, c: false });
    for (const body of ['', 'ok', '[]', '"text"', '42', 'null']) expect(answeredVariables(body)).toEqual({});
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`v${i}`, i]));
    expect(Object.keys(answeredVariables(JSON.stringify(many)))).toHaveLength(100);
  });
});
