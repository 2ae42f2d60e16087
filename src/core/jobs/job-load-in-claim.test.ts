import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { pino } from 'pino';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { JobRunner, enqueueJob, type JobRunnerOptions } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const silent = pino({ level: 'silent' });
let kindSequence = 0;
const uniqueKind = (name: string) => `test.${name}.${++kindSequence}`;
const runner = (options: Partial<JobRunnerOptions> = {}) =>
  new JobRunner({ db: t.deps.db, clock: t.clock, logger: silent, random: () => 0.5, ...options });

describe('loadInClaim', () => {
  it('hands each job what the claim statement read for it: null when nothing is found, nothing for kinds without one', async () => {
    const [loading, plain] = [uniqueKind('load'), uniqueKind('plain')];
    const seen: Record<string, unknown> = {};
    const jobs = runner({ concurrency: 8 });
    jobs.register<{ bucket: string }, void, { count: number }>(loading, async ({ bucket }, ctx) => void (seen[bucket] = ctx.loaded), {
      loadInClaim: (payload) =>
        sql`SELECT jsonb_build_object('count', count) FROM rate_limit_counters WHERE bucket = ${payload}->>'bucket'`,
    });
    jobs.register(plain, async (_payload, ctx) => void (seen.plain = 'loaded' in ctx ? ctx.loaded : 'absent'));
    const now = t.clock.now();
    await t.deps.db
      .insertInto('rate_limit_counters')
      .values([
        { bucket: `${loading}:a`, window_start: now, count: 3, expires_at: now },
        { bucket: `${loading}:b`, window_start: now, count: 5, expires_at: now },
      ])
      .execute();
    for (const bucket of ['a', 'b', 'missing']) await enqueueJob(t.deps.db, { kind: loading, payload: { bucket: `${loading}:${bucket}` } });
    await enqueueJob(t.deps.db, { kind: plain, payload: {} });

    expect(await jobs.drain()).toBe(4);
    expect(seen).toEqual({ [`${loading}:a`]: { count: 3 }, [`${loading}:b`]: { count: 5 }, [`${loading}:missing`]: null, plain: 'absent' });
  });

  it('reads a load the claim found nothing for again before the handler runs: null may mean not yet visible', async () => {
    // claim_jobs' UPDATE runs with a snapshot of its own, after the claim statement's: a job
    // committed between the two is claimed while its load, read with the statement's older
    // snapshot, misses what the job's transaction wrote with it. The claimed job's own row shows
    // the same: its load sees it pending in the claim statement, running afterwards.
    const kind = uniqueKind('late');
    const seen: unknown[] = [];
    const jobs = runner();
    jobs.register<{ marker: string }, void, { status: string; attempts: number }>(
      kind,
      async (_payload, ctx) => void seen.push(ctx.loaded),
      {
        loadInClaim: (payload) => sql`
        SELECT jsonb_build_object('status', status, 'attempts', attempts) FROM jobs
        WHERE kind = ${kind} AND payload->>'marker' = ${payload}->>'marker' AND status = 'running'`,
      },
    );
    await enqueueJob(t.deps.db, { kind, payload: { marker: 'm1' } });

    expect(await jobs.drain()).toBe(1);
    expect(seen).toEqual([{ status: 'running', attempts: 1 }]);
  });
});
