import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import type { FunctionCallRecord } from '../../core/db/schema.js';
import { fixedStatement } from '../../core/db/fixed-statement.js';
import { inTransaction, type DbOrTx, type Tx } from '../../core/db/transaction.js';
import type { AssistantRuntimes } from '../assistants/index.js';
import { admitMessage, type AdmissionInput, type AdmissionRefusal, type AdmittedMessage, type NamedLimit } from './admission.js';
import { AppError } from '../../core/http/errors.js';
import { capturingCharge, messagePriceMicros, refundCharge, type Charge, type DailyBudget } from './billing.js';
import { enqueueFinalize, inactivityDueAt, scheduleInactivityCheck } from './conversation-end.js';
import {
  createConversationsRepo,
  functionCallsJson,
  insertingMessageRows,
  type ConversationIdentity,
  type ConversationView,
} from './conversations.repo.js';
import { assistantInactive, assistantUnavailable } from './public-access.js';
import { accountSuspended } from '../../core/http/roles.js';
import { type createReplyEngine, LanguageModelError, type Reply, type ReplyEvent, type RuntimeAssistant } from '../replies/index.js';
import { finishingTurn, TurnLostError, type Turn, type TurnQueue } from './turns.js';

export const conversationNotFound = () => new AppError(404, 'Conversation not found', { code: 'CONVERSATION_NOT_FOUND' });
export const conversationEnded = () =>
  new AppError(409, 'This conversation has ended and cannot receive new messages. Start a new conversation.', {
    code: 'CONVERSATION_ENDED',
  });
export const processingFailed = (detail: string) =>
  new AppError(400, `Failed to process message: ${detail}`, { code: 'PROCESSING_FAILED' });

/** A suspended account's widget says only that the assistant is unavailable; other callers are told why. */
const refusals: Record<AdmissionRefusal, (lookup?: AdmissionInput['lookup']) => AppError> = {
  gone: conversationNotFound,
  suspended: (lookup) => (lookup?.requireActiveOrigin ? assistantUnavailable() : accountSuspended()),
  origin_inactive: assistantInactive,
  ended: conversationEnded,
};

export interface MessageOptions {
  /** Called once the message's turn has come and the reply is about to be produced. */
  onStarted?: () => void;
  onEvent?: (event: ReplyEvent) => void;
  /** The chatapp message being answered; stored with the user message. */
  chatappMessageId?: number;
  /** Runs inside the transaction that stores the reply (e.g. to enqueue its delivery). */
  onStored?: (tx: Tx, stored: MessageResult & { conversation: ConversationView }) => Promise<void>;
  /**
   * Rate limits counted first in the admission (e.g. the public routes'); a refusal refuses the
   * message with nothing of it counted, queued or charged.
   */
  limits?: NamedLimit[];
  /** The widget daily budget this message's charge counts against. */
  dailyBudget?: DailyBudget | null;
}

/** The timed steps of a message (the chat_message_step_seconds metric; lookup is the service's). */
export type MessageStep = 'lookup' | 'admission' | 'turn_wait' | 'history' | 'model' | 'store';

export interface MessageResult {
  message: string;
  functionCalls: FunctionCallRecord[];
  /** The conversation's AI was off when the message arrived: it was stored, and nobody answered yet. */
  aiDisabled?: true;
}

export interface PipelineDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  turns: TurnQueue;
  engine: ReturnType<typeof createReplyEngine>;
  loadAssistant(uuid: string): Promise<RuntimeAssistant | undefined>;
  /** The assistants this process holds, read along with a conversation (assistants/assistant-runtimes.ts). */
  assistantRuntimes: Pick<AssistantRuntimes, 'heldVersion' | 'fromRead'>;
  historyMessages: number;
  observeStep?: (step: MessageStep, seconds: number) => void;
}

interface StoreValues {
  conversationId: number;
  ticket: number;
  leaseUntil: Date;
  costMicros: number;
  assistantId: number;
  doneAt: Date;
  /** When the inactivity end is armed, or null to leave it as it is. */
  checkAt: Date | null;
  status: 'active' | 'ended';
  endedAt: Date | null;
  endReason: string | null;
  userContent: string;
  userChatappMessageId: number | null;
  receivedAt: Date;
  replyContent: string;
  replyFunctionCalls: string | null;
  /** The reserved charge to capture, or null for a free message. */
  chargeId: number | null;
}

/**
 * The store's one statement (see store): the turn finished with the conversation's new state,
 * both messages written and the charge captured, the last two only if the turn was still this
 * message's. Every message sends the same text: compiled once, prepared on the server.
 */
export const storing = fixedStatement<StoreValues, { finished: number; captured: number }>(($, db) => {
  const finishedTurn = sql<boolean>`EXISTS (SELECT 1 FROM finished)`;
  const conversationId = $('conversationId');
  return (
    db
      .with('finished', () =>
        finishingTurn(
          db,
          { conversationId, ticket: $('ticket'), leaseUntil: $('leaseUntil') },
          {
            message_count: sql<number>`message_count + 2`,
            total_cost_micros: sql<number>`total_cost_micros + ${$('costMicros')}::bigint`,
            assistant_id: $('assistantId'),
            last_activity_at: $('doneAt'),
            updated_at: $('doneAt'),
            inactivity_check_at: sql<Date | null>`coalesce(${$('checkAt')}::timestamptz, inactivity_check_at)`,
            status: $('status'),
            ended_at: $('endedAt'),
            end_reason: $('endReason'),
          },
        ),
      )
      // Unread by the result, and still run: PostgreSQL runs every data-modifying CTE to completion.
      .with('stored', () =>
        insertingMessageRows(
          db,
          [
            {
              conversation_id: conversationId,
              role: 'user',
              content: $('userContent'),
              function_calls: null,
              assistant_id: null,
              chatapp_message_id: $('userChatappMessageId'),
              created_at: $('receivedAt'),
            },
            {
              conversation_id: conversationId,
              role: 'assistant',
              content: $('replyContent'),
              function_calls: $('replyFunctionCalls'),
              assistant_id: $('assistantId'),
              chatapp_message_id: null,
              created_at: $('doneAt'),
            },
          ],
          finishedTurn,
        ),
      )
      .with('captured', () => capturingCharge(db, $('chargeId'), $('doneAt')).where(finishedTurn))
      .selectNoFrom([
        sql<number>`(SELECT count(*) FROM finished)::int`.as('finished'),
        sql<number>`(SELECT count(*) FROM captured)::int`.as('captured'),
      ])
  );
});

/** Conversations remembered as answered by another assistant than the one they were opened with. */
const TRANSFERRED_REMEMBERED = 10_000;

/**
 * One user message end to end: admission (ticket + reservation, atomically), wait for the turn,
 * the reply, then one transaction storing both messages, capturing the charge, ending the turn
 * and arming the inactivity end. Any failure after admission refunds and frees the turn.
 */
export function createMessagePipeline(deps: PipelineDeps) {
  const { db, clock, turns } = deps;
  /**
   * Conversation id -> the assistant answering it, for those transferred away from the one they
   * were opened with (by a transfer function or a user's change): the assistant handleUnread
   * says it holds, so their rows are not sent with every message either.
   */
  const transferred = new LRUCache<number, number>({ max: TRANSFERRED_REMEMBERED });
  function noteAnsweringAssistant(conversation: Pick<ConversationView, 'id' | 'origin_assistant_id'>, assistantId: number): void {
    if (assistantId === conversation.origin_assistant_id) transferred.delete(conversation.id);
    else transferred.set(conversation.id, assistantId);
  }

  async function timed<T>(step: MessageStep, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      deps.observeStep?.(step, (performance.now() - started) / 1000);
    }
  }

  async function assistantFor(conversation: ConversationView): Promise<RuntimeAssistant> {
    const assistant = await deps.loadAssistant(conversation.assistant_uuid);
    if (!assistant) throw conversationNotFound();
    return assistant;
  }

  type Admission = AdmittedMessage;

  /**
   * One statement on its own (admission.ts): the message's ticket and its reservation
   * (refused: neither happened). A message the AI will not answer costs nothing: the price is
   * that of an AI reply.
   *
   * Its commit does not wait for the WAL flush: a message then costs one durable commit (the
   * store's) instead of two, and the owner's balance row is unlocked as soon as the commit is
   * written rather than flushed. Nothing depends on this commit surviving a database crash on
   * its own: the store's durable commit flushes it along (the WAL is written in order), and if
   * the database dies before that, losing it loses a ticket and a reservation whose message was
   * never answered nor stored, with the balance and ledger rows moving together either way.
   */
  async function admit(
    conversation: ConversationIdentity,
    now: Date,
    options: MessageOptions,
    lookup?: AdmissionInput['lookup'],
  ): Promise<Admission> {
    const price = messagePriceMicros(conversation.type);
    const reservation =
      price > 0
        ? {
            userId: conversation.user_id,
            conversationId: conversation.id,
            conversationUuid: conversation.uuid,
            amountMicros: price,
            now,
            dailyBudget: options.dailyBudget,
          }
        : null;
    const admitted = await admitMessage(db, turns, {
      conversationId: conversation.id,
      limits: options.limits ?? [],
      reservation,
      historyMessages: deps.historyMessages,
      now,
      lookup,
    });
    if (typeof admitted === 'string') throw refusals[admitted](lookup);
    return admitted;
  }

  /**
   * Waits for the turn; while this message waited, earlier ones may have transferred or ended
   * the conversation. `upToDate`: whether `initial` is known to be as it stands at the ticket.
   */
  async function startTurn(initial: ConversationView, assistant: RuntimeAssistant, admission: Admission, upToDate: boolean) {
    if (admission.ready && upToDate) return { conversation: initial, assistant };
    if (!admission.ready) await turns.wait(db, admission.turn);
    const conversation = (await createConversationsRepo(db).findById(initial.id)) ?? initial;
    const current = conversation.assistant_id === initial.assistant_id ? assistant : await assistantFor(conversation);
    if (conversation.status === 'ended' && !current.conversation_ended_retrigger) throw conversationEnded();
    return { conversation, assistant: current };
  }

  /**
   * Both messages, the charge captured, the turn ended, follow-up jobs: all or nothing. The
   * first three are one statement (data-modifying CTEs) that writes the messages and captures
   * the charge only if the turn was still this message's. The usual message needs nothing
   * else, so that statement runs on its own, its own durable commit: one round trip. Follow-up
   * jobs (the end's, an inactivity check, the caller's onStored) join it in a transaction.
   */
  async function store(input: {
    conversation: ConversationView;
    text: string;
    reply: Reply;
    admission: Admission;
    receivedAt: Date;
    options: MessageOptions;
  }) {
    const { conversation, reply, admission, options } = input;
    const doneAt = clock.now();
    const timeout = reply.assistant.conversation_inactivity_timeout;
    // Only when no check is pending: a pending one re-arms itself for the new due time.
    const checkAt = !reply.end && timeout !== null && conversation.inactivity_check_at === null ? inactivityDueAt(doneAt, timeout) : null;
    const charge = admission.charge;
    const values: StoreValues = {
      conversationId: conversation.id,
      ticket: admission.turn.ticket,
      leaseUntil: turns.leaseFromNow(),
      costMicros: charge?.amountMicros ?? 0,
      assistantId: reply.assistant.id,
      doneAt,
      checkAt,
      // A message to an ended conversation gets here only when retrigger allows reopening it.
      status: reply.end ? 'ended' : 'active',
      endedAt: reply.end ? doneAt : null,
      endReason: reply.end?.reason ?? null,
      userContent: input.text,
      userChatappMessageId: options.chatappMessageId ?? null,
      receivedAt: input.receivedAt,
      replyContent: reply.content,
      replyFunctionCalls: functionCallsJson(reply.functionCalls),
      chargeId: charge?.id ?? null,
    };
    const write = async (query: DbOrTx) => {
      const outcome = (await storing.run(query, values)).rows[0]!;
      // Nothing was written: the turn was given away while the reply was produced.
      if (outcome.finished === 0) throw new TurnLostError();
      if (charge && outcome.captured === 0)
        deps.logger.error({ chargeId: charge.id }, 'a chat message charge was refunded before its reply was stored');
    };
    if (!reply.end && !checkAt && !options.onStored) return write(db);
    await inTransaction(db, async (tx) => {
      await write(tx);
      if (reply.end) await enqueueFinalize(tx, conversation.id);
      if (checkAt) await scheduleInactivityCheck(tx, conversation.id, checkAt);
      await options.onStored?.(tx, { conversation, message: reply.content, functionCalls: reply.functionCalls });
    });
  }

  /**
   * A message while a human has taken over (AI disabled): stored in its place in the line, the
   * conversation's activity and inactivity end as for any message, no reply and no charge.
   */
  async function storeUnanswered(input: {
    conversation: ConversationView;
    assistant: RuntimeAssistant;
    text: string;
    turn: Turn;
    receivedAt: Date;
    options: MessageOptions;
  }) {
    const { conversation } = input;
    const doneAt = clock.now();
    const timeout = input.assistant.conversation_inactivity_timeout;
    const checkAt = timeout !== null && conversation.inactivity_check_at === null ? inactivityDueAt(doneAt, timeout) : null;
    await inTransaction(db, async (tx) => {
      await createConversationsRepo(tx).insertMessages([
        {
          conversationId: conversation.id,
          role: 'user',
          content: input.text,
          chatappMessageId: input.options.chatappMessageId,
          createdAt: input.receivedAt,
        },
      ]);
      await turns.finish(tx, input.turn, {
        message_count: sql<number>`message_count + 1`,
        last_activity_at: doneAt,
        updated_at: doneAt,
        ...(checkAt ? { inactivity_check_at: checkAt } : {}),
        status: 'active',
        ended_at: null,
        end_reason: null,
      });
      if (checkAt) await scheduleInactivityCheck(tx, conversation.id, checkAt);
    });
  }

  return {
    /**
     * A message to a conversation the caller has read; `readAssistant`, an assistant the caller
     * has just read too, is used when it is the conversation's (else that one is read).
     */
    async handle(
      initial: ConversationView,
      text: string,
      options: MessageOptions = {},
      readAssistant?: RuntimeAssistant,
    ): Promise<MessageResult> {
      const assistant = readAssistant?.id === initial.assistant_id ? readAssistant : await assistantFor(initial);
      if (initial.status === 'ended' && !assistant.conversation_ended_retrigger) throw conversationEnded();
      const receivedAt = clock.now();
      const admission = await timed('admission', () => admit(initial, receivedAt, options));
      return answer({ initial, assistantOf: () => assistant, upToDate: true, admission, text, receivedAt, options });
    },

    /**
     * A message to a conversation known by its identity only: its admission reads it (one
     * statement fewer), refusing as handle would, and with requireActiveOrigin also when the
     * assistant it was opened with is inactive (the widget's).
     */
    async handleUnread(
      target: ConversationIdentity,
      text: string,
      options: MessageOptions & { requireActiveOrigin: boolean },
    ): Promise<MessageResult> {
      const receivedAt = clock.now();
      // Most conversations keep the assistant they were opened with: the one worth saying we hold.
      const likelyId = transferred.get(target.id) ?? target.origin_assistant_id;
      const heldVersion = deps.assistantRuntimes.heldVersion(likelyId);
      const heldAssistant = heldVersion === undefined ? null : { id: likelyId, version: heldVersion };
      const admission = await timed('admission', () =>
        admit(target, receivedAt, options, { requireActiveOrigin: options.requireActiveOrigin, heldAssistant }),
      );
      const { conversation, assistant, current } = admission.lookedUp!;
      noteAnsweringAssistant(conversation, conversation.assistant_id);
      // Not sent and no longer held (another message replaced or evicted it meanwhile): read it.
      const assistantOf = () => deps.assistantRuntimes.fromRead(assistant) ?? assistantFor(conversation);
      return answer({ initial: conversation, assistantOf, upToDate: current, admission, text, receivedAt, options });
    },
  };

  /** From the admission on: the turn, the reply and its store; a failure gives back what the admission took. */
  async function answer(input: {
    initial: ConversationView;
    /** The conversation's current assistant (made within the failure handling: an assistant that cannot be opened frees the turn). */
    assistantOf: () => RuntimeAssistant | Promise<RuntimeAssistant>;
    /** Whether `initial` is as the conversation stands at the ticket (else it is read again once the turn has come). */
    upToDate: boolean;
    admission: Admission;
    text: string;
    receivedAt: Date;
    options: MessageOptions;
  }): Promise<MessageResult> {
    const { initial, admission, text, receivedAt, options } = input;
    let settled = false;
    let stopHeartbeat = () => {};
    try {
      const assistant = await input.assistantOf();
      const current = await timed('turn_wait', () => startTurn(initial, assistant, admission, input.upToDate));
      if (!admission.aiEnabled) {
        await storeUnanswered({ ...current, text, turn: admission.turn, receivedAt, options });
        settled = true;
        turns.wake(current.conversation.id);
        return { message: '', functionCalls: [], aiDisabled: true };
      }
      stopHeartbeat = turns.heartbeat(db, admission.turn, (error) =>
        deps.logger.warn({ err: error }, 'could not renew a conversation turn'),
      );
      options.onStarted?.();
      const { conversation } = current;
      const history =
        admission.history ??
        (await timed('history', () => createConversationsRepo(db).recentMessages(conversation.id, deps.historyMessages)));
      const reply = await timed('model', () =>
        deps.engine.reply({
          conversation: { id: conversation.id, uuid: conversation.uuid, userId: conversation.user_id, variables: conversation.variables },
          assistant: current.assistant,
          history,
          userMessage: text,
          now: receivedAt,
          onEvent: options.onEvent,
        }),
      );
      await timed('store', () => store({ conversation, text, reply, admission, receivedAt, options }));
      noteAnsweringAssistant(conversation, reply.assistant.id);
      settled = true;
      turns.wake(conversation.id);
      return { message: reply.content, functionCalls: reply.functionCalls };
    } catch (error) {
      if (!settled) await release(admission.turn, admission.charge);
      throw asProcessingError(error, deps.logger);
    } finally {
      stopHeartbeat();
    }
  }

  /** Failure after admission: money back, turn to the next message. Neither may mask the error. */
  async function release(turn: Turn, charge: Charge | null): Promise<void> {
    const now = clock.now();
    if (charge) {
      await refundCharge(db, charge.id, now, 'Refund: chat message could not be processed').catch((e: unknown) =>
        deps.logger.error({ err: e, chargeId: charge.id }, 'refund failed; the stale-charge sweep will retry it'),
      );
    }
    await turns.finish(db, turn).catch(() => undefined);
    turns.wake(turn.conversationId);
  }
}

/**
 * Typed errors pass. Anything else becomes "Failed to process message: <details>" with details
 * meant for whoever sent the message (often an anonymous visitor): what the model provider or
 * the database said goes to the log only, since it can name keys, quotas or internals.
 */
function asProcessingError(error: unknown, logger: Logger): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof LanguageModelError) {
    logger.warn({ err: error }, 'the language model failed a chat message');
    return processingFailed(error.publicDetail);
  }
  if (error instanceof TurnLostError) return processingFailed(error.message);
  logger.error({ err: error }, 'chat message processing failed');
  return processingFailed('An internal error occurred.');
}

export type MessagePipeline = ReturnType<typeof createMessagePipeline>;
