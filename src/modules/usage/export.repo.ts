import { sql, type SelectQueryBuilder } from 'kysely';
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

/** The columns a page is cut by, which every exported table has. */
type KeysetColumn = 'id' | 'user_id' | 'created_at';

/**
 * One page of an export's query: the account's rows in the range after the keyset, in keyset
 * order, each with the text of its time to start the next page from. `table` is the name or
 * alias the query gives the exported table; the query brings its own joins and column list.
 */
function keysetPage<DB extends Record<T, Record<KeysetColumn, unknown>>, TB extends keyof DB, T extends TB & string, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: T,
  range: ExportRange,
  after: Keyset | null,
  limit: number,
) {
  const column = (name: KeysetColumn) => sql.ref(`${table}.${name}`);
  let page = query
    .select(sql<string>`${column('created_at')}::text`.as('keyset_at'))
    .where(column('user_id'), '=', range.userId)
    .where(column('created_at'), '>=', range.start)
    .where(column('created_at'), '<', range.end);
  if (after)
    page = page.where((eb) =>
      eb(eb.tuple(column('created_at'), column('id')), '>', eb.tuple(sql<Date>`${after.createdAtText}::timestamptz`, after.id)),
    );
  return page.orderBy(column('created_at')).orderBy(column('id')).limit(limit).execute();
}

function callsPage(db: DbOrTx, range: ExportRange, after: Keyset | null, limit: number) {
  const query = db
    .selectFrom('calls as c')
    .leftJoin('assistants as a', 'a.id', 'c.assistant_id')
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
    ]);
  return keysetPage(query, 'c', range, after, limit);
}

function conversationsPage(db: DbOrTx, range: ExportRange, after: Keyset | null, limit: number) {
  const query = db
    .selectFrom('conversations as c')
    .leftJoin('assistants as a', 'a.id', 'c.assistant_id')
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
    ]);
  return keysetPage(query, 'c', range, after, limit);
}

function ledgerPage(db: DbOrTx, range: ExportRange, after: Keyset | null, limit: number) {
  const query = db.selectFrom('balance_ledger').select(['id', 'created_at', 'kind', 'amount_micros', 'balance_after_micros', 'reason']);
  return keysetPage(query, 'balance_ledger', range, after, limit);
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
