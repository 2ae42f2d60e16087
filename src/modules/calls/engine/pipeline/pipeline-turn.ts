import type { Clock } from '../../../../core/clock.js';
import type { CallTranscriptEntry, FunctionCallRecord, TurnLatency } from '../../../../core/db/schema.js';
import type { HistoryItem, LanguageModel, ToolCall } from '../../../replies/index.js';
import type { TtsProvider } from '../../speech/speech.types.js';
import type { AudioOut } from '../line/audio-out.js';
import { turnMetrics, type TurnMetrics, type TurnTimings } from '../engine-metrics.js';
import { SentenceChunker, speakable } from '../line/sentence-chunker.js';
import { Utterance, type VoiceSettings } from '../line/utterance.js';

/** What the assistant is doing: one reply (or greeting, goodbye...) at a time. */
export interface Turn {
  abort: AbortController;
  utterance: Utterance;
  chunker: SentenceChunker;
  /** The caller's words this answers; hidden prompts (re-engagement) are not the caller's. */
  userText?: string;
  replyContent?: string;
  functionCalls: FunctionCallRecord[];
  transcriptIndex: number;
  startedAt: Date;
  timings: TurnTimings;
  stored: boolean;
}

export interface TurnsDeps {
  out: AudioOut;
  tts: TtsProvider;
  voice: VoiceSettings;
  clock: Clock;
  callId: number;
  /** Milliseconds the leg has played, to tell how much of an interrupted turn was heard. */
  playedMs(): number;
  /** The call's transcript and the model's history; stored turns are written into both. */
  transcript: CallTranscriptEntry[];
  history: HistoryItem[];
  /** Live events for legs that show them (speaking, the assistant's transcript). */
  event(payload: Record<string, unknown>): void;
  onTurnMetrics?: (metrics: TurnMetrics) => void;
  /** A new turn started (the assistant is about to speak). */
  onTurnStarted(): void;
  /** The synthesizer failed while speaking a turn. */
  onSynthesisFailed(error: unknown): void;
  /** A turn went into the history (the caller's words it answered are no longer pending). */
  onStored(turn: Turn): void;
}

/**
 * The assistant's turns on the line, one at a time: each is an utterance that plays as it is
 * synthesised; a turn cut off by the caller is stored as far as they heard it.
 */
export class PipelineTurns {
  current: Turn | null = null;
  private readonly utterances = new Map<string, Utterance>();
  private sequence = 0;

  constructor(private readonly deps: TurnsDeps) {}

  start(userText?: string): Turn {
    const markName = `u${++this.sequence}`;
    const utterance = new Utterance(markName, {
      tts: this.deps.tts,
      voice: this.deps.voice,
      out: this.deps.out,
      playedMs: () => this.deps.playedMs(),
      onFirstFrameSent: () => {
        this.deps.event({ type: 'speaking', role: 'assistant' });
        const metrics = turnMetrics(this.deps.callId, turn.timings, utterance.timings);
        if (metrics) this.deps.onTurnMetrics?.(metrics);
      },
    });
    this.utterances.set(markName, utterance);
    utterance.done.catch((error: unknown) => this.deps.onSynthesisFailed(error));
    const turn: Turn = {
      abort: new AbortController(),
      utterance,
      chunker: new SentenceChunker(),
      userText,
      functionCalls: [],
      transcriptIndex: this.deps.transcript.length,
      startedAt: this.deps.clock.now(),
      timings: {},
      stored: false,
    };
    this.deps.onTurnStarted();
    this.current = turn;
    return turn;
  }

  /** The leg played up to a mark: the utterance that ends there has been heard. */
  marked(name: string): void {
    if (this.deps.out.marked(name)) return;
    this.utterances.get(name)?.marked();
  }

  /** Resolves once what the current turn has said so far has been heard (a keypad prompt). */
  async playedSoFar(): Promise<void> {
    await this.current?.utterance.queuedSoFar();
    await this.deps.out.whenPlayed();
  }

  /**
   * Speaks fixed text (greeting, voicemail message, goodbye) in one request, for the most natural
   * prosody; it is short. Resolves when played (true) or cut off (false).
   */
  async say(text: string): Promise<boolean> {
    const turn = this.start();
    turn.utterance.add(speakable(text));
    turn.utterance.end();
    const result = await turn.utterance.done.catch(() => 'cancelled' as const);
    if (result !== 'played' || turn.stored) return false;
    this.store(turn, null);
    return true;
  }

  /** Stops a turn without storing it (a reply redone, or cut off and stored by the caller). */
  drop(turn: Turn): void {
    turn.abort.abort();
    turn.utterance.cancel();
    if (this.current === turn) this.current = null;
  }

  /** Cuts the current turn off (barge-in, the call ending): the line is cleared, what was heard stored. */
  interrupt(): Turn | null {
    const turn = this.current;
    if (!turn) return null;
    // Played to the end (its mark is back) but not yet stored: all of it was heard.
    const heard = turn.utterance.playedToEnd ? null : turn.utterance.heardText();
    this.drop(turn);
    this.deps.out.clear();
    this.store(turn, heard);
    return turn;
  }

  /** Records a finished or interrupted turn in the history and transcript; `heard` when cut off. */
  store(turn: Turn, heard: string | null): void {
    if (turn.stored) return;
    turn.stored = true;
    if (this.current === turn) this.current = null;
    const { history, transcript } = this.deps;
    if (turn.userText !== undefined) history.push({ id: history.length + 1, role: 'user', content: turn.userText, function_calls: null });
    const content = heard ?? turn.replyContent ?? turn.utterance.text;
    if (content || turn.functionCalls.length > 0) {
      history.push({
        id: history.length + 1,
        role: 'assistant',
        content,
        function_calls: turn.functionCalls.length ? turn.functionCalls : null,
      });
    }
    const spoken = heard ?? turn.utterance.text;
    if (spoken || turn.functionCalls.length > 0) {
      // One conversion for every mark, so the entry's timestamp is its first_audio_sent_at exactly.
      const toEpoch = this.epochSeconds();
      const firstAudioAt = toEpoch(turn.utterance.timings.firstFrameSentAt);
      const entry: CallTranscriptEntry = {
        text: spoken,
        type: 'transcript',
        sender: 'bot',
        timestamp: firstAudioAt ?? turn.startedAt.getTime() / 1000,
      };
      if (turn.functionCalls.length > 0) entry.function_calls = turn.functionCalls;
      if (turn.timings.transcriptAt !== undefined) entry.latency = this.latency(turn, toEpoch);
      transcript.splice(turn.transcriptIndex, 0, entry);
      if (spoken) this.deps.event({ type: 'transcript', role: 'assistant', text: spoken, final: true });
    }
    this.deps.onStored(turn);
  }

  /** The marks of a reply to the caller, as Unix seconds (ms precision) on the call's clock. */
  private latency(turn: Turn, toEpoch: (mark: number | undefined) => number | null): TurnLatency {
    const { timings } = turn;
    return {
      caller_speech_ended_at: toEpoch(timings.speechEndedAt),
      transcript_final_at: toEpoch(timings.transcriptAt),
      model_first_token_at: toEpoch(timings.llmFirstTokenAt),
      first_audio_sent_at: toEpoch(turn.utterance.timings.firstFrameSentAt),
    };
  }

  /** Performance-clock marks as Unix seconds (ms precision) on the call's clock, read once. */
  private epochSeconds(): (mark: number | undefined) => number | null {
    const offsetMs = this.deps.clock.now().getTime() - performance.now();
    return (mark) => (mark === undefined ? null : Math.round(offsetMs + mark) / 1000);
  }
}

/**
 * The model as one turn's reply engine sees it: cancelled with the turn, timed for the latency
 * metrics, and `onToolCalls` told when a round asks for functions (fillers, keypad prompts).
 */
export function turnAwareModel(model: LanguageModel, turn: Turn, onToolCalls: (calls: ToolCall[]) => void): LanguageModel {
  return {
    kind: model.kind,
    complete: async (request, options = {}) => {
      turn.timings.llmRequestAt ??= performance.now();
      const onToken =
        options.onToken &&
        ((text: string) => {
          turn.timings.llmFirstTokenAt ??= performance.now();
          options.onToken!(text);
        });
      const result = await model.complete(request, { ...options, onToken, signal: turn.abort.signal });
      if (request.tools.length > 0 && result.toolCalls.length > 0) onToolCalls(result.toolCalls);
      return result;
    },
  };
}
