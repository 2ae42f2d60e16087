import type { DbOrTx } from '../../core/db/transaction.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import type { CampaignRow } from './campaigns.repo.js';
import { LEAD_STATUSES } from './leads.schemas.js';
import { callsInProgress } from './dialer.js';
import { campaignWindow, nextOpening } from './dial-window.js';

/**
 * Counts of the campaign's leads by status, its calls in progress and when it will next dial:
 * now when a lead is due, a slot is free and the window is open; otherwise the later of the next
 * due lead and the window's opening (a lead deferred by the quiet-hours floor carries its own
 * time). Null when the campaign is not running or nothing is left to dial.
 */
export async function campaignProgress(db: DbOrTx, campaign: CampaignRow, now: Date, _quietHours: string) {
  const counts = await db
    .selectFrom('leads')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .where('campaign_id', '=', campaign.id)
    .where('parent_lead_id', 'is', null)
    .groupBy('status')
    .execute();
  const leads = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<(typeof LEAD_STATUSES)[number], number>;
  for (const c of counts) leads[c.status] = Number(c.n);
  const inProgress = await callsInProgress(db, campaign.id, now);
  let next: Date | null = null;
  if (campaign.status === 'in-progress') {
    const due = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .select((eb) => eb.fn.count<string>('next_attempt_at').as('timed'))
      .where('campaign_id', '=', campaign.id)
      .where('parent_lead_id', 'is', null)
      .where('status', 'in', ['created', 'scheduled', 'rescheduled'])
      .executeTakeFirstOrThrow();
    if (Number(due.n) > 0) {
      // A lead without a time is due now.
      const firstDue =
        Number(due.timed) < Number(due.n) || !due.at ? now : new Date(Math.max(now.getTime(), new Date(due.at as Date).getTime()));
      next = nextOpening(campaignWindow(campaign), firstDue);
    }
  }
  return {
    campaign_id: campaign.id,
    status: campaign.status,
    pause_reason: campaign.pause_reason,
    leads: { total: Object.values(leads).reduce((a, b) => a + b, 0), ...leads },
    calls_in_progress: inProgress,
    next_dial_at: next ? isoTimestamp(next) : null,
  };
}
