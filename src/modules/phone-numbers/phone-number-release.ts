import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx, type Tx } from '../../core/db/transaction.js';
import { enqueueJob, type JobRunner } from '../../core/jobs/index.js';
import type { NumberProvisioning, SipTrunkResources } from './carrier.port.js';
import { sendNumberEvent, RELEASED_EVENT, type ReleaseReason } from './number-events.js';
import { createNumberPurchasesRepo } from './number-purchases.repo.js';
import { alreadyReleased, phoneNotFound, phoneNumberError } from './phone-number-errors.js';
import { createPhoneNumbersRepo } from './phone-numbers.repo.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { isoTimestamp } from '../../core/http/schemas.js';

export const PHONE_NUMBER_RELEASE_JOB = 'phone-numbers.release';

export interface ReleaseJobPayload {
  id: number;
  /** Absent in jobs enqueued before numbers were bought here: the owner released it. */
  reason?: ReleaseReason;
}

export const releaseJobKey = (id: number) => `phone-number-release:${id}`;

/**
 * The end of the monthly billing period `now` falls in, periods counted from `since` (the
 * number's registration): Jan 31 renews on Feb 28 (29), then Mar 31. Always after `now`.
 */
export function billingPeriodEnd(since: Date, now: Date): Date {
  let months = (now.getUTCFullYear() - since.getUTCFullYear()) * 12 + (now.getUTCMonth() - since.getUTCMonth());
  let end = addMonths(since, Math.max(months, 1));
  while (end <= now) end = addMonths(since, ++months);
  return end;
}

function addMonths(date: Date, months: number): Date {
  const firstOfTarget = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const target = new Date(firstOfTarget);
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), daysInTarget));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

/** The number stops renewing now and goes at `releaseAt`, when the release job removes it. */
export async function scheduleRelease(tx: DbOrTx, id: number, releaseAt: Date, reason: ReleaseReason, now: Date): Promise<void> {
  await createPhoneNumbersRepo(tx).scheduleRelease(id, releaseAt, now);
  const payload: ReleaseJobPayload = { id, reason };
  await enqueueJob(tx, { kind: PHONE_NUMBER_RELEASE_JOB, payload, runAt: releaseAt, dedupeKey: releaseJobKey(id), maxAttempts: 25 });
}

export interface NumberReleaseDeps {
  db: Db;
  clock: Clock;
  /** Gives bought numbers back to the carrier; null when the service buys none. */
  provisioning: NumberProvisioning | null;
  /** Deletes the row and what points at it, in the caller's transaction. */
  remove(tx: Tx, userId: number, id: number): Promise<void>;
}

/**
 * Releasing a number as the reference does: a number bought here keeps working until the end of
 * the month paid for and is given back to the carrier then (releasing it again is a 400); any
 * other number (imported, SIP, Caller ID, assigned by an administrator) is removed at once.
 */
export function createNumberRelease({ db, clock, provisioning, remove }: NumberReleaseDeps) {
  return {
    /**
     * When the number goes; null for at once. Either way the owner's decision is the deletion
     * the audit log records (release_at says when it takes effect).
     */
    async release(userId: number, id: number, actor: AuditActor): Promise<{ releaseAt: Date | null }> {
      return inTransaction(db, async (tx) => {
        const row = await createPhoneNumbersRepo(tx).lockForDelete(userId, id);
        if (!row) throw phoneNotFound();
        if (row.release_at) throw alreadyReleased();
        if (row.purchase_state === 'pending') throw phoneNumberError(409, 'The purchase of this phone number is still being confirmed.');
        const now = clock.now();
        let releaseAt: Date | null = null;
        if (row.purchase_state !== 'active' || !row.has_active_subscription || !row.paid_until) {
          await remove(tx, userId, id);
        } else {
          // In a grace period the paid month is over already: it goes now.
          releaseAt = new Date(Math.max(row.paid_until.getTime(), now.getTime()));
          await scheduleRelease(tx, id, releaseAt, 'released', now);
        }
        await recordAudit(tx, {
          userId,
          actor,
          action: 'phone_number.deleted',
          resourceType: 'phone_number',
          resourceId: id,
          details: { phone_number: row.phone_number, release_at: releaseAt && isoTimestamp(releaseAt) },
          now,
        });
        return { releaseAt };
      });
    },

    /**
     * The release job: once its time has come the number is given back to the carrier (a number
     * the carrier no longer has counts as given back), then removed with its `phone_number_released`
     * event. A repeated run finds nothing to do; a carrier out of reach fails the job, to be retried.
     */
    async removeReleased(id: number, reason: ReleaseReason, now: Date): Promise<void> {
      const number = await createNumberPurchasesRepo(db).findBought(id);
      if (!number?.release_at || number.release_at > now) return;
      if (number.carrier_sid) {
        if (!provisioning)
          throw new Error(`Phone number ${id} cannot be given back: the service has no Twilio account set up to buy numbers`);
        await provisioning.release(number.carrier_sid);
      }
      await inTransaction(db, async (tx) => {
        const due = await createPhoneNumbersRepo(tx).lockDueRelease(id, now);
        if (!due) return;
        await remove(tx, due.user_id, id);
        if (number.purchase_state) await sendNumberEvent(tx, number, { event: RELEASED_EVENT, reason }, now);
      });
    },
  };
}

export type NumberRelease = ReturnType<typeof createNumberRelease>;

/** What the phone-number jobs run. */
export interface PhoneNumberJobs {
  removeReleased(id: number, reason: ReleaseReason, now: Date): Promise<void>;
  renew(id: number, now: Date): Promise<void>;
  settlePurchase(id: number): Promise<unknown>;
  /** What the carrier edge holds for a removed SIP trunk. */
  removeSipTrunk?(resources: SipTrunkResources): Promise<void>;
}

export const RENEW_JOB = 'phone-numbers.renew';
export const SETTLE_PURCHASE_JOB = 'phone-numbers.settle-purchase';
export const REMOVE_SIP_TRUNK_JOB = 'phone-numbers.remove-sip-trunk';

/** Removal at the end of a period, monthly renewals, purchases whose answer never came, removed SIP trunks at Twilio. */
export function registerPhoneNumberJobs(jobs: JobRunner, numbers: PhoneNumberJobs): void {
  jobs.register<ReleaseJobPayload>(PHONE_NUMBER_RELEASE_JOB, async (payload, { now }) => {
    await numbers.removeReleased(payload.id, payload.reason ?? 'released', now);
  });
  jobs.register<{ id: number }>(RENEW_JOB, async (payload, { now }) => {
    await numbers.renew(payload.id, now);
  });
  jobs.register<{ id: number }>(SETTLE_PURCHASE_JOB, async (payload) => {
    await numbers.settlePurchase(payload.id);
  });
  const { removeSipTrunk } = numbers;
  if (removeSipTrunk) jobs.register<SipTrunkResources>(REMOVE_SIP_TRUNK_JOB, (resources) => removeSipTrunk(resources));
}
