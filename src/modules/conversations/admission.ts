import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../../core/db/database.js';
import type { SqlValue } from '../../core/db/sql-value.js';
import { statementRefusal } from '../../core/db/errors.js';
import { runPrepared } from '../../core/db/server-prepared.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { tooManyRequests } from '../../core/http/errors.js';
import { bucketOf, consumeEachLimit, countingWindows, limitWindows, onDistinctRows, windowVerdict, type LimitWindow, type WindowLimit } from '../../core/limits/fixed-window.js';
import { reservedCharge, reservedColumns, reservingChargeCtes, type Charge, type ReservationInput, type ReservationInStatement, type ReservedRow } from './billing.js';
import type { PublicConversationView } from './conversations.repo.js';
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

interface AdmissionRow extends Partial<TurnRow>, ReservedRow {
  /** The conversation admitted to; null when none was (the by-uuid statement found none it may admit to). */
  conversation_id: number | null;
  /** Each window's count with this message, in the order of the limits. */
  counts: number[] | null;
  history: HistoryItem[] | null;
}

/**
 * A message's admission as ONE statement: the rate-limit counters, the ticket, the day's budget,
 * the charge and the balance move with its ledger row, each gated on the one before, so a
 * refused message locks nothing past what refused it. Order of the row locks as before:
 * counters, conversation, budget, owner.
 *
 * The statement runs on its own (autocommit: one round trip instead of BEGIN, statement,
 * COMMIT). A refusal found at its end must leave none of the earlier counts or writes behind, so
 * the statement then raises (`refuse_statement`), which undoes all of it, with its row as the
 * error's detail; the refusal is read from that row as from an admitted one. Two limits on one
 * counter row cannot share the counting upsert: those are counted first, in a transaction with
 * the statement, and a refusal rolls it back.
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
export async function admitMessage(db: Db, turns: TurnQueue, input: AdmissionInput): Promise<AdmittedMessage | undefined> {
  const windows = limitWindows(input.limits, input.now);
  if (!onDistinctRows(windows)) {
    return inTransaction(db, async (tx) => {
      refuseOnFirst(input.limits, await consumeEachLimit(tx, input.limits, input.now));
      return admitted(input, turns, [], await runAdmission(tx, byIdStatement(turns, input, [])));
    });
  }
  return admitted(input, turns, windows, await runAdmission(db, byIdStatement(turns, input, windows)));
}

/** A widget message's admission, for a statement that finds its conversation by uuid (see admitWidgetMessage). */
export interface WidgetAdmissionInput {
  uuid: string;
  /** The limits, given the conversation's id (an expression of the statement). */
  limits: (conversationId: SqlValue<number>) => NamedLimit[];
  amountMicros: number;
  historyMessages: number;
  now: Date;
}

export type FoundConversation = PublicConversationView & { assistant_record: unknown };

/**
 * The lookup of a public message and, when that conversation is a widget conversation that may
 * take a message now (its origin assistant active; not ended, or its assistant reopens ended
 * ones), its whole admission, in ONE statement: the widget message's usual path costs a round
 * trip less than a lookup followed by admitMessage. Its budget is the origin assistant's.
 *
 * `found` is the conversation (undefined: no such uuid). `admission` is null when the statement
 * admitted nothing (not found, not a widget conversation, or a check above refused): the caller
 * answers as after a lookup. A refusal throws, exactly as admitMessage's. The limits must be on
 * distinct counter rows (a widget message's are).
 */
export async function admitWidgetMessage(
  db: Db,
  turns: TurnQueue,
  /** The conversation's lookup by input.uuid, as a query (conversations.repo's publicWithAssistantRecord). */
  lookup: Expression<unknown>,
  input: WidgetAdmissionInput,
): Promise<{ found: FoundConversation | undefined; admission: AdmittedMessage | undefined | null }> {
  const id = sql<number>`(SELECT id FROM admitting)`;
  const limits = input.limits(id);
  const windows = limitWindows(limits, input.now);
  if (!onDistinctRows(windows)) throw new Error('a widget message admission needs its limits on distinct counter rows');
  const reservation: ReservationInStatement = {
    userId: sql`(SELECT user_id FROM admitting)`,
    conversationId: id,
    conversationUuid: sql`(SELECT uuid FROM admitting)`,
    amountMicros: input.amountMicros,
    now: input.now,
    dailyBudget: { assistantId: sql`(SELECT origin_assistant_id FROM admitting)`, capMicros: sql`(SELECT origin_widget_budget_micros FROM admitting)` },
  };
  const parts = admissionParts(turns, { id, windows, reservation, historyMessages: input.historyMessages, gate: sql`EXISTS (SELECT 1 FROM admitting)` });
  const statement = sql<FoundConversation & { admission: AdmissionRow | null }>`
    WITH conv AS (${lookup}),
      admitting AS (
        SELECT conv.id, conv.user_id, conv.uuid, conv.origin_assistant_id, conv.origin_widget_budget_micros
        FROM conv JOIN assistants AS current ON current.id = conv.assistant_id
        WHERE conv.type = 'widget' AND conv.origin_status = 'active' AND (conv.status <> 'ended' OR current.conversation_ended_retrigger)),
      ${parts.ctes}
    SELECT conv.*, row_to_json(a) AS admission,
      CASE WHEN a.conversation_id IS NOT NULL AND (${parts.refused}) THEN refuse_statement(row_to_json(a)) END AS refused
    FROM (${parts.admission}) AS a LEFT JOIN conv ON true`;
  const outcome = await runRefusable(db, statement);
  const row = 'refused' in outcome ? undefined : outcome.row;
  const admission = 'refused' in outcome ? outcome.refused : row!.admission!;
  const found = row?.id == null ? undefined : conversationOf(row);
  if (admission.conversation_id === null) return { found, admission: null };
  const conversationLimits = input.limits(admission.conversation_id);
  return { found, admission: admitted({ conversationId: admission.conversation_id, limits: conversationLimits, reservation: input, now: input.now }, turns, windows, admission) };
}

/** The lookup's columns of the statement's row (without what the admission added). */
function conversationOf(row: FoundConversation & { admission?: unknown; refused?: unknown }): FoundConversation {
  const { admission: _admission, refused: _refused, ...conversation } = row;
  return conversation;
}

/** The admission's row: the statement's own row, or, when it refused, the row its error carries. */
async function runAdmission(db: DbOrTx, statement: RawBuilder<AdmissionRow>): Promise<AdmissionRow> {
  const outcome = await runRefusable(db, statement);
  return 'refused' in outcome ? outcome.refused : outcome.row;
}

async function runRefusable<R>(db: DbOrTx, statement: RawBuilder<R>): Promise<{ row: R } | { refused: AdmissionRow }> {
  try {
    return { row: (await runPrepared(db, statement)).rows[0]! };
  } catch (error) {
    const refused = statementRefusal<AdmissionRow>(error);
    if (!refused) throw error;
    return { refused };
  }
}

/** What the statement's row says: refused (a throw), the conversation gone (undefined) or admitted. */
function admitted(
  input: { conversationId: number; limits: NamedLimit[]; reservation: Pick<ReservationInput, 'amountMicros' | 'now'> | null; now: Date },
  turns: TurnQueue,
  windows: LimitWindow[],
  row: AdmissionRow,
): AdmittedMessage | undefined {
  if (windows.length > 0) refuseOnFirst(input.limits, windows.map((w, i) => windowVerdict(w, row.counts?.[i] ?? 1, input.now)));
  if (row.turn_issued === null || row.turn_issued === undefined) return undefined;
  const taken = turns.takenTurn(input.conversationId, row as TurnRow);
  const reservation = input.reservation;
  if (!reservation || !taken.aiEnabled) return { ...taken, charge: null, history: row.history };
  return { ...taken, charge: reservedCharge(reservation, row), history: row.history };
}

function refuseOnFirst(limits: NamedLimit[], verdicts: { allowed: boolean; retryAfterSeconds: number }[]): void {
  const refused = verdicts.findIndex((verdict) => !verdict.allowed);
  if (refused >= 0) throw tooManyRequests(limits[refused]!.refusal, verdicts[refused]!.retryAfterSeconds, 'RATE_LIMITED');
}

function byIdStatement(turns: TurnQueue, input: AdmissionInput, windows: LimitWindow[]) {
  const parts = admissionParts(turns, { id: input.conversationId, windows, reservation: input.reservation, historyMessages: input.historyMessages });
  return sql<AdmissionRow>`
    WITH ${parts.ctes}
    SELECT a.*, CASE WHEN ${parts.refused} THEN refuse_statement(row_to_json(a)) END AS refused FROM (${parts.admission}) AS a`;
}

/**
 * The admission's CTEs, its result row (`admission`, to select FROM as `a`) and when that row
 * is a refusal. `gate` (by-uuid statement) must hold for anything to be counted; without it the
 * conversation id is NULL and nothing else is written either.
 */
function admissionParts(
  turns: TurnQueue,
  input: { id: SqlValue<number>; windows: LimitWindow[]; reservation: ReservationInStatement | null; historyMessages: number; gate?: RawBuilder<boolean> },
) {
  const { id, windows, reservation } = input;
  const limited = windows.length > 0;
  const counting = limited
    ? sql`counted AS (${countingWindows(windows, input.gate)}),
      window_limits (bucket, max_count, position) AS (VALUES ${sql.join(windows.map((w, i) => sql`(${bucketOf(w)}::text, ${w.limit}::int, ${i}::int)`))}),
      admitted AS (SELECT coalesce(bool_and(c.count <= l.max_count), true) AS ok FROM counted c JOIN window_limits l USING (bucket)),`
    : sql``;
  const allowed: RawBuilder<boolean> = limited ? sql`(SELECT ok FROM admitted)` : sql`true`;
  const reserving = reservation ? sql`, ${reservingChargeCtes(reservation, sql`coalesce((SELECT ai_enabled FROM taken), false)`)}` : sql``;
  const reserved = reservation
    ? reservedColumns(reservation)
    : sql`NULL::boolean AS budget_ok, NULL::bigint AS charge_id, NULL::int AS charge_user_id, NULL::bigint AS balance_after`;
  // Refused: the conversation is gone or a limit refused (no turn taken), or the answer could not be paid for.
  const refused = reservation ? sql`a.turn_issued IS NULL OR (a.ai_enabled AND a.balance_after IS NULL)` : sql`a.turn_issued IS NULL`;
  const ctes = sql`${counting}
      before_admission AS (SELECT turn_done FROM conversations WHERE id = ${id}::bigint),
      taken AS (${turns.takingTurn(id, allowed)})
      ${reserving}`;
  const admission = sql<AdmissionRow>`
    SELECT set_config('synchronous_commit', 'off', true) AS commit_mode, ${id}::bigint AS conversation_id,
      ${limited ? sql`(SELECT json_agg(c.count ORDER BY l.position) FROM counted c JOIN window_limits l USING (bucket))` : sql`NULL::json`} AS counts,
      t.turn_issued, t.turn_done, t.ai_enabled,
      ${reserved},
      CASE WHEN t.ai_enabled AND t.turn_done = t.turn_issued - 1 AND t.turn_done = (SELECT turn_done FROM before_admission)
        THEN (SELECT coalesce(json_agg(h ORDER BY h.id), '[]'::json) FROM (
          SELECT id, role, content, function_calls FROM conversation_messages
          WHERE conversation_id = ${id}::bigint ORDER BY id DESC LIMIT ${input.historyMessages}::int) AS h)
      END AS history
    FROM (SELECT 1) AS one LEFT JOIN taken AS t ON true`;
  return { ctes, admission, refused };
}
