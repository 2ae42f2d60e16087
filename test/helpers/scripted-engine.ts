import { samplesPerFrame } from '../../src/modules/calls/audio/frames.js';
import { signalForText } from '../../src/modules/calls/audio/test-signal.js';
import type { CallEngine, CallEngineSession, CallOutcome } from '../../src/modules/calls/engine/engine.types.js';
import { ENGINE_SAMPLE_RATE } from '../../src/modules/calls/speech/speech.types.js';

export const GOODBYE = 'Our time is up. Goodbye!';

export interface ScriptedRun {
  session: CallEngineSession;
  dtmf: string[];
  audioFrames: number;
  marks: string[];
  answeredBy: string[];
  /** playedMs() when the greeting's mark came back. */
  playedAtGreetingMark: number | null;
  wrapUpReason: unknown;
  outcome: Promise<CallOutcome>;
}

/**
 * A tiny engine for tests: plays the assistant's greeting as its known test signal, waits until
 * the caller has heard it (the mark comes back), then either hangs up (`hangUp`) or waits for the
 * caller to hang up, saying goodbye and hanging up if told to wrap up (no balance left).
 */
export function scriptedEngine(mode: 'hangUp' | 'listen' = 'hangUp') {
  const runs: ScriptedRun[] = [];
  const waiters: Array<(run: ScriptedRun) => void> = [];
  const engine: CallEngine = {
    run(session) {
      const run: ScriptedRun = {
        session,
        dtmf: [],
        audioFrames: 0,
        marks: [],
        answeredBy: [],
        playedAtGreetingMark: null,
        wrapUpReason: null,
        outcome: undefined as never,
      };
      run.outcome = script(run, mode);
      runs.push(run);
      for (const waiter of waiters.splice(0)) waiter(run);
      return run.outcome;
    },
  };
  return {
    engine,
    runs,
    /** Resolves with the next run (or the latest, if one already started and none is awaited). */
    nextRun(): Promise<ScriptedRun> {
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

async function script(run: ScriptedRun, mode: 'hangUp' | 'listen'): Promise<CallOutcome> {
  const { media, telephony, assistant, call, signals } = run.session;
  let closed!: () => void;
  const closedPromise = new Promise<void>((resolve) => (closed = resolve));
  let greetingHeard!: () => void;
  const heardPromise = new Promise<void>((resolve) => (greetingHeard = resolve));
  media.setHandlers({
    onAudio: () => void (run.audioFrames += 1),
    onDtmf: (digit) => void run.dtmf.push(digit),
    onMark: (name) => {
      run.marks.push(name);
      if (name === 'greeting') {
        run.playedAtGreetingMark = media.playedMs();
        greetingHeard();
      }
    },
    onClose: () => closed(),
  });
  signals.onAnsweredBy((value) => run.answeredBy.push(value));
  const transcript: CallOutcome['transcript'] = [];
  const say = (text: string) => {
    playSignal(media, text);
    transcript.push({ text, type: 'transcript', sender: 'bot', timestamp: call.startedAtMs / 1000 });
  };
  say(assistant.initial_message);
  media.mark('greeting');
  await Promise.race([heardPromise, closedPromise]);
  if (mode === 'hangUp') {
    await telephony.hangUp();
    await closedPromise;
    return { endedBy: 'assistant', reason: 'end_call', transcript };
  }
  const wrapUp = new Promise<void>((resolve) =>
    signals.wrapUp.aborted ? resolve() : signals.wrapUp.addEventListener('abort', () => resolve(), { once: true }),
  );
  const first = await Promise.race([closedPromise.then(() => 'closed' as const), wrapUp.then(() => 'wrapUp' as const)]);
  if (first === 'closed') return { endedBy: 'customer', reason: 'hangup', transcript };
  run.wrapUpReason = signals.wrapUp.reason;
  say(GOODBYE);
  media.mark('goodbye');
  await telephony.hangUp();
  await closedPromise;
  // As the real engines do: the wrap-up's reason is the call's (balance, daily_budget, ...).
  return { endedBy: 'assistant', reason: typeof run.wrapUpReason === 'string' ? run.wrapUpReason : 'balance', transcript };
}

function playSignal(media: CallEngineSession['media'], text: string): void {
  const samples = signalForText(text, ENGINE_SAMPLE_RATE);
  const frame = samplesPerFrame(ENGINE_SAMPLE_RATE);
  for (let i = 0; i < samples.length; i += frame) media.send(samples.slice(i, i + frame));
}
