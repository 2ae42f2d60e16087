import { Readable, pipeline, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { DbOrTx } from '../../core/db/transaction.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { exportRows, type ExportRange } from './export.repo.js';
import type { ExportKind } from './usage.schemas.js';

type Cell = string | number | null;
type Column = [header: string, value: (row: Record<string, unknown>) => Cell];

/** Micro-USD as an exact decimal USD string: 10000 -> "0.010000". */
export function microsToUsdText(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  return `${sign}${Math.floor(abs / 1_000_000)}.${String(abs % 1_000_000).padStart(6, '0')}`;
}

/**
 * Text someone else typed (a customer's name, a reason) must not run as a formula when the file
 * is opened in a spreadsheet: a cell starting with = + - @ or a control character gets a leading
 * apostrophe (OWASP's CSV injection advice).
 */
export function spreadsheetSafe(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const time = (key: string) => (row: Record<string, unknown>) => isoTimestamp((row[key] as Date | null) ?? null);
const plain = (key: string) => (row: Record<string, unknown>) => (row[key] ?? null) as Cell;
const text = (key: string) => (row: Record<string, unknown>) => spreadsheetSafe(row[key]);
/** An E.164 number starts with + but is no formula; anything else a phone field holds is text. */
const phone = (key: string) => (row: Record<string, unknown>) => {
  const value = row[key];
  return typeof value === 'string' && /^\+\d{1,15}$/.test(value) ? value : spreadsheetSafe(value);
};
const usd = (key: string) => (row: Record<string, unknown>) => microsToUsdText(Number(row[key] ?? 0));
const bool = (key: string) => (row: Record<string, unknown>) => (row[key] ? 'true' : 'false');

/** Each file's columns, in order: header and how a row's value is written. */
export const EXPORT_COLUMNS: Record<ExportKind, Column[]> = {
  calls: [
    ['id', plain('id')],
    ['uuid', plain('uuid')],
    ['created_at', time('created_at')],
    ['assistant_id', plain('assistant_id')],
    ['assistant_name', text('assistant_name')],
    ['type', plain('type')],
    ['direction', plain('direction')],
    ['status', plain('status')],
    ['is_test', bool('is_test')],
    ['from_number', phone('from_number')],
    ['to_number', phone('to_number')],
    ['duration_seconds', plain('duration_seconds')],
    ['cost_usd', usd('cost_micros')],
    ['answered_at', time('answered_at')],
    ['ended_at', time('ended_at')],
    ['end_reason', text('end_reason')],
    ['campaign_id', plain('campaign_id')],
  ],
  conversations: [
    ['id', plain('id')],
    ['uuid', plain('uuid')],
    ['created_at', time('created_at')],
    ['assistant_id', plain('assistant_id')],
    ['assistant_name', text('assistant_name')],
    ['type', plain('type')],
    ['status', plain('status')],
    ['customer_phone', phone('customer_phone')],
    ['customer_name', text('customer_name')],
    ['external_identifier', text('external_identifier')],
    ['message_count', plain('message_count')],
    ['cost_usd', usd('total_cost_micros')],
    ['last_activity_at', time('last_activity_at')],
    ['ended_at', time('ended_at')],
    ['end_reason', text('end_reason')],
  ],
  ledger: [
    ['id', plain('id')],
    ['created_at', time('created_at')],
    ['kind', plain('kind')],
    ['amount_usd', usd('amount_micros')],
    ['balance_after_usd', usd('balance_after_micros')],
    ['reason', text('reason')],
  ],
};

/**
 * The CSV of an account's rows of a kind in a range, as a stream: rows are read a page at a
 * time (keyset pages) as the reader takes them, so memory holds one page and the writer's
 * buffer whatever the range holds. RFC 4180 quoting by csv-stringify; CRLF line ends.
 */
export function csvExportStream(db: DbOrTx, kind: ExportKind, range: ExportRange, onError: (error: Error) => void): Transform {
  const columns = EXPORT_COLUMNS[kind];
  const source = Readable.from(
    (async function* () {
      for await (const row of exportRows(db, kind, range)) yield columns.map(([, value]) => value(row));
    })(),
  );
  // A lone LF inside a field is quoted too: with CRLF records csv-stringify quotes only CRLF.
  const writer = stringify({
    header: true,
    columns: columns.map(([header]) => header),
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
  });
  return pipeline(source, writer, (error) => {
    if (error) onError(error);
  });
}
