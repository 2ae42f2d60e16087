import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { ExportKind } from './usage.schemas.js';

/** Rows per page: one statement's worth held in memory at a time, whatever the range holds. */
export const EXPORT_PAGE_ROWS = 1_000;

export interface ExportRange {
  userId: number;
  start: Date;
  end: Date;
}

/**
 * Where the last page ended: pages follow (created_at, id), which the (user_id, created_at, id)
 * indexes serve. The time is PostgreSQL's own text of it: a Date would drop its microseconds and
 * the next page would start with the last row again.
 */
export interface Keyset {
  createdAtText: string;
  id: number;
}

type Row = Record<string, unknown> & { id: number; keyset_at: string };

function callsPage(db: DbOrTx, range: ExportRange, after: Keyset | null, limit: number) {
  let query = db
    .selectFrom('calls as c')
    .leftJoin('assistants as a', 'a.id', 'c.assistant_id')
    .select(sql<string>`c.created_at::text`.as('keyset_at'))
    .select([
      'c.id',
      'c.uuid',
      'c.created_at',
      'c.assistant_id',
      'a.name as assistant_name',
      'c.type',
      'c.direction',
      'c.status',
      'c.is_test',
      'c.from_number',
      'c.to_number',
      'c.duration_seconds',
      'c.cost_micros',
      'c.answered_at',
      'c.ended_at',
      'c.end_reason',
      'c.campaign_id',
    ])
    .where('c.user_id', '=', range.userId)
    .where('c.created_at', '>=', range.start)
    .where('c.created_at', '<', range.end);
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('c.created_at', 'c.id'), '>', eb.tuple(sql<Date>`${after.createdAtText}::timestamptz`, after.id)),
    );
  return query.orderBy('c.created_at').orderBy('c.id').limit(limit).execute();
}

function conversationsPage(db: DbOrTx, range: ExportRange, after: Keyset | null, limit: number) {
  let query = db
    .selectFrom('conversations as c')
    .leftJoin('assistants as a', 'a.id', 'c.assistant_id')
    .select(sql<string>`c.created_at::text`.as('keyset_at'))
    .select([
      'c.id',
      'c.uuid',
      'c.created_at',
      'c.assistant_id',
      'a.name as assistant_name',
      'c.type',
      'c.status',
      'c.customer_phone',
      'c.customer_name',
      'c.external_identifier',
      'c.message_count',
      'c.total_cost_micros',
      'c.last_activity_at',
      'c.ended_at',
      'c.end_reason',
    ])
    .where('c.user_id', '=', range.userId)
    .where('c.created_at', '>=', range.start)
    .where('c.created_at', '<', range.end);
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('c.created_at', 'c.id'), '>', eb.tuple(sql<Date>`${after.createdAtText}::timestamptz`, after.id)),
    );
  return query.orderBy('c.created_at').orderBy('c.id').limit(limit).execute();
}

function ledgerPage(db: DbOrTx, range: ExportRange, after: Keyset | null, limit: number) {
  let query = db
    .selectFrom('balance_ledger')
    .select(sql<string>`created_at::text`.as('keyset_at'))
    .select(['id', 'created_at', 'kind', 'amount_micros', 'balance_after_micros', 'reason'])
    .where('user_id', '=', range.userId)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end);
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(sql<Date>`${after.createdAtText}::timestamptz`, after.id)),
    );
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

const PAGES: Record<ExportKind, (db: DbOrTx, range: ExportRange, after: Keyset | null, limit: number) => Promise<Row[]>> = {
  calls: callsPage,
  conversations: conversationsPage,
  ledger: ledgerPage,
};

/** The account's rows of a kind in the range, oldest first, one page in memory at a time. */
export async function* exportRows(db: DbOrTx, kind: ExportKind, range: ExportRange, pageRows = EXPORT_PAGE_ROWS): AsyncGenerator<Row> {
  let after: Keyset | null = null;
  for (;;) {
    const rows = await PAGES[kind](db, range, after, pageRows);
    yield* rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageRows) return;
    after = { createdAtText: last.keyset_at, id: last.id };
  }
}
