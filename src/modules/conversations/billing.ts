import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import type { ConversationType, Database } from '../../core/db/schema.js';
import type { Db } from '../../core/db/database.js';
import type { SqlValue } from '../../core/db/fixed-statement.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { balanceMoveCtes, changeBalance, InsufficientBalanceError } from '../accounts/index.js';
import { tooManyRequests } from '../../core/http/errors.js';

/** 0.01 USD per user message (spec 1 and 8). */
export const MESSAGE_PRICE_MICROS = 10_000;

/** Test conversations are free; every other kind costs the assistant owner per user message. */
export function messagePriceMicros(type: ConversationType): number {
  return type === 'test' ? 0 : MESSAGE_PRICE_MICROS;
}

export interface Charge {
  id: number;
  userId: number;
  amountMicros: number;
}

/**
 * The widget daily budget a charge counts against: the assistant's own cap on what its widget
 * conversations may spend per UTC day (widget_daily_budget_micros, read in the reservation's
 * statement; an assistant without one has no budget).
 */
export interface DailyBudget {
  assistantId: number;
}

/** 'YYYY-MM-DD' of the UTC day holding `now`: the widget daily budget's period. */
export function budgetDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Seconds until the next UTC midnight, when a spent daily budget starts again. */
export function secondsToNextBudgetDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export const dailyBudgetSpent = (now: Date) =>
  tooManyRequests(
    'This assistant has answered all the messages it can today. Please try again tomorrow.',
    secondsToNextBudgetDay(now),
    'DAILY_BUDGET_SPENT',
  );

const chargeReason = (conversationUuid: string) => `Chat message, conversation ${conversationUuid}`;

export interface ReservationInput {
  userId: number;
  conversationId: number;
  conversationUuid: string;
  amountMicros: number;
  now: Date;
  dailyBudget?: DailyBudget | null;
}

/**
 * Per-message billing as a reservation: the price is taken (conditional update + ledger row)
 * before the model is called, so concurrent messages can never spend more than the balance;
 * a reply stored captures it, a failure refunds it. A reservation nobody settled (the process
 * died) is refunded by the periodic sweep. With a daily budget, the day's spend grows by a
 * conditional upsert in the same statement: the row lock makes concurrent reservations (any
 * process) see each other, so the spend never passes the cap. The cap is read in the statement
 * too, so a cap just changed applies to the next message in every process.
 *
 * The reservation as CTEs of the message admission's statement (admission.ts), each step gated
 * on the one before: `budget_cap` and `reserved_spend` (the assistant's cap and the day's spend,
 * only when budgeted; a null cap: no budget, no row; no spend row under a cap: the cap refused),
 * `reserved_charge` (the charge row's id), `reserved_debit` (the balance move and its ledger
 * row; no row: the balance refused). `when` gates the whole reservation. A refusal leaves the
 * later steps unwritten, and the caller must roll back what the earlier ones wrote. Its values
 * are reservationValues(input), or placeholders (reservationPlaceholders) in a fixed statement.
 */
export function reservingChargeCtes(values: ReservationValues, budgeted: boolean, when: RawBuilder<boolean>): RawBuilder<unknown> {
  const cap = sql`(SELECT cap FROM budget_cap)`;
  const spend = budgeted
    ? sql`budget_cap AS (SELECT widget_daily_budget_micros AS cap FROM assistants WHERE id = ${values.budgetAssistantId}::int),
      reserved_spend AS (
        INSERT INTO widget_daily_spend (assistant_id, day, spent_micros)
        SELECT ${values.budgetAssistantId}::int, ${values.budgetDay}::date, ${values.amountMicros}::bigint
        WHERE ${when} AND ${values.amountMicros}::bigint <= ${cap}
        ON CONFLICT (assistant_id, day) DO UPDATE SET spent_micros = widget_daily_spend.spent_micros + EXCLUDED.spent_micros
          WHERE widget_daily_spend.spent_micros + EXCLUDED.spent_micros <= ${cap}
        RETURNING spent_micros),`
    : sql``;
  // Counted against a budget only when there is one (its day's spend row is what a refund gives back to).
  const charge = sql`reserved_charge AS (
      INSERT INTO conversation_charges (user_id, conversation_id, amount_micros, created_at, budget_assistant_id, budget_day)
      SELECT ${values.userId}::int, ${values.conversationId}::bigint, ${values.amountMicros}::bigint, ${values.now}::timestamptz,
        ${budgeted ? sql`CASE WHEN ${cap} IS NOT NULL THEN ${values.budgetAssistantId}::int END, CASE WHEN ${cap} IS NOT NULL THEN ${values.budgetDay}::date END` : sql`NULL::int, NULL::date`}
      WHERE ${when} ${budgeted ? sql`AND (${cap} IS NULL OR EXISTS (SELECT 1 FROM reserved_spend))` : sql``}
      RETURNING id)`;
  const debit = balanceMoveCtes(
    'reserved_debit',
    { userId: values.userId, amountMicros: values.debitMicros, reason: values.reason, kind: 'usage', now: values.now },
    sql<boolean>`EXISTS (SELECT 1 FROM reserved_charge)`,
  );
  return sql`${spend} ${charge}, ${debit}`;
}

/** What reservingChargeCtes writes, value by value (each may be a fixed statement's placeholder). */
export interface ReservationValues {
  userId: SqlValue<number>;
  conversationId: SqlValue<number>;
  amountMicros: SqlValue<number>;
  /** The balance move: minus the amount. */
  debitMicros: SqlValue<number>;
  reason: SqlValue<string>;
  now: SqlValue<Date>;
  /** The daily budget's assistant and UTC day; null without a budget. */
  budgetAssistantId: SqlValue<number | null>;
  budgetDay: SqlValue<string | null>;
}

/** Every name of ReservationValues (the type makes the list whole), for a statement that takes each as a placeholder. */
const RESERVATION_VALUE_NAMES: Record<keyof ReservationValues, true> = {
  userId: true,
  conversationId: true,
  amountMicros: true,
  debitMicros: true,
  reason: true,
  now: true,
  budgetAssistantId: true,
  budgetDay: true,
};

/** ReservationValues made of placeholders, each named as its field. */
export function reservationPlaceholders(placeholder: (name: keyof ReservationValues) => RawBuilder<unknown>): ReservationValues {
  const names = Object.keys(RESERVATION_VALUE_NAMES) as (keyof ReservationValues)[];
  return Object.fromEntries(names.map((name) => [name, placeholder(name)])) as unknown as ReservationValues;
}

/** A reservation's values. */
export function reservationValues(input: ReservationInput) {
  const budget = input.dailyBudget ?? null;
  return {
    userId: input.userId,
    conversationId: input.conversationId,
    amountMicros: input.amountMicros,
    debitMicros: -input.amountMicros,
    reason: chargeReason(input.conversationUuid),
    now: input.now,
    budgetAssistantId: budget?.assistantId ?? null,
    budgetDay: budget ? budgetDay(input.now) : null,
  } satisfies ReservationValues;
}

/** What reservingChargeCtes wrote, as the columns of the statement's result row. */
export interface ReservedRow {
  budget_ok: boolean | null;
  charge_id: number | null;
  balance_after: number | null;
}

/** The ReservedRow columns, to select in the statement that holds reservingChargeCtes. */
export function reservedColumns(budgeted: boolean): RawBuilder<unknown> {
  return sql`${budgeted ? sql`CASE WHEN (SELECT cap FROM budget_cap) IS NOT NULL THEN EXISTS (SELECT 1 FROM reserved_spend) END` : sql`NULL::boolean`} AS budget_ok,
    (SELECT id FROM reserved_charge) AS charge_id,
    (SELECT balance_after_micros FROM reserved_debit) AS balance_after`;
}

/** The charge reserved, or the refusal (the caller's transaction must roll back what was written). */
export function reservedCharge(input: ReservationInput, row: ReservedRow): Charge {
  if (row.budget_ok === false) throw dailyBudgetSpent(input.now);
  if (row.balance_after === null || row.charge_id === null) throw new InsufficientBalanceError();
  return { id: row.charge_id, userId: input.userId, amountMicros: input.amountMicros };
}

/** What an assistant's widget conversations have spent on the UTC day holding `now`. */
export async function dailySpendMicros(db: DbOrTx, assistantId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('widget_daily_spend')
    .select('spent_micros')
    .where('assistant_id', '=', assistantId)
    .where('day', '=', budgetDay(now))
    .executeTakeFirst();
  return row?.spent_micros ?? 0;
}

/**
 * In the transaction that stores the reply, as a statement (the store runs it in one statement
 * with its other writes): returns the charge's id, or no row if the sweep refunded it meanwhile.
 */
export function capturingCharge(query: QueryCreator<Database>, chargeId: SqlValue<number | null>, now: SqlValue<Date>) {
  return query
    .updateTable('conversation_charges')
    .set({ status: 'captured', settled_at: now })
    .where('id', '=', chargeId)
    .where('status', '=', 'reserved')
    .returning('id');
}

/** Gives the money back once: the status flip and the credit commit together. */
export async function refundCharge(db: Db, chargeId: number, now: Date, reason: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const charge = await tx
      .updateTable('conversation_charges')
      .set({ status: 'refunded', settled_at: now })
      .where('id', '=', chargeId)
      .where('status', '=', 'reserved')
      .returning(['user_id', 'amount_micros'])
      .executeTakeFirst();
    if (!charge) return false;
    // A refunded message gives back its share of the day's budget (the day it was counted in).
    await sql`UPDATE widget_daily_spend s SET spent_micros = s.spent_micros - c.amount_micros
      FROM conversation_charges c
      WHERE c.id = ${chargeId} AND s.assistant_id = c.budget_assistant_id AND s.day = c.budget_day`.execute(tx);
    await changeBalance(tx, { userId: charge.user_id, amountMicros: charge.amount_micros, reason, kind: 'usage', now });
    return true;
  });
}

/** Refunds reservations older than the cutoff (their request can no longer be running). */
export async function refundStaleCharges(db: Db, olderThan: Date, now: Date, limit = 100): Promise<number> {
  const stale = await db
    .selectFrom('conversation_charges')
    .select('id')
    .where('status', '=', 'reserved')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  let refunded = 0;
  for (const { id } of stale) {
    if (await refundCharge(db, id, now, 'Refund: chat message was not answered')) refunded += 1;
  }
  return refunded;
}
