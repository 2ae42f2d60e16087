import { sql } from 'kysely';
import type { DbOrTx } from '../../../core/db/transaction.js';
import { changeBalance } from '../../accounts/index.js';
import { budgetDay } from '../../conversations/index.js';
import { createCallsRepo } from '../calls.repo.js';

export const SECONDS_PER_MINUTE = 60;

/** What `seconds` of talk cost at the call's per-minute price, by the started second. */
export function costForSeconds(seconds: number, pricePerMinuteMicros: number): number {
  return Math.ceil((Math.max(0, seconds) * pricePerMinuteMicros) / SECONDS_PER_MINUTE);
}

/** A public browser call's next minute would pass its assistant's daily widget budget (nothing changed). */
export class DailyBudgetSpentError extends Error {
  constructor() {
    super("The assistant's daily widget budget cannot pay another minute.");
    this.name = 'DailyBudgetSpentError';
  }
}

export interface MinuteReservation {
  id: number;
  userId: number;
  pricePerMinuteMicros: number;
  /** The assistant whose daily widget budget the minute counts against: public browser calls only. */
  budgetAssistantId?: number | null;
}

/** The assistant whose daily widget budget a call's minutes count against: a public browser call's own. */
export function budgetAssistantOf(call: { type: string; is_test: boolean; assistant_id: number | null }): number | null {
  return call.type === 'web' && !call.is_test ? call.assistant_id : null;
}

/**
 * Takes one more minute from the owner's balance for this call: a conditional balance update
 * with its ledger row, and the call's reservation, in the caller's transaction. Throws
 * InsufficientBalanceError (nothing changed) when the balance cannot pay it, so concurrent
 * calls of one owner can never reserve more than the balance holds, across processes. A public
 * browser call's minute also counts against its assistant's daily widget budget, the one widget
 * chat spends: DailyBudgetSpentError when it cannot (the caller's transaction rolls back).
 */
export async function reserveMinute(tx: DbOrTx, call: MinuteReservation, now: Date): Promise<boolean> {
  if (call.pricePerMinuteMicros <= 0) return true;
  // The row lock orders this with the call's end: an ended call reserves nothing more.
  if (!(await createCallsRepo(tx).addReserved(call.id, call.pricePerMinuteMicros))) return false;
  if (call.budgetAssistantId) await countAgainstDailyBudget(tx, call.id, call.budgetAssistantId, call.pricePerMinuteMicros, now);
  // Last, so the owner's row (shared by all their calls and chats) stays locked only until commit.
  await changeBalance(tx, {
    userId: call.userId,
    amountMicros: -call.pricePerMinuteMicros,
    reason: `Voice call ${call.id}: minute reserved`,
    kind: 'usage',
    now,
  });
  return true;
}

/**
 * Adds the minute to the day's widget spend by a conditional upsert (the row lock makes
 * concurrent reservations of any process see each other, so the spend never passes the cap),
 * with the cap read in the same statement; an assistant without a cap counts nothing. A call's
 * minutes all count against the day it first counted in, which its settlement gives back to.
 */
async function countAgainstDailyBudget(tx: DbOrTx, callId: number, assistantId: number, amountMicros: number, now: Date): Promise<void> {
  const { rows } = await sql<{ cap: number | null; counted: boolean }>`
    WITH cap AS (SELECT widget_daily_budget_micros AS cap FROM assistants WHERE id = ${assistantId}),
    budget AS (SELECT coalesce(budget_day, ${budgetDay(now)}::date) AS day FROM calls WHERE id = ${callId}),
    spent AS (
      INSERT INTO widget_daily_spend (assistant_id, day, spent_micros)
      SELECT ${assistantId}, (SELECT day FROM budget), ${amountMicros}::bigint
      WHERE ${amountMicros}::bigint <= (SELECT cap FROM cap)
      ON CONFLICT (assistant_id, day) DO UPDATE SET spent_micros = widget_daily_spend.spent_micros + EXCLUDED.spent_micros
        WHERE widget_daily_spend.spent_micros + EXCLUDED.spent_micros <= (SELECT cap FROM cap)
      RETURNING day),
    counted AS (
      UPDATE calls SET budget_day = (SELECT day FROM spent), budget_micros = budget_micros + ${amountMicros}::bigint
      WHERE id = ${callId} AND EXISTS (SELECT 1 FROM spent)
      RETURNING id)
    SELECT (SELECT cap FROM cap) AS cap, EXISTS (SELECT 1 FROM counted) AS counted`.execute(tx);
  const row = rows[0];
  if (row && row.cap !== null && !row.counted) throw new DailyBudgetSpentError();
}

/**
 * Settles the call once: its cost by the second (never more than was reserved, since the call is
 * ended when a minute cannot be reserved), and the unused reservation back to the balance, and
 * to the widget budget of the day the call counted against (never more than it counted there).
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
    await sql`UPDATE widget_daily_spend s SET spent_micros = s.spent_micros - least(${refund}::bigint, c.budget_micros)
      FROM calls c WHERE c.id = ${call.id} AND s.assistant_id = c.assistant_id AND s.day = c.budget_day`.execute(tx);
    await changeBalance(tx, {
      userId: call.user_id,
      amountMicros: refund,
      reason: `Voice call ${call.id}: unused reservation returned`,
      kind: 'usage',
      now,
    });
  }
  return cost;
}
