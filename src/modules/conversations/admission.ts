import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../../core/db/transaction.js';
import { tooManyRequests } from '../../core/http/errors.js';
import { consumeEachLimit, countingWindows, limitWindows, onDistinctRows, windowVerdict, type LimitWindow, type WindowLimit } from '../../core/limits/fixed-window.js';
import { InsufficientBalanceError } from '../accounts/accounts.service.js';
import { dailyBudgetSpent, reservingChargeCtes, type Charge, type ReservationInput } from './billing.js';
import type { HistoryItem } from './prompt.js';
import type { TakenTurn, TurnQueue, TurnRow } from './turns.js';

/** A rate limit a message counts against, with its public refusal text. */
export interface NamedLimit extends WindowLimit {
  refusal: string;
}

export interface AdmissionInput {
  conversationId: number;
  /** Counted first; any refusal refuses the message. */
  limits: NamedLimit[];
  /** The message's price, reserved only when the AI answers it; null when it is free. */
  reservation: ReservationInput | null;
  /** How many of the latest messages the reply is built on. */
  historyMessages: number;
  now: Date;
}

export interface AdmittedMessage extends TakenTurn {
  charge: Charge | null;
  /** The latest messages as of the admission, or null when they must be read once the turn has come. */
  history: HistoryItem[] | null;
}

interface AdmissionRow extends Partial<TurnRow> {
  counts: Record<string, number> | null;
  budget_ok: boolean | null;
  charge_id: number | null;
  balance_after: number | null;
  history: HistoryItem[] | null;
}

/**
 * A message's admission as ONE statement in the caller's transaction: the rate-limit counters,
 * the ticket, the day's budget, the charge and the balance move with its ledger row, each gated
 * on the one before, so a refused message locks nothing past what refused it. The caller's
 * transaction must roll back on a throw: a refusal found after the statement leaves the earlier
 * counts in it. Order of the row locks as before: counters, conversation, budget, owner.
 *
 * When it is already this message's turn, the recent history is read in the same statement. Its
 * snapshot predates a wait for the conversation row's lock, so it is used only if the row's
 * turn_done in that snapshot is the one the ticket was taken from; otherwise a reply stored
 * meanwhile might be missing, and the pipeline reads the history again once the turn has come.
 *
 * The commit does not wait for the WAL flush (see the pipeline's admission).
 *
 * Returns undefined when the conversation no longer exists.
 */
export async function admitMessage(tx: Tx, turns: TurnQueue, input: AdmissionInput): Promise<AdmittedMessage | undefined> {
  let windows = limitWindows(input.limits, input.now);
  if (!onDistinctRows(windows)) {
    refuseOnFirst(input.limits, await consumeEachLimit(tx, input.limits, input.now));
    windows = [];
  }
  const { rows } = await admissionStatement(turns, input, windows).execute(tx);
  const row = rows[0]!;
  if (windows.length > 0) refuseOnFirst(input.limits, windows.map((w) => windowVerdict(w, row.counts?.[w.bucket] ?? 1, input.now)));
  if (row.turn_issued === null || row.turn_issued === undefined) return undefined;
  const taken = turns.takenTurn(input.conversationId, row as TurnRow);
  const reservation = input.reservation;
  if (!reservation || !taken.aiEnabled) return { ...taken, charge: null, history: row.history };
  if (reservation.dailyBudget && !row.budget_ok) throw dailyBudgetSpent(input.now);
  if (row.balance_after === null || row.charge_id === null) throw new InsufficientBalanceError();
  return { ...taken, charge: { id: row.charge_id, userId: reservation.userId, amountMicros: reservation.amountMicros }, history: row.history };
}

function refuseOnFirst(limits: NamedLimit[], verdicts: { allowed: boolean; retryAfterSeconds: number }[]): void {
  const refused = verdicts.findIndex((verdict) => !verdict.allowed);
  if (refused >= 0) throw tooManyRequests(limits[refused]!.refusal, verdicts[refused]!.retryAfterSeconds, 'RATE_LIMITED');
}

function admissionStatement(turns: TurnQueue, input: AdmissionInput, windows: LimitWindow[]) {
  const id = input.conversationId;
  const limited = windows.length > 0;
  const counting = limited
    ? sql`counted AS (${countingWindows(windows)}),
      admitted AS (
        SELECT coalesce(bool_and(c.count <= l.max_count), true) AS ok
        FROM counted c JOIN (VALUES ${sql.join(windows.map((w) => sql`(${w.bucket}::text, ${w.limit}::int)`))}) AS l (bucket, max_count) USING (bucket)),`
    : sql``;
  const allowed: RawBuilder<boolean> = limited ? sql`(SELECT ok FROM admitted)` : sql`true`;
  const reservation = input.reservation;
  const reserving = reservation ? sql`, ${reservingChargeCtes(reservation, sql`coalesce((SELECT ai_enabled FROM taken), false)`)}` : sql``;
  const reserved = reservation
    ? sql`${reservation.dailyBudget ? sql`EXISTS (SELECT 1 FROM reserved_spend)` : sql`NULL::boolean`} AS budget_ok,
        (SELECT id FROM reserved_charge) AS charge_id,
        (SELECT balance_after_micros FROM reserved_debit) AS balance_after`
    : sql`NULL::boolean AS budget_ok, NULL::bigint AS charge_id, NULL::bigint AS balance_after`;
  return sql<AdmissionRow>`
    WITH ${counting}
      before_admission AS (SELECT turn_done FROM conversations WHERE id = ${id}::bigint),
      taken AS (${turns.takingTurn(id, allowed)})
      ${reserving}
    SELECT set_config('synchronous_commit', 'off', true) AS commit_mode,
      ${limited ? sql`(SELECT json_object_agg(bucket, count) FROM counted)` : sql`NULL::json`} AS counts,
      t.turn_issued, t.turn_done, t.ai_enabled,
      ${reserved},
      CASE WHEN t.ai_enabled AND t.turn_done = t.turn_issued - 1 AND t.turn_done = (SELECT turn_done FROM before_admission)
        THEN (SELECT coalesce(json_agg(h ORDER BY h.id), '[]'::json) FROM (
          SELECT id, role, content, function_calls FROM conversation_messages
          WHERE conversation_id = ${id}::bigint ORDER BY id DESC LIMIT ${input.historyMessages}::int) AS h)
      END AS history
    FROM (SELECT 1) AS one LEFT JOIN taken AS t ON true`;
}
