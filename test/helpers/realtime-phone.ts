import { SEED_VOICE_IDS } from './assistants.js';
import { startFakeRealtime, type FakeRealtimeConnection } from './fakes/realtime.js';
import { makeCall, ownerWithLine } from './voice.js';
import { heard, playedOut, startEngineApp, until, type EngineApp } from './voice-engine.js';
import { fileFixture, lateBound } from './file-fixture.js';

/**
 * Phone calls to multimodal and dualplex assistants: the engine app (fake Twilio caller, fake
 * speech server, hand-moved timers) with the fake Realtime server as the model, μ-law both ways.
 */
export async function startRealtimePhoneApp() {
  const realtime = await startFakeRealtime({ apiKey: 'rt-key' });
  const e: EngineApp = await startEngineApp({ REALTIME_BASE_URL: realtime.baseUrl, REALTIME_API_KEY: 'rt-key' });
  return {
    e,
    realtime,
    armed: (ms: number) => until(() => e.timers.nextDueInMs() === ms, `a timer due in ${ms} ms`),
    /** A call whose greeting the model has spoken and the caller heard to the end. */
    greetedCall: (
      assistant: Record<string, unknown>,
      options: { dualplex?: boolean; setup?: (owner: Awaited<ReturnType<typeof ownerWithLine>>) => Promise<void> } = {},
    ) => greetedCall(e, realtime, assistant, options),
    async close() {
      await e.close();
      await realtime.close();
    },
  };
}

export type RealtimePhoneApp = Awaited<ReturnType<typeof startRealtimePhoneApp>>;

/**
 * One realtime phone app for the test file (started before its first test, closed after its
 * last), with the chat model's script emptied before each test.
 */
export function useRealtimePhoneApp() {
  const app = fileFixture('the realtime phone app', startRealtimePhoneApp, {
    close: (started) => started.close(),
    reset: (started) => started.e.llm.reset(),
  });
  return {
    e: lateBound(() => app.e, 'the engine app'),
    armed: (ms: number) => app.armed(ms),
    greetedCall: (...args: Parameters<RealtimePhoneApp['greetedCall']>) => app.greetedCall(...args),
  };
}

/** Quiet settings: no limit fires unless the test sets it. */
export const calm = { reengagement_interval: 600, max_silence_duration: 360, max_duration: 1200 };
export const GREETING = 'Hello! How can I help you today?';
export const creates = (model: FakeRealtimeConnection) => model.events.filter((ev) => ev.type === 'response.create');
export const sayExactly = (text: string) => ({
  type: 'response.create',
  response: { instructions: `Say exactly this and nothing else: "${text}"` },
});
/** How many messages of this event the caller received (e.g. `clear`). */
export const received = (caller: { received: Array<Record<string, any>> }, event: string) =>
  caller.received.filter((m) => m.event === event).length;

async function greetedCall(
  e: EngineApp,
  realtime: Awaited<ReturnType<typeof startFakeRealtime>>,
  assistant: Record<string, unknown>,
  options: { dualplex?: boolean; setup?: (owner: Awaited<ReturnType<typeof ownerWithLine>>) => Promise<void> },
) {
  const mode = options.dualplex
    ? { mode: 'dualplex', voice_id: SEED_VOICE_IDS.novaPipeline, synthesizer_provider_id: 4 }
    : { mode: 'multimodal', voice_id: SEED_VOICE_IDS.alloyMultimodal };
  const owner = await ownerWithLine(e.t, { assistant: { ...calm, ...mode, ...assistant } });
  await options.setup?.(owner);
  const connection = realtime.nextConnection();
  const callId = await makeCall(owner.api, owner.assistant.id, '+14155550199', { name: 'Jane' });
  const caller = await e.answer(callId);
  const model = await connection;
  await model.waitFor('response.create');
  if (options.dualplex) speakText(model, GREETING);
  else model.speak(GREETING);
  // dualplex speaks the greeting sentence by sentence: the caller hears the last one's signal.
  await heard(caller, options.dualplex ? 'How can I help you today?' : GREETING);
  // With an ambient bed the line never rests: the greeting's mark is not the last thing sent.
  if (assistant.ambient_sound === undefined) await playedOut(caller);
  else await until(() => caller.echoedMarks.length > 0, 'the greeting to play out');
  return { owner, callId, caller, model };
}

/** dualplex: the model answers in text, which the assistant's synthesizer speaks. */
export function speakText(model: FakeRealtimeConnection, text: string, id = `t${Math.random().toString(36).slice(2)}`) {
  model.send({ type: 'response.created', response: { id, status: 'in_progress' } });
  model.send({ type: 'response.output_text.delta', item_id: `item_${id}`, delta: text });
  model.send({ type: 'response.output_text.done', item_id: `item_${id}`, text });
  model.send({ type: 'response.done', response: { id, status: 'completed' } });
}
