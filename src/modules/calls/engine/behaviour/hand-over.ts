import type { Logger } from 'pino';
import type { CallTranscriptEntry } from '../../../../core/db/schema.js';
import type { ReplyEngineDeps } from '../../../replies/index.js';
import type { SupervisorLeg, SupervisorProgress } from '../../legs/telephony.types.js';
import type { AmbientBed } from '../line/ambient.js';
import type { CallTransferRequest } from '../functions/call-functions.js';
import type { CallEngineSession } from '../engine.types.js';
import { createHoldMusic } from '../line/hold-music.js';
import { PHRASES } from './phrases.js';
import { realTimers, type EngineTimers } from '../timers.js';
import {
  summarizeForSupervisor,
  SUMMARY_UNAVAILABLE,
  SUPERVISOR_ANSWER_TIMEOUT_MS,
  SUPERVISOR_RING_SECONDS,
  transferConferenceName,
} from '../functions/warm-transfer.js';

export interface HandOverContext {
  session: Pick<CallEngineSession, 'assistant' | 'call' | 'telephony'> & Partial<Pick<CallEngineSession, 'signals' | 'ownNumber'>>;
  logger: Logger;
  /** The chat model that writes the supervisor's summary (the assistant's own). */
  summaryModel: Pick<ReplyEngineDeps, 'llm' | 'modelFor'>;
  /** Speaks fixed text to the caller (the hold message); settles when played or cut off. */
  say(text: string): Promise<unknown>;
  /** The call's transcript so far; the supervisor's summary is added to it. */
  transcript: CallTranscriptEntry[];
  timestamp(): number;
  /** The engine's timers, for the supervisor's answer timeout (real time by default). */
  timers?: EngineTimers;
}

/**
 * How an engine keeps the caller while the supervisor is dialled: hold music on its line (a
 * background bed, null to stop), and `cancelled` when the call must end meanwhile (the caller
 * hung up, max duration, balance).
 */
export interface HoldLine {
  music(bed: AmbientBed | null): void;
  cancelled: AbortSignal;
  /** The supervisor answered: the caller is about to be moved, their line closing is expected. */
  leaving(): void;
}

export type WarmOutcome =
  | { kind: 'joined' }
  /** The supervisor never answered (busy, no-answer, failed, canceled, timeout...): the caller is back with the assistant. */
  | { kind: 'unanswered'; reason: string }
  /** The caller could not be moved (they hung up as the supervisor answered). */
  | { kind: 'failed' }
  | { kind: 'cancelled' };

/**
 * Hands the caller over as transfer_call asked, once the engine's goodbye has played: a cold
 * transfer redirects the line to the number; a warm one goes through `warmHandOver`, and a
 * supervisor who never answers gets the caller an apology and a hang-up (engines that can take
 * the caller back use `warmHandOver` themselves). Resolves with the call's end reason; on
 * `transfer_failed` the caller is still on the line and the engine hangs up.
 */
export async function handOver(request: CallTransferRequest, ctx: HandOverContext): Promise<'transferred' | 'transfer_failed'> {
  const { telephony, call } = ctx.session;
  if (request.warm && telephony.dialSupervisor) {
    const outcome = await warmHandOver(request, ctx, null);
    if (outcome.kind === 'unanswered') await ctx.say(PHRASES.transferFailed);
    return outcome.kind === 'joined' ? 'transferred' : 'transfer_failed';
  }
  try {
    await telephony.transfer(request.to, request.callerId ? { callerId: request.callerId } : {});
    return 'transferred';
  } catch (error) {
    ctx.logger.warn({ err: error, callId: call.id }, 'call transfer failed; hanging up');
    return 'transfer_failed';
  }
}

/**
 * Warm transfer: the caller hears the hold message while the chat model summarises the call (the
 * summary goes into the transcript), then the supervisor is dialled with the briefing into a
 * per-call conference. The caller stays on the engine's line, on hold music at hold_music_volume,
 * until the supervisor answers; only then are they moved into the conference. Busy, no answer,
 * a failed or refused dial, or no answer within the timeout takes the caller off hold instead.
 */
export async function warmHandOver(request: CallTransferRequest, ctx: HandOverContext, hold: HoldLine | null): Promise<WarmOutcome> {
  const { session, logger } = ctx;
  const warm = request.warm!;
  const dial = session.telephony.dialSupervisor!.bind(session.telephony);
  const [, summary] = await Promise.all([
    ctx.say(warm.holdMessage).catch(() => false),
    summarizeForSupervisor(ctx.summaryModel, session.assistant, ctx.transcript, warm.summaryInstructions).catch((error: unknown) => {
      logger.warn({ err: error, callId: session.call.id }, 'could not summarise the call for the supervisor');
      return SUMMARY_UNAVAILABLE;
    }),
  ]);
  ctx.transcript.push({ text: `Summary for the supervisor: ${summary}`, type: 'transcript', sender: 'bot', timestamp: ctx.timestamp() });
  if (hold?.cancelled.aborted) return { kind: 'cancelled' };
  if (!request.to) return { kind: 'unanswered', reason: 'invalid_destination' };

  const progress = supervisorProgress(session);
  let leg: SupervisorLeg;
  try {
    const callerId =
      request.callerId ?? (request.callerLineId !== undefined ? await session.ownNumber?.(request.callerLineId) : null) ?? undefined;
    leg = await dial({
      to: request.to,
      ...(callerId ? { callerId } : {}),
      conference: transferConferenceName(session.call.id),
      briefing: [warm.briefingInitialMessage, summary, warm.connectedMessage],
      ringSeconds: SUPERVISOR_RING_SECONDS,
    });
  } catch (error) {
    logger.warn({ err: error, callId: session.call.id }, 'could not dial the supervisor');
    return { kind: 'unanswered', reason: 'dial_failed' };
  }
  if (warm.holdMusic) hold?.music(createHoldMusic(warm.holdMusicVolume));
  const verdict = await progress.settled(leg.id, ctx.timers ?? realTimers, hold?.cancelled);
  hold?.music(null);
  if (verdict === 'answered') {
    // From here the caller belongs to the conference: their stream ending is the transfer, not a hang-up.
    hold?.leaving();
    try {
      await leg.joinCaller(warm.holdMusic);
      return { kind: 'joined' };
    } catch (error) {
      logger.warn({ err: error, callId: session.call.id }, 'could not move the caller to the supervisor');
      await leg.cancel();
      return { kind: 'failed' };
    }
  }
  await leg.cancel();
  return verdict === 'cancelled' ? { kind: 'cancelled' } : { kind: 'unanswered', reason: verdict };
}

const FINAL: ReadonlySet<SupervisorProgress['status']> = new Set(['busy', 'no-answer', 'failed', 'canceled', 'completed']);

/**
 * The supervisor leg's progress, listened to from before the dial (a callback can beat the REST
 * answer); settles on the first answer or final status of that leg, the timeout, or cancellation.
 */
function supervisorProgress(session: HandOverContext['session']) {
  const seen: SupervisorProgress[] = [];
  let waiter: ((progress: SupervisorProgress) => void) | null = null;
  session.signals?.onSupervisor?.((progress) => {
    seen.push(progress);
    waiter?.(progress);
  });
  return {
    settled(legId: string, timers: EngineTimers, cancelled?: AbortSignal): Promise<string> {
      return new Promise((resolve) => {
        let cancelTimer = () => {};
        let settled = false;
        const done = (verdict: string) => {
          if (settled) return;
          settled = true;
          waiter = null;
          cancelTimer();
          cancelled?.removeEventListener('abort', onCancel);
          resolve(verdict);
        };
        const onCancel = () => done('cancelled');
        const consider = (p: SupervisorProgress) => {
          if (p.legId !== legId) return;
          if (p.status === 'answered') done('answered');
          else if (FINAL.has(p.status)) done(p.status);
        };
        if (cancelled?.aborted) return done('cancelled');
        cancelled?.addEventListener('abort', onCancel, { once: true });
        cancelTimer = timers.after(SUPERVISOR_ANSWER_TIMEOUT_MS, () => done('no_answer_timeout'));
        waiter = consider;
        for (const p of seen) consider(p);
      });
    },
  };
}
