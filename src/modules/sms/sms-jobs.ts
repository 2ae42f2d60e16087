import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/http/errors.js';
import { enqueueJob, PermanentJobError, RetryableJobError, type JobRunner } from '../../core/jobs/index.js';
import { isAccountSuspended } from '../accounts/index.js';
import { doNotCallSource } from '../campaigns/index.js';
import type { InboundTexts } from '../conversations/index.js';
import { SETTLE_SMS_JOB, type SmsSending } from './sms-send.js';
import { createSmsRepo } from './sms.repo.js';
import { fitToCarrier } from './sms-text.js';

export const SMS_ANSWER_JOB = 'sms.answer';
export const SMS_SEND_JOB = 'sms.send';

/** A customer's SMS for the number's assistant to answer. */
export interface SmsAnswerJob {
  inboundId: number;
  assistantId: number;
}

/** An SMS the service sends on its own: an assistant's reply, the answer to HELP. */
export interface SmsSendJob {
  userId: number;
  phoneNumberId: number;
  to: string;
  body: string;
  origin: 'assistant' | 'help';
  conversationId: number | null;
}

export interface SmsJobsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  sending: SmsSending;
  inboundTexts: InboundTexts;
}

/** Answers customers' SMS with the number's assistant, sends the service's own SMS, settles unanswered sends. */
export function registerSmsJobs(jobs: JobRunner, deps: SmsJobsDeps): void {
  jobs.register<SmsAnswerJob>(SMS_ANSWER_JOB, (payload) => answer(payload, deps));
  jobs.register<SmsSendJob>(SMS_SEND_JOB, (payload) => send(payload, deps));
  jobs.register<{ id: number }>(SETTLE_SMS_JOB, (payload) => deps.sending.settle(payload.id));
}

/**
 * The reply is produced by the conversations module's pipeline (billed as a chat message) and,
 * in the transaction that stores it, this message is marked answered and the reply's SMS queued:
 * a repeated job finds it answered, and a stored reply is sent at least once.
 */
async function answer(payload: SmsAnswerJob, deps: SmsJobsDeps): Promise<void> {
  const { db, clock } = deps;
  const message = await createSmsRepo(db).findById(payload.inboundId);
  if (!message || message.answered_at || message.phone_number_id === null) return;
  // Opted out (STOP) after this message came: no reply, not even a produced one.
  if (await doNotCallSource(db, message.user_id, message.from_number)) return;
  const phoneNumberId = message.phone_number_id;
  const result = await deps.inboundTexts.answerSms({
    userId: message.user_id,
    assistantId: payload.assistantId,
    phoneNumberId,
    customerPhone: message.from_number,
    text: message.body,
    async onReply(tx, reply) {
      if (!(await createSmsRepo(tx).markAnswered(message.id, reply.conversationId, clock.now())))
        throw new Error(`SMS ${message.id} was answered by another run`);
      const body = fitToCarrier(reply.text);
      if (!body) return;
      const job: SmsSendJob = {
        userId: message.user_id,
        phoneNumberId,
        to: message.from_number,
        body,
        origin: 'assistant',
        conversationId: reply.conversationId,
      };
      await enqueueJob(tx, { kind: SMS_SEND_JOB, payload: job, maxAttempts: 6 });
    },
  });
  if (result.outcome !== 'answered' && result.conversationId !== null)
    await createSmsRepo(db).setConversation(message.id, result.conversationId, clock.now());
  if (result.outcome === 'unanswered') deps.logger.warn({ smsId: message.id, reason: result.reason }, 'SMS left unanswered');
}

/** Refusals (opted out, no money, Twilio said no) are final; only Twilio out of reach is tried again. */
async function send(payload: SmsSendJob, deps: SmsJobsDeps): Promise<void> {
  // Queued before the operator suspended the account: not sent, and not tried again.
  if (await isAccountSuspended(deps.db, payload.userId)) {
    deps.logger.warn({ userId: payload.userId, origin: payload.origin }, 'SMS not sent: the account is suspended');
    return;
  }
  try {
    await deps.sending.send(
      payload.userId,
      { from: payload.phoneNumberId, to: payload.to, body: payload.body },
      { origin: payload.origin, conversationId: payload.conversationId },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.statusCode >= 500) throw new RetryableJobError(error.message);
    throw new PermanentJobError(`${error.message}${error.extra?.error ? `: ${String(error.extra.error)}` : ''}`);
  }
}
