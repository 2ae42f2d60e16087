import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { containsSignalForText } from '../../audio/test-signal.js';
import { buildTestApp, type TestApp } from '../../../../../test/helpers/test-app.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { apiFor, createAssistant, type Api } from '../../../../../test/helpers/assistants.js';
import { startFakeGraph, type FakeGraph } from '../../../../../test/helpers/fakes/graph.js';
import { startWebhookSink, type WebhookSink } from '../../../../../test/helpers/webhook-sink.js';
import { chatappEnv, createCloudSender } from '../../../../../test/helpers/chatapp.js';
import {
  callConnect,
  callStatus,
  callTerminate,
  connectRequest,
  deliver,
  deliverAccepted,
  grantCallPermission,
  MEDIA_TIMEOUT_ERROR,
  placedCall,
} from '../../../../../test/helpers/chatapp-calls.js';
import { FakeChatappCustomer } from '../../../../../test/helpers/fakes/chatapp-customer.js';
import { scriptedEngine } from '../../../../../test/helpers/scripted-engine.js';
import { until } from '../../../../../test/helpers/voice-engine.js';
import { callRow, balanceMicros } from '../../../../../test/helpers/voice.js';

/**
 * Whole chatapp calls both ways: the fake Graph takes our signalling, a werift customer on
 * loopback answers or places the call (real ICE, DTLS-SRTP, Opus), and the scripted engine
 * plays its greeting, which the customer must hear. Then the records, money and webhooks.
 */
const engine = scriptedEngine('listen');
let graph: FakeGraph;
let sink: WebhookSink;
let t: TestApp;
let api: Api;
let owner: Awaited<ReturnType<typeof createUser>>;
let sender: { id: number; phone_number_id: string };
const customers: FakeChatappCustomer[] = [];

beforeAll(async () => {
  graph = await startFakeGraph();
  sink = await startWebhookSink();
  t = await buildTestApp({ callEngine: engine.engine, env: { ...chatappEnv(graph), VOICE_PRICE_PER_MINUTE_USD: '0.12' } });
  owner = await createUser(t.deps, { balanceUsd: 1 });
  api = apiFor(t, owner.token);
  const assistant = await createAssistant(api, {
    status: 'active',
    webhook_url: `${sink.url}/post-call`,
    is_webhook_active: true,
    post_call_evaluation: false,
  });
  sender = await createCloudSender(t.app, graph, owner.token, { voice_webhook_url: `${sink.url}/voice`, assistant_id: assistant.id });
});
afterAll(async () => {
  for (const customer of customers) await customer.hangUp();
  await t.close();
  await graph.close();
  await sink.close();
});
beforeEach(() => {
  graph.reset();
  t.clock.advance(24 * 3_600_000);
});

function newCustomer() {
  const customer = new FakeChatappCustomer();
  customers.push(customer);
  return customer;
}

const ended = (callId: number) =>
  until(async () => {
    const row = await callRow(t, callId);
    return !['initiated', 'ringing', 'in-progress'].includes(row.status) && row;
  }, `call ${callId} to end`);

async function webhooks(path: string) {
  await t.deps.jobs.drain();
  return sink.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
}

describe('business-initiated chatapp calls', () => {
  it('offers, takes the answer from the calls webhook, greets the customer over SRTP, and ends when the customer hangs up', async () => {
    await grantCallPermission(t, sender.phone_number_id, '40733000101');
    const balanceBefore = await balanceMicros(t, owner.user.id);
    const run = engine.nextRun();
    const res = await api.post('/api/user/chatapp/voice/call', {
      sender_id: sender.id,
      recipient_phone: '+40 733 000 101',
      variables: { order: 'A-17' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'queued', sender_id: sender.id, customer_phone: '+40733000101' });

    const connect = await connectRequest(graph, '40733000101');
    expect(connect.path).toBe(`/${sender.phone_number_id}/calls`);
    expect(connect.headers.authorization).toMatch(/^Bearer /);
    expect(connect.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '40733000101',
      action: 'connect',
      session: { sdp_type: 'offer' },
    });
    expect(connect.body.session.sdp).toContain('a=setup:actpass');
    expect(connect.body.session.sdp).toMatch(/m=audio \d+ UDP\/TLS\/RTP\/SAVPF 111 0\r\n/);
    const placed = await placedCall(t, sender.id);
    const row0 = await callRow(t, placed.id);
    expect(row0).toMatchObject({
      type: 'whatsapp_outbound',
      direction: 'outbound',
      provider: 'chatapp',
      provider_call_id: 'wacid.FAKE000001',
      status: 'initiated',
      to_number: '+40733000101',
    });
    expect(connect.body.biz_opaque_callback_data).toBe(row0!.uuid);

    const customer = newCustomer();
    const answer = await customer.answer(connect.body.session.sdp);
    await deliver(
      t,
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000101',
        wacid: 'wacid.FAKE000001',
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
        sdp: answer,
      }),
    );
    // Media is up with the platform while the phone rings: a second of it, and nobody speaks into the ringtone.
    await until(() => customer.packetsReceived >= 50, 'a second of media while the phone rings');
    expect(engine.runs.filter((r) => r.session.call.id === row0!.id)).toEqual([]);
    expect(customer.heard().some((sample) => Math.abs(sample) > 200)).toBe(false);
    expect((await callRow(t, row0!.id)).status).toBe('initiated');
    await deliverAccepted(t, sender.phone_number_id, '40733000101', 'wacid.FAKE000001');
    const session = await run;
    expect(session.session.call).toMatchObject({
      id: row0!.id,
      type: 'whatsapp_outbound',
      toNumber: '+40733000101',
      variables: { order: 'A-17' },
    });
    await until(() => session.marks.includes('greeting'), 'the greeting to play');
    await until(
      () => containsSignalForText(customer.heard(), customer.sampleRate, 'Hello! How can I help you today?'),
      'the customer to hear the greeting',
      15_000,
    );
    await until(() => session.audioFrames > 10, "the customer's audio to reach the engine");

    t.clock.advance(20_000);
    await deliver(
      t,
      callTerminate({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000101',
        wacid: 'wacid.FAKE000001',
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
        durationSeconds: 20,
      }),
    );
    await customer.hangUp();
    const row = await ended(row0!.id);
    expect(row).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup', duration_seconds: 20, cost_micros: 40_000 });
    expect(row.transcript.map((e) => e.text)).toEqual(['Hello! How can I help you today?']);
    expect(await balanceMicros(t, owner.user.id)).toBe(balanceBefore - 40_000);
    // The customer ended it: the platform needs no terminate from us.
    expect(graph.callActions('terminate')).toEqual([]);

    const voice = (await webhooks('/voice')).filter((e) => e.type === 'voice_call');
    expect(voice.at(-1)).toMatchObject({
      event: 'whatsapp_voice',
      type: 'voice_call',
      sender_id: sender.id,
      customer_phone: '+40733000101',
      call_id: row.id,
      direction: 'whatsapp_outbound',
    });
    await sink.waitForRequests(1);
    const postCall = (await webhooks('/post-call')).find((p) => p.id === row.id);
    expect(postCall).toMatchObject({
      id: row.id,
      customer_phone: '+40733000101',
      duration: 20,
      status: 'ended_by_customer',
      input_variables: { order: 'A-17' },
    });
    const listed = await api.get('/api/user/calls?type=whatsapp_outbound');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((c: Record<string, unknown>) => [c.id, c.type, c.client_phone_number, c.status])).toEqual([
      [row.id, 'whatsapp_outbound', '+40733000101', 'ended_by_customer'],
    ]);
  });

  it('terminates on the platform when the assistant hangs up', async () => {
    await grantCallPermission(t, sender.phone_number_id, '40733000102');
    const run = engine.nextRun();
    expect((await api.post('/api/user/chatapp/voice/call', { sender_id: sender.id, recipient_phone: '+40733000102' })).statusCode).toBe(
      200,
    );
    const connect = await connectRequest(graph, '40733000102');
    const customer = newCustomer();
    const wacid = await placedCall(t, sender.id);
    await deliver(
      t,
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000102',
        wacid: wacid.provider_call_id!,
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
        sdp: await customer.answer(connect.body.session.sdp),
      }),
    );
    await deliverAccepted(t, sender.phone_number_id, '40733000102', wacid.provider_call_id);
    const session = await run;
    await until(() => session.marks.includes('greeting'), 'the greeting to play');
    await session.session.telephony.hangUp();
    await customer.hangUp();
    const row = await ended(wacid.id);
    expect(row.status).toBe('ended_by_customer');
    await until(() => graph.callActions('terminate').length === 1, 'terminate');
    expect(graph.callActions('terminate')[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      call_id: wacid.provider_call_id,
      action: 'terminate',
    });
  });

  it('ends an unanswered call as no-answer, returning the reserved minute', async () => {
    await grantCallPermission(t, sender.phone_number_id, '40733000103');
    const before = await balanceMicros(t, owner.user.id);
    expect((await api.post('/api/user/chatapp/voice/call', { sender_id: sender.id, recipient_phone: '+40733000103' })).statusCode).toBe(
      200,
    );
    expect(await balanceMicros(t, owner.user.id)).toBe(before - 120_000);
    await connectRequest(graph, '40733000103');
    const call = await placedCall(t, sender.id);
    await deliver(
      t,
      callTerminate({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000103',
        wacid: call.provider_call_id!,
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
      }),
    );
    expect(await ended(call.id)).toMatchObject({ status: 'no-answer', end_reason: 'not_answered', duration_seconds: 0, cost_micros: 0 });
    expect(await balanceMicros(t, owner.user.id)).toBe(before);
  });
});

describe('business calls are answered when the customer accepts', () => {
  /** A placed call whose media is up with the platform (the phone rings), 25 h after the grant: the window is closed. */
  async function ringing(waId: string) {
    await grantCallPermission(t, sender.phone_number_id, waId);
    t.clock.advance(25 * 3_600_000);
    const before = await balanceMicros(t, owner.user.id);
    expect((await api.post('/api/user/chatapp/voice/call', { sender_id: sender.id, recipient_phone: `+${waId}` })).statusCode).toBe(200);
    const connect = await connectRequest(graph, waId);
    const call = await placedCall(t, sender.id);
    const customer = newCustomer();
    const at = () => t.clock.now();
    await deliver(
      t,
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: waId,
        wacid: call.provider_call_id,
        at: at(),
        direction: 'BUSINESS_INITIATED',
        sdp: await customer.answer(connect.body.session.sdp),
      }),
    );
    await deliver(
      t,
      callStatus({ phoneNumberId: sender.phone_number_id, customer: waId, wacid: call.provider_call_id, at: at(), status: 'RINGING' }),
    );
    await until(() => customer.packetsReceived >= 25, 'media while the phone rings');
    const window = async () =>
      (
        await t.deps.db
          .selectFrom('chatapp_conversations')
          .select('last_customer_message_at')
          .where('sender_id', '=', sender.id)
          .where('customer_phone', '=', `+${waId}`)
          .executeTakeFirstOrThrow()
      ).last_customer_message_at;
    return { call, customer, before, windowBefore: await window(), window };
  }

  it('a call the customer rejects while it rings is busy (rejected): never greeted, not charged, the window stays closed', async () => {
    const { call, customer, before, windowBefore, window } = await ringing('40733000111');
    await deliver(
      t,
      callStatus({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000111',
        wacid: call.provider_call_id,
        at: t.clock.now(),
        status: 'REJECTED',
      }),
    );
    expect(await ended(call.id)).toMatchObject({
      status: 'busy',
      end_reason: 'rejected',
      duration_seconds: 0,
      cost_micros: 0,
      answered_at: null,
    });
    expect(await balanceMicros(t, owner.user.id)).toBe(before);
    expect(engine.runs.some((r) => r.session.call.id === call.id)).toBe(false);
    expect(customer.heard().some((sample) => Math.abs(sample) > 200)).toBe(false);
    expect(await window()).toEqual(windowBefore);
    expect(graph.callActions('terminate')).toEqual([]);
  });

  it('a call nobody picks up ends as no-answer when it stops ringing: not charged, the window stays closed, the platform hears terminate', async () => {
    const { call, before, windowBefore, window } = await ringing('40733000112');
    t.clock.advance(61_000);
    expect(await ended(call.id)).toMatchObject({ status: 'no-answer', end_reason: 'not_answered', duration_seconds: 0, cost_micros: 0 });
    expect(await balanceMicros(t, owner.user.id)).toBe(before);
    expect(engine.runs.some((r) => r.session.call.id === call.id)).toBe(false);
    expect(await window()).toEqual(windowBefore);
    await until(() => graph.callActions('terminate').find((r) => r.body.call_id === call.provider_call_id), 'terminate');
  });

  it("a call the platform fails (138021) after 20 s of talk is failed with its error, lasts the platform's 20 s and costs them", async () => {
    const { call, customer, before, windowBefore, window } = await ringing('40733000113');
    const run = engine.nextRun();
    await deliverAccepted(t, sender.phone_number_id, '40733000113', call.provider_call_id);
    const session = await run;
    await until(
      () => containsSignalForText(customer.heard(), customer.sampleRate, 'Hello! How can I help you today?'),
      'the greeting after the pick-up',
      15_000,
    );
    expect(await window()).not.toEqual(windowBefore);
    t.clock.advance(27_000);
    await deliver(
      t,
      callTerminate({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000113',
        wacid: call.provider_call_id,
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
        durationSeconds: 20,
        failure: MEDIA_TIMEOUT_ERROR,
      }),
    );
    await customer.hangUp();
    await session.outcome;
    const row = await ended(call.id);
    expect(row).toMatchObject({
      status: 'failed',
      duration_seconds: 20,
      cost_micros: 40_000,
      end_reason:
        'platform_error 138021: WhatsApp client terminated the call due to not receiving any media for a long time. Please try again',
    });
    expect(await balanceMicros(t, owner.user.id)).toBe(before - 40_000);
    const listed = (await api.get('/api/user/calls?status=failed')).json().data.find((c: { id: number }) => c.id === call.id);
    expect(listed).toMatchObject({ status: 'failed', duration: 20, total_cost: 0.04, end_reason: row.end_reason });
    expect(graph.callActions('terminate')).toEqual([]);
  });
});

describe('user-initiated chatapp calls', () => {
  it('pre-accepts and accepts with the same answer, the assistant greets, and the call ends when the customer goes', async () => {
    const customer = newCustomer();
    const offer = await customer.offer();
    const run = engine.nextRun();
    await deliver(
      t,
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000201',
        wacid: 'wacid.IN0001',
        at: t.clock.now(),
        direction: 'USER_INITIATED',
        sdp: offer,
      }),
    );
    const preAccept = await until(() => graph.callActions('pre_accept')[0], 'pre_accept');
    expect(preAccept.body).toMatchObject({
      messaging_product: 'whatsapp',
      call_id: 'wacid.IN0001',
      action: 'pre_accept',
      session: { sdp_type: 'answer' },
    });
    await customer.acceptAnswer(preAccept.body.session.sdp);
    const accept = await until(() => graph.callActions('accept')[0], 'accept');
    expect(accept.body.session).toEqual(preAccept.body.session);
    const session = await run;
    expect(session.session.call).toMatchObject({ type: 'whatsapp_inbound', direction: 'inbound', fromNumber: '+40733000201' });
    await until(
      () => containsSignalForText(customer.heard(), customer.sampleRate, 'Hello! How can I help you today?'),
      'the customer to hear the greeting',
      15_000,
    );

    await deliver(
      t,
      callTerminate({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000201',
        wacid: 'wacid.IN0001',
        at: t.clock.now(),
        direction: 'USER_INITIATED',
        durationSeconds: 5,
      }),
    );
    await customer.hangUp();
    const row = await ended(session.session.call.id);
    expect(row).toMatchObject({
      type: 'whatsapp_inbound',
      provider_call_id: 'wacid.IN0001',
      status: 'ended_by_customer',
      chatapp_sender_id: sender.id,
    });
    const voice = (await webhooks('/voice')).filter((e) => e.type === 'voice_call' && e.call_id === row.id);
    expect(voice).toEqual([expect.objectContaining({ direction: 'whatsapp_inbound', customer_phone: '+40733000201' })]);
    // The connected call opened the customer's window.
    const conversation = await t.deps.db
      .selectFrom('chatapp_conversations')
      .select(['last_customer_message_at', 'asks_reset_at'])
      .where('sender_id', '=', sender.id)
      .where('customer_phone', '=', '+40733000201')
      .executeTakeFirstOrThrow();
    expect(conversation.last_customer_message_at).not.toBeNull();
    expect(conversation.asks_reset_at).not.toBeNull();
  });
});
