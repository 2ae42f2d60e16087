import { enqueueJob, type JobRunner } from '../../core/jobs/index.js';
import { createCallPermissionService } from './call-permission/call-permission.service.js';
import { parseRestrictedCountries, type AssistantUuidLookup, type ChatappContext } from './chatapp.context.js';
import { createInboundService, PLATFORM_WEBHOOK_JOB } from './inbound/inbound.service.js';
import { createMessagingService } from './messaging/messaging.service.js';
import { createMediaService } from './messaging/media.service.js';
import { createPlatforms } from './platform/index.js';
import { createSendersService } from './senders/senders.service.js';
import {
  createSenderStateService,
  SENDER_STATE_SYNC_INTERVAL_MS,
  SYNC_ALL_SENDER_STATES_JOB,
  SYNC_SENDER_STATE_JOB,
  type SyncSenderStateJob,
} from './senders/sender-state.service.js';
import { createSimulatorService } from './platform/simulator.service.js';
import { createVoiceCallsPort } from './voice-calls.port.js';
import {
  createTemplatesService,
  SYNC_ALL_TEMPLATES_JOB,
  SYNC_TEMPLATES_JOB,
  TEMPLATE_SYNC_INTERVAL_MS,
  type SyncTemplatesJob,
} from './templates/templates.service.js';

export interface ChatappOptions extends Omit<ChatappContext, 'platforms' | 'restrictedCountries' | 'assistants'> {
  graphUrl: string;
  graphTimeoutMs: number;
  restrictedCountries: string;
  assistants: AssistantUuidLookup;
}

/** Every chatapp service, sharing one context; what deps.ts exposes as services.chatapp. */
export function createChatappServices(options: ChatappOptions) {
  const platforms = createPlatforms({ graphUrl: options.graphUrl, graphTimeoutMs: options.graphTimeoutMs, secrets: options.secrets });
  const ctx: ChatappContext = { ...options, platforms, restrictedCountries: parseRestrictedCountries(options.restrictedCountries) };
  const templates = createTemplatesService(ctx);
  const callPermission = createCallPermissionService(ctx);
  const senderState = createSenderStateService(ctx);
  const inbound = createInboundService({ ...ctx, templates, senderState, isRestricted: callPermission.isRestricted });
  return {
    senders: createSendersService(ctx),
    templates,
    senderState,
    messaging: createMessagingService({ ...ctx, senderState }),
    callPermission,
    media: createMediaService(ctx),
    inbound,
    simulator: createSimulatorService({ db: ctx.db, clock: ctx.clock, inbound, callPermission }),
    /** What the calls module uses to carry voice calls on the platform. */
    voiceCalls: createVoiceCallsPort({ ...ctx, inbound, isRestricted: callPermission.isRestricted }),
    /** POST /api/webhooks/chatapp: one insert, so the platform gets its 200 at once; the job does the work. */
    async acceptPlatformWebhook(payload: unknown): Promise<void> {
      await enqueueJob(ctx.db, { kind: PLATFORM_WEBHOOK_JOB, payload, maxAttempts: 10 });
    },
    close: () => platforms.close(),
  };
}

export type ChatappServices = ReturnType<typeof createChatappServices>;

/** The webhook processor, template syncs, and the 4-hourly sync of every sender (spec 3.2). */
export function registerChatappJobs(jobs: JobRunner, chatapp: ChatappServices): void {
  jobs.register(PLATFORM_WEBHOOK_JOB, (payload: unknown) => chatapp.inbound.processWebhook(payload));
  jobs.register<SyncTemplatesJob>(SYNC_TEMPLATES_JOB, (payload) => chatapp.templates.syncJob(payload));
  jobs.register(SYNC_ALL_TEMPLATES_JOB, () => chatapp.templates.syncAllJob());
  jobs.schedule(SYNC_ALL_TEMPLATES_JOB, TEMPLATE_SYNC_INTERVAL_MS, SYNC_ALL_TEMPLATES_JOB);
  jobs.register<SyncSenderStateJob>(SYNC_SENDER_STATE_JOB, (payload) => chatapp.senderState.syncJob(payload));
  jobs.register(SYNC_ALL_SENDER_STATES_JOB, () => chatapp.senderState.syncAllJob());
  jobs.schedule(SYNC_ALL_SENDER_STATES_JOB, SENDER_STATE_SYNC_INTERVAL_MS, SYNC_ALL_SENDER_STATES_JOB);
}
