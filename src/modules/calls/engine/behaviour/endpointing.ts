import type { RuntimeAssistant } from '../../../replies/index.js';
import type { EngineTimers } from '../timers.js';

/**
 * How the assistant's endpointing and interruption fields become numbers.
 *
 * endpoint_sensitivity (0-5, default 0.5) sets the pause that ends the caller's turn:
 * 100 + 900 / (1 + 2.5 × sensitivity) ms, so 0 waits 1,000 ms (patient), the default 0.5 waits
 * 500 ms, 1 waits 357 ms, 2 waits 250 ms and 5 waits 167 ms (quick).
 */
export function endpointPauseMs(sensitivity: number): number {
  return Math.round(100 + 900 / (1 + 2.5 * clampSensitivity(sensitivity)));
}

/**
 * interrupt_sensitivity (0-5, default 0.5) sets how loud and how long the caller must speak over
 * the assistant to stop it: the level falls from -30 dBFS at 0 (a raised voice close to the
 * microphone) by 4 dB a step to -50 dBFS at 5 (a quiet voice), and the speech needed from 300 ms
 * at 0 by 1/(1 + s) to 50 ms at 5 (200 ms at the default). min_interrupt_words adds its own
 * length on top (SPEECH_MS_PER_WORD a word) until the words are known.
 */
export interface InterruptRule {
  /** RMS of 32768 a frame needs to count as interrupting speech. */
  minLevelRms: number;
  minSpeechMs: number;
}

export function interruptRule(sensitivity: number): InterruptRule {
  const s = clampSensitivity(sensitivity);
  const dbfs = -30 - 4 * s;
  return { minLevelRms: Math.round(32768 * 10 ** (dbfs / 20)), minSpeechMs: Math.round(300 / (1 + s)) };
}

/**
 * Continuous speech this long per required word stands in for the words while the transcript is
 * not known yet (conversational speech runs at about 2.5 to 3 words a second).
 */
export const SPEECH_MS_PER_WORD = 400;

/** Speech the caller needs over the assistant before it stops, until the transcript says more. */
export function interruptSpeechMs(assistant: Pick<RuntimeAssistant, 'min_interrupt_words' | 'interrupt_sensitivity'>): number {
  const words = assistant.min_interrupt_words ?? 1;
  return Math.max(words * SPEECH_MS_PER_WORD, interruptRule(assistant.interrupt_sensitivity).minSpeechMs);
}

function clampSensitivity(value: number): number {
  return Number.isFinite(value) ? Math.min(5, Math.max(0, value)) : 0.5;
}

export type TurnText = 'finished' | 'unfinished' | 'unknown';

/** Words a sentence does not end on: it goes on after them ("my number is", "and the"). */
const DANGLING = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'so',
  'because',
  'to',
  'of',
  'for',
  'with',
  'at',
  'in',
  'on',
  'from',
  'is',
  'are',
  'was',
  'were',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'um',
  'uh',
  'er',
  'like',
  'if',
  'then',
  'than',
  'that',
  'which',
  'who',
  'about',
  'be',
  'am',
]);

/**
 * What the words say about the turn: a sentence closed by . ? or ! is finished (unless it ends on
 * a word that needs more, or trails off with "..."); one ending on such a word, or on a comma or a
 * dash, is unfinished; anything else is left to the pause.
 */
export function judgeTurnText(text: string): TurnText {
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return 'unknown';
  if (/(\.\.\.|…|,|-|–|—)$/.test(trimmed)) return 'unfinished';
  const lastWord =
    trimmed
      .replace(/[.?!"')\]]+$/, '')
      .split(/\s+/)
      .at(-1) ?? '';
  if (DANGLING.has(lastWord)) return 'unfinished';
  return /[.?!]["')\]]*$/.test(trimmed) ? 'finished' : 'unknown';
}

export interface TurnEndsOptions {
  type: 'vad' | 'ai';
  /** The endpoint pause of the assistant's sensitivity. */
  pauseMs: number;
  timers: EngineTimers;
  /** The caller is speaking right now (the local detector): a held turn waits for them. */
  callerSpeaking(): boolean;
  /** The caller's turn is over: answer it. */
  onTurn(text: string): void;
}

/** ai: how long an unfinished sentence may pause before the turn ends anyway, in pauses. */
const UNFINISHED_PAUSES = 3;
const MIN_UNFINISHED_WAIT_MS = 1_200;
/** After resumed speech, how long its transcript may take before the held words go alone. */
const TRANSCRIPTION_ALLOWANCE_MS = 2_000;
/** While the caller is speaking, a held turn looks again this often. */
const RECHECK_MS = 100;

/**
 * Decides when the caller's turn ends. `vad`: when the transcriber's pause (pauseMs) ends it.
 * `ai`: the transcriber listens for a short pause (transcriberPauseMs, half the pause), then the
 * words decide: a finished sentence ends the turn at once, an unknown one after the rest of the
 * pause, an unfinished one only after UNFINISHED_PAUSES pauses of silence; speech that resumes
 * in the meantime joins the same turn.
 */
export class TurnEnds {
  private held = '';
  private cancelTimer: (() => void) | null = null;

  constructor(private readonly options: TurnEndsOptions) {}

  /** The pause the transcriber should end an utterance on. */
  get transcriberPauseMs(): number {
    return this.options.type === 'ai' ? Math.max(150, Math.round(this.options.pauseMs / 2)) : this.options.pauseMs;
  }

  /** The transcriber ended an utterance with this text. */
  utteranceEnded(text: string): void {
    const trimmed = text.trim();
    if (!trimmed) return;
    if (this.options.type === 'vad') return this.options.onTurn(trimmed);
    this.held = this.held ? `${this.held} ${trimmed}` : trimmed;
    const verdict = judgeTurnText(this.held);
    if (verdict === 'finished') return this.release();
    const waitMs =
      verdict === 'unknown'
        ? this.options.pauseMs - this.transcriberPauseMs
        : Math.max(MIN_UNFINISHED_WAIT_MS, UNFINISHED_PAUSES * this.options.pauseMs) - this.transcriberPauseMs;
    this.arm(waitMs);
  }

  /**
   * The caller speaks again while words are held: their next utterance joins the turn. Should it
   * bring no words (a noise), the turn ends anyway once the caller has been quiet for a while.
   */
  speechResumed(): void {
    if (this.held) this.arm(Math.max(MIN_UNFINISHED_WAIT_MS, UNFINISHED_PAUSES * this.options.pauseMs) + TRANSCRIPTION_ALLOWANCE_MS);
  }

  /** Words are held for a turn still open (ai endpointing). */
  get holding(): boolean {
    return this.held !== '';
  }

  /** The call is over, or the turn was answered another way: forget what is held. */
  clear(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.held = '';
  }

  private arm(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.options.timers.after(Math.max(0, ms), () => {
      this.cancelTimer = null;
      if (this.options.callerSpeaking()) this.arm(RECHECK_MS);
      else this.release();
    });
  }

  private release(): void {
    const text = this.held;
    this.clear();
    if (text) this.options.onTurn(text);
  }
}
