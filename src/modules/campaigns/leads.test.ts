import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';
import { addLead, createCampaign } from '../../../test/helpers/campaigns.js';
import { createUser } from '../../../test/helpers/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function ownerWithCampaign() {
  const user = await createUser(t.deps, { balanceUsd: 10 });
  const api = apiFor(t, user.token);
  const assistant = await createAssistant(api, { type: 'outbound' });
  const campaign = await createCampaign(api, assistant.id, { name: 'Spring outreach' });
  return { ...user, api, assistant, campaign };
}

describe('leads', () => {
  it('creates a lead with secondary contacts, normalised to E.164, as the reference shows it', async () => {
    const o = await ownerWithCampaign();
    const res = await o.api.post('/api/user/lead', {
      campaign_id: o.campaign.id,
      phone_number: '+1 (415) 555-0100',
      variables: { name: 'Jane' },
      secondary_contacts: [{ phone_number: '+14155550101', variables: { name: 'John' } }],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json()).toEqual({
      message: 'Lead created successfully',
      data: {
        id: data.id,
        campaign_id: o.campaign.id,
        phone_number: '+14155550100',
        variables: { name: 'Jane' },
        status: 'created',
        call_tries: 0,
        last_outcome: null,
        next_attempt_at: null,
        created_at: '2026-01-15 10:00:00',
        updated_at: '2026-01-15 10:00:00',
        campaign: { id: o.campaign.id, name: 'Spring outreach' },
        secondary_contacts: [
          {
            id: data.secondary_contacts[0].id,
            phone_number: '+14155550101',
            variables: { name: 'John' },
            status: 'created',
            created_at: '2026-01-15 10:00:00',
            updated_at: '2026-01-15 10:00:00',
          },
        ],
      },
    });
  });

  it('refuses a duplicate number unless allow_dupplicate, and an invalid number', async () => {
    const o = await ownerWithCampaign();
    await addLead(o.api, o.campaign.id, '+14155550110');
    const again = await o.api.post('/api/user/lead', { campaign_id: o.campaign.id, phone_number: '+14155550110' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      phone_number: ['The campaign already has a lead with this phone number. Send allow_dupplicate: true to add it again.'],
    });
    const allowed = await o.api.post('/api/user/lead', {
      campaign_id: o.campaign.id,
      phone_number: '+14155550110',
      allow_dupplicate: true,
    });
    expect(allowed.statusCode).toBe(200);
    const invalid = await o.api.post('/api/user/lead', { campaign_id: o.campaign.id, phone_number: '12' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ message: 'Invalid phone number', errors: { phone_number: ['Invalid phone number'] } });
  });

  it('lists page by page with the status, campaign, partial number and date filters', async () => {
    const o = await ownerWithCampaign();
    const second = await createCampaign(o.api, o.assistant.id, { name: 'Other' });
    const a = await addLead(o.api, o.campaign.id, '+14155550121');
    t.clock.advance(2 * 86_400_000);
    const b = await addLead(o.api, o.campaign.id, '+14155550122');
    const c = await addLead(o.api, second.id, '+14155550199');
    await t.deps.db.updateTable('leads').set({ status: 'completed' }).where('id', '=', b.id).execute();
    const ids = async (query: string) => (await o.api.get(`/api/user/leads${query}`)).json().data.map((l: { id: number }) => l.id);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=completed')).toEqual([b.id]);
    expect(await ids(`?campaign_id=${second.id}`)).toEqual([c.id]);
    expect(await ids('?phone_number=555012')).toEqual([b.id, a.id]);
    expect(await ids('?date_to=2026-01-15')).toEqual([a.id]);
    const page = (await o.api.get('/api/user/leads?per_page=2&page=2')).json();
    expect(page).toMatchObject({ current_page: 2, per_page: 2, total: 3, last_page: 2, from: 3, to: 3 });
    expect(page.data.map((l: { id: number }) => l.id)).toEqual([a.id]);
    const other = await ownerWithCampaign();
    expect((await other.api.get('/api/user/leads')).json().total).toBe(0);
  });

  it('updates with variables merged and refuses the statuses the dialer sets, with the reference messages', async () => {
    const o = await ownerWithCampaign();
    const lead = await addLead(o.api, o.campaign.id, '+14155550130', { variables: { name: 'Jane', plan: 'basic' } });
    const res = await o.api.put(`/api/user/leads/${lead.id}`, { variables: { plan: 'pro', source: 'web' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Lead updated successfully' });
    expect((await o.api.get(`/api/user/leads/${lead.id}`)).json().data.variables).toEqual({ name: 'Jane', plan: 'pro', source: 'web' });
    for (const status of ['scheduled', 'processing', 'rescheduled', 'blacklisted']) {
      const refused = await o.api.put(`/api/user/leads/${lead.id}`, { status });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: 'Validation failed',
        errors: { status: ['This status is assigned automatically and cannot be set manually'] },
      });
    }
    const other = await ownerWithCampaign();
    const foreignCampaign = await o.api.put(`/api/user/leads/${lead.id}`, { campaign_id: other.campaign.id });
    expect(foreignCampaign.json()).toEqual({
      message: 'Validation failed',
      errors: { campaign_id: ['The selected campaign does not exist'] },
    });
    const bad = await o.api.put(`/api/user/leads/${lead.id}`, { phone_number: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid phone number' });
    expect((await o.api.put(`/api/user/leads/${lead.id}`, { status: 'completed' })).statusCode).toBe(200);
    const foreign = await other.api.put(`/api/user/leads/${lead.id}`, { variables: { x: 1 } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Lead not found' });
    expect((await other.api.delete(`/api/user/leads/${lead.id}`)).json()).toEqual({ message: 'Lead not found' });
    const deleted = await o.api.delete(`/api/user/leads/${lead.id}`);
    expect(deleted.json()).toEqual({ message: 'Lead deleted successfully' });
    expect((await o.api.get(`/api/user/leads/${lead.id}`)).statusCode).toBe(404);
  });

  it('imports CSV: good rows in, duplicates counted, bad rows rejected with the reason', async () => {
    const o = await ownerWithCampaign();
    await addLead(o.api, o.campaign.id, '+14155550140');
    const csv = [
      'phone_number,name,plan',
      '+14155550141,Ana,pro',
      '"+1 415 555 0142","Dan, Jr.",',
      'not a number,Bad,',
      ',Missing,',
      '+14155550140,Existing,',
      '+14155550141,Twice,',
    ].join('\n');
    const res = await o.api.post('/api/user/leads/import', { campaign_id: o.campaign.id, csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Leads imported',
      total_rows: 6,
      imported: 2,
      duplicates: 2,
      rejected: [
        { row: 3, phone_number: 'not a number', reason: 'Invalid phone number' },
        { row: 4, phone_number: null, reason: 'The phone number is missing' },
      ],
    });
    const leads = await t.deps.db
      .selectFrom('leads')
      .select(['phone_number', 'variables'])
      .where('campaign_id', '=', o.campaign.id)
      .orderBy('id')
      .execute();
    expect(leads).toEqual([
      { phone_number: '+14155550140', variables: {} },
      { phone_number: '+14155550141', variables: { name: 'Ana', plan: 'pro' } },
      { phone_number: '+14155550142', variables: { name: 'Dan, Jr.' } },
    ]);
    const noColumn = await o.api.post('/api/user/leads/import', { campaign_id: o.campaign.id, csv: 'number\n+14155550143\n' });
    expect(noColumn.statusCode).toBe(422);
    expect(noColumn.json().errors).toEqual({ csv: ['The CSV needs a phone_number column.'] });
  });

  it('imports 50,000 JSON rows in chunks, and refuses more', async () => {
    const o = await ownerWithCampaign();
    const leads = Array.from({ length: 50_000 }, (_, i) => ({ phone_number: `+1415${String(2_000_000 + i).padStart(7, '0')}` }));
    const res = await o.api.post('/api/user/leads/import', { campaign_id: o.campaign.id, leads });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ total_rows: 50_000, imported: 50_000, duplicates: 0, rejected: [] });
    const { n } = await t.deps.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', o.campaign.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(50_000);
    const csv = `phone_number\n${Array.from({ length: 50_001 }, (_, i) => `+1415${String(3_000_000 + i).padStart(7, '0')}`).join('\n')}`;
    const tooMany = await o.api.post('/api/user/leads/import', { campaign_id: o.campaign.id, csv });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ csv: ['At most 50,000 rows can be imported at once; this has 50001.'] });
  }, 120_000);
});
