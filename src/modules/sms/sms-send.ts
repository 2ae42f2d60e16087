import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { changeBalance, InsufficientBalanceError } from '../accounts/index.js';
import { addToDoNotCall, doNotCallSource } from '../campaigns/index.js';
import { normalizePhone } from '../phone-numbers/index.js';
import { SmsCarrierUnavailableError, SmsRefusedError, type SmsCarrier, type SmsSender } from './sms-carrier.port.js';
import { smsErrors, UNSUBSCRIBED_RECIPIENT } from './sms-errors.js';
import { createSmsLinesRepo } from './sms-lines.repo.js';
import { createSmsRepo, type SmsRow } from './sms.repo.js';
import { countSegments } from './sms-text.js';

/** A message whose carrier answer never came is settled (failed, refunded) after this. */
const SETTLE_AFTER_MS = 10 * 60_000;
export const SETTLE_SMS_JOB = 'sms.settle-send';

export interface SmsSendDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  carrier: SmsCarrier;
  segmentPriceMicros: number;
}

export interface SendSmsInput {
  /** The id of one of the account's numbers. */
  from: number;
  to: string;
  body: string;
}

export interface SendOptions {
  origin: 'api' | 'assistant' | 'help';
  conversationId?: number | null;
}

/**
 * Sending an SMS from one of the account's numbers, priced per segment. The price is taken from
 * the balance (the conditional update that makes parallel sends on any number of processes spend
 * exactly what it holds) in the transaction that records the message `queued`, before Twilio is
 * asked; Twilio's refusal gives it back in a transaction of its own. A recipient on the
 * account's do-not-call list (who replied STOP, or was listed by the account) is never sent to.
 */
export function createSmsSending(deps: SmsSendDeps) {
  const { db, clock, carrier } = deps;

  async function refund(tx: DbOrTx, row: SmsRow, why: string): Promise<void> {
    if (!(await createSmsRepo(tx).markRefunded(row.id, clock.now()))) return;
    await changeBalance(tx, {
      userId: row.user_id,
      amountMicros: row.total_cost_micros,
      reason: `Refund: SMS ${row.id} ${why}`,
      kind: 'usage',
      now: clock.now(),
    });
  }

  /** Records it `queued` and takes its price, in one transaction. */
  async function reserve(
    userId: number,
    line: { id: number; phone_number: string },
    to: string,
    body: string,
    sender: SmsSender,
    options: SendOptions,
  ) {
    const { encoding, segments } = countSegments(body);
    const now = clock.now();
    try {
      return await inTransaction(db, async (tx) => {
        const row = await createSmsRepo(tx).insertOutbound({
          userId,
          phoneNumberId: line.id,
          origin: options.origin,
          from: line.phone_number,
          to,
          body,
          encoding,
          segments,
          segmentPriceMicros: deps.segmentPriceMicros,
          accountSid: sender.accountSid,
          conversationId: options.conversationId ?? null,
          now,
        });
        if (row.total_cost_micros > 0)
          await changeBalance(tx, {
            userId,
            amountMicros: -row.total_cost_micros,
            reason: `SMS ${row.id} to ${to}: ${segments} segment${segments === 1 ? '' : 's'}`,
            kind: 'usage',
            now,
          });
        await enqueueJob(tx, { kind: SETTLE_SMS_JOB, payload: { id: row.id }, runAt: new Date(now.getTime() + SETTLE_AFTER_MS) });
        return row;
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw smsErrors.insufficientBalance();
      throw error;
    }
  }

  /** Twilio refused: failed with its words and refunded; a recipient who unsubscribed at Twilio goes on the do-not-call list too. */
  async function refused(row: SmsRow, error: SmsRefusedError): Promise<void> {
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      await createSmsRepo(tx).failQueued(row.id, { errorCode: error.carrierCode, errorMessage: error.reason, now });
      await refund(tx, row, `refused by Twilio (${error.carrierCode ?? 'no code'})`);
      if (error.carrierCode === UNSUBSCRIBED_RECIPIENT)
        await addToDoNotCall(tx, {
          userId: row.user_id,
          phoneNumber: row.to_number,
          source: 'sms_stop',
          reason: 'Twilio: unsubscribed recipient',
          now,
        });
    });
  }

  /** A message still `queued` (Twilio never answered) fails and its price comes back; anything else stays. */
  async function settle(id: number, why = 'No answer from Twilio'): Promise<void> {
    await inTransaction(db, async (tx) => {
      const row = await createSmsRepo(tx).failQueued(id, { errorCode: null, errorMessage: why, now: clock.now() });
      if (row) await refund(tx, row, 'not sent: no answer from Twilio');
    });
  }

  async function refuseListed(userId: number, to: string): Promise<void> {
    const source = await doNotCallSource(db, userId, to);
    if (source === 'sms_stop') throw smsErrors.optedOut();
    if (source) throw smsErrors.doNotCall();
  }

  return {
    async send(userId: number, input: SendSmsInput, options: SendOptions = { origin: 'api' }): Promise<SmsRow> {
      const line = await createSmsLinesRepo(db).sendingNumber(userId, input.from);
      if (!line) throw smsErrors.fromNotFound();
      if (!line.sms_capable) throw smsErrors.notSmsCapable();
      if (!line.claim) throw smsErrors.notOnCarrier();
      const to = normalizePhone(input.to)?.e164;
      if (!to) throw smsErrors.invalidTo();
      await refuseListed(userId, to);
      const sender = await carrier.senderFor(line.id);
      if (!sender) throw smsErrors.notSetUp();
      const row = await reserve(userId, line, to, input.body, sender, options);
      try {
        const accepted = await sender.send({
          from: line.phone_number,
          to,
          body: input.body,
          statusCallbackUrl: carrier.statusCallbackUrl(row.id) ?? undefined,
        });
        await createSmsRepo(db).markSent(row.id, accepted.sid, clock.now());
      } catch (error) {
        if (error instanceof SmsRefusedError) {
          await refused(row, error);
          throw smsErrors.refused(error);
        }
        if (!(error instanceof SmsCarrierUnavailableError)) throw error;
        deps.logger.warn({ err: error, smsId: row.id }, 'Twilio could not be reached to send an SMS');
        await settle(row.id);
        throw smsErrors.unavailable();
      }
      return (await createSmsRepo(db).findById(row.id))!;
    },

    settle,

    refund,
  };
}

export type SmsSending = ReturnType<typeof createSmsSending>;
