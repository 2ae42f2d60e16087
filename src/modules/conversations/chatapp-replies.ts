import type { Logger } from 'pino';
import type { Db } from '../../core/db/database.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { AppError } from '../../core/http/errors.js';
import { enqueueJob, PermanentJobError, RetryableJobError, type JobContext, type JobRunner } from '../../core/jobs/index.js';
import { InsufficientBalanceError } from '../accounts/index.js';
import { INBOUND_EDIT_JOB, INBOUND_MESSAGE_JOB, type InboundEditJob, type InboundMessageJob } from '../chatapp/index.js';
import { createConversationsRepo, type ConversationView } from './conversations.repo.js';
import type { RuntimeAssistantLookup, ConversationsService } from './conversations.service.js';
import type { MessagePipeline } from './message-pipeline.js';

export const CHATAPP_SEND_REPLY_JOB = 'conversations.chatapp-send-reply';

/** The chatapp module's seam: one job per customer message on a sender with an assistant. */
type ChatappInboundJob = Pick<InboundMessageJob, 'senderId' | 'assistantId' | 'messageId' | 'customerPhone' | 'customerName' | 'text'>;

interface SendReplyJob {
  userId: number;
  senderId: number;
  customerPhone: string;
  text: string;
}

/** What the conversations module needs from the chatapp module (adapted in deps.ts). */
export interface ChatappChannel {
  sender(senderId: number): Promise<{ userId: number; phoneNumber: string; displayName: string } | undefined>;
  /** Sends free-form text; refuses (403 SESSION_EXPIRED) outside the 24-hour window. */
  sendText(input: { userId: number; senderId: number; customerPhone: string; text: string }): Promise<void>;
  /**
   * The stored customer message as it is now: it may have been edited (new text) or deleted
   * since the job was queued. With the owner of the sender it reached; undefined when the
   * message (or its sender) no longer exists. `ownerSuspended`: the operator suspended that account.
   */
  inboundMessage(messageId: number): Promise<{ text: string; deleted: boolean; userId: number; ownerSuspended: boolean } | undefined>;
}

export interface ChatappRepliesDeps {
  db: Db;
  logger: Logger;
  channel: ChatappChannel;
  assistants: RuntimeAssistantLookup;
  conversations: ConversationsService;
  pipeline: MessagePipeline;
}

/**
 * AI replies on the chatapp: the inbound job runs the same pipeline as the widget (ordering,
 * billing, functions), stores the reply and, in that transaction, enqueues its delivery, so a
 * stored reply is sent at least once and a repeated inbound job is recognised and skipped.
 */
export function registerChatappReplies(jobs: JobRunner, deps: ChatappRepliesDeps): void {
  jobs.register<ChatappInboundJob>(INBOUND_MESSAGE_JOB, (payload, ctx) => answer(payload, ctx, deps));
  jobs.register<SendReplyJob>(CHATAPP_SEND_REPLY_JOB, (payload) => deliver(payload, deps.channel));
  jobs.register<InboundEditJob>(INBOUND_EDIT_JOB, async (payload) => {
    await createConversationsRepo(deps.db).replaceChatappMessageText(payload.messageId, payload.text);
  });
}

async function answer(payload: ChatappInboundJob, ctx: JobContext, deps: ChatappRepliesDeps): Promise<void> {
  const state = await createConversationsRepo(deps.db).chatappReplyState(payload.messageId, payload.senderId, payload.customerPhone);
  if (state.answered) return;
  // The customer may have deleted the message (nothing to answer) or edited it (answer the new text).
  const current = await deps.channel.inboundMessage(payload.messageId);
  if (!current || current.deleted) return;
  const userId = current.userId;
  // As when the balance is spent: the message stays stored, the customer gets no AI reply.
  if (current.ownerSuspended) {
    ctx.logger.warn({ messageId: payload.messageId, reason: 'account suspended' }, 'chatapp message left unanswered');
    return;
  }
  const assistant = await deps.assistants.byId(userId, payload.assistantId);
  if (!assistant) return;
  const conversation = await conversationFor(deps, payload, assistant, state.conversation);
  try {
    await deps.pipeline.handle(
      conversation,
      current.text,
      {
        chatappMessageId: payload.messageId,
        onStored: async (tx, stored) => {
          if (!stored.message.trim()) return;
          const job: SendReplyJob = { userId, senderId: payload.senderId, customerPhone: payload.customerPhone, text: stored.message };
          await enqueueJob(tx, { kind: CHATAPP_SEND_REPLY_JOB, payload: job, maxAttempts: 6 });
        },
      },
      // The sender's assistant, just read: the conversation's own unless it was transferred.
      assistant,
    );
  } catch (error) {
    // No money or an ended conversation will not change by retrying; the customer simply gets no AI reply.
    if (error instanceof InsufficientBalanceError || (error instanceof AppError && error.code === 'CONVERSATION_ENDED')) {
      ctx.logger.warn({ conversationId: conversation.id, reason: error.message }, 'chatapp message left unanswered');
      return;
    }
    // Includes a concurrent run of this job storing the same message first (unique
    // chatapp_message_id): the retry then finds it answered and stops.
    throw error;
  }
}

/** The customer's open AI conversation on this sender (`existing`, the latest), or a new one when there is none to continue. */
async function conversationFor(
  deps: ChatappRepliesDeps,
  payload: ChatappInboundJob,
  assistant: NonNullable<Awaited<ReturnType<RuntimeAssistantLookup['byId']>>>,
  existing: ConversationView | undefined,
): Promise<ConversationView> {
  if (existing && (existing.status === 'active' || assistant.conversation_ended_retrigger)) return existing;
  try {
    const opened = await deps.conversations.open({
      assistant,
      type: 'whatsapp',
      variables: null,
      customerPhone: payload.customerPhone,
      customerName: payload.customerName,
      chatappSenderId: payload.senderId,
      // The customer wrote first on the chatapp: no greeting is sent ahead of the answer.
      greet: false,
    });
    return opened.conversation;
  } catch (error) {
    if (!isUniqueViolation(error, 'conversations_chatapp_customer_key')) throw error;
    return (await createConversationsRepo(deps.db).findChatappConversation(payload.senderId, payload.customerPhone))!;
  }
}

async function deliver(payload: SendReplyJob, channel: ChatappChannel): Promise<void> {
  try {
    await channel.sendText(payload);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.statusCode === 429) throw new RetryableJobError(error.message, Number(error.headers?.['retry-after'] ?? 1) * 1000);
    // A closed window or an offline sender (a revoked token, a disconnected number): sending again
    // later would break the platform's rules or cannot succeed until the owner acts.
    if (error.statusCode < 500 || error.code === 'SENDER_OFFLINE')
      throw new PermanentJobError(`${error.code ?? error.statusCode}: ${error.message}`);
    throw error;
  }
}
