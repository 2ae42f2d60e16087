// The campaigns module (campaigns, leads and their import, the dialer, the do-not-call list):
// what the composition root (app.ts, deps.ts) may use. Anything not listed here is internal to
// the module.
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { JobRunner } from '../../core/jobs/index.js';
import type { HttpClient } from '../../core/net/index.js';
import { createCampaignsService, type CampaignAssistant } from './campaigns.service.js';
import { createDoNotCallService } from './do-not-call.service.js';
import { registerCampaignJobs } from './dialer-jobs.js';
import type { DialerDeps } from './dialer.js';
import { createLeadsService } from './leads.service.js';
import { createPreDialWebhook } from './pre-dial-webhook.js';

export { campaignsRoutes } from './campaigns.routes.js';
export { leadsRoutes } from './leads.routes.js';
export { leadOfCall } from './lead-webhook.js';
export { addToDoNotCall, doNotCallSource, removeSmsOptOut } from './do-not-call.repo.js';

export interface CampaignsConfig {
  CAMPAIGN_QUIET_HOURS: string;
  CAMPAIGN_MAX_ATTEMPTS_PER_NUMBER_PER_DAY: number;
  CAMPAIGN_PRE_DIAL_WEBHOOK_TIMEOUT_MS: number;
  CAMPAIGN_DIALER_INTERVAL_SECONDS: number;
}

export interface CampaignsModuleDeps {
  config: CampaignsConfig;
  db: Db;
  clock: Clock;
  logger: Logger;
  http: HttpClient;
  loadAssistant(userId: number, assistantId: number): Promise<CampaignAssistant | undefined>;
  ownedPhoneNumberIds(userId: number, ids: number[], tx: DbOrTx): Promise<number[]>;
  canPayMinute(userId: number): Promise<boolean>;
  placeCall: DialerDeps['placeCall'];
}

/** Campaigns, leads, the do-not-call list and the dialer that calls them. */
export function createCampaignsModule(deps: CampaignsModuleDeps) {
  const { config, db, clock, logger } = deps;
  const campaigns = createCampaignsService({
    db,
    clock,
    logger,
    loadAssistant: deps.loadAssistant,
    ownedPhoneNumberIds: deps.ownedPhoneNumberIds,
    canPayMinute: deps.canPayMinute,
    quietHours: config.CAMPAIGN_QUIET_HOURS,
  });
  const dialer: DialerDeps = {
    logger,
    placeCall: deps.placeCall,
    askPreDial: createPreDialWebhook({ http: deps.http, timeoutMs: config.CAMPAIGN_PRE_DIAL_WEBHOOK_TIMEOUT_MS, logger }),
    quietHours: config.CAMPAIGN_QUIET_HOURS,
    maxAttemptsPerNumberPerDay: config.CAMPAIGN_MAX_ATTEMPTS_PER_NUMBER_PER_DAY,
  };
  return {
    campaigns,
    leads: createLeadsService({ db, clock }),
    doNotCall: createDoNotCallService({ db, clock }),
    importDeps: { db, clock },
    registerJobs(jobs: JobRunner) {
      registerCampaignJobs(jobs, { ...dialer, sweepEveryMs: config.CAMPAIGN_DIALER_INTERVAL_SECONDS * 1000 });
    },
  };
}

export type CampaignsModule = ReturnType<typeof createCampaignsModule>;
