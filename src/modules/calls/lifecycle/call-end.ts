import type { Db } from '../../../core/db/database.js';
import type { CallStatus, CallTranscriptEntry } from '../../../core/db/schema.js';
import { inTransaction } from '../../../core/db/transaction.js';
import { enqueueJob, type JobContext, type JobRunner } from '../../../core/jobs/index.js';
import { enqueueWebhook } from '../../webhooks/index.js';
import { evaluateConversation, type LanguageModel, type ModelResolver, type RuntimeAssistant } from '../../replies/index.js';
import { settleCall } from './call-billing.js';
import { createCallsRepo, LIVE_STATUSES, type CallRow } from '../calls.repo.js';
import { POST_CALL_EVENT, isCompletedCall, postCallPayload, transcriptLines } from './post-call-webhook.js';
import { CAMPAIGN_CALL_FINALIZED_JOB, CAMPAIGN_DIAL_JOB, campaignDialKey, type LeadOfCall } from '../campaign-calls.port.js';

export const CALL_FINALIZE_JOB = 'calls.finalize';
const FINALIZE_ATTEMPTS = 4;

export interface CallEnd {
  status: CallStatus;
  reason: string;
  endedAt: Date;
  /** Talk time; by default from the answer to endedAt (0 if never answered). */
  durationSeconds?: number;
  transcript?: CallTranscriptEntry[];
  answeredBy?: string | null;
  recordingPath?: string | null;
  recordingUrl?: string | null;
}

/**
 * Ends a live call exactly once, whoever gets there first (the media session, a carrier status
 * callback, the sweep): the final state, the settlement of its reservation and the job that
 * evaluates it and sends the post-call webhook commit together. Undefined if it had ended.
 */
export async function endCall(db: Db, callId: number, end: CallEnd): Promise<CallRow | undefined> {
  return inTransaction(db, async (tx) => {
    const live = await tx
      .selectFrom('calls')
      .select(['answered_at'])
      .where('id', '=', callId)
      .where('status', 'in', LIVE_STATUSES)
      .forUpdate()
      .executeTakeFirst();
    if (!live) return undefined;
    const answeredAt = live.answered_at;
    const duration =
      end.durationSeconds ?? (answeredAt ? Math.max(0, Math.ceil((end.endedAt.getTime() - answeredAt.getTime()) / 1000)) : 0);
    const row = await createCallsRepo(tx).finish(callId, {
      status: end.status,
      endReason: end.reason,
      endedAt: end.endedAt,
      durationSeconds: duration,
      transcript: end.transcript,
      answeredBy: end.answeredBy,
      recordingPath: end.recordingPath,
      recordingUrl: end.recordingUrl,
    });
    if (!row) return undefined;
    row.cost_micros = await settleCall(tx, row, answeredAt ? duration : 0, end.endedAt);
    await enqueueJob(tx, {
      kind: CALL_FINALIZE_JOB,
      payload: { callId },
      maxAttempts: FINALIZE_ATTEMPTS,
      dedupeKey: `call-finalize:${callId}`,
    });
    // The campaign's dial slot is free now, not once the call is evaluated.
    if (row.campaign_id !== null)
      await enqueueJob(tx, {
        kind: CAMPAIGN_DIAL_JOB,
        payload: { campaignId: row.campaign_id },
        dedupeKey: campaignDialKey(row.campaign_id),
      });
    return row;
  });
}

export interface CallFinalizeDeps {
  llm: LanguageModel;
  modelFor: ModelResolver;
  loadAssistant(userId: number, assistantId: number): Promise<RuntimeAssistant | undefined>;
  /** The lead a campaign call dialled, for its webhook; absent: no campaigns. */
  leadOfCall?: LeadOfCall;
}

export function registerCallFinalize(jobs: JobRunner, deps: CallFinalizeDeps): void {
  jobs.register<{ callId: number }>(CALL_FINALIZE_JOB, (payload, ctx) => finalizeCall(payload.callId, ctx, deps));
}

/** Post-call evaluation, then the post-call webhook; at most once per call. */
async function finalizeCall(callId: number, ctx: JobContext, deps: CallFinalizeDeps): Promise<void> {
  const call = await createCallsRepo(ctx.db).findById(callId);
  if (!call || call.finalized_at || LIVE_STATUSES.includes(call.status)) return;
  const assistant = call.assistant_id === null ? undefined : await deps.loadAssistant(call.user_id, call.assistant_id);
  let extracted: Record<string, unknown> | null = null;
  // A call nobody spoke in has nothing to evaluate.
  if (assistant?.post_call_evaluation && call.transcript.length > 0) {
    try {
      extracted = await evaluateConversation({
        llm: deps.llm,
        modelFor: deps.modelFor,
        assistant,
        transcript: transcriptLines(call.transcript),
      });
    } catch (error) {
      // The webhook must not wait forever on the model: the last attempt sends it without.
      if (ctx.attempt < ctx.maxAttempts) throw error;
      ctx.logger.error({ err: error, callId }, 'post-call evaluation failed; sending the webhook without it');
    }
  }
  await inTransaction(ctx.db, async (tx) => {
    if (!(await createCallsRepo(tx).markFinalized(callId, ctx.now, extracted))) return;
    if (call.lead_id !== null)
      await enqueueJob(tx, { kind: CAMPAIGN_CALL_FINALIZED_JOB, payload: { callId }, dedupeKey: `campaign-call-finalized:${callId}` });
    if (!assistant?.is_webhook_active || !assistant.webhook_url) return;
    if (assistant.send_webhook_only_on_completed && !isCompletedCall(call.status)) return;
    const lead = call.lead_id !== null && deps.leadOfCall ? await deps.leadOfCall(tx, call) : null;
    const payload = postCallPayload({ call, extracted, includeRecording: assistant.include_recording_in_webhook, lead });
    await enqueueWebhook(tx, {
      userId: call.user_id,
      url: assistant.webhook_url,
      event: POST_CALL_EVENT,
      payload,
      now: ctx.now,
      assistantId: call.assistant_id,
    });
  });
}
