import { enqueueJob } from '../../core/jobs/index.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import { CAMPAIGN_DIAL_JOB, campaignDialKey } from '../calls/campaign-calls.port.js';

/** Asks for a dial round of the campaign (one pending at a time; the round itself is serialised by the campaign's row lock). */
export async function enqueueDial(tx: DbOrTx, campaignId: number, runAt?: Date): Promise<void> {
  await enqueueJob(tx, { kind: CAMPAIGN_DIAL_JOB, payload: { campaignId }, dedupeKey: campaignDialKey(campaignId), runAt, maxAttempts: 3 });
}
