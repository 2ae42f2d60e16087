import { isUniqueViolation } from '../../core/db/errors.js';
import type { Db } from '../../core/db/database.js';
import type { Tx } from '../../core/db/transaction.js';
import { AppError } from '../../core/http/errors.js';
import { InsufficientBalanceError, isAccountSuspended } from '../accounts/index.js';
import type { RuntimeAssistant } from '../replies/index.js';
import { createConversationsRepo, type ConversationView } from './conversations.repo.js';
import type { ConversationsService, RuntimeAssistantLookup } from './conversations.service.js';
import type { MessagePipeline } from './message-pipeline.js';

/** A customer's SMS to a number an assistant answers. */
export interface InboundSms {
  userId: number;
  assistantId: number;
  phoneNumberId: number;
  customerPhone: string;
  text: string;
  /** Runs in the transaction that stores the reply (to queue its delivery); throwing stores nothing and refunds. */
  onReply(tx: Tx, reply: { conversationId: number; text: string }): Promise<void>;
}

/**
 * What became of it: answered (the reply stored, onReply run), stored without a reply (a person
 * has taken the conversation over), or left unanswered (no active assistant, no money, an
 * account the operator suspended, a conversation that ended and may not start again).
 */
export type InboundSmsOutcome =
  | { outcome: 'answered' | 'stored'; conversationId: number }
  | {
      outcome: 'unanswered';
      reason: 'no_assistant' | 'insufficient_balance' | 'account_suspended' | 'ended';
      conversationId: number | null;
    };

/**
 * Customers' SMS answered by assistants the way chatapp messages are: the customer's open SMS
 * conversation on the number (a new one, without a greeting, when there is none to continue),
 * the same pipeline as the widget (turn order, billing per message, functions), and the reply's
 * delivery queued in the transaction that stores it.
 */
export function createInboundTexts(deps: {
  db: Db;
  assistants: RuntimeAssistantLookup;
  conversations: ConversationsService;
  pipeline: MessagePipeline;
}) {
  async function conversationFor(input: InboundSms, assistant: RuntimeAssistant): Promise<ConversationView> {
    const repo = createConversationsRepo(deps.db);
    const existing = await repo.findSmsConversation(input.phoneNumberId, input.customerPhone);
    if (existing && (existing.status === 'active' || assistant.conversation_ended_retrigger)) return existing;
    try {
      const opened = await deps.conversations.open({
        assistant,
        type: 'sms',
        variables: null,
        customerPhone: input.customerPhone,
        smsPhoneNumberId: input.phoneNumberId,
        greet: false,
      });
      return opened.conversation;
    } catch (error) {
      // Two first messages from one customer at once: the other one opened it.
      if (!isUniqueViolation(error, 'conversations_sms_customer_key')) throw error;
      return (await repo.findSmsConversation(input.phoneNumberId, input.customerPhone))!;
    }
  }

  return {
    async answerSms(input: InboundSms): Promise<InboundSmsOutcome> {
      const assistant = await deps.assistants.byId(input.userId, input.assistantId);
      if (assistant?.status !== 'active') return { outcome: 'unanswered', reason: 'no_assistant', conversationId: null };
      if (await isAccountSuspended(deps.db, input.userId))
        return { outcome: 'unanswered', reason: 'account_suspended', conversationId: null };
      const conversation = await conversationFor(input, assistant);
      try {
        const result = await deps.pipeline.handle(
          conversation,
          input.text,
          { onStored: (tx, stored) => input.onReply(tx, { conversationId: stored.conversation.id, text: stored.message }) },
          assistant,
        );
        return { outcome: result.aiDisabled ? 'stored' : 'answered', conversationId: conversation.id };
      } catch (error) {
        // Neither changes by trying again: the customer gets no reply.
        if (error instanceof InsufficientBalanceError)
          return { outcome: 'unanswered', reason: 'insufficient_balance', conversationId: conversation.id };
        if (error instanceof AppError && error.code === 'CONVERSATION_ENDED')
          return { outcome: 'unanswered', reason: 'ended', conversationId: conversation.id };
        throw error;
      }
    },
  };
}

export type InboundTexts = ReturnType<typeof createInboundTexts>;
