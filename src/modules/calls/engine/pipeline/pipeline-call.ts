import type { Logger } from 'pino';
import type { Clock } from '../../../../core/clock.js';
import type { CallTranscriptEntry } from '../../../../core/db/schema.js';
import { fillVariables, type HistoryItem, type ReplyEngineDeps, type RuntimeAssistant } from '../../../replies/index.js';
import type { SttProvider, SttSession, TranscriptEvent, TtsProvider } from '../../speech/speech.types.js';
import type { AmbientBed } from '../line/ambient.js';
import { AudioOut } from '../line/audio-out.js';
import type { CallTransferRequest } from '../functions/call-functions.js';
import type { CallRecorder } from '../line/call-recorder.js';
import { CallerListener } from '../line/caller-listener.js';
import { minInterruptWords, onAbort, voicemailPlan, wordCount, wrapUpReason } from '../behaviour/call-rules.js';
import { endpointPauseMs, interruptRule, interruptSpeechMs, TurnEnds } from '../behaviour/endpointing.js';
import { CallTimers, reengagementRequest, SilenceRules } from '../behaviour/call-timers.js';
import type { CallEngineSession, CallOutcome } from '../engine.types.js';
import type { NoiseSuppressorKind } from '../../audio/noise-suppressor.js';
import type { NoiseSuppressorPool } from '../../audio/noise-suppressor-pool.js';
import { PipelineCallEnd } from './pipeline-call-end.js';
import type { TurnMetrics, TurnTimings } from '../engine-metrics.js';
import { PHRASES } from '../behaviour/phrases.js';
import { PipelineReplies } from './pipeline-replies.js';
import { PipelineTurns } from './pipeline-turn.js';
import type { EngineTimers } from '../timers.js';
import type { VoiceSettings } from '../line/utterance.js';

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
  noiseSuppression: 'assistant' | 'off';
  /** The suppressor when it runs on the event loop (the pool's threads have theirs). */
  noiseSuppressor?: NoiseSuppressorKind;
  /** The threads that denoise callers' audio (started on first use); none: on the event loop. */
  noiseSuppressorPool?: () => NoiseSuppressorPool | null;
}

/**
 * One call in pipeline mode: caller audio to streaming STT; each finished caller turn to the reply
 * engine, whose tokens are cut into sentences, each synthesised as soon as it is complete and
 * paced onto the line. Barge-in clears the line and cancels the model and the synthesizer, and the
 * turn is stored as far as the caller heard it. Silence, duration, voicemail, balance and provider
 * failures end the call politely; how it ends (and transfers) is PipelineCallEnd's.
 */
export class PipelineCall {
  private readonly out: AudioOut;
  private readonly assistantAtStart: RuntimeAssistant;
  private assistant: RuntimeAssistant;
  private stt: SttSession | null = null;
  private listener: CallerListener | null = null;
  private readonly turnEnds: TurnEnds;
  /** The caller's final transcript of the turn being decided (ai endpointing may hold it). */
  private transcriptAt: number | undefined;
  /** The page was told the caller is speaking, in the turn being heard. */
  private callerSpeakingShown = false;
  private readonly turns: PipelineTurns;
  private readonly replies: PipelineReplies;
  private readonly transcript: CallTranscriptEntry[] = [];
  private readonly history: HistoryItem[] = [];
  private readonly timers: CallTimers;
  private readonly silence: SilenceRules;
  private pendingUserText = '';
  private transferRequest: CallTransferRequest | null = null;
  private readonly end: PipelineCallEnd;
  readonly outcome: Promise<CallOutcome>;

  constructor(private readonly deps: PipelineCallDeps) {
    const { session } = deps;
    this.assistantAtStart = session.assistant;
    this.assistant = session.assistant;
    this.out = new AudioOut(session.media, { ambient: deps.ambient, recorder: deps.recorder, leadMs: deps.audioLeadMs });
    this.timers = new CallTimers(deps.timers);
    this.silence = new SilenceRules(this.timers, {
      initialSilence: () => void this.endWith('initial_silence'),
      silence: () => void this.endWith('silence'),
      reengage: () => void this.reengage(),
    });
    this.turns = new PipelineTurns({
      out: this.out,
      tts: deps.tts,
      voice: deps.voice,
      clock: deps.clock,
      callId: session.call.id,
      playedMs: () => session.media.playedMs(),
      transcript: this.transcript,
      history: this.history,
      event: (payload) => this.event(payload),
      onTurnMetrics: deps.onTurnMetrics,
      onTurnStarted: () => {
        this.silence.assistantSpeaking();
        this.listener?.resetInterruption();
      },
      onSynthesisFailed: (error) => this.providerFailed('tts', error),
      onStored: (turn) => {
        if (turn.userText !== undefined) this.pendingUserText = '';
      },
    });
    this.replies = new PipelineReplies({
      session,
      replyDeps: deps.replyDeps,
      mediumNote: deps.mediumNote,
      clock: deps.clock,
      timers: deps.timers,
      turns: this.turns,
      history: this.history,
      assistant: () => this.assistant,
      setAssistant: (assistant) => (this.assistant = assistant),
      ending: () => this.end.underway,
      event: (payload) => this.event(payload),
      onTransferRequested: (request) => (this.transferRequest = request),
      onModelFailed: (error) => this.providerFailed('llm', error),
    });
    this.end = new PipelineCallEnd({
      call: deps,
      timers: this.timers,
      turns: this.turns,
      out: this.out,
      transcript: this.transcript,
      timestamp: () => this.timestamp(),
      interrupt: () => this.bargeIn(),
      release: () => this.release(),
      respond: (prompt) => this.respond(prompt, { visible: false }),
    });
    this.outcome = this.end.outcome;
    this.turnEnds = new TurnEnds({
      type: this.assistant.endpoint_type,
      pauseMs: endpointPauseMs(this.assistant.endpoint_sensitivity),
      timers: deps.timers,
      callerSpeaking: () => this.listener?.speaking ?? false,
      onTurn: (text) => this.callerTurn(text),
    });
  }

  async run(): Promise<CallOutcome> {
    const { session } = this.deps;
    session.media.setHandlers({
      onAudio: (frame) => {
        // Audio can trail in until the leg is closed; the recording file is closed by then.
        if (this.end.isFinished) return;
        this.deps.recorder?.caller(frame);
        this.listener?.hear(frame);
      },
      onMark: (name) => this.turns.marked(name),
      onDtmf: (digit) => this.onDtmf(digit),
      onClose: () => this.end.lineClosed(),
    });
    try {
      await this.startListening();
    } catch (error) {
      this.deps.logger.warn({ err: error, callId: session.call.id }, 'the transcriber could not start');
      void this.endWith('stt_failed');
      return this.outcome;
    }
    if (this.end.isFinished) return this.outcome;
    this.timers.arm('max_duration', this.assistant.max_duration * 1000, () => void this.endWith('max_duration'));
    onAbort(session.signals.wrapUp, () => void this.endWith(wrapUpReason(session.signals.wrapUp.reason), PHRASES.goodbye));
    session.signals.onAnsweredBy((answeredBy) => {
      if (answeredBy === 'machine') this.voicemail();
    });
    if (session.call.answeredBy === 'machine') this.voicemail();
    else if (!this.assistant.wait_for_customer)
      void this.turns.say(fillVariables(this.assistant.initial_message, session.call.variables)).then(() => this.lineQuiet());
    else this.lineQuiet();
    return this.outcome;
  }

  // ---- the caller ----------------------------------------------------------------------------

  /** The engine's listener (noise suppressor, detector), then the transcriber behind it. */
  private async startListening(): Promise<void> {
    const callId = this.deps.session.call.id;
    this.listener = await CallerListener.open({
      noiseCancellation: this.deps.noiseSuppression === 'assistant' && this.assistant.enable_noise_cancellation,
      pool: this.deps.noiseSuppressorPool?.() ?? null,
      suppressor: this.deps.noiseSuppressor,
      rule: interruptRule(this.assistant.interrupt_sensitivity),
      onHeard: (clean) => {
        // Denoised frames may come back from the pool after the call ended.
        if (this.end.isFinished) return;
        this.stt?.write(clean);
        this.weighInterruption();
      },
      onSpeechStart: () => this.onSpeechStarted(),
      onUnavailable: (what, error) =>
        this.deps.logger.warn({ err: error, callId }, `the ${what} could not start; the call goes on without it`),
    });
    this.stt = await this.deps.stt.open(
      { language: this.deps.sttLanguage, endpointingMs: this.turnEnds.transcriberPauseMs },
      {
        onTranscript: (event) => this.onTranscript(event),
        onSpeechStarted: () => this.onSpeechStarted(),
        onError: (error) => this.providerFailed('stt', error),
      },
    );
  }

  /** The caller started speaking (the engine's detector or the transcriber's, whichever heard it first). */
  private onSpeechStarted(): void {
    if (this.end.underway) return;
    this.silence.callerActive();
    this.turnEnds.speechResumed();
    if (this.callerSpeakingShown) return;
    this.callerSpeakingShown = true;
    this.event({ type: 'speaking', role: 'user' });
  }

  /**
   * Speech over the assistant's voice stops it once it has lasted as long as the words it needs
   * (SPEECH_MS_PER_WORD each, and interrupt_sensitivity's level and length): the caller is not
   * talked over while the transcriber waits for the end of their sentence.
   */
  private weighInterruption(): void {
    if (this.end.underway || !this.assistant.allow_interruptions || !this.turns.current?.utterance.started) return;
    if (this.listener!.interruptingSpeechMs >= interruptSpeechMs(this.assistant)) this.bargeIn();
  }

  private onTranscript(event: TranscriptEvent): void {
    if (this.end.underway || !event.text.trim()) return;
    if (event.endOfTurn) {
      this.transcriptAt = performance.now();
      this.callerSpeakingShown = false;
    }
    this.event({ type: 'transcript', role: 'user', text: event.text.trim(), final: event.isFinal });
    this.silence.callerActive();
    if (this.turns.current?.utterance.started) {
      // Words over the assistant's voice: only enough of them, when allowed, interrupt it.
      if (!this.assistant.allow_interruptions || wordCount(event.text) < minInterruptWords(this.assistant)) return;
      this.bargeIn();
    }
    if (event.endOfTurn) this.turnEnds.utteranceEnded(event.text);
  }

  private callerTurn(text: string): void {
    // A reply still being prepared (nothing heard yet) is redone with everything the caller said.
    this.replies.keypad.cancel();
    this.replies.keypad.forgetTypeAhead();
    if (this.turns.current) this.turns.drop(this.turns.current);
    this.transcript.push({ text, type: 'transcript', sender: 'human', timestamp: this.timestamp() });
    this.pendingUserText = this.pendingUserText ? `${this.pendingUserText} ${text}` : text;
    const caller: TurnTimings = {
      speechEndedAt: this.listener?.lastSpeechAt ?? undefined,
      transcriptAt: this.transcriptAt,
      turnEndedAt: performance.now(),
      transcriberPauseMs: this.turnEnds.transcriberPauseMs,
    };
    void this.respond(this.pendingUserText, { visible: true, caller });
  }

  private bargeIn(): void {
    this.replies.keypad.cancel();
    this.turns.interrupt();
  }

  /** A key of the caller's keypad: for a running collect_keypad, or typed ahead of its prompt. */
  private onDtmf(digit: string): void {
    if (this.end.underway) return;
    this.silence.callerActive();
    this.replies.keypad.press(digit);
  }

  // ---- the assistant -------------------------------------------------------------------------

  /** One reply of the model; once it has played, the call goes on as the reply asked. */
  private async respond(userMessage: string, options: { visible: boolean; caller?: TurnTimings }): Promise<void> {
    const reply = await this.replies.reply(userMessage, options);
    if (!reply || this.end.underway) return;
    if (this.transferRequest) void this.transfer(this.transferRequest);
    else if (reply.end) void this.end.endAsAsked();
    else this.lineQuiet();
  }

  // ---- silence, voicemail, endings -----------------------------------------------------------

  /** The assistant finished speaking and waits: silence timers run until the caller speaks. */
  private lineQuiet(): void {
    if (this.end.underway || this.turns.current) return;
    this.silence.lineQuiet(this.assistant);
  }

  private async reengage(): Promise<void> {
    if (this.end.underway || this.turns.current) return;
    const request = reengagementRequest(this.assistant);
    if (!request) {
      if (await this.turns.say(PHRASES.reengage)) this.lineQuiet();
      return;
    }
    await this.respond(request, { visible: false });
  }

  private voicemail(): void {
    const plan = voicemailPlan(this.assistantAtStart, this.deps.session.call.variables);
    if (this.end.underway || !plan) return;
    void this.endWith('voicemail', plan.message);
  }

  private providerFailed(kind: 'stt' | 'llm' | 'tts', error: unknown): void {
    if (this.end.underway || this.end.isFinished) return;
    this.deps.logger.warn(
      { err: error, callId: this.deps.session.call.id, provider: kind },
      'a speech or language provider failed mid-call',
    );
    // A failed synthesizer cannot apologise: hang up cleanly.
    void this.endWith(`${kind}_failed`, kind === 'tts' ? undefined : PHRASES.apology);
  }

  private transfer(request: CallTransferRequest): Promise<void> {
    this.transferRequest = null;
    return this.end.transfer(request);
  }

  private endWith(reason: string, farewell?: string): Promise<void> {
    return this.end.endWith(reason, farewell);
  }

  /** What still listens or speaks once the call is over: the keypad, the turn, the line, the transcriber. */
  private async release(): Promise<void> {
    this.turnEnds.clear();
    this.replies.keypad.cancel();
    if (this.turns.current) this.turns.drop(this.turns.current);
    this.out.stop();
    await this.stt?.close().catch(() => undefined);
    this.listener?.close();
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
