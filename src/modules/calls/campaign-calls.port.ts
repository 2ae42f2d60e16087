import type { DbOrTx } from '../../core/db/transaction.js';

/**
 * What the calls module tells about campaign calls (calls with a `campaign_id`), as jobs written
 * in the transaction of the change: the campaigns module handles them. A call ending frees a
 * dial slot of its campaign; a call finalized (evaluated) is the outcome of its lead's attempt.
 */
export const CAMPAIGN_DIAL_JOB = 'campaigns.dial';
export const CAMPAIGN_CALL_FINALIZED_JOB = 'campaigns.call-finalized';

/** The function a campaign call's assistant offers: the person asks never to be called again (its record is in the transcript). */
export { OPT_OUT_FUNCTION } from './engine/functions/call-functions.js';

export const campaignDialKey = (campaignId: number) => `campaign-dial:${campaignId}`;

export interface CampaignCallFinalized {
  callId: number;
}

/** The `lead` object of a campaign call's post-call webhook; null for other calls. */
export type LeadOfCall = (db: DbOrTx, call: { id: number; lead_id: number | null }) => Promise<Record<string, unknown> | null>;

/** A campaign's dial through make_call's path: the call is attributed to its campaign and lead, from one of the campaign's numbers. */
export interface CampaignDial {
  campaignId: number;
  leadId: number;
  /** Null: the assistant's own number. */
  fromPhoneNumberId: number | null;
}
