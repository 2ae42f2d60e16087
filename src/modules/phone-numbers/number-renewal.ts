import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { changeBalance, InsufficientBalanceError, isAccountSuspended } from '../accounts/index.js';
import { RENEWAL_FAILED_EVENT, sendNumberEvent } from './number-events.js';
import { createNumberPurchasesRepo, type BoughtNumber } from './number-purchases.repo.js';
import { billingPeriodEnd, RENEW_JOB, scheduleRelease } from './phone-number-release.js';

const DAY_MS = 24 * 3_600_000;

export const renewJobKey = (id: number) => `phone-number-renew:${id}`;

/** The number's next renewal, at `at` (one pending renewal per number). */
export async function scheduleRenewal(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await enqueueJob(tx, { kind: RENEW_JOB, payload: { id }, runAt: at, dedupeKey: renewJobKey(id) });
}

/**
 * Monthly renewal of the numbers bought here: when the month paid for ends, the next one is
 * taken from the balance (a ledger row, in the transaction that moves `paid_until`). A balance
 * that cannot pay starts the grace period: the number's `phone_number_renewal_failed` event goes
 * out once, the balance is tried again each day, and a number still unpaid when the grace period
 * is over is released at once (the release job gives it back to the carrier).
 */
export function createNumberRenewal({ db, graceMs }: { db: Db; graceMs: number }) {
  async function unpaid(tx: DbOrTx, number: BoughtNumber, now: Date): Promise<void> {
    // From the first try that could not pay: a renewal deferred while the account was suspended
    // gets its whole grace period after the restore, not one that ended during the suspension.
    const graceStart = Math.max(number.paid_until!.getTime(), (number.renewal_failed_at ?? now).getTime());
    const graceEnd = new Date(graceStart + graceMs);
    if (!number.renewal_failed_at) {
      await createNumberPurchasesRepo(tx).markRenewalFailed(number.id, now);
      await sendNumberEvent(tx, number, { event: RENEWAL_FAILED_EVENT, releaseAt: graceEnd }, now);
    }
    if (now < graceEnd) return scheduleRenewal(tx, number.id, new Date(Math.min(now.getTime() + DAY_MS, graceEnd.getTime())));
    await scheduleRelease(tx, number.id, now, 'unpaid', now);
  }

  return {
    /** The renewal job; a repeated or early run changes nothing. */
    async renew(id: number, now: Date): Promise<void> {
      await inTransaction(db, async (tx) => {
        const number = await createNumberPurchasesRepo(tx).lockBought(id);
        // Released, or being released at the end of the month paid for: nothing to renew.
        if (!number?.paid_until || number.release_at) return;
        if (number.paid_until > now) return scheduleRenewal(tx, id, number.paid_until);
        // Suspended: nothing is charged and the number is kept; looked at again each day, so the
        // months it was kept are renewed (or their grace period starts) once the account is restored.
        if (await isAccountSuspended(tx, number.user_id)) return scheduleRenewal(tx, id, new Date(now.getTime() + DAY_MS));
        const next = billingPeriodEnd(number.created_at, number.paid_until);
        const priceMicros = number.monthly_price_micros ?? 0;
        try {
          if (priceMicros > 0) {
            const reason = `Phone number ${number.phone_number}: ${isoTimestamp(number.paid_until)} to ${isoTimestamp(next)}`;
            await changeBalance(tx, { userId: number.user_id, amountMicros: -priceMicros, reason, kind: 'usage', now });
          }
        } catch (error) {
          if (error instanceof InsufficientBalanceError) return unpaid(tx, number, now);
          throw error;
        }
        await createNumberPurchasesRepo(tx).markRenewed(id, next, now);
        await scheduleRenewal(tx, id, next);
      });
    },
  };
}
