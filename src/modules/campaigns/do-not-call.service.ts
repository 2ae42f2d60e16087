import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import { listTimestampOf } from './time-format.js';
import { addToDoNotCall, createDoNotCallRepo } from './do-not-call.repo.js';
import type { DoNotCallBody, DoNotCallImportBody } from './leads.schemas.js';
import { rowsOfCsv } from './lead-import.js';
import { e164 } from './leads.service.js';

const present = (row: { phone_number: string; source: string; reason: string | null; created_at: Date }) => ({
  phone_number: row.phone_number,
  source: row.source,
  reason: row.reason,
  created_at: listTimestampOf(row.created_at),
});

/** The account's do-not-call list: a number on it is never dialled by any of its campaigns. */
export function createDoNotCallService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async add(userId: number, body: DoNotCallBody) {
      const phone = e164(body.phone_number);
      if (!phone) throw validationFailed({ phone_number: ['Invalid phone number'] }, 'Invalid phone number');
      const created = await addToDoNotCall(db, {
        userId,
        phoneNumber: phone,
        source: 'api',
        reason: body.reason ?? null,
        now: clock.now(),
      });
      return { created, phone_number: phone };
    },

    /** Adds the numbers of a list or a CSV's phone_number column; invalid ones are reported, not fatal. */
    async import(userId: number, body: DoNotCallImportBody) {
      if ((body.csv === undefined) === (body.phone_numbers === undefined))
        throw validationFailed({ csv: ['Send either csv or phone_numbers.'] });
      const raw = body.csv !== undefined ? rowsOfCsv(body.csv).map((r) => r.phone_number ?? '') : body.phone_numbers!;
      const rejected: Array<{ row: number; phone_number: string | null; reason: string }> = [];
      const phones = new Set<string>();
      raw.forEach((text, i) => {
        const phone = text ? e164(text) : null;
        if (phone) phones.add(phone);
        else rejected.push({ row: i + 1, phone_number: text || null, reason: 'Invalid phone number' });
      });
      const list = [...phones];
      let added = 0;
      const repo = createDoNotCallRepo(db);
      for (let start = 0; start < list.length; start += 1_000)
        added += await repo.addMany(userId, list.slice(start, start + 1_000), 'import', clock.now());
      return { message: 'Numbers imported', total_rows: raw.length, added, already_listed: list.length - added, rejected };
    },

    async list(userId: number, page: number, perPage: number) {
      const { items, total } = await createDoNotCallRepo(db).list(userId, page, perPage);
      return { items: items.map(present), total };
    },

    async remove(userId: number, phoneNumber: string): Promise<void> {
      const phone = e164(phoneNumber) ?? phoneNumber;
      if (!(await createDoNotCallRepo(db).remove(userId, phone))) throw new AppError(404, 'Number not found on the do-not-call list');
    },
  };
}

export type DoNotCallService = ReturnType<typeof createDoNotCallService>;
