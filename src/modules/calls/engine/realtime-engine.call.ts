import type { Logger } from 'pino';
import type { Clock } from '../../../core/clock.js';
import type { CallTranscriptEntry } from '../../../core/db/schema.js';
import type { FunctionSet } from '../../conversations/functions/registry.js';
import { fillVariables } from '../../conversations/prompt.js';
import { FRAME_MS } from '../audio/frames.js';
import type { RealtimeFunctionCall, RealtimeHandlers, RealtimeSession } from '../speech/realtime.js';
import type { TtsProvider } from '../speech/speech.types.js';
import { AudioOut } from './audio-out.js';
import type { CallTransferRequest } from './call-functions.js';
import type { CallEngineSession, CallOutcome } from './engine.types.js';
import { SentenceChunker } from './sentence-chunker.js';
import type { EngineTimers } from './timers.js';
import { Utterance, type VoiceSettings } from './utterance.js';

export interface RealtimeCallDeps {
  session: CallEngineSession;
  /** Opens the model's session with these handlers (the client and its config are the engine's). */
  connect(handlers: RealtimeHandlers): Promise<RealtimeSession>;
  functions: FunctionSet;
  /** dualplex: the model answers in text and the assistant's own synthesizer speaks it. */
  speaker: { tts: TtsProvider; voice: VoiceSettings } | null;
  /** Where transfer_call asked to hand the caller over (set by the call functions). */
  transferRequest(): CallTransferRequest | null;
  clock: Clock;
  logger: Logger;
  timers: EngineTimers;
  audioLeadMs?: number;
}

/** One answer being spoken: its audio on the line, and the text heard of it. */
interface Speech {
  /** 1, 2, 3... in the order the model started them. */
  index: number;
  responseKey: string;
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

/** A polite end: ask the model for one last answer, hang up when it has played (or after this). */
const FAREWELL_TIMEOUT_MS = 10_000;

/**
 * One call on a realtime model (multimodal: its own voice; dualplex: text spoken by the
 * assistant's synthesizer). The model's server VAD takes turns; we play its audio paced onto the
 * line, keep both sides' transcripts, answer its function calls through the chat registry, and on
 * barge-in clear the line and truncate the model's item to what the caller heard.
 */
export class RealtimeCall {
  private readonly out: AudioOut;
  private model: RealtimeSession | null = null;
  private readonly transcript: CallTranscriptEntry[] = [];
  /** The answer the model is producing now, and every answer not yet heard to its end. */
  private writing: Speech | null = null;
  private readonly playing = new Map<string, Speech>();
  private sequence = 0;
  private ending: { endedBy: CallOutcome['endedBy']; reason: string } | null = null;
  private endAfterAnswer: string | null = null;
  /** The farewell is the first answer started after this one (set with endAfterAnswer). */
  private farewellAfterIndex = 0;
  /** After a barge-in, what the model still sends of the cancelled answer (until its response.done) is dropped. */
  private discarding = false;
  private finished = false;
  private readonly cancels: Array<() => void> = [];
  private resolve!: (outcome: CallOutcome) => void;
  readonly outcome: Promise<CallOutcome>;

  constructor(private readonly deps: RealtimeCallDeps) {
    this.outcome = new Promise((resolve) => (this.resolve = resolve));
    this.out = new AudioOut(deps.session.media, { ambient: null, recorder: null, leadMs: deps.audioLeadMs });
  }

  async run(): Promise<CallOutcome> {
    const { session } = this.deps;
    const { media, assistant, call } = session;
    media.setHandlers({
      onAudio: (frame) => this.model?.appendAudio(frame),
      onMark: (name) => this.onMark(name),
      onClose: () => void this.finish('customer', 'hangup'),
    });
    try {
      this.model = await this.deps.connect(this.handlers());
    } catch (error) {
      this.deps.logger.warn({ err: error, callId: call.id }, 'the realtime model could not be reached');
      void this.endNow('assistant', 'provider_error');
      return this.outcome;
    }
    if (this.finished) {
      await this.model.close();
      return this.outcome;
    }
    this.cancels.push(this.deps.timers.after(assistant.max_duration * 1000, () => this.endPolitely('max_duration', 'The call has reached its time limit. Tell the caller briefly and say goodbye.')));
    const wrapUp = () => this.endPolitely(typeof session.signals.wrapUp.reason === 'string' ? session.signals.wrapUp.reason : 'balance', 'The call must end now. Thank the caller and say goodbye in one short sentence.');
    if (session.signals.wrapUp.aborted) wrapUp();
    else session.signals.wrapUp.addEventListener('abort', wrapUp, { once: true });
    if (!assistant.wait_for_customer) {
      const greeting = fillVariables(assistant.initial_message, call.variables).trim();
      if (greeting) this.model.createResponse(`Greet the caller by saying exactly: "${greeting}"`);
    }
    return this.outcome;
  }

  private handlers(): RealtimeHandlers {
    return {
      onAudio: (frame) => {
        if (!this.deps.speaker && !this.discarding) this.play(frame);
      },
      onAssistantText: ({ text, final }) => {
        if (!this.discarding) this.onAssistantText(text, final);
      },
      onUserTranscript: (text) => {
        if (!text) return;
        this.transcript.push({ text, type: 'transcript', sender: 'human', timestamp: this.timestamp() });
        this.event({ type: 'transcript', role: 'user', text, final: true });
      },
      onSpeechStarted: () => this.onCallerSpeech(),
      onFunctionCall: (fc) => void this.onFunctionCall(fc),
      onResponseDone: () => this.onAnswerDone(),
      onError: (error) => {
        this.deps.logger.warn({ err: error, callId: this.deps.session.call.id }, 'realtime model error');
        void this.endNow('assistant', 'provider_error');
      },
      onClose: () => void this.endNow('assistant', 'provider_error'),
    };
  }

  /** The answer the model is writing now, started on its first audio or text. */
  private current(): Speech {
    if (this.writing) return this.writing;
    const index = ++this.sequence;
    const key = `answer-${index}`;
    const speaker = this.deps.speaker;
    const speech: Speech = {
      index, responseKey: key, legStartMs: null, sentMs: 0, receivedMs: 0, text: '', entry: null, modelDone: false,
      utterance: speaker ? new Utterance(key, { tts: speaker.tts, voice: speaker.voice, out: this.out, playedMs: () => this.deps.session.media.playedMs() }) : null,
      chunker: speaker ? new SentenceChunker() : null,
    };
    speech.utterance?.done.catch((error: unknown) => {
      this.deps.logger.warn({ err: error, callId: this.deps.session.call.id }, 'the synthesizer failed');
      void this.endNow('assistant', 'tts_failed');
    });
    this.writing = speech;
    this.playing.set(key, speech);
    this.event({ type: 'speaking', role: 'assistant' });
    return speech;
  }

  private play(frame: Int16Array): void {
    const speech = this.current();
    speech.receivedMs += FRAME_MS;
    this.out.enqueue(frame, (legMsBefore) => {
      if (speech.legStartMs === null) speech.legStartMs = legMsBefore;
      speech.sentMs += FRAME_MS;
    });
  }

  private onAssistantText(text: string, final: boolean): void {
    const speech = this.current();
    if (speech.chunker && speech.utterance) {
      const added = text.slice(speech.text.length);
      for (const sentence of speech.chunker.push(added)) speech.utterance.add(sentence);
      if (final) for (const sentence of speech.chunker.flush()) speech.utterance.add(sentence);
    }
    speech.text = text;
    this.event({ type: 'transcript', role: 'assistant', text, final });
    if (!final) return;
    if (speech.entry) speech.entry.text = text;
    else {
      speech.entry = { text, type: 'transcript', sender: 'bot', timestamp: this.timestamp() };
      this.transcript.push(speech.entry);
    }
  }

  /** The model finished an answer: it plays out, and the next audio or text starts another. */
  private onAnswerDone(): void {
    if (this.discarding) {
      this.discarding = false;
      return;
    }
    const speech = this.writing;
    if (!speech) return;
    this.writing = null;
    speech.modelDone = true;
    if (speech.utterance) speech.utterance.end();
    else this.out.mark(speech.responseKey);
  }

  private onMark(name: string): void {
    const speech = this.playing.get(name);
    if (!speech) return;
    speech.utterance?.marked();
    this.playing.delete(name);
    const farewellHeard = this.endAfterAnswer && speech.index > this.farewellAfterIndex && this.playing.size === 0 && !this.writing;
    if (farewellHeard) void this.afterFarewell(this.endAfterAnswer!);
  }

  /** Barge-in: the caller talks over the answer. The line is cleared, the model's memory truncated. */
  private onCallerSpeech(): void {
    this.event({ type: 'speaking', role: 'user' });
    if (this.playing.size === 0 || !this.deps.session.assistant.allow_interruptions || this.ending || this.endAfterAnswer) return;
    this.cutOff();
  }

  /**
   * Stops what the assistant is saying: synthesis, the line's queue, the model's response and its
   * memory of the last answer (truncated to what was heard). The call's record keeps what the
   * caller heard of each answer, not what the model wrote.
   */
  private cutOff(): void {
    const speeches = [...this.playing.values()];
    const heard = speeches.map((speech) => {
      const heardMs = this.heardMs(speech);
      return { speech, heardMs, text: speech.utterance ? speech.utterance.heardText() : heardShare(speech.text, heardMs, speech.receivedMs) };
    });
    for (const { speech } of heard) speech.utterance?.cancel();
    this.out.clear();
    const last = heard.at(-1);
    this.model?.interrupt(last?.heardMs ?? 0);
    this.discarding = this.writing !== null && !this.writing.modelDone;
    this.writing = null;
    this.playing.clear();
    for (const { speech, text } of heard) {
      if (speech.entry && text) speech.entry.text = text;
      else if (speech.entry) this.transcript.splice(this.transcript.indexOf(speech.entry), 1);
      else if (text) this.transcript.push({ text, type: 'transcript', sender: 'bot', timestamp: this.timestamp() });
    }
  }

  private heardMs(speech: Speech): number {
    if (speech.utterance) return speech.utterance.heardMs();
    if (speech.legStartMs === null) return 0;
    return Math.max(0, Math.min(speech.sentMs, this.deps.session.media.playedMs() - speech.legStartMs));
  }

  private async onFunctionCall(fc: RealtimeFunctionCall): Promise<void> {
    const { session } = this.deps;
    const { call, assistant } = session;
    const ctx = { conversationId: call.id, conversationUuid: call.uuid, userId: call.userId, assistant, now: this.deps.clock.now() };
    const run = await this.deps.functions.run({ id: fc.callId, name: fc.name, arguments: fc.arguments }, ctx);
    if (this.finished) return;
    this.event({ type: 'function_call', name: run.record.name, arguments: run.record.arguments, result: run.record.result });
    // The model says its goodbye (or "transferring you now") in the answer to this result.
    if (run.effect?.kind === 'end') this.endAfterAnswer = 'end_call';
    if (this.deps.transferRequest()) this.endAfterAnswer = 'transferred';
    if (this.endAfterAnswer) this.farewellAfterIndex = this.sequence;
    this.model?.sendFunctionResult(fc.callId, run.record.result);
    if (this.endAfterAnswer) this.cancels.push(this.deps.timers.after(FAREWELL_TIMEOUT_MS, () => void this.afterFarewell(this.endAfterAnswer!)));
  }

  private endPolitely(reason: string, instructions: string): void {
    if (this.finished || this.endAfterAnswer) return;
    this.endAfterAnswer = reason;
    this.farewellAfterIndex = this.sequence;
    if (this.playing.size > 0) this.cutOff();
    this.model?.createResponse(instructions);
    this.cancels.push(this.deps.timers.after(FAREWELL_TIMEOUT_MS, () => void this.afterFarewell(reason)));
  }

  private async afterFarewell(reason: string): Promise<void> {
    if (this.finished || this.ending) return;
    const transfer = reason === 'transferred' ? this.deps.transferRequest() : null;
    if (transfer) {
      this.ending = { endedBy: 'assistant', reason };
      try {
        await this.deps.session.telephony.transfer(transfer.to, transfer.callerId ? { callerId: transfer.callerId } : {});
      } catch (error) {
        this.deps.logger.warn({ err: error, callId: this.deps.session.call.id }, 'transfer failed; hanging up');
        this.ending = { endedBy: 'assistant', reason: 'transfer_failed' };
        await this.hangUp();
      }
      await this.finish('assistant', this.ending.reason);
      return;
    }
    await this.endNow('assistant', reason);
  }

  private async endNow(endedBy: CallOutcome['endedBy'], reason: string): Promise<void> {
    if (this.finished || this.ending) return;
    this.ending = { endedBy, reason };
    this.event({ type: 'end', reason });
    await this.hangUp();
    await this.finish(endedBy, reason);
  }

  private async hangUp(): Promise<void> {
    await this.deps.session.telephony.hangUp().catch((error: unknown) => this.deps.logger.warn({ err: error, callId: this.deps.session.call.id }, 'hang-up failed'));
  }

  private async finish(endedBy: CallOutcome['endedBy'], reason: string): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    const final = this.ending ?? { endedBy, reason };
    for (const cancel of this.cancels.splice(0)) cancel();
    for (const speech of this.playing.values()) speech.utterance?.cancel();
    this.out.stop();
    await this.model?.close().catch(() => undefined);
    this.resolve({ endedBy: final.endedBy, reason: final.reason, transcript: this.transcript });
  }

  private event(payload: Record<string, unknown>): void {
    this.deps.session.media.event?.(payload);
  }

  private timestamp(): number {
    return this.deps.clock.now().getTime() / 1000;
  }
}

/** The words of `text` in the share of its audio that played (audio and words run in proportion). */
export function heardShare(text: string, heardMs: number, totalMs: number): string {
  if (totalMs <= 0 || heardMs <= 0) return '';
  const words = text.split(/\s+/).filter(Boolean);
  return words.slice(0, Math.floor(Math.min(1, heardMs / totalMs) * words.length)).join(' ');
}
