import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createAssistant, createPhoneNumber } from '../../../test/helpers/assistants.js';
import { addLead, createCampaign, setStatus } from '../../../test/helpers/campaigns.js';
import { createUser } from '../../../test/helpers/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function owner(balanceUsd = 10) {
  const user = await createUser(t.deps, { balanceUsd });
  const api = apiFor(t, user.token);
  const assistant = await createAssistant(api, {
    type: 'outbound',
    post_call_schema: [{ name: 'booked', type: 'bool', description: 'Whether a demo was booked' }],
  });
  return { ...user, api, assistant };
}

const ALL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe('campaigns', () => {
  it('creates a draft with the reference defaults, reads it alone and in the bare list', async () => {
    const o = await owner();
    const res = await o.api.post('/api/user/campaign', { name: 'Q4 Outreach', assistant_id: o.assistant.id });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(res.json()).toEqual({
      message: 'Campaign created successfully',
      data: {
        id: data.id,
        name: 'Q4 Outreach',
        assistant_id: o.assistant.id,
        status: 'draft',
        pause_reason: null,
        timezone: 'Europe/Bucharest',
        max_calls_in_parallel: 3,
        mark_complete_when_no_leads: true,
        allowed_hours_start_time: '00:00:00',
        allowed_hours_end_time: '23:59:00',
        allowed_days: ALL_DAYS,
        max_retries: 3,
        retry_interval: 60,
        retry_on_voicemail: false,
        retry_on_goal_incomplete: false,
        goal_completion_variable: null,
        phone_number_ids: [],
        pre_dial_webhook_url: null,
        pre_dial_webhook_secret: data.pre_dial_webhook_secret,
        created_at: '2026-01-15T10:00:00.000000Z',
        updated_at: '2026-01-15T10:00:00.000000Z',
      },
    });
    expect(data.pre_dial_webhook_secret).toMatch(/^whsec_/);
    const plural = await o.api.post('/api/user/campaigns', { name: 'Second', assistant_id: o.assistant.id, timezone: 'America/New_York' });
    expect(plural.statusCode).toBe(201);
    const list = await o.api.get('/api/user/campaigns');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { name: string }) => c.name)).toEqual(['Second', 'Q4 Outreach']);
    const one = await o.api.get(`/api/user/campaigns/${data.id}`);
    expect(one.json()).toEqual({ data });
  });

  it("refuses an inbound or another account's assistant, out-of-range fields and foreign numbers, with the reference messages", async () => {
    const o = await owner();
    const other = await owner();
    const inbound = await createAssistant(o.api, { type: 'inbound' });
    for (const id of [inbound.id, other.assistant.id, 999_999]) {
      const res = await o.api.post('/api/user/campaign', { name: 'X', assistant_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Assistant not found or not an outbound assistant.' });
    }
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ max_calls_in_parallel: 11 }, 'max_calls_in_parallel', 'The max calls in parallel field must not be greater than 10.'],
      [{ max_calls_in_parallel: 0 }, 'max_calls_in_parallel', 'The max calls in parallel field must be at least 1.'],
      [{ max_retries: 6 }, 'max_retries', 'The max retries field must not be greater than 5.'],
      [{ retry_interval: 9 }, 'retry_interval', 'The retry interval field must be at least 10.'],
      [{ retry_interval: 4321 }, 'retry_interval', 'The retry interval field must not be greater than 4320.'],
    ];
    for (const [body, field] of cases) {
      const res = await o.api.post('/api/user/campaign', { name: 'X', assistant_id: o.assistant.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBe('The given data was invalid.');
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const bad = await o.api.post('/api/user/campaign', {
      name: 'X',
      assistant_id: o.assistant.id,
      timezone: 'Mars/Olympus',
      retry_on_goal_incomplete: true,
      goal_completion_variable: 'summary',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        timezone: ['The timezone must be a valid timezone.'],
        goal_completion_variable: [
          "The goal completion variable must be a bool variable of the assistant's post-call schema: status, booked.",
        ],
      },
    });
    const foreignLine = await createPhoneNumber(other.api, '+14155550911');
    const numbers = await o.api.post('/api/user/campaign', { name: 'X', assistant_id: o.assistant.id, phone_number_ids: [foreignLine] });
    expect(numbers.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { 'phone_number_ids.0': ['The selected phone_number_ids.0 is invalid.'] },
    });
    const goal = await o.api.post('/api/user/campaign', {
      name: 'X',
      assistant_id: o.assistant.id,
      retry_on_goal_incomplete: true,
      goal_completion_variable: 'booked',
    });
    expect(goal.statusCode).toBe(201);
  });

  it("is another account's: not found on every route", async () => {
    const o = await owner();
    const other = await owner();
    const campaign = await createCampaign(o.api, o.assistant.id);
    for (const res of [
      await other.api.get(`/api/user/campaigns/${campaign.id}`),
      await other.api.put(`/api/user/campaigns/${campaign.id}`, { name: 'Mine' }),
      await other.api.delete(`/api/user/campaign/${campaign.id}`),
      await other.api.get(`/api/user/campaigns/${campaign.id}/progress`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Campaign not found' });
    }
    const status = await other.api.post('/api/user/campaigns/update-status', { campaign_id: campaign.id, action: 'start' });
    expect(status.statusCode).toBe(404);
    expect(status.json()).toEqual({ message: 'Campaign not found.', success: false });
    const lead = await other.api.post('/api/user/lead', { campaign_id: campaign.id, phone_number: '+14155550100' });
    expect(lead.statusCode).toBe(404);
    expect(lead.json()).toEqual({ message: 'Campaign not found' });
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}`)).statusCode).toBe(200);
  });

  it('starts and stops with the reference bodies; updates only when not running; refuses to start without a minute of balance', async () => {
    const o = await owner();
    const campaign = await createCampaign(o.api, o.assistant.id);
    expect(await setStatus(o.api, campaign.id, 'start')).toEqual({
      message: 'Campaign started successfully.',
      success: true,
      data: { campaign_id: campaign.id, status: 'in-progress' },
    });
    const running = await o.api.put(`/api/user/campaigns/${campaign.id}`, { name: 'Renamed' });
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ message: 'Only a draft, stopped or paused campaign can be updated; stop it first.' });
    expect(await setStatus(o.api, campaign.id, 'stop')).toEqual({
      message: 'Campaign stopped successfully.',
      success: true,
      data: { campaign_id: campaign.id, status: 'stopped' },
    });
    const updated = await o.api.put(`/api/user/campaigns/${campaign.id}`, {
      name: 'Renamed',
      allowed_hours_start_time: '22:00',
      allowed_hours_end_time: '02:00',
      allowed_days: ['friday'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Campaign updated successfully',
      data: {
        name: 'Renamed',
        allowed_hours_start_time: '22:00:00',
        allowed_hours_end_time: '02:00:00',
        allowed_days: ['friday'],
        max_retries: 3,
      },
    });
    const invalid = await o.api.post('/api/user/campaigns/update-status', { campaign_id: campaign.id, action: 'pause' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: "Invalid action. Must be either 'start' or 'stop'.", success: false });

    const poor = await owner(0);
    const draft = await createCampaign(poor.api, poor.assistant.id);
    const refused = await poor.api.post('/api/user/campaigns/update-status', { campaign_id: draft.id, action: 'start' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Insufficient balance to start the campaign. Please top up your account.',
      success: false,
      data: { campaign_id: draft.id, status: 'draft' },
    });
  });

  it('deletes a running campaign (stopped first) with its leads', async () => {
    const o = await owner();
    const campaign = await createCampaign(o.api, o.assistant.id);
    const lead = await addLead(o.api, campaign.id, '+14155550123');
    await setStatus(o.api, campaign.id, 'start');
    const res = await o.api.delete(`/api/user/campaign/${campaign.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Campaign deleted successfully' });
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await o.api.get(`/api/user/leads/${lead.id}`)).json()).toEqual({ message: 'Lead not found' });
  });
});
