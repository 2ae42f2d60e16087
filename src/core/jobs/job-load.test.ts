import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const jobRow = (id: number) => t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('load', () => {
  it('reads what the jobs claimed together need in one call, each handler getting its own answer', async () => {
    const kind = uniqueKind('load');
    const loads: number[][] = [];
    const seen: string[] = [];
    const jobs = runner({ concurrency: 4 });
    jobs.register<{ n: number }, void, string>(
      kind,
      async ({ n }, ctx) => void seen.push(`${n}:${await ctx.loaded}`),
      { load: async (_db, payloads) => (loads.push(payloads.map((p) => p.n)), payloads.map((p) => `row-${p.n * 10}`)) },
    );
    for (const n of [1, 2, 3, 4, 5]) await enqueueJob(t.deps.db, { kind, payload: { n } });

    expect(await jobs.drain()).toBe(5);
    // Claimed four at a time (the concurrency), in id order: one read per claim.
    expect(loads).toEqual([[1, 2, 3, 4], [5]]);
    expect(seen.sort()).toEqual(['1:row-10', '2:row-20', '3:row-30', '4:row-40', '5:row-50']);
  });

  it('fails the attempts of the claimed jobs when their read fails, to be retried like a handler error', async () => {
    const kind = uniqueKind('load-fails');
    let handled = 0;
    const jobs = runner({ concurrency: 4 });
    jobs.register<{ n: number }, void, string>(
      kind,
      async (_payload, ctx) => {
        await ctx.loaded;
        handled++;
      },
      { load: async () => Promise.reject(new Error('connection reset')) },
    );
    const ids = [await enqueueJob(t.deps.db, { kind, payload: { n: 1 } }), await enqueueJob(t.deps.db, { kind, payload: { n: 2 } })];

    expect(await jobs.drain()).toBe(2);
    expect(handled).toBe(0);
    // Default backoff for attempt 1 with random 0.5: 7.5 s.
    const retryAt = new Date(t.clock.now().getTime() + 7_500);
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connection reset', run_at: retryAt });
  });
});
