import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import type { JobRunner } from '../../core/jobs/index.js';
import type { InboundTexts } from '../conversations/index.js';
import type { SmsCarrier } from './sms-carrier.port.js';
import { registerSmsJobs } from './sms-jobs.js';
import { createSmsSending } from './sms-send.js';
import { createSmsService } from './sms.service.js';
import { createSmsWebhooks } from './sms-webhooks.js';

export interface SmsModuleDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  carrier: SmsCarrier;
  /** SMS_SEGMENT_PRICE_MICROS. */
  segmentPriceMicros: number;
  /** SMS_HELP_TEXT. */
  helpText: string;
  /** How assistants answer customers' SMS (the conversations module's). */
  inboundTexts: InboundTexts;
}

/** SMS: sending from the account's numbers, the carrier's webhooks, assistants answering by SMS. */
export function createSmsModule(deps: SmsModuleDeps) {
  const { db, clock, logger } = deps;
  const sending = createSmsSending({ db, clock, logger, carrier: deps.carrier, segmentPriceMicros: deps.segmentPriceMicros });
  return {
    sending,
    sms: createSmsService({ db, sending }),
    webhooks: createSmsWebhooks({ db, clock, logger, carrier: deps.carrier, sending, helpText: deps.helpText }),
    registerJobs(jobs: JobRunner) {
      registerSmsJobs(jobs, { db, clock, logger, sending, inboundTexts: deps.inboundTexts });
    },
  };
}

export type SmsModule = ReturnType<typeof createSmsModule>;
