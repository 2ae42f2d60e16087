import type { JobRunner } from '../../core/jobs/index.js';
import { CAMPAIGN_CALL_FINALIZED_JOB, CAMPAIGN_DIAL_JOB, type CampaignCallFinalized } from '../calls/campaign-calls.port.js';
import { enqueueDial } from './dial-queue.js';
import { dialCampaign, type DialerDeps } from './dialer.js';
import { recordCallOutcome } from './lead-outcome.js';

export const CAMPAIGNS_SWEEP_JOB = 'campaigns.sweep';

/**
 * The dialer on the job queue: a dial round per campaign when something frees a slot or adds
 * work (start, a lead, a call ending, an outcome), and a sweep every interval, across all
 * processes, for what came due with time (a retry, an allowed window opening).
 */
export function registerCampaignJobs(jobs: JobRunner, deps: DialerDeps & { sweepEveryMs: number }): void {
  jobs.register<{ campaignId: number }>(CAMPAIGN_DIAL_JOB, (payload, ctx) =>
    dialCampaign(payload.campaignId, { ...deps, db: ctx.db, now: ctx.now }),
  );
  jobs.register<CampaignCallFinalized>(CAMPAIGN_CALL_FINALIZED_JOB, (payload, ctx) => recordCallOutcome(ctx.db, payload.callId, ctx.now));
  jobs.register(CAMPAIGNS_SWEEP_JOB, async (_payload, ctx) => {
    const running = await ctx.db.selectFrom('campaigns').select('id').where('status', '=', 'in-progress').execute();
    for (const { id } of running) await enqueueDial(ctx.db, id);
  });
  jobs.schedule(CAMPAIGNS_SWEEP_JOB, deps.sweepEveryMs, CAMPAIGNS_SWEEP_JOB);
}
