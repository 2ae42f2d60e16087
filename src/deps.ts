import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino, type Logger } from 'pino';
import { ConfigError, type Config } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import { openDatabase, type DatabaseHandle, type Db } from './core/db/database.js';
import { vacuumStaleTables } from './core/db/embedded-vacuum.js';
import { createSecretBox, type SecretBox } from './core/crypto/secret-box.js';
import { createAccountsService, isAccountSuspended } from './modules/accounts/accounts.service.js';
import { createApiKeysService } from './modules/accounts/api-keys.service.js';
import { createAuthService } from './modules/accounts/auth.service.js';
import { createAuthCache, DEFAULT_AUTH_CACHE } from './modules/accounts/auth-cache.js';
import { createInvitationsService } from './modules/accounts/invitations.service.js';
import { createMembersService } from './modules/accounts/members.service.js';
import { createOidcClient } from './modules/accounts/oidc.client.js';
import { createOidcService } from './modules/accounts/oidc.service.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { createCalcomClient } from './modules/calendars/calcom.client.js';
import { createCalendlyClient } from './modules/calendars/calendly.client.js';
import { createGroupsService } from './modules/assistants/groups.service.js';
import { createToolsService } from './modules/tools/tools.service.js';
import { createPhoneNumbersService } from './modules/phone-numbers/phone-numbers.service.js';
import { createTwilioDirectory } from './modules/calls/legs/twilio/twilio-directory.js';
import { createTwilioRest } from './modules/calls/legs/twilio/twilio-rest.js';
import { createTwilioNumbers } from './modules/calls/legs/twilio/twilio-numbers.js';
import { createTwilioMessages } from './modules/calls/legs/twilio/twilio-messages.js';
import { createTwilioAccounts } from './modules/calls/legs/twilio/twilio-accounts.js';
import { createSmsModule } from './modules/sms/index.js';
import { registerPhoneNumberJobs } from './modules/phone-numbers/phone-number-release.js';
import { createNumberPurchasesService } from './modules/phone-numbers/number-purchases.service.js';
import { createNumberRenewal } from './modules/phone-numbers/number-renewal.js';
import { parseCountryPrices } from './modules/phone-numbers/number-pricing.js';
import { createSipTrunksService } from './modules/phone-numbers/sip-trunks.service.js';
import { createTwilioSipTrunks } from './modules/calls/legs/twilio/twilio-sip-trunks.js';
import { createTwilioSipRest } from './modules/calls/legs/twilio/twilio-sip-rest.js';
import { createAssistantsService } from './modules/assistants/assistants.service.js';
import { createAssistantCompatService } from './modules/assistants/assistant-compat.service.js';
import { createKnowledgeService, type KnowledgeService } from './modules/knowledge/knowledge.service.js';
import { embeddingsFromConfig, type EmbeddingsClient } from './modules/knowledge/embeddings.js';
import { createVectorSupport } from './modules/knowledge/vector-support.js';
import { registerKnowledgeJobs } from './modules/knowledge/document-processing.js';
import { createExtractionPool, type ExtractionPool } from './modules/knowledge/extraction/extraction-pool.js';
import { createChatappServices, registerChatappJobs } from './modules/chatapp/chatapp.service.js';
import { assistantUuidLookup } from './modules/chatapp/chatapp.context.js';
import { createAssistantRuntimes } from './modules/assistants/assistant-runtimes.js';
import { createConversationsModule, registerConversationsJobs } from './modules/conversations/conversations.module.js';
import type { ChatappChannel } from './modules/conversations/chatapp-replies.js';
import { JobRunner, pruneFinishedJobs } from './core/jobs/index.js';
import { createHttpClient, type HttpClient } from './core/net/index.js';
import { pruneExpiredLimits } from './core/limits/fixed-window.js';
import { usdToMicros } from './core/money.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';
import { createAuditLogService } from './modules/audit/index.js';
import { createUsageService } from './modules/usage/index.js';
import { parseRetrySchedule, registerWebhookJobs } from './modules/webhooks/webhook-delivery.js';
import { createImmediateWebhooks } from './modules/webhooks/immediate-delivery.js';
import { widgetServiceFrom } from './modules/widget/widget.service.js';
import { createCallsModule, registerCallsJobs } from './modules/calls/calls.module.js';
import { createCampaignsModule, leadOfCall } from './modules/campaigns/index.js';
import type { CallEngine } from './modules/calls/engine/engine.types.js';
import { createModeEngine } from './modules/calls/engine/mode-engine.js';
import { createPipelineEngine, type PipelineEngineDeps } from './modules/calls/engine/pipeline/pipeline-engine.js';
import { observeTurn, voiceTurnHistogram } from './modules/calls/engine/engine-metrics.js';
import { createRecordingStore } from './modules/calls/recordings/index.js';
import { createRealtimeEngine } from './modules/calls/engine/realtime/realtime-engine.js';
import { createCallReadiness } from './modules/calls/lifecycle/call-readiness.js';
import { createSpeechProviders } from './modules/calls/speech/providers.js';
import { createOperatorService } from './modules/operator/index.js';
import { VERSION } from './version.js';

/** Everything the app needs, built once. Tests build it with their own clock and database. */
export interface Deps {
  config: Config;
  db: Db;
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  services: Services;
  /** Durable background jobs; started by server.ts, drained by tests. */
  jobs: JobRunner;
  /** The SSRF-guarded client for every user-supplied URL. */
  http: HttpClient;
  /** PDF and DOCX parsing in child processes; closed at shutdown after the jobs. */
  extraction: ExtractionPool;
}

export type Services = ReturnType<typeof createServices>;

export interface DepsOverrides {
  clock?: Clock;
  logger?: Logger;
  database?: DatabaseHandle;
  /** One call's loop; tests bring a scripted one. */
  callEngine?: CallEngine;
  /** Hand-driven timers, latency hooks and audio lead for the real engines (tests, benchmarks). */
  callEngineHooks?: Pick<PipelineEngineDeps, 'timers' | 'onTurnMetrics' | 'audioLeadMs'>;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const logger = overrides.logger ?? pino({ level: config.LOG_LEVEL });
  const clock = overrides.clock ?? systemClock;
  const secretKey = resolveSecretKey(config, logger);
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: join(config.DATA_DIR, 'pglite'),
      poolSize: config.DB_POOL_SIZE,
      sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
      onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
    }));
  const http = createHttpClient({ allowPrivateUrls: config.ALLOW_PRIVATE_URLS, userAgent: `Switchboard/${VERSION}` });
  const jobs = new JobRunner({
    db: database.db,
    clock,
    logger,
    listen: database.listen,
    concurrency: config.JOB_CONCURRENCY,
    pollIntervalMs: config.JOB_POLL_INTERVAL_MS,
    leaseMs: config.JOB_LEASE_MS,
  });
  const extraction = createExtractionPool(config.KNOWLEDGE_EXTRACTION_PROCESSES ? { size: config.KNOWLEDGE_EXTRACTION_PROCESSES } : {});
  const base = { config, db: database.db, database, clock, logger, secrets: createSecretBox(secretKey), jobs, http, extraction };
  // One embeddings client, shared by search (queries) and document processing (chunks).
  const embeddings = embeddingsFromConfig(config);
  const deps = { ...base, services: createServices(base, embeddings, overrides) };
  registerBackgroundJobs(deps, embeddings);
  return deps;
}

function createServices(deps: Omit<Deps, 'services'>, embeddings: EmbeddingsClient | null, overrides: DepsOverrides) {
  const { db, clock, config } = deps;
  const accounts = createAccountsService({ db, clock });
  const authCache = createAuthCache(DEFAULT_AUTH_CACHE);
  const auth = createAuthService({
    db,
    clock,
    accounts,
    cache: authCache,
    listen: deps.database.listen,
    onListenError: (error) => deps.logger.warn({ err: error }, 'auth revocations unavailable; the auth cache stays off'),
    sessionTtlHours: config.SESSION_TTL_HOURS,
    loginMaxFailures: config.LOGIN_MAX_FAILURES,
    loginIpMaxFailures: config.LOGIN_IP_MAX_FAILURES,
    loginEmailMaxFailures: config.LOGIN_EMAIL_MAX_FAILURES,
    loginLockoutMinutes: config.LOGIN_LOCKOUT_MINUTES,
  });
  const apiKeys = createApiKeysService({ db, clock, cache: authCache });
  const members = createMembersService({ db, clock, cache: authCache });
  const invitations = createInvitationsService({
    db,
    clock,
    invitationTtlHours: config.INVITATION_TTL_HOURS,
    sessionTtlHours: config.SESSION_TTL_HOURS,
  });
  const oidc = createOidcService({
    db,
    clock,
    logger: deps.logger,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    provider: oidcProvider(config, clock),
    signInLimits: { ipMaxFailures: config.LOGIN_IP_MAX_FAILURES, lockoutMinutes: config.LOGIN_LOCKOUT_MINUTES },
  });
  const operator = createOperatorService({ db, clock, accounts, cache: authCache });
  const webhooks = createWebhooksService({ db, clock, secrets: deps.secrets });
  const usage = createUsageService({ db, clock, secrets: deps.secrets });
  const knowledge = createKnowledgeService({
    db,
    clock,
    logger: deps.logger,
    embeddings,
    vectors: createVectorSupport(db, deps.logger),
  });
  const assistantServices = createAssistantServices(deps, knowledge);
  const chatapp = createChatappServices({
    db,
    clock,
    logger: deps.logger,
    secrets: deps.secrets,
    graphUrl: config.CHATAPP_GRAPH_URL,
    graphTimeoutMs: config.CHATAPP_GRAPH_TIMEOUT_MS,
    restrictedCountries: config.CHATAPP_CALL_RESTRICTED_COUNTRIES,
    assistants: assistantUuidLookup(assistantServices.assistants),
    messagePriceMicros: usdToMicros(Number(config.CHATAPP_MESSAGE_PRICE_USD)),
    http: deps.http,
  });
  const conversationsModule = createConversationsModule({
    config,
    db,
    clock,
    logger: deps.logger,
    http: deps.http,
    balanceMicros: async (userId) => (await accounts.getUser(userId)).balance_micros,
    assistants: assistantServices.assistants,
    assistantRuntimes: createAssistantRuntimes(deps.secrets),
    catalog: assistantServices.catalog,
    calendars: assistantServices.calendars,
    customTools: assistantServices.tools,
    knowledgeSearch: async ({ userId, knowledgeBaseId, query, limit }) =>
      (await knowledge.search(userId, knowledgeBaseId, query, limit)).map((p) => ({
        content: p.heading ? `${p.heading}: ${p.content}` : p.content,
        source: p.sourceUrl ?? p.documentName,
        score: p.score,
      })),
    chatapp: chatappChannel(chatapp),
  });
  const callReadiness = createCallReadiness({ providers: createSpeechProviders(config), catalog: assistantServices.catalog });
  const widget = widgetServiceFrom({
    clock,
    assistants: assistantServices.assistants,
    conversations: conversationsModule.conversations,
    catalog: assistantServices.catalog,
    callAvailable: async (assistant) => (await callReadiness.unavailableReason(assistant)) === null,
    accountSuspended: (userId) => isAccountSuspended(db, userId),
  });
  const voiceTurns = voiceTurnHistogram();
  const callEngine =
    overrides.callEngine ?? createCallEngines(deps, assistantServices.catalog, conversationsModule, voiceTurns, overrides.callEngineHooks);
  const callsModule = createCallsModule({
    config,
    db,
    clock,
    logger: deps.logger,
    secrets: deps.secrets,
    engine: callEngine,
    loadAssistant: (userId, assistantId) => conversationsModule.assistants.byId(userId, assistantId),
    llm: conversationsModule.llm,
    modelFor: conversationsModule.modelFor,
    assistantByUuid: (uuid) => conversationsModule.assistants.byUuid(uuid),
    readiness: callReadiness,
    originForAssistant: (assistantUuid, origin) => widget.originForAssistant(assistantUuid, origin),
    chatapp: chatapp.voiceCalls,
    sendWebhookNow: createImmediateWebhooks({ db, clock, http: deps.http, signingSecrets: webhooks.signingSecrets }).send,
    leadOfCall,
  });
  const smsModule = createSmsModule({
    db,
    clock,
    logger: deps.logger,
    carrier: twilioMessages(deps),
    segmentPriceMicros: config.SMS_SEGMENT_PRICE_MICROS,
    helpText: config.SMS_HELP_TEXT,
    inboundTexts: conversationsModule.inboundTexts,
  });
  const campaignsModule = createCampaignsModule({
    config,
    db,
    clock,
    logger: deps.logger,
    http: deps.http,
    loadAssistant: (userId, assistantId) => conversationsModule.assistants.byId(userId, assistantId),
    ownedPhoneNumberIds: async (userId, ids, tx) => (await assistantServices.phoneNumbers.lockOwned(userId, ids, tx)).map((row) => row.id),
    canPayMinute: async (userId) => (await accounts.getUser(userId)).balance_micros >= callsModule.pricePerMinuteMicros,
    // A lead's variables are the call's variables as imported (strings, numbers, booleans).
    placeCall: (userId, input, dial) => callsModule.calls.makeCall(userId, input as Parameters<typeof callsModule.calls.makeCall>[1], dial),
  });
  return {
    callsModule,
    campaignsModule,
    smsModule,
    accounts,
    auth,
    apiKeys,
    members,
    invitations,
    oidc,
    operator,
    webhooks,
    usage,
    auditLog: createAuditLogService({ db }),
    knowledge,
    ...assistantServices,
    chatapp,
    conversations: conversationsModule.conversations,
    conversationsModule,
    widget,
    voiceTurns,
  };
}

/** The call engine of each assistant mode, on the chat's model, functions and prompt. */
function createCallEngines(
  deps: Omit<Deps, 'services'>,
  catalog: ReturnType<typeof createAssistantServices>['catalog'],
  conversationsModule: ReturnType<typeof createConversationsModule>,
  voiceTurns: ReturnType<typeof voiceTurnHistogram>,
  hooks: DepsOverrides['callEngineHooks'] = {},
): CallEngine {
  const { config, clock, logger } = deps;
  const pipeline = createPipelineEngine({
    clock,
    logger,
    dataDir: config.DATA_DIR,
    publicUrl: config.PUBLIC_URL,
    speech: createSpeechProviders(config),
    catalog,
    recordings: createRecordingStore(config, logger),
    recordingFormat: config.RECORDINGS_FORMAT,
    replyDeps: conversationsModule.replyEngineDeps,
    noiseSuppression: config.VOICE_NOISE_SUPPRESSION,
    noiseSuppressor: config.VOICE_NOISE_SUPPRESSOR,
    noiseSuppressionThreads: config.VOICE_NOISE_SUPPRESSION_THREADS,
    ...hooks,
    onTurnMetrics: (metrics) => {
      observeTurn(voiceTurns, metrics);
      hooks.onTurnMetrics?.(metrics);
    },
  });
  // multimodal and dualplex: the realtime model's engine (dualplex speaks through the assistant's synthesizer).
  const realtime = createRealtimeEngine({
    clock,
    logger,
    speech: createSpeechProviders(config),
    catalog,
    registry: conversationsModule.replyEngineDeps.registry,
    summaryModel: conversationsModule.replyEngineDeps,
    dataDir: config.DATA_DIR,
    publicUrl: config.PUBLIC_URL,
    recordings: createRecordingStore(config, logger),
    recordingFormat: config.RECORDINGS_FORMAT,
    timers: hooks.timers,
    audioLeadMs: hooks.audioLeadMs,
    noiseSuppression: config.VOICE_NOISE_SUPPRESSION,
  });
  return createModeEngine({ pipeline, multimodal: realtime, dualplex: realtime });
}

/** Catalogs, calendars, folders, labels, custom tools, phone numbers and the assistants that use them. */
function createAssistantServices(deps: Omit<Deps, 'services'>, knowledgeBases: KnowledgeService) {
  const { db, clock, config, logger, secrets, http } = deps;
  const speech = createSpeechProviders(config);
  const catalog = createCatalogService({
    db,
    logger,
    catalogFile: config.CATALOG_FILE,
    speechAvailable: (kind, code) => speech.availability(kind, code).available,
  });
  const timeoutMs = config.CALENDAR_TIMEOUT_MS;
  const calendars = {
    calcom: createCalcomClient({ http, usBaseUrl: config.CALCOM_API_URL, euBaseUrl: config.CALCOM_EU_API_URL, timeoutMs }),
    calendly: createCalendlyClient({ http, baseUrl: config.CALENDLY_API_URL, timeoutMs }),
  };
  const folders = createGroupsService({ db, clock }, 'folder');
  const labels = createGroupsService({ db, clock }, 'label');
  const tools = createToolsService({ db, clock, secrets, http: deps.http });
  // Deleting a number also drops the warm-transfer tools that dial from it (same transaction).
  const provisioning = twilioNumbers(config);
  const phoneNumbers = createPhoneNumbersService({
    db,
    clock,
    secrets,
    carrier: twilioDirectory(config),
    provisioning,
    beforeDelete: (tx, userId, id) => assistants.detachPhoneNumber(tx, userId, id),
  });
  const numberPurchases = createNumberPurchasesService({
    db,
    clock,
    provisioning,
    prices: {
      defaultMicros: config.PHONE_NUMBER_MONTHLY_PRICE_MICROS,
      byCountry: parseCountryPrices(config.PHONE_NUMBER_COUNTRY_PRICES_MICROS),
    },
  });
  const numberRenewal = createNumberRenewal({ db, graceMs: config.PHONE_NUMBER_RENEWAL_GRACE_DAYS * 24 * 3_600_000 });
  const sipTrunks = createSipTrunksService({
    db,
    clock,
    secrets,
    edge: twilioSipTrunks(config),
    policy: { allowPrivate: config.ALLOW_PRIVATE_SIP_ADDRESSES },
  });
  const owners = { folders, labels, tools, phoneNumbers, knowledgeBases };
  const assistants = createAssistantsService({ db, clock, secrets, catalog, calendars, owners });
  const assistantCompat = createAssistantCompatService({ db, clock });
  return {
    catalog,
    calendars,
    folders,
    labels,
    tools,
    phoneNumbers,
    numberPurchases,
    numberRenewal,
    sipTrunks,
    assistants,
    assistantCompat,
  };
}

/** Single sign-on, when the provider, its client and PUBLIC_URL are configured (config.ts checks they come together). */
function oidcProvider(config: Config, clock: Clock) {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, PUBLIC_URL: publicUrl } = config;
  if (!issuer || !clientId || !clientSecret || !publicUrl) return null;
  return {
    client: createOidcClient({ issuer, clientId, clientSecret, clock }),
    name: config.OIDC_PROVIDER_NAME,
    redirectUri: `${publicUrl.replace(/\/$/, '')}/api/auth/oidc/callback`,
  };
}

const twilioRest = (config: Config) => createTwilioRest({ baseUrl: config.TWILIO_API_URL, timeoutMs: config.TWILIO_TIMEOUT_MS });

function operatorAccount(config: Config) {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } = config;
  return accountSid && authToken ? { accountSid, authToken } : null;
}

/** Twilio's answers to the phone-number rules (credentials, which account has a number). */
function twilioDirectory(config: Config) {
  return createTwilioDirectory({ rest: twilioRest(config), operator: operatorAccount(config) });
}

/** Numbers bought on the service's Twilio account: needs the account, and PUBLIC_URL for the numbers' webhooks. */
function twilioNumbers(config: Config) {
  const operator = operatorAccount(config);
  if (!operator || !config.PUBLIC_URL) return null;
  return createTwilioNumbers({ rest: twilioRest(config), operator, publicUrl: config.PUBLIC_URL });
}

/** SIP trunks on the service's Twilio account (BYOC trunks and SIP domains): needs the account, and PUBLIC_URL for their calls' webhook. */
function twilioSipTrunks(config: Config) {
  const operator = operatorAccount(config);
  if (!operator || !config.PUBLIC_URL) return null;
  const rest = createTwilioSipRest({
    apiBaseUrl: config.TWILIO_API_URL,
    voiceBaseUrl: config.TWILIO_VOICE_API_URL,
    timeoutMs: config.TWILIO_TIMEOUT_MS,
  });
  return createTwilioSipTrunks({ rest, operator, publicUrl: config.PUBLIC_URL });
}

/** SMS through Twilio's Messages API, from the account that holds each number. */
function twilioMessages({ config, db, secrets }: Omit<Deps, 'services'>) {
  const accounts = createTwilioAccounts({ db, secrets, accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN });
  return createTwilioMessages({ rest: twilioRest(config), accounts, publicUrl: config.PUBLIC_URL });
}

/** Job handlers and recurring jobs; each schedule fires once per period across all processes. */
function registerBackgroundJobs(
  { jobs, config, clock, http, services, extraction, database }: Deps,
  embeddings: EmbeddingsClient | null,
): void {
  registerKnowledgeJobs(jobs, { clock, http, embeddings, extraction, crawl: { concurrency: config.KNOWLEDGE_CRAWL_CONCURRENCY } });
  registerChatappJobs(jobs, services.chatapp);
  registerConversationsJobs(jobs, services.conversationsModule);
  registerCallsJobs(jobs, services.callsModule);
  services.campaignsModule.registerJobs(jobs);
  services.smsModule.registerJobs(jobs);
  registerPhoneNumberJobs(jobs, {
    removeReleased: services.phoneNumbers.removeReleased,
    renew: services.numberRenewal.renew,
    settlePurchase: services.numberPurchases.settlePurchase,
    removeSipTrunk: services.sipTrunks.removeResources,
  });
  registerWebhookJobs(jobs, {
    clock,
    http,
    signingSecrets: services.webhooks.signingSecrets,
    retryScheduleMs: parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE),
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  jobs.register('maintenance.prune-expired', async (_payload, { db, now, logger }) => {
    const limits = await pruneExpiredLimits(db, now);
    const sessions = await services.auth.pruneExpiredSessions(now);
    const oidcLogins = await services.oidc.pruneExpiredLogins(now);
    const finishedJobs = await pruneFinishedJobs(db, now);
    logger.debug({ limits, sessions, oidcLogins, finishedJobs }, 'pruned expired rows');
  });
  jobs.schedule('maintenance.prune-expired', 15 * 60_000, 'maintenance.prune-expired');
  // PostgreSQL's autovacuum does this on a server; the embedded database has none (embedded-vacuum.ts).
  if (database.kind === 'pglite') {
    jobs.register('maintenance.vacuum-embedded', async (_payload, { db, logger }) => {
      const vacuumed = await vacuumStaleTables(db);
      if (vacuumed.length > 0) logger.info({ vacuumed }, "vacuumed and analysed the embedded database's changed tables");
    });
    jobs.schedule('maintenance.vacuum-embedded', 15 * 60_000, 'maintenance.vacuum-embedded');
  }
}

/** How AI replies reach chatapp customers: the sender's owner and display data, and a free-form send. */
function chatappChannel(chatapp: Services['chatapp']): ChatappChannel {
  return {
    sender: (senderId) => chatapp.senders.replyIdentity(senderId),
    async sendText({ userId, senderId, customerPhone, text }) {
      // The service's own replies are not the owner's API calls: they must not spend (or be
      // refused by) the owner's 5 requests/s send limit.
      await chatapp.messaging.sendFreeform(
        userId,
        { sender_id: senderId, recipient_phone: customerPhone, message: text },
        { apiRateLimit: false },
      );
    },
    inboundMessage: (messageId) => chatapp.inbound.currentMessage(messageId),
  };
}

/**
 * SECRET_KEY encrypts third-party secrets at rest. The embedded default generates one into
 * DATA_DIR on first start so a newcomer needs no setup; a shared PostgreSQL deployment must set
 * it, because every process has to use the same key.
 */
function resolveSecretKey(config: Config, logger: Logger): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  if (config.DATABASE_URL) {
    throw new ConfigError(['SECRET_KEY must be set when DATABASE_URL is set (every process must share it)']);
  }
  const file = join(config.DATA_DIR, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  logger.warn(
    { file },
    'SECRET_KEY is not set: generated one into DATA_DIR. Back it up; without it stored third-party secrets cannot be read.',
  );
  return generated;
}
