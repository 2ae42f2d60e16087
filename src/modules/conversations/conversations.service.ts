import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import type { ConversationType } from '../../core/db/schema.js';
import { inTransaction, type Tx } from '../../core/db/transaction.js';
import { usdToMicros } from '../../core/money.js';
import { cursorPage, decodeCursor } from '../../core/http/cursor-pagination.js';
import { AppError, unauthenticated } from '../../core/http/errors.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import { throttle } from '../../core/limits/fixed-window.js';
import { accountSuspended } from '../../core/http/roles.js';
import { InsufficientBalanceError, isAccountSuspended } from '../accounts/index.js';
import { dailyBudgetSpent, dailySpendMicros, MESSAGE_PRICE_MICROS, messagePriceMicros } from './billing.js';
import { inactivityDueAt, scheduleInactivityCheck } from './conversation-end.js';
import { createConversationsRepo, type ConversationView, type ListFilters, type PublicConversationIdentity } from './conversations.repo.js';
import { fillVariables, mergedVariables, type RuntimeAssistant } from '../replies/index.js';
import { conversationNotFound, type MessageOptions, type MessagePipeline, type MessageStep } from './message-pipeline.js';
import type { SenderParty } from './conversations.present.js';
import {
  assistantInactive,
  assistantUnavailable,
  conversationStartLimits,
  enforceLimits,
  isPubliclyReachable,
  messageLimits,
  type PublicCaller,
  type PublicLimits,
} from './public-access.js';

export interface RuntimeAssistantLookup {
  /** Any account's assistant by UUID (the public widget addresses assistants this way). */
  byUuid(uuid: string): Promise<RuntimeAssistant | undefined>;
  /** The caller's assistant by numeric id; undefined when missing or another account's. */
  byId(userId: number, id: number): Promise<RuntimeAssistant | undefined>;
}

export interface ConversationsDeps {
  db: Db;
  clock: Clock;
  assistants: RuntimeAssistantLookup;
  pipeline: MessagePipeline;
  /** Times the steps of a message (the pipeline times the rest). */
  observeStep?: (step: MessageStep, seconds: number) => void;
  balanceMicros(userId: number): Promise<number>;
  generateReplyPerMinute: number;
  /** Bounds on anonymous widget traffic. */
  publicLimits: PublicLimits;
  /** The chatapp sender of a chatapp conversation (name and number), for reads. */
  senderInfo?(senderId: number): Promise<{ phoneNumber: string; displayName: string } | null>;
}

/** Conversation identities kept per process: about 100 bytes each. */
const IDENTITIES_CACHED = 50_000;

export const assistantNotFound = () => new AppError(404, 'Assistant not found', { code: 'ASSISTANT_NOT_FOUND' });
const notYours = () => new AppError(404, 'Assistant not found or does not belong to you', { code: 'ASSISTANT_NOT_FOUND' });

export interface OpenConversationInput {
  assistant: RuntimeAssistant;
  type: ConversationType;
  variables: Record<string, unknown> | null;
  externalIdentifier?: string | null;
  customerPhone?: string | null;
  customerName?: string | null;
  chatappSenderId?: number | null;
  smsPhoneNumberId?: number | null;
  /** Store the assistant's initial message as the first message (default true). */
  greet?: boolean;
  /** Runs first in the creating transaction (e.g. a rate limit); throwing creates nothing. */
  admit?: (tx: Tx, now: Date) => Promise<void>;
}

/** Create, read, list and message text conversations; the reply work is the pipeline's. */
export function createConversationsService(deps: ConversationsDeps) {
  const { db, clock, assistants, pipeline } = deps;

  /** A new conversation with the assistant's greeting (variables filled in) as its first message. */
  async function open(input: OpenConversationInput): Promise<{ conversation: ConversationView; greeting: string }> {
    const now = clock.now();
    const greeting =
      input.greet === false
        ? ''
        : fillVariables(input.assistant.initial_message ?? '', mergedVariables(input.assistant, input.variables)).trim();
    const timeout = input.assistant.conversation_inactivity_timeout;
    const checkAt = timeout === null ? null : inactivityDueAt(now, timeout);
    const id = await inTransaction(db, async (tx) => {
      await input.admit?.(tx, now);
      const repo = createConversationsRepo(tx);
      const row = await repo.insert({
        uuid: randomUUID(),
        userId: input.assistant.user_id,
        assistantId: input.assistant.id,
        type: input.type,
        variables: input.variables,
        externalIdentifier: input.externalIdentifier,
        customerPhone: input.customerPhone,
        customerName: input.customerName,
        chatappSenderId: input.chatappSenderId,
        smsPhoneNumberId: input.smsPhoneNumberId,
        messageCount: greeting ? 1 : 0,
        inactivityCheckAt: checkAt,
        now,
      });
      if (greeting) {
        await repo.insertMessages([
          { conversationId: row.id, role: 'assistant', content: greeting, assistantId: input.assistant.id, createdAt: now },
        ]);
      }
      if (checkAt) await scheduleInactivityCheck(tx, row.id, checkAt);
      return row.id;
    });
    const conversation = (await createConversationsRepo(db).findById(id))!;
    return { conversation, greeting };
  }

  async function findOrOpenApiConversation(
    assistant: RuntimeAssistant,
    identifier: string,
    variables: Record<string, unknown> | undefined,
  ) {
    const repo = createConversationsRepo(db);
    const existing = await repo.findApiConversation(assistant.id, identifier);
    if (existing && (existing.status === 'active' || assistant.conversation_ended_retrigger)) {
      if (variables && Object.keys(variables).length > 0) {
        await repo.mergeVariables(existing.id, variables, clock.now());
        return (await repo.findById(existing.id))!;
      }
      return existing;
    }
    try {
      return (await open({ assistant, type: 'api', variables: variables ?? null, externalIdentifier: identifier })).conversation;
    } catch (error) {
      // Two first messages from one customer at once: the other request created it.
      if (!isUniqueViolation(error, 'conversations_api_identifier_key')) throw error;
      return (await repo.findApiConversation(assistant.id, identifier))!;
    }
  }

  /** A chatapp conversation names its sender (`whatsapp_sender` in the reference's shapes). */
  async function senderOf(conversation: ConversationView): Promise<SenderParty | null> {
    if (conversation.chatapp_sender_id === null || !deps.senderInfo) return null;
    const sender = await deps.senderInfo(conversation.chatapp_sender_id);
    return sender && { name: sender.displayName, phone: sender.phoneNumber };
  }

  /**
   * A widget is closed while its assistant is inactive, and for the rest of the UTC day once its
   * daily budget cannot pay for one more message (read only: the exact check is the charge's).
   */
  async function refuseClosedWidget(assistant: RuntimeAssistant): Promise<void> {
    if (assistant.status !== 'active') throw assistantInactive();
    const budget = assistant.widget_daily_budget_usd;
    if (budget === null) return;
    const now = clock.now();
    if ((await dailySpendMicros(db, assistant.id, now)) + MESSAGE_PRICE_MICROS > usdToMicros(budget)) throw dailyBudgetSpent(now);
  }

  /**
   * A conversation's identity never changes, so each process keeps the latest ones it has seen
   * (a deleted conversation is then "not found" by the admission that reads it).
   */
  const identities = new LRUCache<string, PublicConversationIdentity>({ max: IDENTITIES_CACHED });
  async function identityOf(uuid: string): Promise<PublicConversationIdentity | undefined> {
    const cached = identities.get(uuid);
    if (cached) return cached;
    const started = performance.now();
    const found = await createConversationsRepo(db).findIdentity(uuid);
    deps.observeStep?.('lookup', (performance.now() - started) / 1000);
    if (found) identities.set(uuid, found);
    return found;
  }

  return {
    open,

    /** POST /conversations: widget conversations are public; a free test one needs the owner's credentials. */
    async create(input: {
      assistantUuid: string;
      type: 'widget' | 'test';
      variables: Record<string, unknown> | null;
      caller: PublicCaller;
    }) {
      const assistant = await assistants.byUuid(input.assistantUuid);
      const auth = input.caller.auth;
      if (input.type === 'test' && !auth) throw unauthenticated();
      if (!assistant || (input.type === 'test' && auth!.userId !== assistant.user_id)) throw assistantNotFound();
      const widget = input.type === 'widget';
      // A suspended account's owner hears why; the public, only that the assistant is unavailable.
      if (await isAccountSuspended(db, assistant.user_id)) throw widget ? assistantUnavailable() : accountSuspended();
      if (widget) await refuseClosedWidget(assistant);
      if ((await deps.balanceMicros(assistant.user_id)) < messagePriceMicros(input.type)) throw new InsufficientBalanceError();
      const admit = widget
        ? (tx: Tx, now: Date) => enforceLimits(tx, conversationStartLimits(deps.publicLimits, input.caller.clientIp), now)
        : undefined;
      const { conversation, greeting } = await open({ assistant, type: input.type, variables: input.variables, admit });
      // Its first message (and that message's CORS check) then needs no lookup in this process.
      const { id, uuid, type, user_id, origin_assistant_id } = conversation;
      identities.set(uuid, { id, uuid, type, user_id, origin_assistant_id, origin_assistant_uuid: assistant.uuid });
      return { uuid: conversation.uuid, history: greeting ? [{ role: 'assistant' as const, content: greeting }] : [] };
    },

    /**
     * POST /conversations/{uuid}/messages: widget messages are counted against the public limits
     * and the origin assistant's daily budget, and refused while that assistant is inactive or
     * its account suspended (a conversation opened before the suspension too). The admission
     * reads the conversation and both (handleUnread), so a message known by a cached identity
     * costs no statement of its own before it.
     */
    async sendMessage(uuid: string, text: string, caller: PublicCaller, options: MessageOptions = {}) {
      const conversation = await identityOf(uuid);
      if (!conversation || !isPubliclyReachable(conversation, caller, 'send')) throw conversationNotFound();
      const widget = conversation.type === 'widget';
      return pipeline.handleUnread(conversation, text, {
        ...options,
        requireActiveOrigin: widget,
        limits: widget ? messageLimits(deps.publicLimits, conversation.id, caller.clientIp) : [],
        dailyBudget: widget ? { assistantId: conversation.origin_assistant_id } : null,
      });
    },

    /** The UUID of the assistant a conversation was opened with (whose widget settings apply to it). */
    async originAssistantUuidOf(conversationUuid: string): Promise<string | undefined> {
      return (await identityOf(conversationUuid))?.origin_assistant_uuid;
    },

    /** The whole history, oldest first, for the public get route. */
    async get(uuid: string, caller: PublicCaller) {
      const repo = createConversationsRepo(db);
      const conversation = await repo.findByUuid(uuid);
      if (!conversation || !isPubliclyReachable(conversation, caller, 'read')) throw conversationNotFound();
      const messages = await repo.allMessages(conversation.id);
      return { conversation, messages, sender: await senderOf(conversation) };
    },

    /** The owner's record of one conversation; another account's is not found. */
    async record(userId: number, uuid: string) {
      const repo = createConversationsRepo(db);
      const conversation = await repo.findByUuid(uuid.toLowerCase());
      if (!conversation || conversation.user_id !== userId) throw conversationNotFound();
      return { conversation, messages: await repo.allMessages(conversation.id) };
    },

    async list(filters: ListFilters, perPage: number, cursor: string | undefined) {
      const position = decodeCursor(cursor);
      const rows = await createConversationsRepo(db).list(filters, position, perPage + 1);
      const page = cursorPage(rows, perPage, position);
      const items = await Promise.all(page.items.map(async (conversation) => ({ conversation, sender: await senderOf(conversation) })));
      return { ...page, items };
    },

    /**
     * Human takeover on or off. The row update takes the lock a message's admission takes, so a
     * message admitted after this returns is handled by the new setting (see turns.take).
     */
    async setAiEnabled(userId: number, uuid: string, enabled: boolean): Promise<boolean> {
      const found = await createConversationsRepo(db).setAiEnabled({ userId, uuid: uuid.toLowerCase(), enabled, now: clock.now() });
      if (!found) throw conversationNotFound();
      return enabled;
    },

    /** POST /user/ai/generate-reply: one conversation per assistant and customer identifier. */
    /**
     * generate-reply's per-token limit counts every request, as the reference's throttle
     * middleware does: it runs before the body is validated, so a 422 or a 404 counts too.
     */
    async throttleGenerateReply(caller: AuthContext) {
      const verdict = await throttle(
        db,
        [{ bucket: `generate-reply:token:${caller.tokenId}`, limit: deps.generateReplyPerMinute, windowMs: 60_000 }],
        clock.now(),
      );
      if (!verdict.allowed) {
        throw new AppError(429, 'Too Many Attempts.', {
          headers: { 'retry-after': String(verdict.retryAfterSeconds) },
          extra: { retry_after: verdict.retryAfterSeconds },
        });
      }
    },

    async generateReply(
      caller: AuthContext,
      input: { assistantId: number | string; customerIdentifier: string; message: string; variables?: Record<string, unknown> },
    ) {
      const assistant =
        typeof input.assistantId === 'number'
          ? await assistants.byId(caller.userId, input.assistantId)
          : await assistants.byUuid(input.assistantId);
      if (!assistant || assistant.user_id !== caller.userId) throw notYours();
      const conversation = await findOrOpenApiConversation(assistant, input.customerIdentifier, input.variables);
      const result = await pipeline.handle(conversation, input.message);
      return { conversation, ...result };
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
