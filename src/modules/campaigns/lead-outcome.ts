import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import type { CampaignRow } from './campaigns.repo.js';
import { enqueueDial } from './dial-queue.js';
import { addToDoNotCall } from './do-not-call.repo.js';
import { OPT_OUT_FUNCTION } from '../calls/campaign-calls.port.js';

export interface AttemptOutcome {
  /** no-answer, busy, failed, voicemail, goal-not-met, completed, skipped, pre_dial_error, do_not_call, invalid_number, opted_out. */
  outcome: string;
  detail?: string;
  /** Whether the outcome is worth another attempt (within max_retries, then the next contact). */
  retryable: boolean;
  /** The number is on the do-not-call list: this contact is never dialled again. */
  blacklist?: boolean;
}

/** Closes the lead's open attempt (the one started by its last reservation) with its outcome. */
export async function closeAttempt(
  tx: DbOrTx,
  leadId: number,
  result: { outcome: string; detail?: string; callId: number | null },
  now: Date,
): Promise<void> {
  const open = await tx
    .selectFrom('lead_attempts')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('ended_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!open) return;
  await tx
    .updateTable('lead_attempts')
    .set({
      outcome: result.outcome,
      detail: result.detail ?? null,
      ended_at: now,
      ...(result.callId !== null ? { call_id: result.callId } : {}),
    })
    .where('id', '=', open.id)
    .execute();
}

/**
 * What follows an attempt: a retryable outcome tries the same contact again after
 * retry_interval until it has had max_retries attempts, then the next secondary contact at
 * once; with none left the lead reached its max retries. Any other outcome completes the lead.
 */
export async function settleLead(
  tx: DbOrTx,
  leadId: number,
  result: AttemptOutcome & { callId?: number | null },
  campaign: CampaignRow,
  now: Date,
): Promise<void> {
  const lead = await tx.selectFrom('leads').selectAll().where('id', '=', leadId).forUpdate().executeTakeFirst();
  if (!lead) return;
  await closeAttempt(tx, leadId, { outcome: result.outcome, detail: result.detail, callId: result.callId ?? null }, now);
  const contacts = await tx
    .selectFrom('leads')
    .select(['id', 'position'])
    .where('parent_lead_id', '=', leadId)
    .orderBy('position')
    .execute();
  const hasNextContact = lead.contact_position < contacts.length;
  let next: { status: typeof lead.status; next_attempt_at: Date | null; contact_position?: number; contact_tries?: number };
  let contactStatus: typeof lead.status;
  if (result.blacklist) {
    contactStatus = 'blacklisted';
    next = hasNextContact
      ? { status: 'rescheduled', next_attempt_at: now, contact_position: lead.contact_position + 1, contact_tries: 0 }
      : { status: 'blacklisted', next_attempt_at: null };
  } else if (!result.retryable) {
    contactStatus = 'completed';
    next = { status: 'completed', next_attempt_at: null };
  } else if (lead.contact_tries < campaign.max_retries) {
    contactStatus = 'rescheduled';
    next = { status: 'rescheduled', next_attempt_at: new Date(now.getTime() + campaign.retry_interval * 60_000) };
  } else if (hasNextContact) {
    contactStatus = 'reached-max-retries';
    next = { status: 'rescheduled', next_attempt_at: now, contact_position: lead.contact_position + 1, contact_tries: 0 };
  } else {
    contactStatus = 'reached-max-retries';
    next = { status: 'reached-max-retries', next_attempt_at: null };
  }
  await tx
    .updateTable('leads')
    .set({ ...next, current_call_id: null, reserved_until: null, last_outcome: result.outcome, updated_at: now })
    .where('id', '=', leadId)
    .execute();
  // The secondary contact just tried keeps its own status, as the reference lists them.
  const contact = contacts.find((c) => c.position === lead.contact_position);
  if (contact)
    await tx
      .updateTable('leads')
      .set({ status: contactStatus, last_outcome: result.outcome, updated_at: now })
      .where('id', '=', contact.id)
      .execute();
  await enqueueDial(tx, campaign.id);
}

interface FinishedCall {
  id: number;
  lead_id: number | null;
  status: string;
  answered_by: string | null;
  evaluation: Record<string, unknown> | null;
  end_reason: string | null;
  to_number: string | null;
  user_id: number;
}

/** The attempt's outcome as the campaign's retry rules read it. */
export function classifyCall(
  call: Pick<FinishedCall, 'status' | 'answered_by' | 'evaluation' | 'end_reason'>,
  campaign: Pick<CampaignRow, 'retry_on_voicemail' | 'retry_on_goal_incomplete' | 'goal_completion_variable'>,
): AttemptOutcome {
  const detail = call.end_reason ?? undefined;
  if (call.status === 'no-answer') return { outcome: 'no-answer', detail, retryable: true };
  if (call.status === 'busy') return { outcome: 'busy', detail, retryable: true };
  if (call.status === 'failed') return { outcome: 'failed', detail, retryable: true };
  if (call.answered_by === 'machine') return { outcome: 'voicemail', detail, retryable: campaign.retry_on_voicemail };
  if (campaign.retry_on_goal_incomplete && campaign.goal_completion_variable) {
    const reached = call.evaluation?.[campaign.goal_completion_variable] === true;
    if (!reached) return { outcome: 'goal-not-met', detail: `${campaign.goal_completion_variable} was not true`, retryable: true };
  }
  return { outcome: 'completed', detail, retryable: false };
}

/**
 * A campaign call was finalized (ended and evaluated): its outcome settles the lead's attempt.
 * Only the lead's current attempt counts; a repeated or late job finds it settled and does
 * nothing. A person who asked not to be called again (the assistant called `opt_out`, or the
 * evaluation's `opt_out` is true) goes on the account's do-not-call list.
 */
export async function recordCallOutcome(db: Db, callId: number, now: Date): Promise<void> {
  const call = await db
    .selectFrom('calls')
    .select(['id', 'lead_id', 'status', 'answered_by', 'evaluation', 'end_reason', 'to_number', 'user_id', 'transcript'])
    .where('id', '=', callId)
    .executeTakeFirst();
  if (!call || call.lead_id === null) return;
  await inTransaction(db, async (tx) => {
    const lead = await tx
      .selectFrom('leads')
      .select(['id', 'status', 'current_call_id', 'campaign_id'])
      .where('id', '=', call.lead_id!)
      .forUpdate()
      .executeTakeFirst();
    if (lead?.status !== 'processing' || (lead.current_call_id !== null && lead.current_call_id !== call.id)) return;
    const campaign = await tx.selectFrom('campaigns').selectAll().where('id', '=', lead.campaign_id).executeTakeFirst();
    if (!campaign) return;
    let outcome = classifyCall(call, campaign);
    const optedOut = call.transcript.some((entry) =>
      entry.function_calls?.some((f) => f.name === OPT_OUT_FUNCTION && f.result.opted_out === true),
    );
    if ((optedOut || call.evaluation?.opt_out === true) && call.to_number) {
      const source = optedOut ? 'opt_out' : 'evaluation';
      await addToDoNotCall(tx, { userId: call.user_id, phoneNumber: call.to_number, source, reason: 'asked not to be called again', now });
      outcome = { outcome: 'opted_out', detail: 'asked not to be called again', retryable: false, blacklist: true };
    }
    await settleLead(tx, lead.id, { ...outcome, callId: call.id }, campaign, now);
  });
}
