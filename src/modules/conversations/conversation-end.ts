import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { enqueueJob, type JobContext, type JobRunner } from '../../core/jobs/index.js';
import { enqueueWebhook } from '../webhooks/index.js';
import { refundStaleCharges } from './billing.js';
import { createConversationsRepo } from './conversations.repo.js';
import { CONVERSATION_ENDED_EVENT, conversationEndedPayload, type ChatappSenderInfo } from './ended-webhook.js';
import { evaluateConversation, type LanguageModel, type ModelResolver, type RuntimeAssistant } from '../replies/index.js';

export const INACTIVITY_JOB = 'conversations.inactivity-end';
export const FINALIZE_JOB = 'conversations.finalize';
export const STALE_CHARGES_JOB = 'conversations.refund-stale-charges';
const FINALIZE_ATTEMPTS = 4;
/** A skipped end (a reply was in flight and then failed) is looked at again this much later at least. */
const RECHECK_MS = 60_000;

interface ConversationJob {
  conversationId: number;
}

const inactivityKey = (conversationId: number) => `conversation-inactivity:${conversationId}`;

export function inactivityDueAt(lastActivityAt: Date, timeoutMinutes: number): Date {
  return new Date(lastActivityAt.getTime() + timeoutMinutes * 60_000);
}

/**
 * Schedules the inactivity check. The caller records `runAt` in conversations.inactivity_check_at
 * in the same transaction: while one is pending, activity needs no job write at all, because a
 * check that fires early re-arms itself for the new due time.
 */
export async function scheduleInactivityCheck(tx: DbOrTx, conversationId: number, runAt: Date): Promise<void> {
  await enqueueJob(tx, {
    kind: INACTIVITY_JOB,
    payload: { conversationId } satisfies ConversationJob,
    runAt,
    dedupeKey: inactivityKey(conversationId),
  });
}

/** Evaluation and the webhook run after the end is committed, as a retried job. */
export async function enqueueFinalize(tx: DbOrTx, conversationId: number): Promise<void> {
  await enqueueJob(tx, {
    kind: FINALIZE_JOB,
    payload: { conversationId } satisfies ConversationJob,
    maxAttempts: FINALIZE_ATTEMPTS,
    dedupeKey: `conversation-finalize:${conversationId}`,
  });
}

export interface ConversationEndDeps {
  llm: LanguageModel;
  modelFor: ModelResolver;
  loadAssistant(uuid: string): Promise<RuntimeAssistant | undefined>;
  /** The chatapp sender of a chatapp conversation, for the webhook's `sender`. */
  senderInfo?(senderId: number): Promise<ChatappSenderInfo | null>;
  /** Reservations older than this are refunded by the sweep. */
  staleChargeMs: number;
}

export function registerConversationJobs(jobs: JobRunner, deps: ConversationEndDeps): void {
  jobs.register<ConversationJob>(INACTIVITY_JOB, (payload, ctx) => endIfInactive(payload.conversationId, ctx, deps), {
    // Given up: clear the mark so the next activity schedules a fresh check.
    onDead: (payload, ctx) => createConversationsRepo(ctx.db).setInactivityCheck(payload.conversationId, null),
  });
  jobs.register<ConversationJob>(FINALIZE_JOB, (payload, ctx) => finalize(payload.conversationId, ctx, deps));
  jobs.register(STALE_CHARGES_JOB, async (_payload, { db, now, logger }) => {
    const refunded = await refundStaleCharges(db, new Date(now.getTime() - deps.staleChargeMs), now);
    if (refunded > 0) logger.warn({ refunded }, 'refunded chat message charges that were never settled');
  });
  jobs.schedule(STALE_CHARGES_JOB, 5 * 60_000, STALE_CHARGES_JOB);
}

async function endIfInactive(conversationId: number, ctx: JobContext, deps: ConversationEndDeps): Promise<void> {
  const conversation = await createConversationsRepo(ctx.db).findById(conversationId);
  if (!conversation) return;
  const assistant = conversation.status === 'active' ? await deps.loadAssistant(conversation.assistant_uuid) : undefined;
  const timeout = assistant?.conversation_inactivity_timeout ?? null;
  await inTransaction(ctx.db, async (tx) => {
    const repo = createConversationsRepo(tx);
    const rearm = async (runAt: Date) => {
      await scheduleInactivityCheck(tx, conversationId, runAt);
      await repo.setInactivityCheck(conversationId, runAt);
    };
    // Ended, or no timeout: nothing pending from now on; the next activity arms a check again.
    if (timeout === null) return repo.setInactivityCheck(conversationId, null);
    const dueAt = inactivityDueAt(conversation.last_activity_at, timeout);
    if (dueAt > ctx.now) return rearm(dueAt);
    if (await repo.markEnded({ id: conversationId, now: ctx.now, reason: 'inactivity', idleSince: conversation.last_activity_at })) {
      return enqueueFinalize(tx, conversationId);
    }
    // A message arrived meanwhile: its reply moves the due time, but if it fails nothing would.
    return rearm(new Date(ctx.now.getTime() + RECHECK_MS));
  });
}

/** Post-conversation evaluation, then the conversation-ended webhook; at most once per end. */
async function finalize(conversationId: number, ctx: JobContext, deps: ConversationEndDeps): Promise<void> {
  const repo = createConversationsRepo(ctx.db);
  const conversation = await repo.findById(conversationId);
  if (conversation?.status !== 'ended') return;
  if (conversation.finalized_at && conversation.ended_at && conversation.finalized_at >= conversation.ended_at) return;
  const assistant = await deps.loadAssistant(conversation.assistant_uuid);
  if (!assistant) return;
  const transcript = (await repo.allMessages(conversationId)).map((m) => ({ role: m.role, content: m.content }));

  let extracted: Record<string, unknown> | null = null;
  if (assistant.post_call_evaluation) {
    try {
      extracted = await evaluateConversation({ llm: deps.llm, modelFor: deps.modelFor, assistant, transcript });
    } catch (error) {
      // The webhook must not wait forever on the model: the last attempt sends it without.
      if (ctx.attempt < ctx.maxAttempts) throw error;
      ctx.logger.error({ err: error, conversationId }, 'post-conversation evaluation failed; sending the webhook without it');
    }
  }
  const sender = conversation.chatapp_sender_id !== null && deps.senderInfo ? await deps.senderInfo(conversation.chatapp_sender_id) : null;
  await inTransaction(ctx.db, async (tx) => {
    if (!(await createConversationsRepo(tx).markFinalized(conversationId, ctx.now, extracted))) return;
    const url = assistant.conversation_ended_webhook_url;
    if (!url) return;
    const payload = conversationEndedPayload({ conversation, assistantTimezone: assistant.timezone, transcript, extracted, sender });
    await enqueueWebhook(tx, {
      userId: conversation.user_id,
      url,
      event: CONVERSATION_ENDED_EVENT,
      payload,
      now: ctx.now,
      assistantId: conversation.assistant_id,
    });
  });
}
