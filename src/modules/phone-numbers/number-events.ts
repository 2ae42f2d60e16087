import type { DbOrTx } from '../../core/db/transaction.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { microsToUsd } from '../../core/money.js';
import { enqueueWebhook } from '../webhooks/index.js';
import type { BoughtNumber } from './number-purchases.repo.js';

export const RENEWAL_FAILED_EVENT = 'phone_number_renewal_failed';
export const RELEASED_EVENT = 'phone_number_released';

/** Why a bought number went: its owner released it, or its renewal stayed unpaid past the grace period. */
export type ReleaseReason = 'released' | 'unpaid';

type NumberEvent = { event: typeof RENEWAL_FAILED_EVENT; releaseAt: Date } | { event: typeof RELEASED_EVENT; reason: ReleaseReason };

/**
 * A bought number's event to its `webhook_url`, signed and retried like every webhook, written in
 * the caller's transaction (so it is sent exactly when the change commits); none without a URL.
 */
export async function sendNumberEvent(tx: DbOrTx, number: BoughtNumber, what: NumberEvent, now: Date): Promise<void> {
  if (!number.webhook_url) return;
  const details =
    what.event === RENEWAL_FAILED_EVENT
      ? {
          message: `The balance cannot pay the next month of ${number.phone_number}. Top up before ${isoTimestamp(what.releaseAt)} or the number is released.`,
          monthly_price: microsToUsd(number.monthly_price_micros ?? 0),
          paid_until: isoTimestamp(number.paid_until),
          release_at: isoTimestamp(what.releaseAt),
        }
      : { reason: what.reason };
  await enqueueWebhook(tx, {
    userId: number.user_id,
    url: number.webhook_url,
    event: what.event,
    payload: {
      event: what.event,
      phone_number_id: number.id,
      phone_number: number.phone_number,
      ...details,
      created_at: isoTimestamp(now),
    },
    now,
  });
}
