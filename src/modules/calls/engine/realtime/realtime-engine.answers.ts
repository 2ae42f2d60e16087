import type { CallTranscriptEntry, FunctionCallRecord } from '../../../../core/db/schema.js';
import { FRAME_MS } from '../../audio/frames.js';
import type { TtsProvider } from '../../speech/speech.types.js';
import type { CallMedia } from '../../legs/media.types.js';
import type { AudioOut } from '../line/audio-out.js';
import { SentenceChunker } from '../line/sentence-chunker.js';
import { Utterance, type VoiceSettings } from '../line/utterance.js';

/** One answer of the model being spoken: its audio on the line, and the text heard of it. */
interface Answer {
  /** 1, 2, 3... in the order the model started them. */
  index: number;
  markName: string;
  /** Leg position when its first frame went out; null until then. */
  legStartMs: number | null;
  sentMs: number;
  /** All of its audio the model has produced so far (the words spread over this). */
  receivedMs: number;
  text: string;
  /** Its entry in the call's transcript, once the model's text is final. */
  entry: CallTranscriptEntry | null;
  /** The model has finished writing it (response.done); later deltas belong to the next answer. */
  modelDone: boolean;
  /** dualplex: the synthesizer's utterance and the sentence cutter feeding it. */
  utterance: Utterance | null;
  chunker: SentenceChunker | null;
}

export interface RealtimeAnswersDeps {
  out: AudioOut;
  media: CallMedia;
  /** dualplex: the model answers in text and the assistant's own synthesizer speaks it. */
  speaker: { tts: TtsProvider; voice: VoiceSettings } | null;
  transcript: CallTranscriptEntry[];
  /** Functions run since the last answer was recorded: kept on the answer that follows them, as the pipeline does. */
  takeFunctionCalls(): FunctionCallRecord[];
  timestamp(): number;
  event(payload: Record<string, unknown>): void;
  /** The assistant started a new answer. */
  onStarted(): void;
  /** Every answer has played to the end: the assistant waits for the caller. */
  onAllPlayed(): void;
  onSynthesizerFailed(error: unknown): void;
}

/**
 * The model's answers from the first delta until the caller has heard them (their mark came back
 * from the leg): multimodal audio paced onto the line, or dualplex text cut into sentences for
 * the synthesizer. The call's transcript keeps what the caller heard of each answer.
 */
export class RealtimeAnswers {
  private writing: Answer | null = null;
  private readonly playing = new Map<string, Answer>();
  private sequence = 0;
  /** After a barge-in, what the model still sends of the cancelled answer (until its response.done) is dropped. */
  private discarding = false;
  private waiters: Array<{ afterIndex: number; resolve: () => void }> = [];

  constructor(private readonly deps: RealtimeAnswersDeps) {}

  /** An answer is being written or is still playing. */
  get speaking(): boolean {
    return this.playing.size > 0;
  }

  /** The index of the latest answer started (0 before the first). */
  get latest(): number {
    return this.sequence;
  }

  audio(frame: Int16Array): void {
    if (this.deps.speaker || this.discarding) return;
    const answer = this.current();
    answer.receivedMs += FRAME_MS;
    this.deps.out.enqueue(frame, (legMsBefore) => {
      if (answer.legStartMs === null) answer.legStartMs = legMsBefore;
      answer.sentMs += FRAME_MS;
    });
  }

  text(text: string, final: boolean): void {
    if (this.discarding) return;
    const answer = this.current();
    if (answer.chunker && answer.utterance) {
      for (const sentence of answer.chunker.push(text.slice(answer.text.length))) answer.utterance.add(sentence);
      if (final) for (const sentence of answer.chunker.flush()) answer.utterance.add(sentence);
    }
    answer.text = text;
    this.deps.event({ type: 'transcript', role: 'assistant', text, final });
    if (!final) return;
    if (answer.entry) answer.entry.text = text;
    else {
      answer.entry = this.entry(text);
      this.deps.transcript.push(answer.entry);
    }
  }

  /** A new response: whatever the cancelled one still had in flight is over. */
  responseStarted(): void {
    this.discarding = false;
  }

  /** The model finished an answer: it plays out, and the next audio or text starts another. */
  modelDone(): void {
    if (this.discarding) {
      this.discarding = false;
      return;
    }
    const answer = this.writing;
    if (!answer) return;
    this.writing = null;
    answer.modelDone = true;
    if (answer.utterance) answer.utterance.end();
    else this.deps.out.mark(answer.markName);
  }

  marked(name: string): void {
    const answer = this.playing.get(name);
    if (!answer) return;
    answer.utterance?.marked();
    this.playing.delete(name);
    if (this.playing.size > 0) return;
    for (const waiter of this.waiters.filter((w) => answer.index > w.afterIndex)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    this.deps.onAllPlayed();
  }

  /** Resolves once an answer started after `afterIndex` has played and nothing else is playing. */
  playedAfter(afterIndex: number): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ afterIndex, resolve }));
  }

  /**
   * Stops every answer on the line (synthesis, the leg's queue) and keeps in the transcript only
   * what the caller heard of each. Returns how much of the last one was heard, to truncate the
   * model's memory of it.
   */
  cutOff(): number {
    const heard = [...this.playing.values()].map((answer) => {
      const heardMs = this.heardMs(answer);
      return {
        answer,
        heardMs,
        text: answer.utterance ? answer.utterance.heardText() : heardShare(answer.text, heardMs, answer.receivedMs),
      };
    });
    for (const { answer } of heard) answer.utterance?.cancel();
    this.discarding = this.writing !== null && !this.writing.modelDone;
    this.writing = null;
    // Forgotten before the leg clears: a leg that echoes pending marks on clear must not have them count as heard.
    this.playing.clear();
    this.deps.out.clear();
    const transcript = this.deps.transcript;
    for (const { answer, text } of heard) {
      if (answer.entry && text) answer.entry.text = text;
      else if (answer.entry) transcript.splice(transcript.indexOf(answer.entry), 1);
      else if (text) transcript.push(this.entry(text));
    }
    return heard.at(-1)?.heardMs ?? 0;
  }

  /** The call is over: no more synthesis. */
  stop(): void {
    for (const answer of this.playing.values()) answer.utterance?.cancel();
  }

  /** The answer the model is producing now, started on its first audio or text. */
  private current(): Answer {
    if (this.writing) return this.writing;
    const index = ++this.sequence;
    const markName = `answer-${index}`;
    const { speaker, out, media } = this.deps;
    const answer: Answer = {
      index,
      markName,
      legStartMs: null,
      sentMs: 0,
      receivedMs: 0,
      text: '',
      entry: null,
      modelDone: false,
      utterance: speaker
        ? new Utterance(markName, { tts: speaker.tts, voice: speaker.voice, out, playedMs: () => media.playedMs() })
        : null,
      chunker: speaker ? new SentenceChunker() : null,
    };
    answer.utterance?.done.catch((error: unknown) => this.deps.onSynthesizerFailed(error));
    this.writing = answer;
    this.playing.set(markName, answer);
    this.deps.event({ type: 'speaking', role: 'assistant' });
    this.deps.onStarted();
    return answer;
  }

  private entry(text: string): CallTranscriptEntry {
    const entry: CallTranscriptEntry = { text, type: 'transcript', sender: 'bot', timestamp: this.deps.timestamp() };
    const functionCalls = this.deps.takeFunctionCalls();
    if (functionCalls.length > 0) entry.function_calls = functionCalls;
    return entry;
  }

  private heardMs(answer: Answer): number {
    if (answer.utterance) return answer.utterance.heardMs();
    if (answer.legStartMs === null) return 0;
    return Math.max(0, Math.min(answer.sentMs, this.deps.media.playedMs() - answer.legStartMs));
  }
}

/** The words of `text` in the share of its audio that played (audio and words run in proportion). */
export function heardShare(text: string, heardMs: number, totalMs: number): string {
  if (totalMs <= 0 || heardMs <= 0) return '';
  const words = text.split(/\s+/).filter(Boolean);
  return words.slice(0, Math.floor(Math.min(1, heardMs / totalMs) * words.length)).join(' ');
}
