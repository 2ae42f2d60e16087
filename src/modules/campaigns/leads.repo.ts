import type { Selectable } from 'kysely';
import type { LeadsTable } from '../../core/db/schema.js';
import type { DbOrTx } from '../../core/db/transaction.js';

export type LeadRow = Selectable<LeadsTable>;

export interface LeadFilters {
  status?: string;
  campaignId?: number;
  phoneDigits?: string;
  from?: Date;
  to?: Date;
}

export interface NewLead {
  phone_number: string;
  variables: Record<string, unknown>;
  secondary_contacts?: Array<{ phone_number: string; variables?: Record<string, unknown> }>;
}

export function createLeadsRepo(db: DbOrTx) {
  return {
    /** Inserts primary leads and their secondary contacts (two statements for any number of leads). */
    async insertMany(userId: number, campaignId: number, leads: NewLead[], now: Date): Promise<LeadRow[]> {
      if (leads.length === 0) return [];
      const base = { user_id: userId, campaign_id: campaignId, created_at: now, updated_at: now };
      const rows = await db
        .insertInto('leads')
        .values(leads.map((l) => ({ ...base, parent_lead_id: null, phone_number: l.phone_number, variables: JSON.stringify(l.variables) })))
        .returningAll()
        .execute();
      const contacts = rows.flatMap((row, i) =>
        (leads[i]!.secondary_contacts ?? []).map((c, j) => ({
          ...base,
          parent_lead_id: row.id,
          position: j + 1,
          phone_number: c.phone_number,
          variables: JSON.stringify(c.variables ?? {}),
        })),
      );
      if (contacts.length > 0) await db.insertInto('leads').values(contacts).execute();
      return rows;
    },

    /** Of these numbers, those the campaign has as a lead already. */
    async existingNumbers(campaignId: number, phones: string[]): Promise<Set<string>> {
      if (phones.length === 0) return new Set();
      const rows = await db
        .selectFrom('leads')
        .select('phone_number')
        .where('campaign_id', '=', campaignId)
        .where('parent_lead_id', 'is', null)
        .where('phone_number', 'in', phones)
        .execute();
      return new Set(rows.map((r) => r.phone_number));
    },

    findOwned(userId: number, id: number): Promise<LeadRow | undefined> {
      return db
        .selectFrom('leads')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('parent_lead_id', 'is', null)
        .executeTakeFirst();
    },

    contactsOf(leadIds: number[]): Promise<LeadRow[]> {
      if (leadIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('leads').selectAll().where('parent_lead_id', 'in', leadIds).orderBy('position').execute();
    },

    async list(userId: number, filters: LeadFilters, page: number, perPage: number) {
      let query = db.selectFrom('leads').where('user_id', '=', userId).where('parent_lead_id', 'is', null);
      if (filters.status) query = query.where('status', '=', filters.status as LeadRow['status']);
      if (filters.campaignId !== undefined) query = query.where('campaign_id', '=', filters.campaignId);
      if (filters.phoneDigits) query = query.where('phone_number', 'like', `%${filters.phoneDigits}%`);
      if (filters.from) query = query.where('created_at', '>=', filters.from);
      if (filters.to) query = query.where('created_at', '<=', filters.to);
      const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const items = await query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { items, total: Number(total) };
    },
  };
}
