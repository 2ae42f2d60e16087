import type { JobRunner } from '../../../core/jobs/index.js';
import { endCall } from './call-end.js';
import { createCallsRepo, type CallRow } from '../calls.repo.js';
import type { CallTelephony } from '../legs/telephony.types.js';

export const CALL_SWEEP_JOB = 'calls.sweep-expired';
const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

export interface CallSweepDeps {
  /** Carrier control of a call, to hang up a line nobody serves any more (null when it has none). */
  telephonyFor(call: CallRow): Promise<CallTelephony | null>;
}

/**
 * Closes live calls whose lease expired: the process holding their media died (billed up to its
 * last heartbeat), or a dial never connected media (billed nothing). Each gets its final state,
 * settlement and post-call webhook like any other call, so nothing stays in progress.
 */
export function registerCallSweep(jobs: JobRunner, deps: CallSweepDeps): void {
  jobs.register(CALL_SWEEP_JOB, async (_payload, { db, now, logger }) => {
    const repo = createCallsRepo(db);
    let closed = 0;
    for (const { id } of await repo.expiredLive(now, BATCH)) {
      const call = await repo.findById(id);
      if (!call?.lease_until || call.lease_until >= now) continue;
      const talkedUntil = call.heartbeat_at ?? call.answered_at;
      const duration =
        call.answered_at && talkedUntil ? Math.max(0, Math.ceil((talkedUntil.getTime() - call.answered_at.getTime()) / 1000)) : 0;
      const ended = await endCall(db, id, {
        status: 'failed',
        reason: call.lease_holder ? 'media_lost' : 'not_connected',
        endedAt: now,
        durationSeconds: duration,
      });
      if (!ended) continue;
      closed += 1;
      // The carrier may still hold the line (a dial that never connected media): let it go.
      const control = await deps.telephonyFor(call).catch(() => null);
      await control?.hangUp().catch((error: unknown) => logger.warn({ err: error, callId: id }, 'could not hang up a swept call'));
    }
    if (closed > 0) logger.warn({ closed }, 'closed calls whose media process or dial was lost');
  });
  jobs.schedule(CALL_SWEEP_JOB, SWEEP_EVERY_MS, CALL_SWEEP_JOB);
}
