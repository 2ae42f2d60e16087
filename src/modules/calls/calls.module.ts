import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/database.js';
import type { JobRunner } from '../../core/jobs/index.js';
import { usdToMicros } from '../../core/money.js';
import type { RuntimeAssistant } from '../assistants/index.js';
import type { LanguageModel, ModelResolver } from '../replies/index.js';
import { registerCallFinalize } from './lifecycle/call-end.js';
import { CallSessions } from './lifecycle/call-sessions.js';
import { registerCallSweep } from './lifecycle/call-sweep.js';
import { createCallsService } from './calls.service.js';
import { createRecordingStore, type RecordingsConfig } from './recordings/index.js';
import type { CallEngine } from './engine/engine.types.js';
import { controlForCall } from './legs/twilio/twilio.js';
import { createTwilioAccounts } from './legs/twilio/twilio-accounts.js';
import { createTwilioRest } from './legs/twilio/twilio-rest.js';
import { createTwilioWebhooks } from './legs/twilio/twilio-webhooks.js';
import type { CallReadiness } from './lifecycle/call-readiness.js';
import { createInboundCallWebhook, type InboundCallWebhookDeps } from './lifecycle/inbound-call-webhook.js';
import { createWebCallsService } from './legs/web/web-calls.service.js';
import type { OriginVerdict } from '../widget/index.js';
import type { VoiceCallsPort } from '../chatapp/voice-calls.port.js';
import { createChatappCallsModule } from './legs/chatapp/chatapp-calls.module.js';
import { iceServersFromConfig, type WebrtcLegOptions } from './legs/chatapp/chatapp-webrtc.js';
import type { LeadOfCall } from './campaign-calls.port.js';

export interface CallsConfig extends RecordingsConfig {
  DATA_DIR: string;
  PUBLIC_URL?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_API_URL: string;
  TWILIO_TIMEOUT_MS: number;
  VOICE_PRICE_PER_MINUTE_USD: string;
  INBOUND_WEBHOOK_TIMEOUT_MS: number;
  WEB_CALL_TOKEN_TTL_SECONDS: number;
  WEB_CALLS_MAX_PER_ASSISTANT: number;
  WEB_CALLS_MAX_PER_NETWORK: number;
  CHATAPP_ICE_SERVERS?: string;
  CHATAPP_TURN_USERNAME?: string;
  CHATAPP_TURN_CREDENTIAL?: string;
  WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: number;
  WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: number;
  WIDGET_MESSAGES_PER_IP_PER_MINUTE: number;
}

export interface CallsModuleDeps {
  config: CallsConfig;
  db: Db;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  engine: CallEngine;
  loadAssistant(userId: number, assistantId: number): Promise<RuntimeAssistant | undefined>;
  /** The post-call evaluator's model (the conversations module's). */
  llm: LanguageModel;
  modelFor: ModelResolver;
  /** Browser calls: any account's assistant by UUID, speech readiness, the widget's origin rules. */
  assistantByUuid(uuid: string): Promise<RuntimeAssistant | undefined>;
  readiness: CallReadiness;
  originForAssistant(assistantUuid: string, origin: string): Promise<OriginVerdict>;
  /** Sends a webhook and waits for its first attempt (the inbound-call webhook); absent: none is sent. */
  sendWebhookNow?: InboundCallWebhookDeps['sendNow'];
  /** Calls on the chatapp platform (WebRTC); absent: no chatapp calls. */
  chatapp?: VoiceCallsPort;
  chatappLegOptions?: WebrtcLegOptions;
  /** The lead object of a campaign call's post-call webhook (the campaigns module's). */
  leadOfCall?: LeadOfCall;
}

/** Builds the calls module: Twilio client and accounts, live sessions, the API service and webhooks. */
export function createCallsModule(deps: CallsModuleDeps) {
  const { config, db, clock, logger } = deps;
  const rest = createTwilioRest({ baseUrl: config.TWILIO_API_URL, timeoutMs: config.TWILIO_TIMEOUT_MS });
  const accounts = createTwilioAccounts({
    db,
    secrets: deps.secrets,
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
  });
  const pricePerMinuteMicros = usdToMicros(Number(config.VOICE_PRICE_PER_MINUTE_USD));
  const sessions = new CallSessions({
    db,
    clock,
    logger,
    engine: deps.engine,
    loadAssistant: deps.loadAssistant,
    holderId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  });
  const calls = createCallsService({
    db,
    clock,
    logger,
    pricePerMinuteMicros,
    publicUrl: config.PUBLIC_URL,
    recordings: createRecordingStore(config, logger),
    rest,
    accounts,
    secrets: deps.secrets,
    loadAssistant: deps.loadAssistant,
  });
  const beforeAnswer = deps.sendWebhookNow
    ? createInboundCallWebhook({ db, clock, logger, timeoutMs: config.INBOUND_WEBHOOK_TIMEOUT_MS, sendNow: deps.sendWebhookNow })
    : undefined;
  const twilioWebhooks = createTwilioWebhooks({
    db,
    clock,
    logger,
    accounts,
    sessions,
    publicUrl: config.PUBLIC_URL,
    pricePerMinuteMicros,
    beforeAnswer,
  });
  const webCalls = createWebCallsService({
    db,
    clock,
    pricePerMinuteMicros,
    tokenTtlMs: config.WEB_CALL_TOKEN_TTL_SECONDS * 1000,
    assistantByUuid: deps.assistantByUuid,
    callsInProgress: { perAssistant: config.WEB_CALLS_MAX_PER_ASSISTANT, perNetwork: config.WEB_CALLS_MAX_PER_NETWORK },
    readiness: deps.readiness,
    originForAssistant: deps.originForAssistant,
    publicLimits: {
      conversationsPerIpPerHour: config.WIDGET_CONVERSATIONS_PER_IP_PER_HOUR,
      messagesPerConversationPerMinute: config.WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE,
      messagesPerIpPerMinute: config.WIDGET_MESSAGES_PER_IP_PER_MINUTE,
    },
  });
  const chatappCalls = deps.chatapp
    ? createChatappCallsModule({
        db,
        clock,
        logger,
        sessions,
        port: deps.chatapp,
        pricePerMinuteMicros,
        legOptions: deps.chatappLegOptions ?? { iceServers: iceServersFromConfig(config) },
        loadAssistant: deps.loadAssistant,
        beforeAnswer,
      })
    : null;
  return {
    calls,
    webCalls,
    sessions,
    twilioWebhooks,
    rest,
    accounts,
    pricePerMinuteMicros,
    llm: deps.llm,
    modelFor: deps.modelFor,
    loadAssistant: deps.loadAssistant,
    chatappCalls,
    leadOfCall: deps.leadOfCall,
  };
}

export type CallsModule = ReturnType<typeof createCallsModule>;

/** Post-call evaluation + webhook, and the sweep of calls whose media process died. */
export function registerCallsJobs(jobs: JobRunner, module: CallsModule): void {
  registerCallFinalize(jobs, {
    llm: module.llm,
    modelFor: module.modelFor,
    loadAssistant: module.loadAssistant,
    leadOfCall: module.leadOfCall,
  });
  registerCallSweep(jobs, {
    telephonyFor: (call) => {
      if (call.provider === 'twilio') return controlForCall(module.rest, module.accounts, call);
      if (call.provider === 'chatapp' && module.chatappCalls) return module.chatappCalls.telephonyFor(call);
      return Promise.resolve(null);
    },
  });
}
