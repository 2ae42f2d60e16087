import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { containsSignalForText, signalForText } from '../../audio/test-signal.js';
import { connectFakeCaller, newCallSid, signTwilio, type FakeCaller } from '../../../../../test/helpers/fakes/twilio.js';
import { GOODBYE } from '../../../../../test/helpers/scripted-engine.js';
import { startWebhookSink, type WebhookSink } from '../../../../../test/helpers/webhook-sink.js';
import {
  balanceMicros,
  callRow,
  makeCall,
  ownerWithLine,
  ownerWithOperatorLine,
  postTwilio,
  PRICE_MICROS,
  PUBLIC_HOST,
  startVoiceApp,
  type VoiceTestApp,
} from '../../../../../test/helpers/voice.js';

/**
 * Whole calls through the real server listening on a port: a fake caller opens the media stream
 * exactly as Twilio does, the scripted engine talks to it, the fake Twilio REST API hangs up.
 */
let v: VoiceTestApp;
let listen: VoiceTestApp;
let sink: WebhookSink;
let port: number;
const callers = new Map<string, FakeCaller>();

beforeAll(async () => {
  v = await startVoiceApp({ engine: 'hangUp' });
  listen = await startVoiceApp({ engine: 'listen' });
  sink = await startWebhookSink();
  for (const app of [v, listen]) {
    // Twilio ends the stream (stop) when the call is hung up through the REST API.
    app.twilio.onUpdate((callSid, form) => {
      if (form.Status === 'completed') callers.get(callSid)?.hangUp();
    });
  }
});
afterAll(async () => {
  for (const caller of callers.values()) caller.close();
  await v.close();
  await listen.close();
  await sink.close();
});
beforeEach(() => {
  sink.requests.length = 0;
});

async function serve(app: VoiceTestApp): Promise<number> {
  if (!app.t.app.server.listening) await app.t.app.listen({ port: 0, host: '127.0.0.1' });
  return (app.t.app.server.address() as AddressInfo).port;
}

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function answer(app: VoiceTestApp, callId: number, options: { signature?: string } = {}) {
  port = await serve(app);
  const callSid = (await callRow(app.t, callId)).provider_call_id!;
  const caller = await connectFakeCaller({
    port,
    publicHost: PUBLIC_HOST,
    authToken: app.authToken,
    accountSid: app.accountSid,
    callSid,
    callId,
    ...options,
  });
  callers.set(callSid, caller);
  return caller;
}

const ended = (app: VoiceTestApp, callId: number) =>
  until(async () => {
    const row = await callRow(app.t, callId);
    return !['initiated', 'ringing', 'in-progress'].includes(row.status) && row;
  }, `call ${callId} to end`);

describe('the Twilio media stream', () => {
  it('plays the greeting to the caller, hears marks and DTMF, and ends when the assistant hangs up', async () => {
    const owner = await ownerWithLine(v.t, {
      balanceUsd: 1,
      assistant: {
        webhook_url: `${sink.url}/post-call`,
        is_webhook_active: true,
        post_call_evaluation: false,
        include_recording_in_webhook: false,
      },
    });
    const callId = await makeCall(owner.api, owner.assistant.id, '+14155550199', { name: 'Jane' });
    const run = v.engine.nextRun();
    const caller = await answer(v, callId);
    expect(caller.opened).toBe(true);
    caller.start();
    const session = await run;
    expect(session.session.call).toMatchObject({
      id: callId,
      type: 'outbound',
      toNumber: '+14155550199',
      fromNumber: owner.number,
      variables: { name: 'Jane' },
    });
    expect((await callRow(v.t, callId)).status).toBe('in-progress');
    caller.dtmf('4');
    caller.dtmf('2');
    v.t.clock.advance(7_400);
    await session.outcome;
    const row = await ended(v, callId);

    // What the caller heard, after μ-law and 8 kHz: the greeting's known signal.
    expect(containsSignalForText(caller.heard(), 8_000, 'Hello! How can I help you today?')).toBe(true);
    expect(caller.echoedMarks).toEqual(['greeting']);
    expect(session.marks).toEqual(['greeting']);
    // The mark came back after the whole greeting had played (480 ms of signal).
    expect(session.playedAtGreetingMark).toBe(480);
    expect(session.dtmf).toEqual(['4', '2']);
    expect(session.audioFrames).toBeGreaterThan(10);
    const sentFrames = caller.received.filter((m) => m.event === 'media');
    expect(sentFrames.length).toBe(24);
    expect(sentFrames.every((m) => m.streamSid === caller.streamSid && Buffer.from(m.media.payload, 'base64').length === 160)).toBe(true);

    const hangUp = v.twilio.updates().at(-1)!;
    expect(hangUp.path).toBe(`/2010-04-01/Accounts/${v.accountSid}/Calls/${row.provider_call_id}.json`);
    expect(hangUp.form).toEqual({ Status: 'completed' });
    expect(row).toMatchObject({
      status: 'ended_by_assistant',
      end_reason: 'end_call',
      duration_seconds: 8,
      lease_holder: null,
      cost_micros: 8 * 2_000,
    });
    expect(row.transcript).toEqual([
      { text: 'Hello! How can I help you today?', type: 'transcript', sender: 'bot', timestamp: Date.parse('2026-01-15T10:00:00Z') / 1000 },
    ]);
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000 - 16_000);

    await v.t.deps.jobs.drain();
    await sink.waitForRequests(1);
    const delivery = sink.requests[0]!;
    expect(delivery.path).toBe('/post-call');
    expect(delivery.headers['x-switchboard-event']).toBe('post_call');
    expect(JSON.parse(delivery.body)).toEqual({
      id: callId,
      customer_phone: '+14155550199',
      assistant_phone: owner.number,
      duration: 8,
      status: 'ended_by_assistant',
      extracted_variables: null,
      input_variables: { name: 'Jane' },
      transcript: row.transcript,
      formatted_transcript: 'AI: Hello! How can I help you today?',
      created_at: '2026-01-15T10:00:00.000000Z',
      finished_at: '2026-01-15T10:00:07.400000Z',
    });
  });

  it('refuses an upgrade without a valid signature over the wss URL, and a stream for a call of another account', async () => {
    const owner = await ownerWithLine(v.t);
    const callId = await makeCall(owner.api, owner.assistant.id);
    port = await serve(v);
    const bad = await answer(v, callId, { signature: signTwilio('not-the-token', `wss://${PUBLIC_HOST}/api/voice/twilio/stream`) });
    expect(bad.opened).toBe(false);
    const httpsSigned = await answer(v, callId, { signature: signTwilio(v.authToken, `https://${PUBLIC_HOST}/api/voice/twilio/stream`) });
    expect(httpsSigned.opened).toBe(false);

    // Signed correctly, but naming a CallSid that is not this call's: the stream is closed, the call untouched.
    const stranger = await connectFakeCaller({
      port,
      publicHost: PUBLIC_HOST,
      authToken: v.authToken,
      accountSid: v.accountSid,
      callSid: newCallSid(),
      callId,
    });
    expect(stranger.opened).toBe(true);
    stranger.start();
    expect(await stranger.closed).toBe(1000);
    expect(await callRow(v.t, callId)).toMatchObject({ status: 'initiated', lease_holder: null });
  });

  it('ends as ended_by_customer when the caller hangs up, evaluates, and sends the webhook', async () => {
    const owner = await ownerWithLine(listen.t, {
      balanceUsd: 1,
      assistant: {
        webhook_url: `${sink.url}/post-call`,
        is_webhook_active: true,
        send_webhook_only_on_completed: true,
        include_recording_in_webhook: true,
      },
    });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const run = listen.engine.nextRun();
    const caller = await answer(listen, callId);
    caller.start();
    const session = await run;
    await until(() => session.marks.includes('greeting'), 'the greeting to play');
    caller.say(signalForText('Hi there', 8_000));
    listen.t.clock.advance(42_000);
    caller.hangUp();
    await session.outcome;
    const row = await ended(listen, callId);
    expect(row).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup', duration_seconds: 42, cost_micros: 84_000 });
    expect(await balanceMicros(listen.t, owner.user.id)).toBe(1_000_000 - 84_000);
    const ledger = await listen.t.deps.db
      .selectFrom('balance_ledger')
      .select(['amount_micros', 'reason'])
      .where('user_id', '=', owner.user.id)
      .orderBy('id')
      .execute();
    expect(ledger.slice(1)).toEqual([
      { amount_micros: -PRICE_MICROS, reason: `Voice call ${callId}: minute reserved` },
      { amount_micros: PRICE_MICROS - 84_000, reason: `Voice call ${callId}: unused reservation returned` },
    ]);

    await listen.t.deps.jobs.drain();
    await sink.waitForRequests(1);
    const body = JSON.parse(sink.requests[0]!.body);
    expect(body).toMatchObject({ id: callId, status: 'ended_by_customer', duration: 42, recording_url: null });
    expect(body.extracted_variables).toEqual((await callRow(listen.t, callId)).evaluation);
    expect(Object.keys(body.extracted_variables)).toEqual(['status', 'summary']);
  });

  it('reserves the next minute while talking and, when the balance cannot pay it, has the engine say goodbye and hang up', async () => {
    // 0.30 USD: two minutes of 0.12 can be reserved, not a third.
    const owner = await ownerWithLine(listen.t, { balanceUsd: 0.3 });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const run = listen.engine.nextRun();
    const caller = await answer(listen, callId);
    caller.start();
    const session = await run;
    const sessions = listen.t.deps.services.callsModule.sessions;

    listen.t.clock.advance(40_000);
    await sessions.tick();
    expect((await callRow(listen.t, callId)).reserved_micros).toBe(PRICE_MICROS);
    listen.t.clock.advance(10_000);
    await sessions.tick();
    expect((await callRow(listen.t, callId)).reserved_micros).toBe(2 * PRICE_MICROS);
    expect(await balanceMicros(listen.t, owner.user.id)).toBe(300_000 - 2 * PRICE_MICROS);
    expect(session.wrapUpReason).toBe(null);

    listen.t.clock.advance(60_000);
    await sessions.tick();
    await session.outcome;
    expect(session.wrapUpReason).toBe('balance');
    const row = await ended(listen, callId);
    expect(row).toMatchObject({
      status: 'ended_by_assistant',
      end_reason: 'balance',
      duration_seconds: 110,
      reserved_micros: 2 * PRICE_MICROS,
      cost_micros: 220_000,
    });
    expect(row.transcript.map((t) => t.text)).toEqual(['Hello! How can I help you today?', GOODBYE]);
    expect(await balanceMicros(listen.t, owner.user.id)).toBe(300_000 - 220_000);
  });
});

describe('the post-call webhook for calls that never connected', () => {
  it('is sent for a busy call, unless the assistant wants completed calls only', async () => {
    const hook = { webhook_url: `${sink.url}/post-call`, is_webhook_active: true };
    const all = await ownerWithLine(v.t, { assistant: { ...hook, send_webhook_only_on_completed: false } });
    const completedOnly = await ownerWithLine(v.t, { assistant: { ...hook, send_webhook_only_on_completed: true } });
    for (const owner of [completedOnly, all]) {
      const callId = await makeCall(owner.api, owner.assistant.id);
      const CallSid = (await callRow(v.t, callId)).provider_call_id!;
      await postTwilio(
        v.t,
        `/api/voice/twilio/status?call_id=${callId}`,
        { AccountSid: v.accountSid, CallSid, CallStatus: 'busy', CallDuration: '0' },
        { token: v.authToken },
      );
    }
    await v.t.deps.jobs.drain();
    await sink.waitForRequests(1);
    expect(sink.requests).toHaveLength(1);
    const body = JSON.parse(sink.requests[0]!.body);
    expect(body).toMatchObject({
      customer_phone: '+14155550199',
      assistant_phone: all.number,
      status: 'busy',
      duration: 0,
      extracted_variables: null,
      transcript: [],
      formatted_transcript: '',
    });
  });
});

describe('inbound calls end to end', () => {
  it('answers a call to an inbound number with its assistant', async () => {
    const owner = await ownerWithOperatorLine(v, {
      assistant: { type: 'inbound', status: 'active', initial_message: 'Thanks for calling Acme!' },
    });
    const CallSid = newCallSid();
    const twiml = await postTwilio(
      v.t,
      '/api/voice/twilio/incoming',
      { AccountSid: v.accountSid, CallSid, From: '+40711222333', To: owner.number, Direction: 'inbound' },
      { token: v.authToken },
    );
    const callId = Number(/name="call_id" value="(\d+)"/.exec(twiml.body)![1]);
    const run = v.engine.nextRun();
    port = await serve(v);
    const caller = await connectFakeCaller({
      port,
      publicHost: PUBLIC_HOST,
      authToken: v.authToken,
      accountSid: v.accountSid,
      callSid: CallSid,
      callId,
    });
    callers.set(CallSid, caller);
    caller.start();
    const session = await run;
    expect(session.session.call).toMatchObject({
      type: 'inbound',
      direction: 'inbound',
      fromNumber: '+40711222333',
      toNumber: owner.number,
    });
    await session.outcome;
    expect(await ended(v, callId)).toMatchObject({ status: 'ended_by_assistant', type: 'inbound' });
    expect(containsSignalForText(caller.heard(), 8_000, 'Thanks for calling Acme!')).toBe(true);
  });
});
