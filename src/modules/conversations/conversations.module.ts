import type { Logger } from 'pino';
import { Histogram } from 'prom-client';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import type { JobRunner } from '../../core/jobs/index.js';
import type { HttpClient } from '../../core/net/index.js';
import type { AssistantRuntimes, AssistantsService, CalendarClients } from '../assistants/index.js';
import type { CatalogService } from '../catalog/index.js';
import { registerChatappReplies, type ChatappChannel } from './chatapp-replies.js';
import { registerConversationJobs } from './conversation-end.js';
import { createConversationsService, type RuntimeAssistantLookup } from './conversations.service.js';
import {
  createFunctionRegistry,
  createLanguageModel,
  createModelResolver,
  createReplyEngine,
  type CustomTool,
  type KnowledgeSearch,
  type LanguageModel,
  MAX_TOOL_ROUNDS,
} from '../replies/index.js';
import { createInboundTexts } from './inbound-texts.js';
import { createMessagePipeline, type MessageStep } from './message-pipeline.js';
import { createTurnQueue } from './turns.js';

export interface ConversationsConfig {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS: number;
  LLM_MAX_RETRIES: number;
  CONVERSATION_HISTORY_MESSAGES: number;
  GENERATE_REPLY_PER_MINUTE: number;
  WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: number;
  WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: number;
  WIDGET_MESSAGES_PER_IP_PER_MINUTE: number;
}

export interface ConversationsModuleDeps {
  config: ConversationsConfig;
  db: Db;
  clock: Clock;
  logger: Logger;
  http: HttpClient;
  balanceMicros(userId: number): Promise<number>;
  assistants: Pick<AssistantsService, 'getRuntime' | 'getRuntimeByUuid'>;
  /** The assistants this process holds, read along with a conversation (assistants/assistant-runtimes.ts). */
  assistantRuntimes: AssistantRuntimes;
  catalog: Pick<CatalogService, 'snapshot'>;
  calendars: CalendarClients;
  customTools: { findMany(userId: number, ids: number[]): Promise<CustomTool[]> };
  knowledgeSearch?: KnowledgeSearch;
  /** Where chatapp conversations' replies go and whose sender they name. */
  chatapp?: ChatappChannel;
  /** Tests and benchmarks may bring their own model; otherwise it follows LLM_BASE_URL. */
  llm?: LanguageModel;
}

/** Used when the catalog has no LLM model at all (a catalog file that removed them). */
const FALLBACK_MODEL = 'gpt-4o-mini';
/** A turn's lease; the heartbeat renews it every third of this while the reply is produced. */
const TURN_LEASE_MS = 30_000;
const HISTORY_CHARS = 48_000;

/** Builds the conversations module: model, functions, engine, pipeline and the service. */
export function createConversationsModule(deps: ConversationsModuleDeps) {
  const { config, db, clock, logger } = deps;
  const llm = deps.llm ?? createLanguageModel(config);
  const assistants: RuntimeAssistantLookup = {
    byUuid: (uuid) => deps.assistants.getRuntimeByUuid(uuid),
    byId: (userId, id) => deps.assistants.getRuntime(userId, id),
  };
  const modelFor = createModelResolver({ catalog: deps.catalog, override: config.LLM_MODEL, fallback: FALLBACK_MODEL });
  const registry = createFunctionRegistry({
    calendars: deps.calendars,
    http: deps.http,
    customTools: deps.customTools,
    knowledgeSearch: deps.knowledgeSearch,
    findAssistant: (userId, id) => assistants.byId(userId, id),
    logger,
  });
  const replyEngineDeps = {
    llm,
    registry,
    modelFor,
    knowledgeSearch: deps.knowledgeSearch,
    historyLimits: { maxMessages: config.CONVERSATION_HISTORY_MESSAGES, maxChars: HISTORY_CHARS },
    logger,
  };
  const engine = createReplyEngine(replyEngineDeps);
  const turns = createTurnQueue({ clock, leaseMs: TURN_LEASE_MS });
  const messageSteps = messageStepHistogram();
  const observeStep = (step: MessageStep, seconds: number) => messageSteps.observe({ step }, seconds);
  const pipeline = createMessagePipeline({
    db,
    clock,
    logger,
    turns,
    engine,
    loadAssistant: assistants.byUuid,
    assistantRuntimes: deps.assistantRuntimes,
    historyMessages: config.CONVERSATION_HISTORY_MESSAGES,
    observeStep,
  });
  const chatapp = deps.chatapp;
  const senderInfo = chatapp
    ? async (senderId: number) => {
        const sender = await chatapp.sender(senderId);
        return sender ? { phoneNumber: sender.phoneNumber, displayName: sender.displayName } : null;
      }
    : undefined;
  const conversations = createConversationsService({
    db,
    clock,
    assistants,
    pipeline,
    observeStep,
    balanceMicros: deps.balanceMicros,
    generateReplyPerMinute: config.GENERATE_REPLY_PER_MINUTE,
    senderInfo,
    publicLimits: {
      conversationsPerIpPerHour: config.WIDGET_CONVERSATIONS_PER_IP_PER_HOUR,
      messagesPerConversationPerMinute: config.WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE,
      messagesPerIpPerMinute: config.WIDGET_MESSAGES_PER_IP_PER_MINUTE,
    },
  });
  // A reservation can only be unsettled this long while its request still runs: every model
  // call of every round timing out after all its retries, plus a margin.
  const staleChargeMs = Math.max(15 * 60_000, config.LLM_TIMEOUT_MS * (config.LLM_MAX_RETRIES + 1) * (MAX_TOOL_ROUNDS + 1) + 5 * 60_000);
  // replyEngineDeps: voice calls build their own reply engine per call on the same model,
  // functions and prompt (with their own abort signal and call-only functions).
  return {
    conversations,
    pipeline,
    /** Customers' SMS answered by assistants (the sms module's). */
    inboundTexts: createInboundTexts({ db, assistants, conversations, pipeline }),
    messageSteps,
    assistants,
    assistantRuntimes: deps.assistantRuntimes,
    llm,
    modelFor,
    staleChargeMs,
    db,
    logger,
    chatapp,
    senderInfo,
    replyEngineDeps,
  };
}

export type ConversationsModule = ReturnType<typeof createConversationsModule>;

/**
 * Where a chat message's time goes (lookup, admission, turn wait, history, model, store), for
 * /metrics and the messages benchmark. Registered by the app into its own registry, so several
 * apps in one process (tests) keep apart.
 */
function messageStepHistogram() {
  return new Histogram({
    name: 'chat_message_step_seconds',
    help: 'Time a chat message spends in each step of its processing, in seconds.',
    labelNames: ['step'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [],
  });
}

/** Inactivity ends, evaluation + ended webhook, the stale-charge sweep and chatapp replies. */
export function registerConversationsJobs(jobs: JobRunner, module: ConversationsModule): void {
  const { chatapp, senderInfo } = module;
  registerConversationJobs(jobs, {
    llm: module.llm,
    modelFor: module.modelFor,
    loadAssistant: module.assistants.byUuid,
    staleChargeMs: module.staleChargeMs,
    senderInfo: senderInfo
      ? async (senderId) => {
          const sender = await senderInfo(senderId);
          return sender && { phone_number: sender.phoneNumber, display_name: sender.displayName };
        }
      : undefined,
  });
  if (chatapp) {
    registerChatappReplies(jobs, {
      db: module.db,
      logger: module.logger,
      channel: chatapp,
      assistants: module.assistants,
      conversations: module.conversations,
      pipeline: module.pipeline,
    });
  }
}
