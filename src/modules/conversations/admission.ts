import { sql, type RawBuilder } from 'kysely';
import { type AssistantRead, assistantReadSql } from '../assistants/index.js';
import type { Db } from '../../core/db/database.js';
import { statementRefusal } from '../../core/db/errors.js';
import { fixedStatementPerShape } from '../../core/db/fixed-statement.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { tooManyRequests } from '../../core/http/errors.js';
import {
  consumeEachLimit,
  countingWindows,
  limitWindows,
  onDistinctRows,
  windowVerdict,
  type LimitWindow,
  type WindowLimit,
} from '../../core/limits/fixed-window.js';
import {
  reservationPlaceholders,
  reservationValues,
  reservedCharge,
  reservedColumns,
  reservingChargeCtes,
  type Charge,
  type ReservationInput,
  type ReservedRow,
} from './billing.js';
import type { ConversationView } from './conversations.repo.js';
import type { HistoryItem } from '../replies/index.js';
import { takingTurn, type TakenTurn, type TurnQueue, type TurnRow } from './turns.js';

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
  /**
   * Read the conversation in the statement too (AdmittedMessage.lookedUp), and refuse before
   * anything is counted when it has ended and its assistant does not reopen ended conversations,
   * or, with requireActiveOrigin, when the assistant it was opened with is inactive, or when the
   * operator has suspended the account.
   * `heldAssistant`: the assistant version the caller holds, whose row is then not sent again.
   */
  lookup?: { requireActiveOrigin: boolean; heldAssistant: { id: number; version: number } | null };
}

/** Why a message was not admitted, when it is not a limit's or the money's (those throw). */
export type AdmissionRefusal = 'gone' | 'suspended' | 'origin_inactive' | 'ended';

export interface AdmittedMessage extends TakenTurn {
  charge: Charge | null;
  /** The latest messages as of the admission, or null when they must be read once the turn has come. */
  history: HistoryItem[] | null;
  /** With AdmissionInput.lookup: the conversation as the statement read it. */
  lookedUp?: LookedUpConversation;
}

export interface LookedUpConversation {
  conversation: ConversationView;
  /** The current assistant as read (assistants/assistant-runtimes.ts). */
  assistant: AssistantRead;
  /**
   * Whether the conversation is as it stands at the ticket: no message's store committed
   * between the statement's read and its ticket (the read's snapshot may predate a wait for the
   * row's lock). When false, it is read again once the turn has come.
   */
  current: boolean;
}

/** The conversation's columns a lookup reads; its turn columns come from the ticket's update, newer. */
const LOOKED_UP_COLUMNS = [
  'id',
  'uuid',
  'user_id',
  'origin_assistant_id',
  'assistant_id',
  'type',
  'status',
  'variables',
  'external_identifier',
  'customer_phone',
  'customer_name',
  'chatapp_sender_id',
  'sms_phone_number_id',
  'message_count',
  'total_cost_micros',
  'turn_lease_until',
  'last_activity_at',
  'inactivity_check_at',
  'ended_at',
  'end_reason',
  'extracted_variables',
  'finalized_at',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof ConversationView, keyof TurnRow | 'assistant_uuid' | 'assistant_name'>[];

type LookedUpColumns = Pick<ConversationView, (typeof LOOKED_UP_COLUMNS)[number] | 'assistant_uuid' | 'assistant_name'>;

interface AdmissionRow extends Partial<TurnRow>, ReservedRow, Partial<LookedUpColumns> {
  counts: Record<string, number> | null;
  history: HistoryItem[] | null;
  /** With a lookup: whether the conversation exists, why it refused, and whether the read is current. */
  found?: boolean;
  lookup_refusal?: Exclude<AdmissionRefusal, 'gone'> | null;
  assistant_version?: number;
  assistant_row?: unknown;
  assistant_label_ids?: number[];
  assistant_tool_ids?: number[];
  lookup_current?: boolean;
}

/**
 * A message's admission as ONE statement: with a lookup, the conversation and its assistants
 * read; the rate-limit counters, the ticket, the day's budget, the charge and the balance move
 * with its ledger row, each gated on the one before, so a refused message locks nothing past
 * what refused it. Order of the row locks as before: counters, conversation, budget, owner.
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
 * Returns the refusal when the conversation no longer exists or, with a lookup, refused.
 */
export async function admitMessage(db: Db, turns: TurnQueue, input: AdmissionInput): Promise<AdmittedMessage | AdmissionRefusal> {
  const windows = limitWindows(input.limits, input.now);
  if (!onDistinctRows(windows)) {
    return inTransaction(db, async (tx) => {
      refuseOnFirst(input.limits, await consumeEachLimit(tx, input.limits, input.now));
      return admitted(input, turns, [], await runAdmission(tx, turns, input, []));
    });
  }
  return admitted(input, turns, windows, await runAdmission(db, turns, input, windows));
}

/** The statement's row, from its result or, when it refused, from the error's detail. */
async function runAdmission(db: DbOrTx, turns: TurnQueue, input: AdmissionInput, windows: LimitWindow[]): Promise<AdmissionRow> {
  const reservation = input.reservation;
  const shape: AdmissionShape = {
    windows: windows.length,
    reservation: !reservation ? 'none' : reservation.dailyBudget ? 'budgeted' : 'charged',
    lookup: input.lookup !== undefined,
  };
  const values: AdmissionValues = {
    conversationId: input.conversationId,
    leaseUntil: turns.leaseFromNow(),
    historyMessages: input.historyMessages,
    requireActiveOrigin: input.lookup?.requireActiveOrigin ?? false,
    heldAssistantId: input.lookup?.heldAssistant?.id ?? null,
    heldAssistantVersion: input.lookup?.heldAssistant?.version ?? null,
    ...(reservation ? reservationValues(reservation) : {}),
  };
  windows.forEach((w, i) => {
    const names = windowValueNames(i);
    values[names.bucket] = w.bucket;
    values[names.windowStart] = w.windowStart;
    values[names.expiresAt] = w.expiresAt;
    values[names.limit] = w.limit;
  });
  try {
    const { rows } = await admission.run(db, shape, values);
    return rows[0]!;
  } catch (error) {
    const refused = statementRefusal<AdmissionRow>(error);
    if (!refused) throw error;
    return refused;
  }
}

/** What the statement's row says: refused by a limit or the money (a throw), refused otherwise, or admitted. */
function admitted(input: AdmissionInput, turns: TurnQueue, windows: LimitWindow[], row: AdmissionRow): AdmittedMessage | AdmissionRefusal {
  if (input.lookup && !row.found) return 'gone';
  if (row.lookup_refusal) return row.lookup_refusal;
  if (windows.length > 0)
    refuseOnFirst(
      input.limits,
      windows.map((w) => windowVerdict(w, row.counts?.[w.bucket] ?? 1, input.now)),
    );
  if (row.turn_issued === null || row.turn_issued === undefined) return 'gone';
  const taken = turns.takenTurn(input.conversationId, row as TurnRow);
  const lookedUp = input.lookup ? lookedUpConversation(row as AdmissionRow & TurnRow & LookedUpColumns) : undefined;
  const reservation = input.reservation;
  const charge = reservation && taken.aiEnabled ? reservedCharge(reservation, row) : null;
  return { ...taken, charge, history: row.history, ...(lookedUp ? { lookedUp } : {}) };
}

function lookedUpConversation(row: AdmissionRow & TurnRow & LookedUpColumns): LookedUpConversation {
  const conversation = Object.fromEntries(LOOKED_UP_COLUMNS.map((column) => [column, row[column]])) as Pick<
    ConversationView,
    (typeof LOOKED_UP_COLUMNS)[number]
  >;
  return {
    conversation: {
      ...conversation,
      turn_issued: row.turn_issued,
      turn_done: row.turn_done,
      ai_enabled: row.ai_enabled,
      assistant_uuid: row.assistant_uuid,
      assistant_name: row.assistant_name,
    },
    assistant: {
      id: row.assistant_id,
      version: row.assistant_version!,
      row: row.assistant_row ?? null,
      labelIds: row.assistant_label_ids!,
      toolIds: row.assistant_tool_ids!,
    },
    current: row.lookup_current === true,
  };
}

function refuseOnFirst(limits: NamedLimit[], verdicts: { allowed: boolean; retryAfterSeconds: number }[]): void {
  const refused = verdicts.findIndex((verdict) => !verdict.allowed);
  if (refused >= 0) throw tooManyRequests(limits[refused]!.refusal, verdicts[refused]!.retryAfterSeconds, 'RATE_LIMITED');
}

/** What the admission statement's text depends on: how many windows it counts, what it reserves, whether it reads the conversation. */
interface AdmissionShape {
  windows: number;
  reservation: 'none' | 'charged' | 'budgeted';
  lookup: boolean;
}

/**
 * The statement's values by name: the conversation, the lease, the history's length, whether
 * the origin assistant must be active and the assistant version held (both read with a lookup
 * only), each window's (`bucket0`, `windowStart0`, `expiresAt0`, `limit0`, ...) and the
 * reservation's (ReservationValues).
 */
type AdmissionValues = Record<string, unknown>;

/** The names of the i-th window's values, for both the run's values and the statement's placeholders. */
function windowValueNames(i: number): Record<'bucket' | 'windowStart' | 'expiresAt' | 'limit', string> {
  return { bucket: `bucket${i}`, windowStart: `windowStart${i}`, expiresAt: `expiresAt${i}`, limit: `limit${i}` };
}

/** One text per shape, each compiled once and prepared on the server. */
export const admission = fixedStatementPerShape<AdmissionShape, AdmissionValues, AdmissionRow>(
  (shape) => `${shape.windows}:${shape.reservation}:${shape.lookup}`,
  (shape, $) => {
    const id = $('conversationId') as RawBuilder<number>;
    // With a lookup, nothing is counted or taken for a conversation that refuses on its own.
    const lookup = shape.lookup
      ? sql`looked_up AS (
          SELECT ${sql.join(LOOKED_UP_COLUMNS.map((column) => sql.ref(`c.${column}`)))},
            a.uuid AS assistant_uuid, a.name AS assistant_name,
            ${assistantReadSql('a', { id: $('heldAssistantId'), version: $('heldAssistantVersion') })},
            CASE WHEN u.suspended_at IS NOT NULL THEN 'suspended'
              WHEN ${$('requireActiveOrigin')}::boolean AND o.status <> 'active' THEN 'origin_inactive'
              WHEN c.status = 'ended' AND NOT a.conversation_ended_retrigger THEN 'ended' END AS lookup_refusal
          FROM conversations c JOIN assistants a ON a.id = c.assistant_id JOIN assistants o ON o.id = c.origin_assistant_id
            JOIN users u ON u.id = c.user_id
          WHERE c.id = ${id}::bigint),`
      : sql``;
    const open: RawBuilder<boolean> = shape.lookup ? sql`coalesce((SELECT lookup_refusal IS NULL FROM looked_up), false)` : sql`true`;
    const windows = Array.from({ length: shape.windows }, (_, i) => {
      const names = windowValueNames(i);
      return {
        bucket: $(names.bucket) as RawBuilder<string>,
        windowStart: $(names.windowStart) as RawBuilder<Date>,
        expiresAt: $(names.expiresAt) as RawBuilder<Date>,
        limit: $(names.limit),
      };
    });
    const limited = windows.length > 0;
    const counting = limited
      ? sql`counted AS (${countingWindows(windows, open)}),
        admitted AS (
          SELECT coalesce(bool_and(c.count <= l.max_count), true) AS ok
          FROM counted c JOIN (VALUES ${sql.join(windows.map((w) => sql`(${w.bucket}::text, ${w.limit}::int)`))}) AS l (bucket, max_count) USING (bucket)),`
      : sql``;
    const allowed: RawBuilder<boolean> = limited ? sql`${open} AND (SELECT ok FROM admitted)` : open;
    const reserves = shape.reservation !== 'none';
    const budgeted = shape.reservation === 'budgeted';
    const reservation = reservationPlaceholders($);
    const reserving = reserves
      ? sql`, ${reservingChargeCtes(reservation, budgeted, sql`coalesce((SELECT ai_enabled FROM taken), false)`)}`
      : sql``;
    const reserved = reserves
      ? reservedColumns(budgeted)
      : sql`NULL::boolean AS budget_ok, NULL::bigint AS charge_id, NULL::bigint AS balance_after`;
    // Refused: the conversation is gone or a limit refused (no turn taken), or the answer could not be paid for.
    const refused = reserves ? sql`a.turn_issued IS NULL OR (a.ai_enabled AND a.balance_after IS NULL)` : sql`a.turn_issued IS NULL`;
    const lookedUp = shape.lookup
      ? sql`, EXISTS (SELECT 1 FROM looked_up) AS found, t.turn_done = (SELECT turn_done FROM before_admission) AS lookup_current,
          l.lookup_refusal, l.assistant_uuid, l.assistant_name,
          l.assistant_version, l.assistant_row, l.assistant_label_ids, l.assistant_tool_ids,
          ${sql.join(LOOKED_UP_COLUMNS.map((column) => sql.ref(`l.${column}`)))}`
      : sql``;
    return sql<AdmissionRow>`
      WITH ${lookup} ${counting}
        before_admission AS (SELECT turn_done FROM conversations WHERE id = ${id}::bigint),
        taken AS (${takingTurn({ conversationId: id, leaseUntil: $('leaseUntil') as RawBuilder<Date> }, allowed)})
        ${reserving}
      SELECT a.*, CASE WHEN ${refused} THEN refuse_statement(row_to_json(a)) END AS refused FROM (
      SELECT set_config('synchronous_commit', 'off', true) AS commit_mode,
        ${limited ? sql`(SELECT json_object_agg(bucket, count) FROM counted)` : sql`NULL::json`} AS counts,
        t.turn_issued, t.turn_done, t.ai_enabled,
        ${reserved},
        CASE WHEN t.ai_enabled AND t.turn_done = t.turn_issued - 1 AND t.turn_done = (SELECT turn_done FROM before_admission)
          THEN (SELECT coalesce(json_agg(h ORDER BY h.id), '[]'::json) FROM (
            SELECT id, role, content, function_calls FROM conversation_messages
            WHERE conversation_id = ${id}::bigint ORDER BY id DESC LIMIT ${$('historyMessages')}::int) AS h)
        END AS history
        ${lookedUp}
      FROM (SELECT 1) AS one LEFT JOIN taken AS t ON true ${shape.lookup ? sql`LEFT JOIN looked_up AS l ON true` : sql``}) AS a`;
  },
);
