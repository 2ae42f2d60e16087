import type { Logger } from 'pino';
import type { Clock } from '../../../../core/clock.js';
import type { CallTranscriptEntry, FunctionCallRecord } from '../../../../core/db/schema.js';
import { fillVariables, type FunctionSet, type ReplyEngineDeps } from '../../../replies/index.js';
import { dtmfToneFrames } from '../../audio/dtmf.js';
import { ENGINE_SAMPLE_RATE, type TtsProvider } from '../../speech/speech.types.js';
import type { RealtimeFunctionCall, RealtimeHandlers, RealtimeSession } from '../../speech/realtime.js';
import { AudioOut } from '../line/audio-out.js';
import { hangUpQuietly, minInterruptWords, onAbort, voicemailPlan, wrapUpReason } from '../behaviour/call-rules.js';
import { CallTimers, reengagementRequest, SilenceRules } from '../behaviour/call-timers.js';
import { CallerHold } from '../behaviour/caller-hold.js';
import { interruptSpeechMs } from '../behaviour/endpointing.js';
import { handOver, type HandOverContext } from '../behaviour/hand-over.js';
import { closeRecording, type LineExtras } from '../behaviour/line-extras.js';
import type { CallTransferRequest } from '../functions/call-functions.js';
import type { CallEngineSession, CallOutcome } from '../engine.types.js';
import type { KeypadInput } from '../functions/keypad.js';
import { PHRASES } from '../behaviour/phrases.js';
import { RealtimeAnswers } from './realtime-engine.answers.js';
import { callerHandlers, CallerTurns } from './realtime-engine.turns.js';
import type { EngineTimers } from '../timers.js';
import type { VoiceSettings } from '../line/utterance.js';
import { transferUnansweredPrompt } from '../functions/warm-transfer.js';

/** What one call on the realtime model is given by the engine. */
export interface RealtimeCallDeps {
  session: CallEngineSession;
  /** Opens the model's session with these handlers (the client and its config are the engine's). */
  connect(handlers: RealtimeHandlers): Promise<RealtimeSession>;
  functions: FunctionSet;
  /** The caller's keys (onDtmf) for collect_keypad; the call plays send_dtmf's tones (`line.sendDigits`). */
  keypad: KeypadInput;
  /** dualplex: the model answers in text and the assistant's own synthesizer speaks it. */
  speaker: { tts: TtsProvider; voice: VoiceSettings } | null;
  /** Where transfer_call asked to hand the caller over (set by the call functions), taken once. */
  takeTransferRequest(): CallTransferRequest | null;
  /** The chat model that briefs the supervisor on a warm transfer. */
  summaryModel: Pick<ReplyEngineDeps, 'llm' | 'modelFor'>;
  extras: LineExtras;
  /**
   * True when the engine, not the model's server, decides whether the caller interrupts
   * (min_interrupt_words above zero): the session neither cancels nor answers on its own.
   */
  weighsInterruptions: boolean;
  clock: Clock;
  logger: Logger;
  timers: EngineTimers;
  audioLeadMs?: number;
}

/** A polite end: ask the model for one last answer, hang up when it has played (or after this). */
const FAREWELL_TIMEOUT_MS = 10_000;
const sayExactly = (text: string) => `Say exactly this and nothing else: "${text}"`;

/**
 * One call on a realtime model (multimodal: its own voice; dualplex: text spoken by the
 * assistant's synthesizer). The model's server VAD finds the caller's turns; we play its answers
 * onto the line (with the ambient bed and the recorder), keep both transcripts, answer its
 * function calls, and apply the assistant's call rules as the pipeline does: barge-in, silence
 * and re-engagement, max duration, voicemail, transfers and the end of the call.
 */
export class RealtimeCall {
  private readonly out: AudioOut;
  private readonly answers: RealtimeAnswers;
  private readonly timers: CallTimers;
  private readonly silence: SilenceRules;
  private model: RealtimeSession | null = null;
  private readonly transcript: CallTranscriptEntry[] = [];
  private functionCalls: FunctionCallRecord[] = [];
  /** Set when the engine weighs the caller's words before interrupting (min_interrupt_words). */
  private readonly callerTurns: CallerTurns | null;
  /** The call ends (for this reason) once the model's next answer has played: a goodbye, a hand-over. */
  private endAfterAnswer: string | null = null;
  private transfer: CallTransferRequest | null = null;
  private readonly hold = new CallerHold();
  /** A warm transfer found nobody: ending the call with end_call then records transfer_failed. */
  private transferFailed = false;
  private ending: { endedBy: CallOutcome['endedBy']; reason: string } | null = null;
  private finished = false;
  private resolve!: (outcome: CallOutcome) => void;
  readonly outcome: Promise<CallOutcome>;

  constructor(private readonly deps: RealtimeCallDeps) {
    const { session, extras } = deps;
    this.outcome = new Promise((resolve) => (this.resolve = resolve));
    this.out = new AudioOut(session.media, { ambient: extras.ambient, recorder: extras.recorder, leadMs: deps.audioLeadMs });
    this.timers = new CallTimers(deps.timers);
    this.silence = new SilenceRules(this.timers, {
      initialSilence: () => void this.endNow('assistant', 'initial_silence'),
      silence: () => void this.endNow('assistant', 'silence'),
      reengage: () => this.reengage(),
    });
    this.answers = new RealtimeAnswers({
      out: this.out,
      media: session.media,
      speaker: deps.speaker,
      transcript: this.transcript,
      takeFunctionCalls: () => this.functionCalls.splice(0),
      timestamp: () => this.timestamp(),
      event: (payload) => this.event(payload),
      onStarted: () => this.silence.assistantSpeaking(),
      onAllPlayed: () => this.lineQuiet(),
      onSynthesizerFailed: (error) => {
        deps.logger.warn({ err: error, callId: session.call.id }, 'the synthesizer failed');
        void this.endNow('assistant', 'tts_failed');
      },
    });
    this.callerTurns = deps.weighsInterruptions
      ? new CallerTurns({
          minWords: minInterruptWords(session.assistant),
          interruptMs: interruptSpeechMs(session.assistant),
          timers: this.timers,
          speaking: () => this.answers.speaking,
          interrupt: () => this.cutOff(),
          answer: () => this.model?.createResponse(),
        })
      : null;
  }

  async run(): Promise<CallOutcome> {
    const { session } = this.deps;
    const { media, assistant, call } = session;
    media.setHandlers({
      onAudio: (frame) => {
        if (this.finished) return;
        this.model?.appendAudio(frame);
        this.deps.extras.recorder?.caller(frame);
      },
      onMark: (name) => {
        if (!this.out.marked(name)) this.answers.marked(name);
      },
      onDtmf: (digit) => this.deps.keypad.press(digit),
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
    this.timers.arm('max_duration', assistant.max_duration * 1000, () => void this.endNow('assistant', 'max_duration'));
    onAbort(session.signals.wrapUp, () =>
      this.endPolitely(
        wrapUpReason(session.signals.wrapUp.reason),
        'The call must end now. Thank the caller and say goodbye in one short sentence.',
      ),
    );
    session.signals.onAnsweredBy((answeredBy) => {
      if (answeredBy === 'machine') this.voicemail();
    });
    const greeting = fillVariables(assistant.initial_message, call.variables).trim();
    if (call.answeredBy === 'machine') this.voicemail();
    else if (!assistant.wait_for_customer && greeting) this.model.createResponse(`Greet the caller by saying exactly: "${greeting}"`);
    else this.lineQuiet();
    return this.outcome;
  }

  private handlers(): RealtimeHandlers {
    return {
      onAudio: (frame) => this.answers.audio(frame),
      onAssistantText: ({ text, final }) => this.answers.text(text, final),
      ...callerHandlers(this.callerTurns, (text) => {
        // A spoken turn ends a keypad collection, as in the pipeline (the model answers the words).
        this.deps.keypad.cancel();
        this.deps.keypad.forgetTypeAhead();
        this.transcript.push({ text, type: 'transcript', sender: 'human', timestamp: this.timestamp() });
        this.event({ type: 'transcript', role: 'user', text, final: true });
      }),
      onSpeechStarted: () => this.onCallerSpeech(),
      onFunctionCall: (fc) => void this.onFunctionCall(fc),
      onResponseCreated: () => this.answers.responseStarted(),
      onResponseDone: () => this.answers.modelDone(),
      onError: (error) => {
        this.deps.logger.warn({ err: error, callId: this.deps.session.call.id }, 'realtime model error');
        void this.endNow('assistant', 'provider_error');
      },
      onClose: () => void this.endNow('assistant', 'provider_error'),
    };
  }

  // ---- the caller's turns and barge-in -------------------------------------------------------

  private onCallerSpeech(): void {
    this.event({ type: 'speaking', role: 'user' });
    this.silence.callerActive();
    const closing = this.ending !== null || this.endAfterAnswer !== null;
    if (this.callerTurns) this.callerTurns.started(closing);
    // Without min_interrupt_words the server has cancelled the answer already: stop playing it.
    else if (this.answers.speaking && !closing && this.deps.session.assistant.allow_interruptions) this.cutOff();
  }

  /** Stops what the assistant is saying and truncates the model's memory to what the caller heard. */
  private cutOff(): void {
    this.model?.interrupt(this.answers.cutOff());
  }

  // ---- silence, voicemail, tools -------------------------------------------------------------

  private lineQuiet(): void {
    if (this.finished || this.ending || this.endAfterAnswer || this.answers.speaking) return;
    this.silence.lineQuiet(this.deps.session.assistant);
  }

  /** The model re-engages in its own words (reengagement_prompt, not shown as the caller's) or says the default phrase. */
  private reengage(): void {
    if (this.ending || this.endAfterAnswer || this.answers.speaking) return;
    this.model?.createResponse(reengagementRequest(this.deps.session.assistant) ?? sayExactly(PHRASES.reengage));
  }

  private voicemail(): void {
    const plan = voicemailPlan(this.deps.session.assistant, this.deps.session.call.variables);
    if (!plan || this.ending) return;
    if (plan.message) this.endPolitely('voicemail', sayExactly(plan.message));
    else void this.endNow('assistant', 'voicemail');
  }

  private async onFunctionCall(fc: RealtimeFunctionCall): Promise<void> {
    const { call, assistant } = this.deps.session;
    const ctx = { conversationId: call.id, conversationUuid: call.uuid, userId: call.userId, assistant, now: this.deps.clock.now() };
    const run = await this.deps.functions.run({ id: fc.callId, name: fc.name, arguments: fc.arguments }, ctx);
    if (this.finished) return;
    this.event({ type: 'function_call', name: run.record.name, arguments: run.record.arguments, result: run.record.result });
    this.functionCalls.push(run.record);
    // The model says its goodbye (or "transferring you now") in the answer to this result.
    this.transfer = this.deps.takeTransferRequest() ?? this.transfer;
    if (this.transfer) this.endAfterNextAnswer('transferred');
    else if (run.effect?.kind === 'end') this.endAfterNextAnswer(this.transferFailed ? 'transfer_failed' : 'end_call');
    this.model?.sendFunctionResult(fc.callId, run.record.result);
  }

  /** Resolves once the answer audio received so far has been heard (collect_keypad's prompt). */
  playedSoFar(): Promise<void> {
    return this.out.whenPlayed();
  }

  /** send_dtmf: touch tones queued on the line after the answer audio received so far. */
  sendDigits(digits: string): void {
    if (!this.finished) for (const frame of dtmfToneFrames(digits, ENGINE_SAMPLE_RATE)) this.out.enqueue(frame);
  }

  // ---- endings -------------------------------------------------------------------------------

  /** Asks the model for a last answer (`instructions`), and ends the call once it has played. */
  private endPolitely(reason: string, instructions: string): void {
    if (this.hold.end(reason)) return;
    if (this.finished || this.ending || this.endAfterAnswer) return;
    if (this.answers.speaking) this.cutOff();
    this.endAfterNextAnswer(reason);
    this.model?.createResponse(instructions);
  }

  private endAfterNextAnswer(reason: string): void {
    this.endAfterAnswer = reason;
    for (const name of ['initial_silence', 'silence', 'reengage'] as const) this.timers.cancel(name);
    void this.answers.playedAfter(this.answers.latest).then(() => this.afterFarewell(reason));
    this.timers.arm('farewell', FAREWELL_TIMEOUT_MS, () => void this.afterFarewell(reason));
  }

  private async afterFarewell(reason: string): Promise<void> {
    if (this.finished || this.ending) return;
    const transfer = reason === 'transferred' ? this.transfer : null;
    this.transfer = null;
    if (!transfer) return this.endNow('assistant', reason);
    this.ending = { endedBy: 'assistant', reason };
    this.timers.clear();
    const { session, logger, summaryModel, timers } = this.deps;
    const ctx: HandOverContext = {
      session,
      logger,
      summaryModel,
      timers,
      say: (text) => this.say(text),
      transcript: this.transcript,
      timestamp: () => this.timestamp(),
    };
    if (transfer.warm && session.telephony.dialSupervisor) return this.warmTransfer(transfer, ctx);
    this.ending.reason = await handOver(transfer, ctx);
    if (this.ending.reason === 'transfer_failed') await hangUpQuietly(session.telephony, logger, session.call.id);
    await this.finish('assistant', this.ending.reason);
  }

  /**
   * The caller waits on our line (hold music) while the supervisor is dialled; the call's limits
   * still apply and cancel the hold. Unanswered: the model tells the caller and the call goes on.
   */
  private async warmTransfer(request: CallTransferRequest, ctx: HandOverContext): Promise<void> {
    const outcome = await this.hold.transfer(request, ctx, (bed) => this.out.setBed(bed));
    if (this.finished) return;
    if (outcome.kind === 'ended' || outcome.kind === 'unanswered') {
      this.ending = null;
      this.endAfterAnswer = null;
      if (outcome.kind === 'ended') return this.endNow('assistant', outcome.reason);
      this.transferFailed = true;
      this.model?.createResponse(transferUnansweredPrompt(outcome.reason));
      return;
    }
    if (outcome.kind === 'failed') this.ending!.reason = 'transfer_failed';
    await this.finish('assistant', this.ending!.reason);
  }

  /** Has the model say `text` (a warm transfer's hold message); resolves when played, or after the farewell timeout. */
  private say(text: string): Promise<void> {
    const played = this.answers.playedAfter(this.answers.latest);
    this.model?.createResponse(sayExactly(text));
    return Promise.race([played, new Promise<void>((resolve) => this.timers.arm('farewell', FAREWELL_TIMEOUT_MS, resolve))]);
  }

  private async endNow(endedBy: CallOutcome['endedBy'], reason: string): Promise<void> {
    if (this.hold.end(reason)) return;
    if (this.finished || this.ending) return;
    this.ending = { endedBy, reason };
    this.timers.clear();
    // A hard stop mid-answer (max duration): the transcript keeps what the caller heard.
    if (this.answers.speaking) this.cutOff();
    this.event({ type: 'end', reason });
    await hangUpQuietly(this.deps.session.telephony, this.deps.logger, this.deps.session.call.id);
    await this.finish(endedBy, reason);
  }

  private async finish(endedBy: CallOutcome['endedBy'], reason: string): Promise<void> {
    if (this.finished) return;
    if (this.hold.active) {
      this.ending = { endedBy, reason };
      this.hold.end(reason);
    }
    this.finished = true;
    this.deps.keypad.cancel();
    const final = this.ending ?? { endedBy, reason };
    this.timers.clear();
    // The caller hung up mid-answer: keep what they heard of it.
    if (this.answers.speaking) this.answers.cutOff();
    this.answers.stop();
    this.out.stop();
    // Functions no answer followed (the call ended first) are kept on an entry of their own.
    if (this.functionCalls.length > 0) {
      this.transcript.push({
        text: '',
        type: 'transcript',
        sender: 'bot',
        timestamp: this.timestamp(),
        function_calls: this.functionCalls.splice(0),
      });
    }
    await this.model?.close().catch(() => undefined);
    const recordingPath = await closeRecording(this.deps.extras.recorder, this.deps.logger, this.deps.session.call.id);
    this.resolve({
      ...final,
      transcript: this.transcript,
      recordingPath,
      recordingUrl: recordingPath ? this.deps.extras.recordingUrl : null,
    });
  }

  private event(payload: Record<string, unknown>): void {
    this.deps.session.media.event?.(payload);
  }

  private timestamp(): number {
    return this.deps.clock.now().getTime() / 1000;
  }
}
