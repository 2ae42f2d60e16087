import { expect } from 'vitest';
import type { Api } from './assistants.js';

/** A campaign of the assistant (overrides go to the body); returns its record. */
export async function createCampaign(api: Api, assistantId: number, overrides: Record<string, unknown> = {}) {
  const res = await api.post('/api/user/campaign', { name: 'Spring outreach', assistant_id: assistantId, timezone: 'UTC', ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number } & Record<string, unknown>;
}

export async function addLead(api: Api, campaignId: number, phone: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/api/user/lead', { campaign_id: campaignId, phone_number: phone, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number } & Record<string, unknown>;
}

export async function setStatus(api: Api, campaignId: number, action: 'start' | 'stop') {
  const res = await api.post('/api/user/campaigns/update-status', { campaign_id: campaignId, action });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
