/**
 * Endpointing `vad` against `ai` on recorded speech, in audio time: the caller's audio goes 20 ms
 * at a time through the engine's listener and the OpenAI-compatible transcriber's segmenter (both
 * WebRTC's detector), a transcriber that answers each utterance after TRANSCRIBE_MS with the
 * phrase it carries, and the engine's TurnEnds on a scheduler driven by the same audio clock.
 */
import { FRAME_MS } from '../../src/modules/calls/audio/frames.js';
import { CallerListener } from '../../src/modules/calls/engine/line/caller-listener.js';
import { endpointPauseMs, interruptRule, TurnEnds } from '../../src/modules/calls/engine/behaviour/endpointing.js';
import type { EngineTimers } from '../../src/modules/calls/engine/timers.js';
import { createFrameClassifier, createSegmenter } from '../../src/modules/calls/speech/vad.js';
import { recogniseSpeech, scriptTimeline, speechScript, type SpeechId, type SpeechPart } from '../../test/helpers/recorded-speech.js';

const RATE = 16_000;
const FRAME = (RATE * FRAME_MS) / 1000;
const TRANSCRIBE_MS = 150;
const FINISHED: SpeechId[] = ['pizza', 'hours', 'delivery', 'thanks', 'table', 'name'];
const UNFINISHED_PAUSES_MS = [400, 700, 1000];

/** Timers on the audio clock: run when the stream reaches their time. */
function audioClock() {
  let nowMs = 0;
  let pending: Array<{ at: number; fn: () => void }> = [];
  const timers: EngineTimers = {
    after(ms, fn) {
      const timer = { at: nowMs + ms, fn };
      pending.push(timer);
      return () => void (pending = pending.filter((t) => t !== timer));
    },
  };
  return {
    timers,
    now: () => nowMs,
    tick(ms: number) {
      nowMs += ms;
      for (;;) {
        const due = pending.filter((t) => t.at <= nowMs).sort((a, b) => a.at - b.at)[0];
        if (!due) return;
        pending = pending.filter((t) => t !== due);
        due.fn();
      }
    },
  };
}

interface Turn {
  text: string;
  atMs: number;
}

/** The turns the engine would answer for a script, and when. */
async function turnsOf(parts: SpeechPart[], type: 'vad' | 'ai'): Promise<Turn[]> {
  const clock = audioClock();
  const turns: Turn[] = [];
  const listener = await CallerListener.open({
    noiseCancellation: false,
    rule: interruptRule(0.5),
    onSpeechStart: () => ends.speechResumed(),
    onUnavailable: () => undefined,
  });
  const ends: TurnEnds = new TurnEnds({
    type,
    pauseMs: endpointPauseMs(0.5),
    timers: clock.timers,
    callerSpeaking: () => listener.speaking,
    onTurn: (text) => turns.push({ text, atMs: clock.now() }),
  });
  const segmenter = createSegmenter(
    await createFrameClassifier(),
    {
      onSpeechStart: () => undefined,
      onSpeechEnd: (utterance) => {
        const text = recogniseSpeech(utterance, RATE)?.text ?? '';
        clock.timers.after(TRANSCRIBE_MS, () => ends.utteranceEnded(text));
      },
    },
    { silenceMs: ends.transcriberPauseMs, onError: () => undefined },
  );
  const audio = speechScript([...parts, { pauseMs: 5_000 }]);
  for (let offset = 0; offset + FRAME <= audio.length; offset += FRAME) {
    segmenter.write(listener.process(audio.slice(offset, offset + FRAME)));
    clock.tick(FRAME_MS);
  }
  await segmenter.close();
  listener.close();
  return turns;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function measureEndpointing(): Promise<string[]> {
  const rows: string[] = [];
  for (const type of ['vad', 'ai'] as const) {
    const delays: number[] = [];
    for (const id of FINISHED) {
      const parts: SpeechPart[] = [{ pauseMs: 500 }, id];
      const speechEnd = scriptTimeline(parts).at(-1)!.endMs;
      const [turn] = await turnsOf(parts, type);
      if (turn) delays.push(turn.atMs - speechEnd);
    }
    let cutIns = 0;
    const unfinishedDelays: number[] = [];
    for (const pauseMs of UNFINISHED_PAUSES_MS) {
      const parts: SpeechPart[] = [{ pauseMs: 500 }, 'number_start', { pauseMs }, 'number_end'];
      const turns = await turnsOf(parts, type);
      if (turns.length > 1 || turns[0]?.text === 'My number is') cutIns += 1;
      const end = scriptTimeline(parts).at(-1)!.endMs;
      const last = turns.at(-1);
      if (last) unfinishedDelays.push(last.atMs - end);
    }
    rows.push(
      `${type.padEnd(3)}: turn ends ${median(delays).toFixed(0)} ms after a finished sentence (median of ${delays.length}, transcriber ${TRANSCRIBE_MS} ms); ` +
        `"My number is ... five five five, one two three four." with ${UNFINISHED_PAUSES_MS.join('/')} ms pauses: ${cutIns} of ${UNFINISHED_PAUSES_MS.length} cut in before the number, ` +
        `the last turn ended ${median(unfinishedDelays).toFixed(0)} ms after the number`,
    );
  }
  return rows;
}
