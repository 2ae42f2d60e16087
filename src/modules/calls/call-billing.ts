import type { DbOrTx } from '../../core/db/transaction.js';
import { changeBalance } from '../accounts/accounts.service.js';
import { createCallsRepo } from './calls.repo.js';

export const SECONDS_PER_MINUTE = 60;

/** What `seconds` of talk cost at the call's per-minute price, by the started second. */
export function costForSeconds(seconds: number, pricePerMinuteMicros: number): number {
  return Math.ceil((Math.max(0, seconds) * pricePerMinuteMicros) / SECONDS_PER_MINUTE);
}

/**
 * Takes one more minute from the owner's balance for this call: a conditional balance update
 * with its ledger row, and the call's reservation, in the caller's transaction. Throws
 * InsufficientBalanceError (nothing changed) when the balance cannot pay it, so concurrent
 * calls of one owner can never reserve more than the balance holds, across processes.
 */
export async function reserveMinute(tx: DbOrTx, call: { id: number; userId: number; pricePerMinuteMicros: number }, now: Date): Promise<boolean> {
  if (call.pricePerMinuteMicros <= 0) return true;
  // The row lock orders this with the call's end: an ended call reserves nothing more.
  if (!(await createCallsRepo(tx).addReserved(call.id, call.pricePerMinuteMicros))) return false;
  // Last, so the owner's row (shared by all their calls and chats) stays locked only until commit.
  await changeBalance(tx, { userId: call.userId, amountMicros: -call.pricePerMinuteMicros, reason: `Voice call ${call.id}: minute reserved`, now });
  return true;
}

/**
 * Settles the call once: its cost by the second (never more than was reserved, since the call is
 * ended when a minute cannot be reserved), and the unused reservation back to the balance.
 */
export async function settleCall(
  tx: DbOrTx,
  call: { id: number; user_id: number; reserved_micros: number; price_per_minute_micros: number },
  billableSeconds: number,
  now: Date,
): Promise<number> {
  const cost = Math.min(call.reserved_micros, costForSeconds(billableSeconds, call.price_per_minute_micros));
  if (!(await createCallsRepo(tx).settle(call.id, cost, now))) return cost;
  const refund = call.reserved_micros - cost;
  if (refund > 0) {
    await changeBalance(tx, { userId: call.user_id, amountMicros: refund, reason: `Voice call ${call.id}: unused reservation returned`, now });
  }
  return cost;
}
