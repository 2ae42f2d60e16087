import Papa from 'papaparse';
import type { paths } from '../../api/client.js';

export type ImportLeadsBody = NonNullable<paths['/api/user/leads/import']['post']['requestBody']>['content']['application/json'];
export type ImportReport = paths['/api/user/leads/import']['post']['responses'][200]['content']['application/json'];
export type RejectedRow = ImportReport['rejected'][number];

/** A CSV file as read in the browser: its header row and the rows under it, empty lines left out. */
export interface CsvTable {
  headers: string[];
  rows: string[][];
}

/** What a column of the file becomes: the lead's number, a variable of the call, a number to try next, or nothing. */
export type ColumnUse = 'phone' | 'variable' | 'secondary' | 'skip';
export interface ColumnMapping {
  use: ColumnUse;
  /** The variable's name, when use is 'variable'. */
  name: string;
}

/** The API's limits on one import request and on a lead (see POST /api/user/leads/import). */
export const MAX_ROWS = 50_000;
export const MAX_VARIABLES = 50;
export const MAX_SECONDARY = 10;
const MAX_PHONE_CHARS = 32;
const MAX_NAME_CHARS = 64;
const MAX_VALUE_CHARS = 2_000;
/** Rows per request: each answers in a moment, and a progress bar can move between them. */
export const CHUNK_ROWS = 5_000;

/**
 * Reads a CSV file's text: the delimiter is guessed (comma, semicolon, tab: spreadsheets differ
 * by country), quotes and line breaks inside them handled, a byte-order mark dropped.
 */
export function parseCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...rows] = parsed.data;
  return { headers: header.map((h) => h.trim()), rows };
}

/** Headers that name a phone number for sure, and ones that may ("Order number" is not one). */
const PHONE_HEADER = /phone|mobile|cell|telefon|^tel\b|\btel\b|whatsapp/i;
const MAYBE_PHONE_HEADER = /number|numar|nummer|numero/i;
const SECONDARY_HEADER = /second|alt|other|partner|backup|2/i;

const withoutAccents = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** A header as a variable name: "Customer Name" → "customer_name". */
export function variableNameOf(header: string, index: number): string {
  const name = withoutAccents(header)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_NAME_CHARS);
  return name || `column_${index + 1}`;
}

/**
 * A first guess the person corrects: the first column named like a phone (not a second one) is
 * the lead's number, other phone columns are contacts to try next, the rest variables. Without a
 * column named like a phone, the first "number" column is the lead's.
 */
export function guessMapping(headers: string[]): ColumnMapping[] {
  const plain = headers.map(withoutAccents);
  const primary = (pattern: RegExp) => plain.findIndex((h) => pattern.test(h) && !SECONDARY_HEADER.test(h));
  const strong = primary(PHONE_HEADER);
  const phoneIndex = strong >= 0 ? strong : primary(MAYBE_PHONE_HEADER);
  return headers.map((header, index) => {
    const name = variableNameOf(header, index);
    if (index === phoneIndex) return { use: 'phone', name };
    if (PHONE_HEADER.test(plain[index]!)) return { use: 'secondary', name };
    return { use: 'variable', name };
  });
}

/** What keeps a mapping from being sent, in words; empty when it can be. */
export function mappingProblems(mapping: ColumnMapping[], rowCount: number): string[] {
  const problems: string[] = [];
  const phones = mapping.filter((m) => m.use === 'phone').length;
  if (phones === 0) problems.push('Choose the column that holds the phone number.');
  if (phones > 1) problems.push('Only one column can be the phone number; make the others contacts to try next.');
  const names = mapping.filter((m) => m.use === 'variable').map((m) => m.name.trim());
  if (names.some((n) => n === '')) problems.push('Give every variable a name.');
  if (names.some((n) => n.length > MAX_NAME_CHARS)) problems.push(`A variable's name can have at most ${MAX_NAME_CHARS} characters.`);
  const twice = [...new Set(names.filter((n, i) => n !== '' && names.indexOf(n) !== i))];
  if (twice.length > 0) problems.push(`Two columns have the same variable name: ${twice.join(', ')}.`);
  if (names.length > MAX_VARIABLES) problems.push(`At most ${MAX_VARIABLES} columns can be variables; skip the others.`);
  if (mapping.filter((m) => m.use === 'secondary').length > MAX_SECONDARY)
    problems.push(`At most ${MAX_SECONDARY} columns can be contacts to try next.`);
  if (rowCount === 0) problems.push('The file has no rows under its header.');
  if (rowCount > MAX_ROWS)
    problems.push(`At most ${MAX_ROWS.toLocaleString('en-US')} rows can be imported at once; this file has ${rowCount}.`);
  return problems;
}

type Lead = NonNullable<ImportLeadsBody['leads']>[number];

/** The requests an import sends, with the file row of each lead they carry, and the rows refused before sending. */
export interface ImportPlan {
  totalRows: number;
  requests: Array<{ body: ImportLeadsBody; fileRows: number[] }>;
  rejected: RejectedRow[];
}

/** One file row (1 = the first under the header) as a lead, or why it cannot be one. */
function leadOfRow(row: string[], mapping: ColumnMapping[]): Lead | string {
  const cell = (index: number) => (row[index] ?? '').trim();
  const phoneIndex = mapping.findIndex((m) => m.use === 'phone');
  const phone = cell(phoneIndex);
  if (!phone) return 'The phone number is missing';
  if (phone.length > MAX_PHONE_CHARS) return 'Invalid phone number';
  const variables: Record<string, string> = {};
  const contacts: string[] = [];
  for (const [index, column] of mapping.entries()) {
    const value = cell(index);
    if (value === '') continue;
    if (column.use === 'variable') {
      if (value.length > MAX_VALUE_CHARS)
        return `The ${column.name.trim()} value is longer than ${MAX_VALUE_CHARS.toLocaleString('en-US')} characters`;
      variables[column.name.trim()] = value;
    } else if (column.use === 'secondary') {
      if (value.length > MAX_PHONE_CHARS) return `Invalid phone number in secondary_contacts.${contacts.length}`;
      contacts.push(value);
    }
  }
  return {
    phone_number: phone,
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
    // A contact tried next is called about the same lead: it gets the lead's variables.
    ...(contacts.length > 0 ? { secondary_contacts: contacts.map((c) => ({ phone_number: c, variables })) } : {}),
  };
}

/**
 * The file and its mapping as import requests: each row a lead (the phone column its number,
 * variable columns its variables, contact columns its secondary contacts, empty cells left out),
 * CHUNK_ROWS to a request. A row the API would refuse for its shape (no number, a value too long)
 * is rejected here, with the reason, so it cannot fail the request of the good rows.
 */
export function planImport(
  campaignId: number,
  table: CsvTable,
  mapping: ColumnMapping[],
  options: { allowDuplicates: boolean; chunkRows?: number },
): ImportPlan {
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  const rejected: RejectedRow[] = [];
  const leads: Array<{ lead: Lead; fileRow: number }> = [];
  table.rows.forEach((row, i) => {
    const lead = leadOfRow(row, mapping);
    if (typeof lead === 'string')
      rejected.push({ row: i + 1, phone_number: (row[mapping.findIndex((m) => m.use === 'phone')] ?? '').trim() || null, reason: lead });
    else leads.push({ lead, fileRow: i + 1 });
  });
  const requests: ImportPlan['requests'] = [];
  for (let start = 0; start < leads.length; start += chunkRows) {
    const chunk = leads.slice(start, start + chunkRows);
    requests.push({
      body: {
        campaign_id: campaignId,
        leads: chunk.map((c) => c.lead),
        ...(options.allowDuplicates ? { allow_dupplicate: true } : {}),
      },
      fileRows: chunk.map((c) => c.fileRow),
    });
  }
  return { totalRows: table.rows.length, requests, rejected };
}

/** The reports of an import's requests as one, its rejected rows numbered as in the file and in file order. */
export function combineReports(plan: ImportPlan, reports: ImportReport[]): ImportReport {
  const rejected = [...plan.rejected];
  let imported = 0;
  let duplicates = 0;
  reports.forEach((report, i) => {
    imported += report.imported;
    duplicates += report.duplicates;
    const fileRows = plan.requests[i]?.fileRows ?? [];
    for (const row of report.rejected) rejected.push({ ...row, row: fileRows[row.row - 1] ?? row.row });
  });
  rejected.sort((a, b) => a.row - b.row);
  return { message: 'Leads imported', total_rows: plan.totalRows, imported, duplicates, rejected };
}

/**
 * One column of a file as the do-not-call import's list: empty cells left out, a value too long
 * to be a number rejected here; the report's rows (indexes in the list) mapped back to the file's.
 */
export function planNumberImport(table: CsvTable, column: number) {
  const phoneNumbers: string[] = [];
  const fileRows: number[] = [];
  const rejected: RejectedRow[] = [];
  table.rows.forEach((row, i) => {
    const value = (row[column] ?? '').trim();
    if (value.length > MAX_PHONE_CHARS) rejected.push({ row: i + 1, phone_number: value, reason: 'Invalid phone number' });
    else if (value !== '') {
      phoneNumbers.push(value);
      fileRows.push(i + 1);
    }
  });
  return {
    phoneNumbers,
    /** The server's rejected rows, numbered as in the file, with the ones refused here. */
    rejectedInFile: (serverRejected: RejectedRow[]) =>
      [...rejected, ...serverRejected.map((r) => ({ ...r, row: fileRows[r.row - 1] ?? r.row }))].sort((a, b) => a.row - b.row),
  };
}
