import { sql } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { normalizePhone } from '../phone-numbers/index.js';
import { createCampaignsRepo } from './campaigns.repo.js';
import { enqueueDial } from './dial-queue.js';
import { createLeadsRepo, type LeadRow } from './leads.repo.js';
import { CAMPAIGN_NOT_FOUND } from './campaigns.schemas.js';
import { LEAD_NOT_FOUND, MANUAL_STATUSES, type CreateLeadBody, type ListLeadsQuery, type UpdateLeadBody } from './leads.schemas.js';

import { listTimestampOf as listTimestamp } from './time-format.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

/** E.164 of a number written any usual way; null when it is not a valid number. */
export function e164(text: string): string | null {
  return normalizePhone(text)?.e164 ?? null;
}

export function presentLead(lead: LeadRow, campaign: { id: number; name: string }, contacts: LeadRow[]) {
  return {
    id: lead.id,
    campaign_id: lead.campaign_id,
    phone_number: lead.phone_number,
    variables: lead.variables,
    status: lead.status,
    call_tries: lead.call_tries,
    last_outcome: lead.last_outcome,
    next_attempt_at: lead.next_attempt_at ? isoTimestamp(lead.next_attempt_at) : null,
    created_at: listTimestamp(lead.created_at),
    updated_at: listTimestamp(lead.updated_at),
    campaign: { id: campaign.id, name: campaign.name },
    secondary_contacts: contacts.map((c) => ({
      id: c.id,
      phone_number: c.phone_number,
      variables: c.variables,
      status: c.status,
      created_at: listTimestamp(c.created_at),
      updated_at: listTimestamp(c.updated_at),
    })),
  };
}

export function createLeadsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const notFound = () => new AppError(404, LEAD_NOT_FOUND);

  async function present(rows: LeadRow[]) {
    const campaignIds = [...new Set(rows.map((r) => r.campaign_id))];
    const campaigns =
      campaignIds.length === 0 ? [] : await db.selectFrom('campaigns').select(['id', 'name']).where('id', 'in', campaignIds).execute();
    const contacts = await createLeadsRepo(db).contactsOf(rows.map((r) => r.id));
    return rows.map((row) =>
      presentLead(
        row,
        campaigns.find((c) => c.id === row.campaign_id)!,
        contacts.filter((c) => c.parent_lead_id === row.id),
      ),
    );
  }

  return {
    present,

    async create(userId: number, body: CreateLeadBody) {
      const phone = e164(body.phone_number);
      const contacts = (body.secondary_contacts ?? []).map((c) => ({ phone_number: e164(c.phone_number), variables: c.variables ?? {} }));
      const errors: Record<string, string[]> = {};
      if (!phone) errors.phone_number = ['Invalid phone number'];
      contacts.forEach((c, i) => {
        if (!c.phone_number) errors[`secondary_contacts.${i}.phone_number`] = ['Invalid phone number'];
      });
      if (Object.keys(errors).length > 0) throw validationFailed(errors, 'Invalid phone number');
      return inTransaction(db, async (tx) => {
        // Shared with the campaign's status changes, so a lead added to a running campaign is dialled.
        const campaign = await tx
          .selectFrom('campaigns')
          .select(['id', 'name', 'status'])
          .where('user_id', '=', userId)
          .where('id', '=', body.campaign_id)
          .forShare()
          .executeTakeFirst();
        if (!campaign) throw new AppError(404, CAMPAIGN_NOT_FOUND);
        const repo = createLeadsRepo(tx);
        if (!body.allow_dupplicate && (await repo.existingNumbers(campaign.id, [phone!])).size > 0) {
          throw validationFailed({
            phone_number: ['The campaign already has a lead with this phone number. Send allow_dupplicate: true to add it again.'],
          });
        }
        const [row] = await repo.insertMany(
          userId,
          campaign.id,
          [{ phone_number: phone!, variables: body.variables ?? {}, secondary_contacts: contacts as never }],
          clock.now(),
        );
        if (campaign.status === 'in-progress') await enqueueDial(tx, campaign.id);
        return presentLead(row!, campaign, await repo.contactsOf([row!.id]));
      });
    },

    async list(userId: number, query: ListLeadsQuery) {
      const day = (text: string) => new Date(`${text}T00:00:00.000Z`);
      return createLeadsRepo(db).list(
        userId,
        {
          status: query.status,
          campaignId: query.campaign_id,
          phoneDigits: query.phone_number?.replace(/[^\d+]/g, ''),
          from: query.date_from ? day(query.date_from) : undefined,
          to: query.date_to ? new Date(day(query.date_to).getTime() + 86_400_000 - 1) : undefined,
        },
        query.page,
        query.per_page,
      );
    },

    /** One lead with every attempt's outcome, oldest first. */
    async get(userId: number, id: number) {
      const lead = await createLeadsRepo(db).findOwned(userId, id);
      if (!lead) throw notFound();
      const [presented] = await present([lead]);
      const attempts = await db.selectFrom('lead_attempts').selectAll().where('lead_id', '=', id).orderBy('id').execute();
      return {
        ...presented!,
        attempts: attempts.map((a) => ({
          id: a.id,
          phone_number: a.phone_number,
          call_id: a.call_id,
          outcome: a.outcome,
          detail: a.detail,
          started_at: isoTimestamp(a.started_at)!,
          ended_at: a.ended_at ? isoTimestamp(a.ended_at) : null,
        })),
      };
    },

    /** Variables are merged, not replaced; a status the dialer sets cannot be set by hand. */
    async update(userId: number, id: number, body: UpdateLeadBody): Promise<void> {
      const errors: Record<string, string[]> = {};
      if (body.status !== undefined && !MANUAL_STATUSES.includes(body.status))
        errors.status = ['This status is assigned automatically and cannot be set manually'];
      const phone = body.phone_number === undefined ? undefined : e164(body.phone_number);
      await inTransaction(db, async (tx) => {
        const lead = await tx
          .selectFrom('leads')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .where('parent_lead_id', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!lead) throw notFound();
        if (body.campaign_id !== undefined && !(await createCampaignsRepo(tx).findOwned(userId, body.campaign_id)))
          errors.campaign_id = ['The selected campaign does not exist'];
        if (Object.keys(errors).length > 0) throw validationFailed(errors, 'Validation failed');
        if (phone === null) throw new AppError(400, 'Invalid phone number');
        const manual = body.status === 'created' ? { call_tries: 0, contact_tries: 0, contact_position: 0, next_attempt_at: null } : {};
        await tx
          .updateTable('leads')
          .set({
            ...(body.campaign_id !== undefined ? { campaign_id: body.campaign_id } : {}),
            ...(phone ? { phone_number: phone } : {}),
            ...(body.status !== undefined ? { status: body.status as LeadRow['status'], ...manual } : {}),
            ...(body.variables ? { variables: sql<string>`variables || ${JSON.stringify(body.variables)}::jsonb` } : {}),
            updated_at: clock.now(),
          })
          .where('id', '=', id)
          .execute();
        if (body.campaign_id !== undefined)
          await tx.updateTable('leads').set({ campaign_id: body.campaign_id }).where('parent_lead_id', '=', id).execute();
        if (body.status === 'created') await enqueueDial(tx, body.campaign_id ?? lead.campaign_id);
      });
    },

    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const deleted = await tx
          .deleteFrom('leads')
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .where('parent_lead_id', 'is', null)
          .returning(['campaign_id', 'phone_number'])
          .executeTakeFirst();
        if (!deleted) throw notFound();
        await recordAudit(tx, {
          userId,
          actor,
          action: 'lead.deleted',
          resourceType: 'lead',
          resourceId: id,
          details: { phone_number: deleted.phone_number, campaign_id: deleted.campaign_id },
          now: clock.now(),
        });
      });
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
