import { parse } from 'csv-parse/sync';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import { CAMPAIGN_NOT_FOUND } from './campaigns.schemas.js';
import { enqueueDial } from './dial-queue.js';
import { createLeadsRepo, type NewLead } from './leads.repo.js';
import { MAX_IMPORT_ROWS, type ImportLeadsBody } from './leads.schemas.js';
import { e164 } from './leads.service.js';

/** Rows per transaction: a bad chunk (it cannot be, rows are checked first) never undoes another. */
export const IMPORT_CHUNK_ROWS = 1_000;

interface RawRow {
  row: number;
  phone_number: string | null;
  variables: Record<string, unknown>;
  secondary_contacts?: Array<{ phone_number: string; variables?: Record<string, unknown> }>;
}

/** CSV with a header row: phone_number is the number, every other non-empty column a variable. */
export function rowsOfCsv(csv: string): RawRow[] {
  let records: Array<Record<string, string>>;
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
    });
  } catch (error) {
    throw validationFailed({ csv: [`The CSV could not be read: ${(error as Error).message}`] });
  }
  if (records.length > 0 && !Object.hasOwn(records[0]!, 'phone_number'))
    throw validationFailed({ csv: ['The CSV needs a phone_number column.'] });
  return records.map((record, i) => {
    const { phone_number, ...rest } = record;
    const variables = Object.fromEntries(Object.entries(rest).filter(([key, value]) => key !== '' && value !== undefined && value !== ''));
    return { row: i + 1, phone_number: phone_number ?? null, variables };
  });
}

/**
 * Imports up to 50,000 leads into a campaign: every row is checked first (a number that is not
 * valid is rejected with the reason; one the campaign or the file has already is a duplicate
 * unless allow_dupplicate), then the good rows go in, one transaction per chunk.
 */
export async function importLeads(deps: { db: Db; clock: Clock }, userId: number, body: ImportLeadsBody) {
  const { db, clock } = deps;
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('id', '=', body.campaign_id)
    .executeTakeFirst();
  if (!campaign) throw new AppError(404, CAMPAIGN_NOT_FOUND);
  if ((body.csv === undefined) === (body.leads === undefined)) throw validationFailed({ csv: ['Send either csv or leads.'] });
  const raw: RawRow[] =
    body.csv !== undefined
      ? rowsOfCsv(body.csv)
      : body.leads!.map((l, i) => ({
          row: i + 1,
          phone_number: l.phone_number,
          variables: l.variables ?? {},
          secondary_contacts: l.secondary_contacts,
        }));
  if (raw.length > MAX_IMPORT_ROWS)
    throw validationFailed({
      csv: [`At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows can be imported at once; this has ${raw.length}.`],
    });

  const rejected: Array<{ row: number; phone_number: string | null; reason: string }> = [];
  const good: NewLead[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const candidates: Array<{ row: RawRow; phone: string; contacts: NewLead['secondary_contacts'] }> = [];
  for (const row of raw) {
    const phone = row.phone_number ? e164(row.phone_number) : null;
    if (!phone) {
      rejected.push({
        row: row.row,
        phone_number: row.phone_number || null,
        reason: row.phone_number ? 'Invalid phone number' : 'The phone number is missing',
      });
      continue;
    }
    const contacts = (row.secondary_contacts ?? []).map((c) => ({ phone_number: e164(c.phone_number), variables: c.variables ?? {} }));
    const badContact = contacts.findIndex((c) => !c.phone_number);
    if (badContact >= 0) {
      rejected.push({ row: row.row, phone_number: phone, reason: `Invalid phone number in secondary_contacts.${badContact}` });
      continue;
    }
    candidates.push({ row, phone, contacts: contacts as NewLead['secondary_contacts'] });
  }
  const existing = body.allow_dupplicate
    ? new Set<string>()
    : await existingIn(
        db,
        campaign.id,
        candidates.map((c) => c.phone),
      );
  for (const c of candidates) {
    if (!body.allow_dupplicate && (existing.has(c.phone) || seen.has(c.phone))) {
      duplicates++;
      continue;
    }
    seen.add(c.phone);
    good.push({ phone_number: c.phone, variables: c.row.variables, secondary_contacts: c.contacts });
  }
  const now = clock.now();
  for (let start = 0; start < good.length; start += IMPORT_CHUNK_ROWS) {
    await inTransaction(db, async (tx) => {
      await createLeadsRepo(tx).insertMany(userId, campaign.id, good.slice(start, start + IMPORT_CHUNK_ROWS), now);
      if (campaign.status === 'in-progress') await enqueueDial(tx, campaign.id);
    });
  }
  return { message: 'Leads imported', total_rows: raw.length, imported: good.length, duplicates, rejected };
}

async function existingIn(db: Db, campaignId: number, phones: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const repo = createLeadsRepo(db);
  for (let start = 0; start < phones.length; start += 5_000) {
    for (const phone of await repo.existingNumbers(campaignId, phones.slice(start, start + 5_000))) found.add(phone);
  }
  return found;
}
