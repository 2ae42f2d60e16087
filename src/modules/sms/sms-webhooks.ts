import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import type { SmsStatus } from '../../core/db/schema.js';
import { inTransaction } from '../../core/db/transaction.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { isAccountSuspended } from '../accounts/index.js';
import { addToDoNotCall, doNotCallSource, removeSmsOptOut } from '../campaigns/index.js';
import { normalizePhone } from '../phone-numbers/index.js';
import type { CarrierWebhook, SmsCarrier } from './sms-carrier.port.js';
import { SMS_ANSWER_JOB, SMS_SEND_JOB, type SmsAnswerJob, type SmsSendJob } from './sms-jobs.js';
import { createSmsLinesRepo } from './sms-lines.repo.js';
import type { SmsSending } from './sms-send.js';
import { createSmsRepo } from './sms.repo.js';
import { countSegments, keywordOf } from './sms-text.js';

/** Thrown when a webhook is not provably the carrier's: answered 403, nothing done. */
export class SmsSignatureError extends Error {}

/** Twilio's MessageStatus values as ours; `queued`, `sending`, `accepted` and the like change nothing. */
const STATUSES = new Map<string, SmsStatus>([
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['read', 'delivered'],
  ['undelivered', 'undelivered'],
  ['failed', 'failed'],
  ['canceled', 'failed'],
]);

const text = (params: CarrierWebhook['params'], key: string): string | undefined => {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
};

export interface SmsWebhooksDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  carrier: SmsCarrier;
  sending: SmsSending;
  /** SMS_HELP_TEXT; empty: HELP is not answered. */
  helpText: string;
}

/**
 * What Twilio tells us about SMS: a customer's message to one of our numbers, and the progress
 * of the messages we sent. Each must carry the signature of the Twilio account it names; one
 * that does not is refused before anything is read or stored.
 */
export function createSmsWebhooks(deps: SmsWebhooksDeps) {
  const { db, clock, carrier } = deps;

  async function verified(request: CarrierWebhook): Promise<string> {
    const accountSid = await carrier.verifyWebhook(request);
    if (!accountSid) throw new SmsSignatureError();
    return accountSid;
  }

  return {
    /**
     * A customer's SMS: stored once (a repeated webhook finds it), then, in the same
     * transaction, what carriers require of keywords (STOP puts the sender on the account's
     * do-not-call list, START takes that off, HELP is answered with SMS_HELP_TEXT) or the
     * number's assistant is asked to answer. Nothing is ever sent to a listed sender.
     */
    async incoming(request: CarrierWebhook): Promise<void> {
      const accountSid = await verified(request);
      const sid = text(request.params, 'MessageSid') ?? text(request.params, 'SmsSid');
      const to = normalizePhone(text(request.params, 'To') ?? '')?.e164;
      const from = normalizePhone(text(request.params, 'From') ?? '')?.e164;
      if (!sid || !to || !from) return;
      const line = await createSmsLinesRepo(db).receivingLine(to, accountSid, carrier.isOperatorAccount(accountSid));
      if (!line) return;
      const body = text(request.params, 'Body') ?? '';
      const keyword = keywordOf(body);
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        const row = await createSmsRepo(tx).insertInbound({
          userId: line.user_id,
          phoneNumberId: line.id,
          from,
          to,
          body,
          ...countSegments(body),
          sid,
          accountSid,
          now,
        });
        if (!row) return;
        if (keyword === 'stop') {
          await addToDoNotCall(tx, {
            userId: line.user_id,
            phoneNumber: from,
            source: 'sms_stop',
            reason: `Replied ${body.trim().toUpperCase()} by SMS`,
            now,
          });
          return;
        }
        if (keyword === 'start') {
          await removeSmsOptOut(tx, line.user_id, from);
          return;
        }
        if (await doNotCallSource(tx, line.user_id, from)) return;
        if (keyword === 'help') {
          // A suspended account sends nothing, not even the answer to HELP (the opt-out above still counts).
          if (!deps.helpText || (await isAccountSuspended(tx, line.user_id))) return;
          const job: SmsSendJob = {
            userId: line.user_id,
            phoneNumberId: line.id,
            to: from,
            body: deps.helpText,
            origin: 'help',
            conversationId: null,
          };
          await enqueueJob(tx, { kind: SMS_SEND_JOB, payload: job, maxAttempts: 6 });
          return;
        }
        if (line.assistant_id === null) return;
        const job: SmsAnswerJob = { inboundId: row.id, assistantId: line.assistant_id };
        await enqueueJob(tx, { kind: SMS_ANSWER_JOB, payload: job, maxAttempts: 5 });
      });
    },

    /**
     * Twilio's report on a message we sent: it moves only forward (`sent`, then `delivered`,
     * `undelivered` or `failed` with Twilio's error code), and only the account that sends the
     * message may report on it. A failed message's price comes back: Twilio does not bill it.
     */
    async status(request: CarrierWebhook, smsId: number | undefined): Promise<void> {
      const accountSid = await verified(request);
      if (smsId === undefined) return;
      const sid = text(request.params, 'MessageSid') ?? text(request.params, 'SmsSid');
      const status = STATUSES.get(text(request.params, 'MessageStatus') ?? text(request.params, 'SmsStatus') ?? '');
      const code = Number.parseInt(text(request.params, 'ErrorCode') ?? '', 10);
      const row = await createSmsRepo(db).findById(smsId);
      if (!sid || !status || !row || row.direction !== 'outbound' || row.provider_account_sid !== accountSid) return;
      if (row.sms_sid !== null && row.sms_sid !== sid) return;
      await inTransaction(db, async (tx) => {
        const moved = await createSmsRepo(tx).advance(row.id, {
          status,
          sid,
          errorCode: Number.isFinite(code) ? code : null,
          now: clock.now(),
        });
        if (moved?.status === 'failed') await deps.sending.refund(tx, moved, 'failed at Twilio');
      });
    },
  };
}

export type SmsWebhooks = ReturnType<typeof createSmsWebhooks>;
