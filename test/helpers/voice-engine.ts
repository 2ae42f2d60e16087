import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TurnMetrics } from '../../src/modules/calls/engine/engine-metrics.js';
import { containsSignalForText, signalForText } from '../../src/modules/calls/audio/test-signal.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { fileFixture } from './file-fixture.js';
import { connectFakeCaller, newAccountSid, startFakeTwilio, type FakeCaller, type FakeTwilio } from './fakes/twilio.js';
import { startFakeDeepgram } from './fakes/deepgram.js';
import { startFakeElevenLabs } from './fakes/elevenlabs.js';
import { startFakeOpenAi, type FakeOpenAi } from './fakes/openai.js';
import { startFakeSpeech, type FakeSpeech } from './fakes/speech.js';
import { manualTimers } from './manual-timers.js';
import { callRow, makeCall, ownerWithLine, PUBLIC_HOST, PUBLIC_URL } from './voice.js';

/**
 * An app running the real call engine against fakes of every provider: Twilio (REST and the
 * caller on the media stream), Deepgram (live STT and Aura), ElevenLabs, an OpenAI-compatible
 * speech server and chat model. Engine timers are moved by hand; audio runs in real time.
 */
export async function startEngineApp(extraEnv: Record<string, string> = {}) {
  const accountSid = newAccountSid();
  const authToken = `token-${accountSid.slice(2, 10)}`;
  const twilio: FakeTwilio = await startFakeTwilio({ [accountSid]: authToken });
  const deepgram = await startFakeDeepgram({ apiKey: 'dg-key' });
  const elevenlabs = await startFakeElevenLabs({ apiKey: 'xi-key' });
  const speech: FakeSpeech = await startFakeSpeech();
  const llm: FakeOpenAi = await startFakeOpenAi();
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-engine-'));
  const metrics: TurnMetrics[] = [];
  let t!: TestApp;
  const timers = manualTimers({ advance: (ms: number) => t.clock.advance(ms) });
  t = await buildTestApp({
    callEngineHooks: { timers: timers.timers, onTurnMetrics: (m) => void metrics.push(m) },
    env: {
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_API_URL: twilio.url,
      VOICE_PRICE_PER_MINUTE_USD: '0.12',
      DATA_DIR: dataDir,
      DEEPGRAM_API_KEY: 'dg-key',
      DEEPGRAM_API_URL: deepgram.baseUrl,
      ELEVENLABS_API_KEY: 'xi-key',
      ELEVENLABS_API_URL: elevenlabs.baseUrl,
      SPEECH_BASE_URL: speech.baseUrl,
      LLM_BASE_URL: llm.baseUrl,
      LLM_MAX_RETRIES: '0',
      // The test signal is pure tones, which a noise suppressor rightly removes: tests of noise
      // cancellation (with recorded speech) turn it back on.
      VOICE_NOISE_SUPPRESSION: 'off',
      ...extraEnv,
    },
  });
  const callers = new Map<string, FakeCaller>();
  // Twilio ends the media stream (stop) when the call is hung up or redirected through REST.
  twilio.onUpdate((callSid, form) => {
    if (form.Status === 'completed' || form.Twiml) callers.get(callSid)?.hangUp();
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;

  return {
    t,
    twilio,
    deepgram,
    elevenlabs,
    speech,
    llm,
    dataDir,
    metrics,
    timers,
    accountSid,
    authToken,
    /** The fake caller answers the call's media stream and starts streaming. */
    async answer(callId: number): Promise<FakeCaller> {
      const callSid = (await callRow(t, callId)).provider_call_id!;
      const caller = await connectFakeCaller({ port, publicHost: PUBLIC_HOST, authToken, accountSid, callSid, callId });
      callers.set(callSid, caller);
      caller.start();
      return caller;
    },
    async close() {
      for (const caller of callers.values()) caller.close();
      await t.close();
      await Promise.all([twilio.close(), deepgram.close(), elevenlabs.close(), speech.close(), llm.close()]);
    },
  };
}

export type EngineApp = Awaited<ReturnType<typeof startEngineApp>>;

/**
 * One engine app for the test file (started before its first test, closed after its last), with
 * the model's script and the synthesizer's request log emptied before each test.
 */
export function useEngineApp(): EngineApp {
  return fileFixture('the engine app', () => startEngineApp(), {
    close: (e) => e.close(),
    reset(e) {
      e.llm.reset();
      e.elevenlabs.requests.length = 0;
    },
  });
}

export async function until<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until the caller has heard the signal synthesised for `text`. */
export function heard(caller: FakeCaller, text: string, timeoutMs?: number): Promise<true> {
  return until(() => containsSignalForText(caller.heard(), 8_000, text), `the caller to hear "${text}"`, timeoutMs);
}

/** Waits until the last mark we sent has come back: everything queued before it has played. */
export function playedOut(caller: FakeCaller): Promise<true> {
  return until(() => {
    const last = caller.received.filter((m) => m.event === 'mark').at(-1)?.mark.name as string | undefined;
    return last !== undefined && caller.echoedMarks.includes(last) && caller.received.at(-1)?.event === 'mark';
  }, 'the assistant to finish speaking');
}

export async function callEnded(t: TestApp, callId: number) {
  return until(async () => {
    const row = await callRow(t, callId);
    return !['initiated', 'ringing', 'in-progress'].includes(row.status) && row;
  }, `call ${callId} to end`);
}

/** What the caller says in `shortRecordedCall`, to be found in the recording. */
export const RECORDED_CALLER_TEXT = 'Caller side audio';
export const RECORDED_GREETING = 'Hello! How can I help you today?';

/**
 * The short recorded call the recording tests share: an assistant with `record` (and `assistant`
 * overrides) calls out, the greeting plays to its end, the caller says RECORDED_CALLER_TEXT and
 * hangs up. Resolves with the owner, the call id and the ended call row.
 */
export async function shortRecordedCall(e: EngineApp, assistant: Record<string, unknown> = {}) {
  const owner = await ownerWithLine(e.t, {
    assistant: { reengagement_interval: 600, max_silence_duration: 360, max_duration: 1200, record: true, ...assistant },
  });
  const callId = await makeCall(owner.api, owner.assistant.id);
  const caller = await e.answer(callId);
  await playedOut(caller);
  caller.say(signalForText(RECORDED_CALLER_TEXT, 8_000));
  // The caller's audio streams in real time (about 0.5 s): let all of it reach the recorder.
  await new Promise((resolve) => setTimeout(resolve, 700));
  caller.hangUp();
  const row = await callEnded(e.t, callId);
  return { owner, callId, row };
}

/** Both sides are in a recording's samples (16 kHz): the greeting and the caller's words. */
export function recordedBothSides(samples: Int16Array): boolean {
  return containsSignalForText(samples, 16_000, RECORDED_GREETING) && containsSignalForText(samples, 16_000, RECORDED_CALLER_TEXT);
}
