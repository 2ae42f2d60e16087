import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';
import { insertCall, insertConversation, moveBalance } from '../../../test/helpers/usage-records.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof createUser>>;
const get = async (user: User, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
  return { status: res.statusCode, body: res.json() };
};

const noCalls = {
  initiated: 0,
  ringing: 0,
  'in-progress': 0,
  completed: 0,
  busy: 0,
  'no-answer': 0,
  failed: 0,
  ended: 0,
  ended_by_customer: 0,
  ended_by_assistant: 0,
};
const quiet = { messages: 0, replies: 0, calls: 0, calls_by_status: noCalls, call_seconds: 0, call_minutes: 0 };

/** Alice's March: two assistants, calls and chats on the 1st and 2nd; Bob's records on the same days. */
async function seedMarch() {
  const alice = await createUser(t.deps, { balanceUsd: 50 });
  const bob = await createUser(t.deps, { balanceUsd: 50 });
  const front = await createAssistant(apiFor(t, alice.token), { name: 'Front desk' });
  const night = await createAssistant(apiFor(t, alice.token), { name: 'Night line' });
  const bobs = await createAssistant(apiFor(t, bob.token), { name: 'Bob line' });
  const db = t.deps.db;
  const a = alice.user.id;
  await insertCall(db, { userId: a, assistantId: front.id, at: '2026-03-01T09:00:00Z', seconds: 90, costMicros: 200_000 });
  await insertCall(db, { userId: a, assistantId: front.id, at: '2026-03-01T10:00:00Z', status: 'no-answer', seconds: null });
  await insertCall(db, { userId: a, assistantId: night.id, at: '2026-03-02T21:30:00Z', seconds: 45, costMicros: 100_000 });
  // Before and after the range: not counted.
  await insertCall(db, { userId: a, assistantId: front.id, at: '2026-02-28T23:59:59Z', seconds: 600, costMicros: 1_000_000 });
  await insertCall(db, { userId: a, assistantId: front.id, at: '2026-03-04T00:00:00Z', seconds: 600, costMicros: 1_000_000 });
  await insertConversation(db, {
    userId: a,
    assistantId: front.id,
    at: '2026-02-28T23:00:00Z',
    costMicros: 30_000,
    // Started the day before; only the messages inside the range count.
    messages: [
      ['user', '2026-02-28T23:00:00Z'],
      ['assistant', '2026-02-28T23:00:01Z'],
      ['user', '2026-03-01T08:00:00Z'],
      ['assistant', '2026-03-01T08:00:02Z'],
    ],
  });
  await insertConversation(db, {
    userId: a,
    assistantId: night.id,
    at: '2026-03-02T12:00:00Z',
    costMicros: 20_000,
    messages: [
      ['user', '2026-03-02T12:00:00Z'],
      ['assistant', '2026-03-02T12:00:01Z'],
      ['user', '2026-03-02T12:05:00Z'],
    ],
  });
  // The ledger: charges and a refund are spend; a credit is not.
  await moveBalance(db, { userId: a, micros: -300_000, at: '2026-03-01T09:02:00Z', kind: 'usage' });
  await moveBalance(db, { userId: a, micros: -10_000, at: '2026-03-01T08:00:00Z', kind: 'usage' });
  await moveBalance(db, {
    userId: a,
    micros: 100_000,
    at: '2026-03-01T09:03:00Z',
    kind: 'usage',
    reason: 'Voice call 1: unused reservation returned',
  });
  await moveBalance(db, { userId: a, micros: -120_000, at: '2026-03-02T21:31:00Z', kind: 'usage' });
  await moveBalance(db, { userId: a, micros: 5_000_000, at: '2026-03-02T10:00:00Z', kind: 'adjustment' });
  // Bob, the same days: never in Alice's report.
  await insertCall(db, { userId: bob.user.id, assistantId: bobs.id, at: '2026-03-01T09:00:00Z', seconds: 300, costMicros: 500_000 });
  await insertConversation(db, {
    userId: bob.user.id,
    assistantId: bobs.id,
    at: '2026-03-01T09:00:00Z',
    messages: [['user', '2026-03-01T09:00:00Z']],
  });
  await moveBalance(db, { userId: bob.user.id, micros: -500_000, at: '2026-03-01T09:05:00Z', kind: 'usage' });
  return { alice, bob, front, night };
}

describe('GET /api/user/usage', () => {
  it("reports spend from the ledger and volume per day and per assistant, of the caller's account only", async () => {
    const { alice, bob, front, night } = await seedMarch();
    const report = await get(alice, '/api/user/usage?date_from=2026-03-01&date_to=2026-03-03');
    expect(report).toEqual({
      status: 200,
      body: {
        date_from: '2026-03-01',
        date_to: '2026-03-03',
        timezone: 'UTC',
        totals: {
          messages: 3,
          replies: 2,
          calls: 3,
          calls_by_status: { ...noCalls, completed: 2, 'no-answer': 1 },
          call_seconds: 135,
          call_minutes: 2.25,
          spend: 0.33,
        },
        days: [
          {
            date: '2026-03-01',
            messages: 1,
            replies: 1,
            calls: 2,
            calls_by_status: { ...noCalls, completed: 1, 'no-answer': 1 },
            call_seconds: 90,
            call_minutes: 1.5,
            spend: 0.21,
          },
          {
            date: '2026-03-02',
            messages: 2,
            replies: 1,
            calls: 1,
            calls_by_status: { ...noCalls, completed: 1 },
            call_seconds: 45,
            call_minutes: 0.75,
            spend: 0.12,
          },
          { date: '2026-03-03', ...quiet, spend: 0 },
        ],
        assistants: [
          {
            assistant_id: front.id,
            name: 'Front desk',
            messages: 1,
            replies: 1,
            calls: 2,
            calls_by_status: { ...noCalls, completed: 1, 'no-answer': 1 },
            call_seconds: 90,
            call_minutes: 1.5,
            cost: 0.2,
          },
          {
            assistant_id: night.id,
            name: 'Night line',
            messages: 2,
            replies: 1,
            calls: 1,
            calls_by_status: { ...noCalls, completed: 1 },
            call_seconds: 45,
            call_minutes: 0.75,
            cost: 0.12,
          },
        ],
      },
    });

    const bobs = await get(bob, '/api/user/usage?date_from=2026-03-01&date_to=2026-03-01');
    expect(bobs.body.totals).toMatchObject({ messages: 1, calls: 1, call_seconds: 300, spend: 0.5 });
    expect(bobs.body.assistants.map((a: { name: string }) => a.name)).toEqual(['Bob line']);
  });

  it('counts days in the time zone asked for', async () => {
    const { alice } = await seedMarch();
    // 21:30 UTC on the 2nd is 23:30 in Bucharest, still the 2nd; 23:59:59 UTC on Feb 28 is 01:59 on March 1st there.
    const report = await get(alice, '/api/user/usage?date_from=2026-03-01&date_to=2026-03-01&timezone=Europe/Bucharest');
    expect(report.status).toBe(200);
    expect(report.body.days).toEqual([
      expect.objectContaining({ date: '2026-03-01', calls: 3, call_seconds: 690, messages: 2, replies: 2 }),
    ]);
    expect(report.body.timezone).toBe('Europe/Bucharest');
  });

  it('answers an empty range with a zero for every day', async () => {
    const user = await createUser(t.deps);
    const report = await get(user, '/api/user/usage?date_from=2026-12-30&date_to=2027-01-01');
    expect(report).toEqual({
      status: 200,
      body: {
        date_from: '2026-12-30',
        date_to: '2027-01-01',
        timezone: 'UTC',
        totals: { ...quiet, spend: 0 },
        days: ['2026-12-30', '2026-12-31', '2027-01-01'].map((date) => ({ date, ...quiet, spend: 0 })),
        assistants: [],
      },
    });
  });

  it('refuses a missing, reversed, too long or malformed range in the validation shape', async () => {
    const user = await createUser(t.deps);
    const cases: Array<[string, Record<string, string[]>]> = [
      ['date_to=2026-03-01', { date_from: ['The date from field is required.'] }],
      ['date_from=2026-03-02&date_to=2026-03-01', { date_to: ['The date to must be a date after or equal to date from.'] }],
      ['date_from=2025-01-01&date_to=2026-01-02', { date_to: ['The range may span at most 366 days.'] }],
      ['date_from=2026-13-01&date_to=2026-13-02', { date_from: ['The date from is not a valid date.'] }],
      ['date_from=2026-03-01&date_to=2026-03-01&timezone=Mars/Olympus', { timezone: ['The timezone must be a valid IANA time zone.'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await get(user, `/api/user/usage?${query}`);
      expect(res, query).toEqual({ status: 422, body: { message: Object.values(errors)[0]![0], errors } });
    }
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/usage?date_from=2026-03-01&date_to=2026-03-01' });
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Unauthenticated.' }]);
  });
});
