import { FRAME_MS, samplesPerFrame } from '../../audio/frames.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';
import type { TtsProvider, TtsRequest } from '../../speech/speech.types.js';
import type { AudioOut } from './audio-out.js';
import { BufferedStream } from './buffered-stream.js';

export type VoiceSettings = Omit<TtsRequest, 'text' | 'signal'>;

interface Sentence {
  text: string;
  stream: BufferedStream<Int16Array>;
  /** Audio of this sentence handed to the line so far. */
  audioMs: number;
  complete: boolean;
}

export interface UtteranceTimings {
  /** performance.now() when the first sentence's synthesis was requested, and its first frame came. */
  ttsRequestAt?: number;
  ttsFirstFrameAt?: number;
  /** When the first frame went out to the caller. */
  firstFrameSentAt?: number;
}

/**
 * One thing the assistant says (a greeting, a reply, a filler): sentences are added as the model
 * writes them, each synthesised at once and played in order. It knows which audio reached the
 * line, so an interruption can tell how much of the text the caller actually heard.
 */
export class Utterance {
  private readonly sentences: Sentence[] = [];
  private readonly abort = new AbortController();
  private feeding: Promise<void> = Promise.resolve();
  private legStartMs: number | null = null;
  private sentMs = 0;
  private closed = false;
  private settle!: (value: 'played' | 'cancelled') => void;
  private fail!: (error: unknown) => void;
  /** Resolves once the caller has heard all of it (the leg echoed its mark), or it was cancelled. */
  readonly done: Promise<'played' | 'cancelled'>;
  readonly timings: UtteranceTimings = {};
  /** Set as soon as the mark comes back, before anyone awaiting `done` runs. */
  playedToEnd = false;

  constructor(
    readonly markName: string,
    private readonly deps: { tts: TtsProvider; voice: VoiceSettings; out: AudioOut; playedMs: () => number; onFirstFrameSent?: () => void },
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
    });
    // A rejection nobody awaits yet (the call is ending) must not crash the process.
    this.done.catch(() => undefined);
  }

  get cancelled(): boolean {
    return this.abort.signal.aborted;
  }

  /** True once any of its audio went out. */
  get started(): boolean {
    return this.legStartMs !== null;
  }

  get text(): string {
    return this.sentences
      .map((s) => s.text)
      .filter(Boolean)
      .join(' ');
  }

  add(text: string): void {
    if (this.closed || this.cancelled || !text.trim()) return;
    if (this.timings.ttsRequestAt === undefined) this.timings.ttsRequestAt = performance.now();
    const sentence: Sentence = {
      text,
      stream: new BufferedStream(this.deps.tts.synthesize({ ...this.deps.voice, text, signal: this.abort.signal })),
      audioMs: 0,
      complete: false,
    };
    this.sentences.push(sentence);
    this.feeding = this.feeding.then(() => this.feed(sentence));
  }

  /** Audio with no words (keypad tones), played in order with the sentences; never counts as heard text. */
  addAudio(samples: Int16Array): void {
    if (this.closed || this.cancelled || samples.length === 0) return;
    const sentence: Sentence = { text: '', stream: new BufferedStream(framesOf(samples)), audioMs: 0, complete: false };
    this.sentences.push(sentence);
    this.feeding = this.feeding.then(() => this.feed(sentence));
  }

  /** Resolves once the audio of every sentence added so far is on the line's queue (or failed). */
  queuedSoFar(): Promise<void> {
    return this.feeding.catch(() => undefined);
  }

  /** No more sentences: once they have played, `done` resolves. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    void this.feeding.then(
      () => {
        if (!this.cancelled) this.deps.out.mark(this.markName);
      },
      (error: unknown) => this.fail(error),
    );
  }

  /** The leg reported our mark. */
  marked(): void {
    if (this.cancelled) return;
    this.playedToEnd = true;
    this.settle('played');
  }

  /** Stops synthesis and playback of the rest; the caller clears the line. */
  cancel(): void {
    if (this.cancelled) return;
    this.closed = true;
    this.abort.abort();
    this.settle('cancelled');
  }

  /** Milliseconds of this utterance the caller has heard. */
  heardMs(): number {
    if (this.legStartMs === null) return 0;
    return Math.max(0, Math.min(this.sentMs, this.deps.playedMs() - this.legStartMs));
  }

  /**
   * The words heard by now: whole sentences whose audio played, then the share of the current
   * sentence's words matching the share of its audio that played (text-to-audio proportion).
   */
  heardText(heardMs = this.heardMs()): string {
    const words: string[] = [];
    let offset = 0;
    for (const sentence of this.sentences) {
      if (heardMs <= offset || sentence.audioMs === 0) break;
      const sentenceWords = sentence.text.split(/\s+/).filter(Boolean);
      const playedShare = (heardMs - offset) / sentence.audioMs;
      if (playedShare >= 1 && sentence.complete) {
        words.push(...sentenceWords);
      } else {
        words.push(...sentenceWords.slice(0, Math.floor(Math.min(1, playedShare) * sentenceWords.length)));
        break;
      }
      offset += sentence.audioMs;
    }
    return words.join(' ');
  }

  private async feed(sentence: Sentence): Promise<void> {
    if (this.cancelled) return;
    try {
      for await (const frame of sentence.stream) {
        if (this.cancelled) return;
        if (this.timings.ttsFirstFrameAt === undefined) this.timings.ttsFirstFrameAt = performance.now();
        sentence.audioMs += FRAME_MS;
        this.deps.out.enqueue(frame, (legMsBefore) => {
          if (this.legStartMs === null) {
            this.legStartMs = legMsBefore;
            this.timings.firstFrameSentAt = performance.now();
            this.deps.onFirstFrameSent?.();
          }
          this.sentMs += FRAME_MS;
        });
      }
      sentence.complete = true;
    } catch (error) {
      if (this.cancelled) return;
      // Reported at once, not when the model finishes: the call apologises or hangs up now.
      this.fail(error);
      throw error;
    }
  }
}

/** Ready-made audio as the 20 ms engine frames a synthesizer would stream. */
async function* framesOf(samples: Int16Array): AsyncGenerator<Int16Array> {
  const frame = samplesPerFrame(ENGINE_SAMPLE_RATE);
  for (let i = 0; i < samples.length; i += frame) {
    const out = new Int16Array(frame);
    out.set(samples.subarray(i, i + frame));
    yield out;
  }
}
