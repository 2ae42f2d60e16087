import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { containsSignalForText } from '../../audio/test-signal.js';
import { buildTestApp, type TestApp } from '../../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../../../test/helpers/assistants.js';
import { graphErrorBody, startFakeGraph, type FakeGraph } from '../../../../../test/helpers/fakes/graph.js';
import { chatappEnv, createCloudSender, postWebhook } from '../../../../../test/helpers/chatapp.js';
import { chatappFixture } from '../../../../../test/helpers/chatapp-fixtures.js';
import {
  callConnect,
  callStatus,
  callTerminate,
  connectRequest,
  deliver,
  grantCallPermission,
  placedCall,
} from '../../../../../test/helpers/chatapp-calls.js';
import { FakeChatappCustomer } from '../../../../../test/helpers/fakes/chatapp-customer.js';
import { scriptedEngine } from '../../../../../test/helpers/scripted-engine.js';
import { until } from '../../../../../test/helpers/voice-engine.js';
import { callRow } from '../../../../../test/helpers/voice.js';

/**
 * The platform side of chatapp calls: calling settings following voice_calling_enabled, customer
 * calls the sender cannot take, statuses, the platform's own samples, and signalling when the
 * webhook reaches another server process than the one holding the call's peer.
 */
const engine = scriptedEngine('listen');
let graph: FakeGraph;
let t: TestApp;
const customers: FakeChatappCustomer[] = [];
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ callEngine: engine.engine, env: { ...chatappEnv(graph), VOICE_PRICE_PER_MINUTE_USD: '0.12' } });
});
afterAll(async () => {
  for (const customer of customers) await customer.hangUp();
  await t.close();
  await graph.close();
});
beforeEach(() => {
  graph.reset();
  t.clock.advance(24 * 3_600_000);
});

async function setup(options: { sender?: Record<string, unknown>; assistant?: Record<string, unknown> | null; suspended?: boolean } = {}) {
  const owner = await createUser(t.deps, { balanceUsd: 5 });
  const api = apiFor(t, owner.token);
  const assistant = options.assistant === null ? null : await createAssistant(api, { status: 'active', ...options.assistant });
  const sender = await createCloudSender(t.app, graph, owner.token, { assistant_id: assistant?.id ?? null, ...options.sender });
  if (options.suspended) {
    await t.deps.db
      .updateTable('users')
      .set({ suspended_at: t.clock.now(), suspension_reason: 'Spam' })
      .where('id', '=', owner.user.id)
      .execute();
  }
  return { owner, api, assistant, sender };
}

/** The one call of a `calls` webhook payload, to spoil. */
const callIn = (payload: ReturnType<typeof callConnect>) =>
  (payload.entry[0]!.changes[0]!.value as unknown as { calls: Array<Record<string, unknown>> }).calls[0]!;

const ended = (callId: number) =>
  until(async () => {
    const row = await callRow(t, callId);
    return !['initiated', 'ringing', 'in-progress'].includes(row.status) && row;
  }, `call ${callId} to end`);

describe('calling settings', () => {
  it('turns calling on (Opus only) and off on the platform when voice_calling_enabled changes, and keeps the old value when the platform refuses', async () => {
    const { owner, sender } = await setup({ sender: { voice_calling_enabled: false } });
    const update = (voice_calling_enabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/user/chatapp/senders/${sender.id}`,
        headers: bearer(owner.token),
        payload: { voice_calling_enabled },
      });
    const settings = () => graph.requests.filter((r) => r.path === `/${sender.phone_number_id}/settings`);

    expect((await update(true)).statusCode).toBe(200);
    expect(settings().map((r) => r.body)).toEqual([{ calling: { status: 'ENABLED' } }]);
    expect((await update(true)).statusCode).toBe(200);
    expect(settings()).toHaveLength(1);
    expect((await update(false)).statusCode).toBe(200);
    expect(settings().at(-1)!.body).toEqual({ calling: { status: 'DISABLED' } });

    graph.override((r) =>
      r.path.endsWith('/settings')
        ? {
            status: 400,
            body: graphErrorBody(138015, '(#138015) Calling cannot be enabled', 'The messaging limit of this number is below 2000.'),
          }
        : undefined,
    );
    const refused = await update(true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      success: false,
      error_code: 'CALLING_SETTINGS_FAILED',
      error: 'The messaging platform refused to turn calling on: (#138015) Calling cannot be enabled',
      platform_error: {
        code: 138015,
        message: '(#138015) Calling cannot be enabled',
        details: 'The messaging limit of this number is below 2000.',
      },
    });
    const stored = await t.deps.db
      .selectFrom('chatapp_senders')
      .select('voice_calling_enabled')
      .where('id', '=', sender.id)
      .executeTakeFirstOrThrow();
    expect(stored.voice_calling_enabled).toBe(false);
  });

  it('enables calling when a sender is created with it on', async () => {
    const { sender } = await setup();
    expect(graph.requests.filter((r) => r.path === `/${sender.phone_number_id}/settings`).map((r) => r.body)).toEqual([
      { calling: { status: 'ENABLED' } },
    ]);
  });
});

describe('customer calls the sender cannot take', () => {
  it.each([
    ['no assistant', { assistant: null }],
    ['calling off', { sender: { voice_calling_enabled: false } }],
    ['an inactive assistant', { assistant: { status: 'inactive' } }],
    ['an account the operator suspended', { suspended: true }],
  ])('rejects with %s, and keeps no call', async (_why, options) => {
    const { sender } = await setup(options);
    const customer = new FakeChatappCustomer();
    customers.push(customer);
    await deliver(
      t,
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000301',
        wacid: `wacid.REJ${sender.id}`,
        at: t.clock.now(),
        direction: 'USER_INITIATED',
        sdp: await customer.offer(),
      }),
    );
    expect(graph.callActions().map((r) => r.body)).toEqual([
      { messaging_product: 'whatsapp', call_id: `wacid.REJ${sender.id}`, action: 'reject' },
    ]);
    expect(await t.deps.db.selectFrom('calls').select('id').where('provider_call_id', '=', `wacid.REJ${sender.id}`).execute()).toEqual([]);
  });

  it("rejects the platform's captured offer, whose SDP is cut short (no audio line), and records the failed call; a replay changes nothing", async () => {
    const { sender } = await setup();
    const body = chatappFixture('calls-connect-user-initiated', { replace: { '518638374672395': sender.phone_number_id } });
    for (let i = 0; i < 2; i++) {
      expect((await postWebhook(t.app, body)).statusCode).toBe(200);
      await t.deps.jobs.drain();
    }
    expect(graph.callActions().map((r) => r.body.action)).toEqual(['reject']);
    const row = await t.deps.db.selectFrom('calls').selectAll().where('chatapp_sender_id', '=', sender.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'whatsapp_inbound',
      status: 'failed',
      end_reason: 'offer_refused: no audio we can speak (Opus or PCMU)',
      from_number: '+917358580180',
      cost_micros: 0,
    });
  });

  it('answers 200 to every malformed offer, tells the platform reject, and records each refused call with its reason', async () => {
    const { sender } = await setup();
    const customer = new FakeChatappCustomer();
    customers.push(customer);
    const good = await customer.offer();
    const offers: Array<[unknown, string]> = [
      ['hello', 'the SDP does not start with v=0'],
      ['', 'no SDP'],
      [12345, 'the SDP does not start with v=0'],
      [good.replace(/^a=fingerprint:.*\r\n/m, ''), 'no DTLS fingerprint'],
      [good.replace(/^a=ice-pwd:.*\r\n/m, ''), 'no ICE credentials'],
      [good.replace(/^a=candidate:.*\r\n/gm, ''), 'no usable ICE candidate'],
      [good + 'a=x-junk:' + 'x'.repeat(30_000) + '\r\n', 'the SDP is longer than 20000 characters'],
      ['\u0000\u0001m=audio 1 RTP 111', 'the SDP does not start with v=0'],
    ];
    for (const [index, [sdp]] of offers.entries()) {
      const payload = callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: `4073300070${index}`,
        wacid: `wacid.BAD${sender.id}-${index}`,
        at: t.clock.now(),
        direction: 'USER_INITIATED',
        sdp: '',
      });
      (callIn(payload).session as { sdp: unknown }).sdp = sdp;
      await deliver(t, payload);
    }
    // An offer missing altogether (no session) is refused the same way.
    const bare = callConnect({
      phoneNumberId: sender.phone_number_id,
      customer: '40733000799',
      wacid: `wacid.BAD${sender.id}-bare`,
      at: t.clock.now(),
      direction: 'USER_INITIATED',
      sdp: '',
    });
    delete callIn(bare).session;
    await deliver(t, bare);

    expect(graph.callActions().map((r) => r.body)).toEqual(
      [...offers.map((_, index) => `wacid.BAD${sender.id}-${index}`), `wacid.BAD${sender.id}-bare`].map((call_id) => ({
        messaging_product: 'whatsapp',
        call_id,
        action: 'reject',
      })),
    );
    const rows = await t.deps.db
      .selectFrom('calls')
      .select(['provider_call_id', 'status', 'end_reason', 'cost_micros'])
      .where('chatapp_sender_id', '=', sender.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      ...offers.map(([, problem], index) => ({
        provider_call_id: `wacid.BAD${sender.id}-${index}`,
        status: 'failed',
        end_reason: `offer_refused: ${problem}`,
        cost_micros: 0,
      })),
      { provider_call_id: `wacid.BAD${sender.id}-bare`, status: 'failed', end_reason: 'offer_refused: no SDP', cost_micros: 0 },
    ]);
  });
});

describe('business call statuses', () => {
  it('moves to ringing on RINGING and ends as busy on REJECTED, terminating nothing', async () => {
    const { api, sender } = await setup();
    await grantCallPermission(t, sender.phone_number_id, '40733000401');
    expect((await api.post('/api/user/chatapp/voice/call', { sender_id: sender.id, recipient_phone: '+40733000401' })).statusCode).toBe(
      200,
    );
    await connectRequest(graph, '40733000401');
    const call = await placedCall(t, sender.id);
    const status = (value: 'RINGING' | 'REJECTED') =>
      callStatus({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000401',
        wacid: call.provider_call_id!,
        at: t.clock.now(),
        status: value,
      });
    await deliver(t, status('RINGING'));
    expect((await callRow(t, call.id)).status).toBe('ringing');
    await deliver(t, status('REJECTED'));
    expect(await ended(call.id)).toMatchObject({ status: 'busy', end_reason: 'rejected', cost_micros: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(graph.callActions('terminate')).toEqual([]);
  });
});

describe('a malformed answer to our offer', () => {
  it('fails the call with the reason and tells the platform terminate; the webhook is answered 200', async () => {
    const { api, sender } = await setup();
    await grantCallPermission(t, sender.phone_number_id, '40733000801');
    expect((await api.post('/api/user/chatapp/voice/call', { sender_id: sender.id, recipient_phone: '+40733000801' })).statusCode).toBe(
      200,
    );
    const connect = await connectRequest(graph, '40733000801');
    const call = await placedCall(t, sender.id);
    const customer = new FakeChatappCustomer();
    customers.push(customer);
    const answer = (await customer.answer(connect.body.session.sdp)).replace(/^a=fingerprint:.*\r\n/m, '');
    await deliver(
      t,
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000801',
        wacid: call.provider_call_id,
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
        sdp: answer,
      }),
    );
    expect(await ended(call.id)).toMatchObject({ status: 'failed', end_reason: 'answer_refused: no DTLS fingerprint', cost_micros: 0 });
    await until(() => graph.callActions('terminate').find((r) => r.body.call_id === call.provider_call_id), 'terminate');
  });
});

describe('across server processes', () => {
  it('a webhook handled by another process reaches the peer through the call row: the answer, the pick-up, then the hang-up', async () => {
    const other = await t.startAnotherInstance();
    const { api, sender } = await setup();
    await grantCallPermission(t, sender.phone_number_id, '40733000501');
    const run = engine.nextRun();
    expect((await api.post('/api/user/chatapp/voice/call', { sender_id: sender.id, recipient_phone: '+40733000501' })).statusCode).toBe(
      200,
    );
    const connect = await connectRequest(graph, '40733000501');
    const call = await placedCall(t, sender.id);
    const customer = new FakeChatappCustomer();
    customers.push(customer);
    const answer = await customer.answer(connect.body.session.sdp);
    // The platform's webhook lands on the other process, which does not hold the peer.
    const viaOther = async (payload: unknown) => {
      expect((await postWebhook(other.app, payload)).statusCode).toBe(200);
      await other.deps.jobs.drain();
    };
    // The answer and the pick-up land there back to back: the row keeps both for the holder.
    await viaOther(
      callConnect({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000501',
        wacid: call.provider_call_id!,
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
        sdp: answer,
      }),
    );
    await viaOther(
      callStatus({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000501',
        wacid: call.provider_call_id!,
        at: t.clock.now(),
        status: 'ACCEPTED',
      }),
    );
    expect((await callRow(t, call.id)).chatapp_signal).toEqual({ answerSdp: answer, accepted: true });
    const session = await run;
    await until(
      () => containsSignalForText(customer.heard(), customer.sampleRate, 'Hello! How can I help you today?'),
      'the customer to hear the greeting',
      15_000,
    );
    expect(other.deps.services.callsModule.chatappCalls!.live.size).toBe(0);

    await viaOther(
      callTerminate({
        phoneNumberId: sender.phone_number_id,
        customer: '40733000501',
        wacid: call.provider_call_id!,
        at: t.clock.now(),
        direction: 'BUSINESS_INITIATED',
        durationSeconds: 3,
      }),
    );
    await customer.hangUp();
    await session.outcome;
    expect(await ended(call.id)).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup' });
    expect(graph.callActions('terminate')).toEqual([]);
  });
});
