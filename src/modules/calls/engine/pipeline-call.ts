import type { Logger } from 'pino';
import type { Clock } from '../../../core/clock.js';
import type { CallTranscriptEntry, FunctionCallRecord } from '../../../core/db/schema.js';
import type { RuntimeAssistant } from '../../conversations/functions/types.js';
import type { LanguageModel } from '../../conversations/llm/provider.js';
import { fillVariables, type HistoryItem } from '../../conversations/prompt.js';
import { createReplyEngine, type Reply, type ReplyEngineDeps } from '../../conversations/reply-engine.js';
import type { SttProvider, SttSession, TranscriptEvent, TtsProvider } from '../speech/speech.types.js';
import type { AmbientBed } from './ambient.js';
import { AudioOut } from './audio-out.js';
import { callFunctions, withCallFunctions, type CallTransferRequest } from './call-functions.js';
import type { CallRecorder } from './call-recorder.js';
import { minInterruptWords, onAbort, voicemailPlan, wordCount, wrapUpReason } from './call-behaviour/call-rules.js';
import { CallTimers, reengagementRequest, SilenceRules } from './call-behaviour/call-timers.js';
import { handOver } from './call-behaviour/hand-over.js';
import { closeRecording } from './call-behaviour/line-extras.js';
import type { CallEngineSession, CallOutcome } from './engine.types.js';
import { turnMetrics, type TurnMetrics, type TurnTimings } from './engine-metrics.js';
import { PHRASES, fillerPhrases } from './phrases.js';
import { SentenceChunker, speakable } from './sentence-chunker.js';
import type { EngineTimers } from './timers.js';
import { Utterance, type VoiceSettings } from './utterance.js';

export interface PipelineCallDeps {
  session: CallEngineSession;
  stt: SttProvider;
  sttLanguage: string;
  tts: TtsProvider;
  voice: VoiceSettings;
  replyDeps: ReplyEngineDeps;
  mediumNote: string;
  timers: EngineTimers;
  clock: Clock;
  logger: Logger;
  ambient: AmbientBed | null;
  recorder: CallRecorder | null;
  recordingUrl: string | null;
  audioLeadMs?: number;
  onTurnMetrics?: (metrics: TurnMetrics) => void;
}

/** What the assistant is doing: one reply (or greeting, goodbye...) at a time. */
interface Turn {
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

/**
 * One call in pipeline mode: caller audio to streaming STT; each finished caller turn to the reply
 * engine, whose tokens are cut into sentences, each synthesised as soon as it is complete and
 * paced onto the line. Barge-in clears the line and cancels the model and the synthesizer, and the
 * turn is stored as far as the caller heard it. Silence, duration, voicemail, balance and provider
 * failures end the call politely.
 */
export class PipelineCall {
  private readonly out: AudioOut;
  private readonly assistantAtStart: RuntimeAssistant;
  private assistant: RuntimeAssistant;
  private readonly registry: ReplyEngineDeps['registry'];
  private stt: SttSession | null = null;
  private turn: Turn | null = null;
  private readonly transcript: CallTranscriptEntry[] = [];
  private readonly history: HistoryItem[] = [];
  private readonly timers: CallTimers;
  private readonly silence: SilenceRules;
  private readonly utterances = new Map<string, Utterance>();
  private pendingUserText = '';
  private fillerIndex = 0;
  private sequence = 0;
  private transferRequest: CallTransferRequest | null = null;
  private ending: { endedBy: CallOutcome['endedBy']; reason: string } | null = null;
  private finished = false;
  private resolve!: (outcome: CallOutcome) => void;
  readonly outcome: Promise<CallOutcome>;

  constructor(private readonly deps: PipelineCallDeps) {
    const { session } = deps;
    this.assistantAtStart = session.assistant;
    this.assistant = session.assistant;
    this.outcome = new Promise((resolve) => (this.resolve = resolve));
    this.out = new AudioOut(session.media, { ambient: deps.ambient, recorder: deps.recorder, leadMs: deps.audioLeadMs });
    this.timers = new CallTimers(deps.timers);
    this.silence = new SilenceRules(this.timers, {
      initialSilence: () => void this.endWith('initial_silence'),
      silence: () => void this.endWith('silence'),
      reengage: () => void this.reengage(),
    });
    this.registry = withCallFunctions(deps.replyDeps.registry, (assistant) => callFunctions(assistant, session.call, (request) => (this.transferRequest = request)));
  }

  async run(): Promise<CallOutcome> {
    const { session } = this.deps;
    session.media.setHandlers({
      onAudio: (frame) => {
        // Audio can trail in until the leg is closed; the recording file is closed by then.
        if (this.finished) return;
        this.stt?.write(frame);
        this.deps.recorder?.caller(frame);
      },
      onMark: (name) => this.utterances.get(name)?.marked(),
      onClose: () => this.onLineClosed(),
    });
    try {
      this.stt = await this.deps.stt.open(
        { language: this.deps.sttLanguage },
        { onTranscript: (event) => this.onTranscript(event), onSpeechStarted: () => this.onSpeechStarted(), onError: (error) => this.providerFailed('stt', error) },
      );
    } catch (error) {
      this.deps.logger.warn({ err: error, callId: session.call.id }, 'the transcriber could not start');
      void this.endWith('stt_failed');
      return this.outcome;
    }
    if (this.finished) return this.outcome;
    this.timers.arm('max_duration', this.assistant.max_duration * 1000, () => void this.endWith('max_duration'));
    onAbort(session.signals.wrapUp, () => void this.endWith(wrapUpReason(session.signals.wrapUp.reason), PHRASES.goodbye));
    session.signals.onAnsweredBy((answeredBy) => {
      if (answeredBy === 'machine') this.voicemail();
    });
    if (session.call.answeredBy === 'machine') this.voicemail();
    else if (!this.assistant.wait_for_customer) void this.say(fillVariables(this.assistant.initial_message, session.call.variables)).then(() => this.lineQuiet());
    else this.lineQuiet();
    return this.outcome;
  }

  // ---- the caller ----------------------------------------------------------------------------

  private onSpeechStarted(): void {
    if (this.ending) return;
    this.callerActive();
    this.event({ type: 'speaking', role: 'user' });
    if (this.assistant.allow_interruptions && this.minInterruptWords() === 0 && this.turn?.utterance.started) this.bargeIn();
  }

  private onTranscript(event: TranscriptEvent): void {
    if (this.ending || !event.text.trim()) return;
    const receivedAt = performance.now();
    this.event({ type: 'transcript', role: 'user', text: event.text.trim(), final: event.isFinal });
    this.callerActive();
    if (this.turn?.utterance.started) {
      // Words over the assistant's voice: only enough of them, when allowed, interrupt it.
      if (!this.assistant.allow_interruptions || wordCount(event.text) < this.minInterruptWords()) return;
      this.bargeIn();
    }
    if (event.endOfTurn) this.callerTurn(event.text.trim(), receivedAt);
  }

  private callerTurn(text: string, receivedAt: number): void {
    // A reply still being prepared (nothing heard yet) is redone with everything the caller said.
    if (this.turn) this.drop(this.turn);
    this.transcript.push({ text, type: 'transcript', sender: 'human', timestamp: this.timestamp() });
    this.pendingUserText = this.pendingUserText ? `${this.pendingUserText} ${text}` : text;
    void this.respond(this.pendingUserText, { visible: true, transcriptAt: receivedAt });
  }

  private minInterruptWords(): number {
    return minInterruptWords(this.assistant);
  }

  private bargeIn(): void {
    const turn = this.turn;
    if (!turn) return;
    // Played to the end (its mark is back) but not yet stored: all of it was heard.
    const heard = turn.utterance.playedToEnd ? null : turn.utterance.heardText();
    this.drop(turn);
    this.out.clear();
    this.store(turn, heard);
  }

  // ---- the assistant -------------------------------------------------------------------------

  private newTurn(userText?: string): Turn {
    const markName = `u${++this.sequence}`;
    const utterance = new Utterance(markName, {
      tts: this.deps.tts, voice: this.deps.voice, out: this.out, playedMs: () => this.deps.session.media.playedMs(),
      onFirstFrameSent: () => {
        this.event({ type: 'speaking', role: 'assistant' });
        const metrics = turnMetrics(this.deps.session.call.id, turn.timings, utterance.timings);
        if (metrics) this.deps.onTurnMetrics?.(metrics);
      },
    });
    this.utterances.set(markName, utterance);
    utterance.done.catch((error: unknown) => this.providerFailed('tts', error));
    const turn: Turn = {
      abort: new AbortController(), utterance, chunker: new SentenceChunker(), userText, functionCalls: [],
      transcriptIndex: this.transcript.length, startedAt: this.deps.clock.now(), timings: {}, stored: false,
    };
    this.silence.assistantSpeaking();
    this.turn = turn;
    return turn;
  }

  /**
   * Speaks fixed text (greeting, voicemail message, goodbye) in one request, for the most natural
   * prosody; it is short. Resolves when played (true) or cut off (false).
   */
  private async say(text: string): Promise<boolean> {
    const turn = this.newTurn();
    turn.utterance.add(speakable(text));
    turn.utterance.end();
    const result = await turn.utterance.done.catch(() => 'cancelled' as const);
    if (result !== 'played' || turn.stored) return false;
    this.store(turn, null);
    return true;
  }

  /** One reply of the model to the caller (or to a hidden prompt), spoken as it is written. */
  private async respond(userMessage: string, options: { visible: boolean; transcriptAt?: number }): Promise<void> {
    const turn = this.newTurn(options.visible ? userMessage : undefined);
    turn.timings.transcriptAt = options.transcriptAt;
    const { call } = this.deps.session;
    // An engine per turn: its model is bound to this turn's abort signal and timings, so a
    // cancelled reply finishing a function call can never start a round in the next turn.
    const replies = createReplyEngine({ ...this.deps.replyDeps, llm: this.turnAwareModel(turn), registry: this.registry });
    let reply: Reply;
    try {
      reply = await replies.reply({
        conversation: { id: call.id, uuid: call.uuid, userId: call.userId, variables: call.variables },
        assistant: this.assistant,
        history: this.history.slice(),
        userMessage,
        now: this.deps.clock.now(),
        mediumNote: this.deps.mediumNote,
        onEvent: (event) => {
          if (turn.abort.signal.aborted) return;
          if (event.type === 'function_call') {
            turn.functionCalls.push(event.call);
            this.event({ type: 'function_call', name: event.call.name, arguments: event.call.arguments, result: event.call.result });
          } else for (const sentence of turn.chunker.push(event.content)) turn.utterance.add(sentence);
        },
      });
    } catch (error) {
      if (!turn.abort.signal.aborted) this.providerFailed('llm', error);
      return;
    }
    if (turn.abort.signal.aborted) return;
    for (const sentence of turn.chunker.flush()) turn.utterance.add(sentence);
    turn.replyContent = reply.content;
    this.assistant = reply.assistant;
    turn.utterance.end();
    const result = await turn.utterance.done.catch(() => 'cancelled' as const);
    if (result !== 'played' || turn.stored || this.ending) return;
    this.store(turn, null);
    if (this.transferRequest) void this.transfer(this.transferRequest);
    else if (reply.end) void this.endWith('end_call');
    else this.lineQuiet();
  }

  /** Stops a turn without storing it (a reply redone, or cut off and stored by the caller). */
  private drop(turn: Turn): void {
    turn.abort.abort();
    turn.utterance.cancel();
    if (this.turn === turn) this.turn = null;
  }

  /** Records a finished or interrupted turn in the history and transcript; `heard` when cut off. */
  private store(turn: Turn, heard: string | null): void {
    if (turn.stored) return;
    turn.stored = true;
    if (this.turn === turn) this.turn = null;
    if (turn.userText !== undefined) {
      this.history.push({ id: this.history.length + 1, role: 'user', content: turn.userText, function_calls: null });
      this.pendingUserText = '';
    }
    const content = heard ?? turn.replyContent ?? turn.utterance.text;
    if (content || turn.functionCalls.length > 0) {
      this.history.push({ id: this.history.length + 1, role: 'assistant', content, function_calls: turn.functionCalls.length ? turn.functionCalls : null });
    }
    const spoken = heard ?? turn.utterance.text;
    if (spoken || turn.functionCalls.length > 0) {
      const entry: CallTranscriptEntry = { text: spoken, type: 'transcript', sender: 'bot', timestamp: turn.startedAt.getTime() / 1000 };
      if (turn.functionCalls.length > 0) entry.function_calls = turn.functionCalls;
      this.transcript.splice(turn.transcriptIndex, 0, entry);
      if (spoken) this.event({ type: 'transcript', role: 'assistant', text: spoken, final: true });
    }
  }

  /** Filler words while a function runs, so the line is not silent. */
  private toolsStarting(turn: Turn): void {
    if (!this.assistant.fillers || turn.abort.signal.aborted) return;
    for (const sentence of turn.chunker.flush()) turn.utterance.add(sentence);
    const phrases = fillerPhrases(this.assistant.filler_config);
    turn.utterance.add(phrases[this.fillerIndex++ % phrases.length]!);
  }

  /** The model as the reply engine sees it: cancelled with the turn, timed, fillers on tool calls. */
  private turnAwareModel(turn: Turn): LanguageModel {
    const model = this.deps.replyDeps.llm;
    return {
      kind: model.kind,
      complete: async (request, options = {}) => {
        turn.timings.llmRequestAt ??= performance.now();
        const onToken = options.onToken && ((text: string) => {
          turn.timings.llmFirstTokenAt ??= performance.now();
          options.onToken!(text);
        });
        const result = await model.complete(request, { ...options, onToken, signal: turn.abort.signal });
        if (request.tools.length > 0 && result.toolCalls.length > 0) this.toolsStarting(turn);
        return result;
      },
    };
  }

  // ---- silence, voicemail, endings -----------------------------------------------------------

  /** The assistant finished speaking and waits: silence timers run until the caller speaks. */
  private lineQuiet(): void {
    if (this.ending || this.turn) return;
    this.silence.lineQuiet(this.assistant);
  }

  private callerActive(): void {
    this.silence.callerActive();
  }

  private async reengage(): Promise<void> {
    if (this.ending || this.turn) return;
    const request = reengagementRequest(this.assistant);
    if (!request) {
      if (await this.say(PHRASES.reengage)) this.lineQuiet();
      return;
    }
    await this.respond(request, { visible: false });
  }

  private voicemail(): void {
    const plan = voicemailPlan(this.assistantAtStart, this.deps.session.call.variables);
    if (this.ending || !plan) return;
    void this.endWith('voicemail', plan.message);
  }

  private providerFailed(kind: 'stt' | 'llm' | 'tts', error: unknown): void {
    if (this.ending || this.finished) return;
    this.deps.logger.warn({ err: error, callId: this.deps.session.call.id, provider: kind }, 'a speech or language provider failed mid-call');
    // A failed synthesizer cannot apologise: hang up cleanly.
    void this.endWith(`${kind}_failed`, kind === 'tts' ? undefined : PHRASES.apology);
  }

  private async transfer(request: CallTransferRequest): Promise<void> {
    this.ending = { endedBy: 'assistant', reason: 'transferred' };
    this.timers.clear();
    const { session, replyDeps, logger } = this.deps;
    this.ending.reason = await handOver(request, {
      session, logger, summaryModel: replyDeps, say: (text) => this.say(text), transcript: this.transcript, timestamp: () => this.timestamp(),
    });
    if (this.ending.reason === 'transfer_failed') await this.hangUp();
    await this.finish();
  }

  /** Ends the call from our side, after speaking `farewell` if given. */
  private async endWith(reason: string, farewell?: string): Promise<void> {
    if (this.ending || this.finished) return;
    this.ending = { endedBy: 'assistant', reason };
    this.timers.clear();
    if (this.turn) this.bargeIn();
    if (farewell) await this.say(farewell).catch(() => false);
    await this.hangUp();
    await this.finish();
  }

  private async hangUp(): Promise<void> {
    await this.deps.session.telephony.hangUp().catch((error: unknown) => this.deps.logger.warn({ err: error, callId: this.deps.session.call.id }, 'hang-up failed'));
  }

  private onLineClosed(): void {
    if (!this.ending) {
      this.ending = { endedBy: 'customer', reason: 'hangup' };
      if (this.turn) this.bargeIn();
    }
    void this.finish();
  }

  private async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.timers.clear();
    if (this.turn) this.drop(this.turn);
    this.out.stop();
    await this.stt?.close().catch(() => undefined);
    const recordingPath = await closeRecording(this.deps.recorder, this.deps.logger, this.deps.session.call.id);
    const ending = this.ending ?? { endedBy: 'assistant' as const, reason: 'ended' };
    this.resolve({ ...ending, transcript: this.transcript, recordingPath, recordingUrl: recordingPath ? this.deps.recordingUrl : null });
  }

  // ---- helpers -------------------------------------------------------------------------------

  /** Live events for legs that show them (the browser's transcript); phone legs have none. */
  private event(payload: Record<string, unknown>): void {
    this.deps.session.media.event?.(payload);
  }

  private timestamp(): number {
    return this.deps.clock.now().getTime() / 1000;
  }
}
