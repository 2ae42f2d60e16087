import type { Logger } from 'pino';
import type { Clock } from '../../../core/clock.js';
import type { CallTranscriptEntry } from '../../../core/db/schema.js';
import type { RuntimeAssistant } from '../../conversations/functions/types.js';
import { fillVariables, type HistoryItem } from '../../conversations/prompt.js';
import type { ReplyEngineDeps } from '../../conversations/reply-engine.js';
import type { SttProvider, SttSession, TranscriptEvent, TtsProvider } from '../speech/speech.types.js';
import type { AmbientBed } from './ambient.js';
import { AudioOut } from './audio-out.js';
import type { CallTransferRequest } from './call-functions.js';
import type { CallRecorder } from './call-recorder.js';
import { hangUpQuietly, minInterruptWords, onAbort, voicemailPlan, wordCount, wrapUpReason } from './call-behaviour/call-rules.js';
import { CallTimers, reengagementRequest, SilenceRules } from './call-behaviour/call-timers.js';
import { CallerHold } from './call-behaviour/caller-hold.js';
import { handOver, type HandOverContext } from './call-behaviour/hand-over.js';
import { closeRecording } from './call-behaviour/line-extras.js';
import type { CallEngineSession, CallOutcome } from './engine.types.js';
import type { TurnMetrics } from './engine-metrics.js';
import { PHRASES } from './phrases.js';
import { PipelineReplies } from './pipeline-replies.js';
import { PipelineTurns } from './pipeline-turn.js';
import type { EngineTimers } from './timers.js';
import type { VoiceSettings } from './utterance.js';
import { transferUnansweredPrompt } from './warm-transfer.js';

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
  private stt: SttSession | null = null;
  private readonly turns: PipelineTurns;
  private readonly replies: PipelineReplies;
  private readonly transcript: CallTranscriptEntry[] = [];
  private readonly history: HistoryItem[] = [];
  private readonly timers: CallTimers;
  private readonly silence: SilenceRules;
  private pendingUserText = '';
  private transferRequest: CallTransferRequest | null = null;
  private readonly hold = new CallerHold();
  private transferFailed = false;
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
    this.turns = new PipelineTurns({
      out: this.out, tts: deps.tts, voice: deps.voice, clock: deps.clock, callId: session.call.id, playedMs: () => session.media.playedMs(),
      transcript: this.transcript, history: this.history, event: (payload) => this.event(payload), onTurnMetrics: deps.onTurnMetrics,
      onTurnStarted: () => this.silence.assistantSpeaking(),
      onSynthesisFailed: (error) => this.providerFailed('tts', error),
      onStored: (turn) => {
        if (turn.userText !== undefined) this.pendingUserText = '';
      },
    });
    this.replies = new PipelineReplies({
      session, replyDeps: deps.replyDeps, mediumNote: deps.mediumNote, clock: deps.clock, timers: deps.timers, turns: this.turns, history: this.history,
      assistant: () => this.assistant, setAssistant: (assistant) => (this.assistant = assistant), ending: () => this.ending !== null,
      event: (payload) => this.event(payload), onTransferRequested: (request) => (this.transferRequest = request),
      onModelFailed: (error) => this.providerFailed('llm', error),
    });
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
      onMark: (name) => this.turns.marked(name),
      onDtmf: (digit) => this.onDtmf(digit),
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
    else if (!this.assistant.wait_for_customer) void this.turns.say(fillVariables(this.assistant.initial_message, session.call.variables)).then(() => this.lineQuiet());
    else this.lineQuiet();
    return this.outcome;
  }

  // ---- the caller ----------------------------------------------------------------------------

  private onSpeechStarted(): void {
    if (this.ending) return;
    this.silence.callerActive();
    this.event({ type: 'speaking', role: 'user' });
    if (this.assistant.allow_interruptions && minInterruptWords(this.assistant) === 0 && this.turns.current?.utterance.started) this.bargeIn();
  }

  private onTranscript(event: TranscriptEvent): void {
    if (this.ending || !event.text.trim()) return;
    const receivedAt = performance.now();
    this.event({ type: 'transcript', role: 'user', text: event.text.trim(), final: event.isFinal });
    this.silence.callerActive();
    if (this.turns.current?.utterance.started) {
      // Words over the assistant's voice: only enough of them, when allowed, interrupt it.
      if (!this.assistant.allow_interruptions || wordCount(event.text) < minInterruptWords(this.assistant)) return;
      this.bargeIn();
    }
    if (event.endOfTurn) this.callerTurn(event.text.trim(), receivedAt);
  }

  private callerTurn(text: string, receivedAt: number): void {
    // A reply still being prepared (nothing heard yet) is redone with everything the caller said.
    this.replies.keypad.cancel();
    this.replies.keypad.forgetTypeAhead();
    if (this.turns.current) this.turns.drop(this.turns.current);
    this.transcript.push({ text, type: 'transcript', sender: 'human', timestamp: this.timestamp() });
    this.pendingUserText = this.pendingUserText ? `${this.pendingUserText} ${text}` : text;
    void this.respond(this.pendingUserText, { visible: true, transcriptAt: receivedAt });
  }

  private bargeIn(): void {
    this.replies.keypad.cancel();
    this.turns.interrupt();
  }

  /** A key of the caller's keypad: for a running collect_keypad, or typed ahead of its prompt. */
  private onDtmf(digit: string): void {
    if (this.ending) return;
    this.silence.callerActive();
    this.replies.keypad.press(digit);
  }

  // ---- the assistant -------------------------------------------------------------------------

  /** One reply of the model; once it has played, the call goes on as the reply asked. */
  private async respond(userMessage: string, options: { visible: boolean; transcriptAt?: number }): Promise<void> {
    const reply = await this.replies.reply(userMessage, options);
    if (!reply || this.ending) return;
    if (this.transferRequest) void this.transfer(this.transferRequest);
    // Ending the call after a supervisor could not be reached records why.
    else if (reply.end) void this.endWith(this.transferFailed ? 'transfer_failed' : 'end_call');
    else this.lineQuiet();
  }

  // ---- silence, voicemail, endings -----------------------------------------------------------

  /** The assistant finished speaking and waits: silence timers run until the caller speaks. */
  private lineQuiet(): void {
    if (this.ending || this.turns.current) return;
    this.silence.lineQuiet(this.assistant);
  }

  private async reengage(): Promise<void> {
    if (this.ending || this.turns.current) return;
    const request = reengagementRequest(this.assistant);
    if (!request) {
      if (await this.turns.say(PHRASES.reengage)) this.lineQuiet();
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
    this.transferRequest = null;
    this.ending = { endedBy: 'assistant', reason: 'transferred' };
    const { session, replyDeps, logger } = this.deps;
    const ctx = {
      session, logger, summaryModel: replyDeps, say: (text: string) => this.turns.say(text), transcript: this.transcript,
      timestamp: () => this.timestamp(), timers: this.deps.timers,
    };
    if (request.warm && session.telephony.dialSupervisor) return this.warmTransfer(request, ctx);
    this.timers.clear();
    this.ending.reason = await handOver(request, ctx);
    if (this.ending.reason === 'transfer_failed') await this.hangUp();
    await this.finish();
  }

  /**
   * The caller waits on our line (hold music) while the supervisor is dialled; the call's limits
   * still apply and cancel the hold. Unanswered: the model tells the caller and the call goes on.
   */
  private async warmTransfer(request: CallTransferRequest, ctx: HandOverContext): Promise<void> {
    for (const name of ['initial_silence', 'silence', 'reengage'] as const) this.timers.cancel(name);
    const outcome = await this.hold.transfer(request, ctx, (bed) => this.out.setBed(bed));
    if (this.finished) return;
    if (outcome.kind === 'ended' || outcome.kind === 'unanswered') this.ending = null;
    if (outcome.kind === 'ended') return this.endWith(outcome.reason, outcome.farewell);
    if (outcome.kind === 'unanswered') {
      this.transferFailed = true;
      return this.respond(transferUnansweredPrompt(outcome.reason), { visible: false });
    }
    if (outcome.kind === 'failed') this.ending!.reason = 'transfer_failed';
    await this.finish();
  }

  /** Ends the call from our side, after speaking `farewell` if given. */
  private async endWith(reason: string, farewell?: string): Promise<void> {
    if (this.hold.end(reason, farewell)) return;
    if (this.ending || this.finished) return;
    this.ending = { endedBy: 'assistant', reason };
    this.timers.clear();
    if (this.turns.current) this.bargeIn();
    if (farewell) await this.turns.say(farewell).catch(() => false);
    await this.hangUp();
    await this.finish();
  }

  private hangUp(): Promise<void> {
    return hangUpQuietly(this.deps.session.telephony, this.deps.logger, this.deps.session.call.id);
  }

  private onLineClosed(): void {
    if (this.hold.active) {
      this.ending = { endedBy: 'customer', reason: 'hangup' };
      this.hold.end('hangup');
    } else if (!this.ending) {
      this.ending = { endedBy: 'customer', reason: 'hangup' };
      if (this.turns.current) this.bargeIn();
    }
    void this.finish();
  }

  private async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.timers.clear();
    this.replies.keypad.cancel();
    if (this.turns.current) this.turns.drop(this.turns.current);
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
