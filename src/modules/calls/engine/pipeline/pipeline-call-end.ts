import type { Logger } from 'pino';
import type { CallTranscriptEntry } from '../../../../core/db/schema.js';
import type { ReplyEngineDeps } from '../../../replies/index.js';
import type { AudioOut } from '../line/audio-out.js';
import type { CallTransferRequest } from '../functions/call-functions.js';
import type { CallRecorder } from '../line/call-recorder.js';
import { hangUpQuietly } from '../behaviour/call-rules.js';
import type { CallTimers } from '../behaviour/call-timers.js';
import { CallerHold } from '../behaviour/caller-hold.js';
import { handOver, type HandOverContext } from '../behaviour/hand-over.js';
import { closeRecording } from '../behaviour/line-extras.js';
import type { CallEngineSession, CallOutcome } from '../engine.types.js';
import type { PipelineTurns } from './pipeline-turn.js';
import type { EngineTimers } from '../timers.js';
import { transferUnansweredPrompt } from '../functions/warm-transfer.js';

export interface PipelineCallEndDeps {
  call: {
    session: CallEngineSession;
    logger: Logger;
    replyDeps: ReplyEngineDeps;
    timers: EngineTimers;
    recorder: CallRecorder | null;
    recordingUrl: string | null;
  };
  timers: CallTimers;
  turns: PipelineTurns;
  out: AudioOut;
  transcript: CallTranscriptEntry[];
  timestamp(): number;
  /** Cuts the assistant off: the line is cleared, the model and the synthesizer cancelled. */
  interrupt(): void;
  /** Stops everything that still listens or speaks, once the call is over. */
  release(): Promise<void>;
  /** Has the model answer a hidden prompt, and the call go on. */
  respond(prompt: string): Promise<void>;
}

/**
 * How a pipeline call ends: from our side (after a farewell), by the caller hanging up, or by a
 * transfer, cold or warm with the caller held on our line. Resolves `outcome` exactly once.
 */
export class PipelineCallEnd {
  private ending: { endedBy: CallOutcome['endedBy']; reason: string } | null = null;
  private finished = false;
  /** A warm transfer found nobody: ending the call with end_call then records transfer_failed. */
  private transferFailed = false;
  private readonly hold = new CallerHold();
  private resolve!: (outcome: CallOutcome) => void;
  readonly outcome: Promise<CallOutcome>;

  constructor(private readonly deps: PipelineCallEndDeps) {
    this.outcome = new Promise((resolve) => (this.resolve = resolve));
  }

  /** The call is ending or over: nothing new is started on it. */
  get underway(): boolean {
    return this.ending !== null;
  }

  get isFinished(): boolean {
    return this.finished;
  }

  /** The model's end_call: after a supervisor could not be reached, the end records why. */
  endAsAsked(): Promise<void> {
    return this.endWith(this.transferFailed ? 'transfer_failed' : 'end_call');
  }

  async transfer(request: CallTransferRequest): Promise<void> {
    this.ending = { endedBy: 'assistant', reason: 'transferred' };
    const { session, replyDeps, logger, timers } = this.deps.call;
    const ctx = {
      session,
      logger,
      summaryModel: replyDeps,
      say: (text: string) => this.deps.turns.say(text),
      transcript: this.deps.transcript,
      timestamp: () => this.deps.timestamp(),
      timers,
    };
    if (request.warm && session.telephony.dialSupervisor) return this.warmTransfer(request, ctx);
    this.deps.timers.clear();
    this.ending.reason = await handOver(request, ctx);
    if (this.ending.reason === 'transfer_failed') await this.hangUp();
    await this.finish();
  }

  /**
   * The caller waits on our line (hold music) while the supervisor is dialled; the call's limits
   * still apply and cancel the hold. Unanswered: the model tells the caller and the call goes on.
   */
  private async warmTransfer(request: CallTransferRequest, ctx: HandOverContext): Promise<void> {
    for (const name of ['initial_silence', 'silence', 'reengage'] as const) this.deps.timers.cancel(name);
    const outcome = await this.hold.transfer(request, ctx, (bed) => this.deps.out.setBed(bed));
    if (this.finished) return;
    if (outcome.kind === 'ended' || outcome.kind === 'unanswered') this.ending = null;
    if (outcome.kind === 'ended') return this.endWith(outcome.reason, outcome.farewell);
    if (outcome.kind === 'unanswered') {
      this.transferFailed = true;
      return this.deps.respond(transferUnansweredPrompt(outcome.reason));
    }
    if (outcome.kind === 'failed') this.ending!.reason = 'transfer_failed';
    await this.finish();
  }

  /** Ends the call from our side, after speaking `farewell` if given. */
  async endWith(reason: string, farewell?: string): Promise<void> {
    if (this.hold.end(reason, farewell)) return;
    if (this.ending || this.finished) return;
    this.ending = { endedBy: 'assistant', reason };
    this.deps.timers.clear();
    if (this.deps.turns.current) this.deps.interrupt();
    if (farewell) await this.deps.turns.say(farewell).catch(() => false);
    await this.hangUp();
    await this.finish();
  }

  lineClosed(): void {
    if (this.hold.active) {
      this.ending = { endedBy: 'customer', reason: 'hangup' };
      this.hold.end('hangup');
    } else if (!this.ending) {
      this.ending = { endedBy: 'customer', reason: 'hangup' };
      if (this.deps.turns.current) this.deps.interrupt();
    }
    void this.finish();
  }

  private hangUp(): Promise<void> {
    const { session, logger } = this.deps.call;
    return hangUpQuietly(session.telephony, logger, session.call.id);
  }

  private async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.deps.timers.clear();
    await this.deps.release();
    const { recorder, logger, session, recordingUrl } = this.deps.call;
    const recordingPath = await closeRecording(recorder, logger, session.call.id);
    const ending = this.ending ?? { endedBy: 'assistant' as const, reason: 'ended' };
    this.resolve({ ...ending, transcript: this.deps.transcript, recordingPath, recordingUrl: recordingPath ? recordingUrl : null });
  }
}
