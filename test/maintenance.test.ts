import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from './helpers/test-app.js';
import { createUser } from './helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('a recurring job removes expired rate-limit windows, expired sessions and old finished jobs every 15 minutes', async () => {
  t.clock.set('2026-01-15T10:00:00.000Z');
  const now = t.clock.now().getTime();
  const at = (offsetMs: number) => new Date(now + offsetMs);
  const { user, owner } = await createUser(t.deps);
  const db = t.deps.db;

  await db
    .insertInto('rate_limit_counters')
    .values([
      { bucket: 'old', window_start: at(-120_000), count: 3, expires_at: at(-60_000) },
      { bucket: 'current', window_start: at(0), count: 1, expires_at: at(3_600_000) },
    ])
    .execute();
  const token = (name: string, kind: 'session' | 'api_key', expiresAt: Date | null) => ({
    user_id: user.id,
    member_id: owner.id,
    role: kind === 'api_key' ? ('owner' as const) : null,
    kind,
    name,
    token_hash: Buffer.alloc(32),
    token_prefix: 'x',
    expires_at: expiresAt,
  });
  await db
    .insertInto('access_tokens')
    .values([token('expired-session', 'session', at(-1)), token('live-session', 'session', at(86_400_000)), token('key', 'api_key', null)])
    .execute();
  const finished = (status: 'succeeded' | 'dead', finishedAt: Date) => ({
    kind: `test.finished.${status}`,
    payload: sql<string>`'{}'::jsonb`,
    max_attempts: 1,
    status,
    finished_at: finishedAt,
  });
  await db
    .insertInto('jobs')
    .values([
      finished('succeeded', at(-2 * 86_400_000)),
      finished('succeeded', at(-3_600_000)),
      finished('dead', at(-31 * 86_400_000)),
      finished('dead', at(-2 * 86_400_000)),
    ])
    .execute();

  await t.deps.jobs.drain(); // registers the schedule; the first run is at the next quarter hour
  expect(await db.selectFrom('rate_limit_counters').select('bucket').where('bucket', 'in', ['old', 'current']).execute()).toHaveLength(2);

  t.clock.set('2026-01-15T10:15:00.000Z');
  await t.deps.jobs.drain();
  expect(await db.selectFrom('rate_limit_counters').select('bucket').where('bucket', 'in', ['old', 'current']).execute()).toEqual([
    { bucket: 'current' },
  ]);
  const names = await db.selectFrom('access_tokens').select('name').where('user_id', '=', user.id).orderBy('name').execute();
  expect(names.map((n) => n.name)).toEqual(['Default', 'key', 'live-session']);
  const jobs = await db
    .selectFrom('jobs')
    .select(['status', 'finished_at'])
    .where('kind', 'like', 'test.finished.%')
    .orderBy('finished_at')
    .execute();
  expect(jobs).toEqual([
    { status: 'dead', finished_at: at(-2 * 86_400_000) },
    { status: 'succeeded', finished_at: at(-3_600_000) },
  ]);
});
