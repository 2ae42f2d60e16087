import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, createPhoneNumber, readAssistant } from '../../../test/helpers/assistants.js';
import { referenceClient } from '../../../test/helpers/reference-client.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { billingPeriodEnd } from './phone-number-release.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const RELEASED = { message: 'Phone number released successfully. It will be removed at the end of the billing period.' };
const DELETED = { message: 'Phone number deleted successfully.' };
const ALREADY = { message: 'Phone number is already scheduled for release.', error: 'Phone number is already scheduled for release.' };
const DAY_MS = 24 * 3_600_000;

async function owner() {
  const { token } = await createUser(t.deps);
  return { token, api: apiFor(t, token), client: referenceClient(t.app, token) };
}
const listed = async (client: ReturnType<typeof referenceClient>) => (await client.get('/api/user/phone-numbers/all')).json().data;

describe('DELETE /api/user/phone-numbers/{id}: release as the reference does it', () => {
  it('keeps a dedicated number until the end of its billing period, refuses a second release with 400, then removes it', async () => {
    const { api, client } = await owner();
    const registeredAt = t.clock.now();
    const line = await createPhoneNumber(api, '+14155550501');
    const { id: assistant } = await createAssistant(api, { type: 'inbound', phone_number_id: line });
    t.clock.advance(10 * DAY_MS);

    const first = await client.delete(`/api/user/phone-numbers/${line}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(RELEASED);
    const second = await client.delete(`/api/user/phone-numbers/${line}`);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(ALREADY);

    // Until then it still works and is listed, its subscription cancelled and its end shown.
    const periodEnd = billingPeriodEnd(registeredAt, t.clock.now());
    expect(await listed(client)).toEqual([
      expect.objectContaining({ id: line, has_active_subscription: false, release_at: isoTimestamp(periodEnd) }),
    ]);
    expect((await readAssistant(api, assistant)).phone_number_id).toBe(line);

    t.clock.set(new Date(periodEnd.getTime() - 1000));
    await t.deps.jobs.drain();
    expect(await listed(client)).toHaveLength(1);
    t.clock.set(periodEnd);
    await t.deps.jobs.drain();
    expect(await listed(client)).toEqual([]);
    expect((await readAssistant(api, assistant)).phone_number_id).toBeNull();
    expect((await client.delete(`/api/user/phone-numbers/${line}`)).statusCode).toBe(404);
  });

  it('removes SIP and Caller ID numbers, and a dedicated one without an active subscription, at once', async () => {
    const { api, client } = await owner();
    const sip = await createPhoneNumber(api, '+14155550511', 'sip');
    const callerId = await createPhoneNumber(api, '+14155550512', 'caller_id');
    const unsubscribed = (
      await api.post('/api/user/phone-numbers', { phone_number: '+14155550513', has_active_subscription: false })
    ).json().data.id;
    for (const id of [sip, callerId, unsubscribed]) {
      const res = await client.delete(`/api/user/phone-numbers/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(DELETED);
    }
    expect(await listed(client)).toEqual([]);
  });

  it("answers another account's number as not found and leaves it alone", async () => {
    const mine = await owner();
    const theirs = await owner();
    const line = await createPhoneNumber(theirs.api, '+14155550521');
    const res = await mine.client.delete(`/api/user/phone-numbers/${line}`);
    expect(res.statusCode).toBe(404);
    expect(await listed(theirs.client)).toEqual([expect.objectContaining({ id: line, has_active_subscription: true })]);
    expect((await listed(theirs.client))[0].release_at).toBeUndefined();
  });

  it('releases once when two releases race, on two server processes', async () => {
    const { token, api, client } = await owner();
    const line = await createPhoneNumber(api, '+14155550531');
    const other = await t.startAnotherInstance();
    const results = await Promise.all([
      client.delete(`/api/user/phone-numbers/${line}`),
      referenceClient(other.app, token).delete(`/api/user/phone-numbers/${line}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const jobs = await t.deps.db.selectFrom('jobs').select('id').where('dedupe_key', '=', `phone-number-release:${line}`).execute();
    expect(jobs).toHaveLength(1);
  });
});

describe('billingPeriodEnd', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['2026-01-15T10:00:00Z', '2026-01-20T00:00:00Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-15T10:00:00Z', '2026-02-15T10:00:00Z', '2026-03-15T10:00:00.000Z'],
    ['2026-01-15T10:00:00Z', '2026-02-15T09:59:59Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T08:00:00Z', '2026-02-10T00:00:00Z', '2026-02-28T08:00:00.000Z'],
    ['2026-01-31T08:00:00Z', '2026-03-01T00:00:00Z', '2026-03-31T08:00:00.000Z'],
    ['2028-01-31T08:00:00Z', '2028-02-01T00:00:00Z', '2028-02-29T08:00:00.000Z'],
    ['2025-11-30T00:00:00Z', '2026-11-30T12:00:00Z', '2026-12-30T00:00:00.000Z'],
  ])('registered %s, released %s: goes %s', (since, now, end) => {
    expect(billingPeriodEnd(at(since), at(now)).toISOString()).toBe(end);
  });
});
