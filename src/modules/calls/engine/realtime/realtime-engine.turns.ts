import type { RealtimeHandlers } from '../../speech/realtime.js';
import { wordCount } from '../behaviour/call-rules.js';
import type { CallTimers } from '../behaviour/call-timers.js';

interface Turn {
  /** The server committed the turn to the conversation: it can be answered. */
  committed: boolean;
  verdict: 'answer' | 'ignore' | null;
}

export interface CallerTurnsDeps {
  /** min_interrupt_words (at least 1 here: with 0 the server's VAD interrupts at once). */
  minWords: number;
  /** Speech that stands in for the words until they are known (interruptSpeechMs). */
  interruptMs: number;
  timers: CallTimers;
  /** The assistant is speaking (an answer is being written or still playing). */
  speaking(): boolean;
  /** Stops the assistant: clear the line, cancel and truncate the model's answer. */
  interrupt(): void;
  /** Asks the model to answer the caller's committed turn. */
  answer(): void;
}

/**
 * The caller's turns when min_interrupt_words is set on a realtime model, whose server then
 * neither cancels nor answers on its own. Over a quiet line a turn is answered as soon as the
 * server commits it. Over the assistant's voice it interrupts only with enough words: the
 * transcript decides when it is known (streaming deltas, then the final text; a failed
 * transcription counts as enough, the caller did say something). The server transcribes a turn
 * only once it ended, so until then the speech's length stands in for the words
 * (SPEECH_MS_PER_WORD each): a caller who keeps talking is not talked over to the end of their
 * sentence, while a cough or an "uh-huh" lets the assistant talk on and is not answered.
 */
export class CallerTurns {
  private turn: Turn | null = null;

  constructor(private readonly deps: CallerTurnsDeps) {}

  /** The server's VAD heard the caller start; `closing`: the call is ending, nothing is answered. */
  started(closing: boolean): void {
    const over = this.deps.speaking() && !closing;
    const turn: Turn = { committed: false, verdict: closing ? 'ignore' : over ? null : 'answer' };
    this.turn = turn;
    if (over) this.deps.timers.arm('interrupt', this.deps.interruptMs, () => this.decide(turn, Infinity, false));
  }

  stopped(): void {
    this.deps.timers.cancel('interrupt');
  }

  /** The caller's words so far (`final`: all of them) in the current turn. */
  words(count: number, final: boolean): void {
    if (this.turn) this.decide(this.turn, count, final);
  }

  committed(): void {
    const turn = this.turn;
    if (!turn) return;
    turn.committed = true;
    if (turn.verdict === 'answer') this.answer();
  }

  private decide(turn: Turn, words: number, final: boolean): void {
    if (turn !== this.turn || turn.verdict) return;
    if (this.deps.speaking() && words < this.deps.minWords) {
      if (final) turn.verdict = 'ignore';
      return;
    }
    turn.verdict = 'answer';
    this.deps.timers.cancel('interrupt');
    if (this.deps.speaking()) this.deps.interrupt();
    if (turn.committed) this.answer();
  }

  private answer(): void {
    this.turn = null;
    this.deps.answer();
  }
}

type CallerHandlers = Pick<
  RealtimeHandlers,
  'onUserTranscript' | 'onUserTranscriptDelta' | 'onUserTranscriptFailed' | 'onInputCommitted' | 'onSpeechStopped'
>;

/** The session's events about the caller's words: kept with `onWords`, and weighed by `turns` when it is set. */
export function callerHandlers(turns: CallerTurns | null, onWords: (text: string) => void): CallerHandlers {
  return {
    onUserTranscript: (text) => {
      if (text) onWords(text);
      turns?.words(wordCount(text), true);
    },
    onUserTranscriptDelta: (text) => turns?.words(wordCount(text), false),
    // Words were said but could not be read: the caller gets the floor.
    onUserTranscriptFailed: () => turns?.words(Infinity, true),
    onInputCommitted: () => turns?.committed(),
    onSpeechStopped: () => turns?.stopped(),
  };
}
