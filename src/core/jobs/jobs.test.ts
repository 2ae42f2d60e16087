import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { pino } from 'pino';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { JobRunner, PermanentJobError, RetryableJobError, enqueueJob, type JobContext, type JobRunnerOptions } from './index.js';
import { claimStatement } from './jobs.repo.js';

let t: TestApp;
let otherDb: Db;
beforeAll(async () => {
  t = await buildTestApp();
  // PostgreSQL: a second pool, as another process would have. PGlite: the same embedded database.
  otherDb = t.database.openAnother ? (await t.database.openAnother()).db : t.deps.db;
});
afterAll(async () => {
  await t.close();
});

const silent = pino({ level: 'silent' });
let kindSequence = 0;
/** A kind no other test uses, so leftovers of one test never run in another. */
const uniqueKind = (name: string) => `test.${name}.${++kindSequence}`;
const runner = (options: Partial<JobRunnerOptions> = {}) =>
  new JobRunner({ db: t.deps.db, clock: t.clock, logger: silent, random: () => 0.5, ...options });
const jobRow = (id: number) => t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('enqueueJob', () => {
  it('exists only if the enqueuing transaction commits, and runs once', async () => {
    const kind = uniqueKind('commit');
    const seen: Array<{ payload: unknown; ctx: Omit<JobContext, 'db' | 'logger'> }> = [];
    const jobs = runner();
    jobs.register(kind, async (payload, { db: _db, logger: _logger, ...ctx }) => void seen.push({ payload, ctx }));

    await expect(
      inTransaction(t.deps.db, async (tx) => {
        await enqueueJob(tx, { kind, payload: { n: 1 } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const id = await inTransaction(t.deps.db, (tx) => enqueueJob(tx, { kind, payload: { n: 2 } }));

    expect(await jobs.drain()).toBe(1);
    expect(await jobs.drain()).toBe(0);
    expect(seen).toEqual([{ payload: { n: 2 }, ctx: { jobId: id, attempt: 1, maxAttempts: 5, now: t.clock.now() } }]);
    expect(await t.deps.db.selectFrom('jobs').select('id').where('kind', '=', kind).execute()).toEqual([{ id }]);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 1, finished_at: t.clock.now(), locked_by: null });
  });

  it('treats a dedupe key with a pending job as a no-op, and accepts it again once that job ran', async () => {
    const kind = uniqueKind('dedupe');
    let runs = 0;
    const jobs = runner();
    jobs.register(kind, async () => void runs++);
    const first = await enqueueJob(t.deps.db, { kind, payload: { v: 1 }, dedupeKey: `${kind}:x` });
    const second = await enqueueJob(t.deps.db, { kind, payload: { v: 2 }, dedupeKey: `${kind}:x` });
    expect(second).toBe(first);
    expect(await jobs.drain()).toBe(1);
    const third = await enqueueJob(t.deps.db, { kind, payload: { v: 3 }, dedupeKey: `${kind}:x` });
    expect(third).not.toBe(first);
    expect(await jobs.drain()).toBe(1);
    expect(runs).toBe(2);
  });

  it('keeps a dedupe key when the database plans generically (plan_cache_mode = force_generic_plan)', async () => {
    const kind = uniqueKind('generic-plan');
    const ids = await t.deps.db.connection().execute(async (connection) => {
      await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
      try {
        const first = await enqueueJob(connection, { kind, payload: { v: 1 }, dedupeKey: `${kind}:x` });
        return [first, await enqueueJob(connection, { kind, payload: { v: 2 }, dedupeKey: `${kind}:x` })];
      } finally {
        await sql`RESET plan_cache_mode`.execute(connection);
      }
    });
    expect(ids[1]).toBe(ids[0]);
    expect(await t.deps.db.selectFrom('jobs').select(['id', 'payload']).where('kind', '=', kind).execute()).toEqual([
      { id: ids[0], payload: { v: 1 } },
    ]);
  });

  it('runs a delayed job only once the injected clock reaches run_at', async () => {
    const kind = uniqueKind('delayed');
    let runs = 0;
    const jobs = runner();
    jobs.register(kind, async () => void runs++);
    await enqueueJob(t.deps.db, { kind, payload: {}, runAt: new Date(t.clock.now().getTime() + 60_000) });
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(59_999);
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(1);
    expect(await jobs.drain()).toBe(1);
    expect(runs).toBe(1);
  });
});

describe('retries', () => {
  it('backs off exponentially with jitter, then keeps the job as dead with its last error and calls onDead once', async () => {
    const kind = uniqueKind('failing');
    const attempts: number[] = [];
    const dead: Array<{ payload: unknown; error: string; attempt: number }> = [];
    const jobs = runner();
    jobs.register(
      kind,
      async (_payload, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error(`boom ${ctx.attempt}`);
      },
      { onDead: async (payload, ctx) => void dead.push({ payload, error: ctx.error, attempt: ctx.attempt }) },
    );
    const id = await enqueueJob(t.deps.db, { kind, payload: { p: 1 }, maxAttempts: 3 });

    const start = t.clock.now().getTime();
    expect(await jobs.drain()).toBe(1);
    // attempt 1 failed: 10 s base, equal jitter with random 0.5 -> 7.5 s
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom 1', run_at: new Date(start + 7_500) });
    t.clock.advance(7_499);
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(1);
    expect(await jobs.drain()).toBe(1);
    // attempt 2 failed: 20 s -> 15 s
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 2, run_at: new Date(start + 7_500 + 15_000) });
    t.clock.advance(15_000);
    expect(await jobs.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'dead', attempts: 3, last_error: 'boom 3', finished_at: t.clock.now() });
    expect(attempts).toEqual([1, 2, 3]);
    expect(dead).toEqual([{ payload: { p: 1 }, error: 'boom 3', attempt: 3 }]);
    t.clock.advance(3_600_000);
    expect(await jobs.drain()).toBe(0);
  });

  it('retries after the delay a handler asks for, and gives up at once on a permanent error', async () => {
    const kind = uniqueKind('chooses');
    const jobs = runner();
    jobs.register(kind, async (payload: { permanent: boolean }) => {
      throw payload.permanent ? new PermanentJobError('never') : new RetryableJobError('later', 42_000);
    });
    const retrying = await enqueueJob(t.deps.db, { kind, payload: { permanent: false } });
    const permanent = await enqueueJob(t.deps.db, { kind, payload: { permanent: true } });
    await jobs.drain();
    expect(await jobRow(retrying)).toMatchObject({
      status: 'pending',
      last_error: 'later',
      run_at: new Date(t.clock.now().getTime() + 42_000),
    });
    expect(await jobRow(permanent)).toMatchObject({ status: 'dead', attempts: 1, last_error: 'never' });
  });

  it('rolls back the dead mark when onDead fails, so the give-up is retried after the lease', async () => {
    const kind = uniqueKind('ondead-fails');
    let onDeadCalls = 0;
    const jobs = runner({ leaseMs: 5_000 });
    jobs.register(kind, async () => Promise.reject(new Error('always')), {
      onDead: async (_payload, ctx) => {
        onDeadCalls++;
        await ctx.db
          .insertInto('rate_limit_counters')
          .values({ bucket: `${kind}:${onDeadCalls}`, window_start: ctx.now, count: 1, expires_at: ctx.now })
          .execute();
        if (onDeadCalls === 1) throw new Error('onDead broke');
      },
    });
    const id = await enqueueJob(t.deps.db, { kind, payload: {}, maxAttempts: 1 });
    await jobs.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'running' });
    t.clock.advance(5_001);
    await jobs.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'dead', last_error: expect.stringContaining('did not finish') });
    const counters = await t.deps.db.selectFrom('rate_limit_counters').select('bucket').where('bucket', 'like', `${kind}:%`).execute();
    expect(counters).toEqual([{ bucket: `${kind}:2` }]);
  });
});

describe('claims', () => {
  it('commit without waiting for the WAL flush, the job and the claims with nothing to claim alike', async () => {
    const kind = uniqueKind('async-claim');
    const id = await enqueueJob(t.deps.db, { kind, payload: {} });
    const claim = claimStatement([kind]);
    const commitModes = await inTransaction(t.deps.db, async (tx) => {
      const modes: Array<{ claimed: number[]; mode: string }> = [];
      for (let round = 0; round < 2; round++) {
        await sql`SET LOCAL synchronous_commit = on`.execute(tx);
        const claimed = (await claim.run(tx, [t.clock.now(), 5, 'worker-a', new Date(t.clock.now().getTime() + 30_000)])).rows.map(
          (job) => job.id,
        );
        modes.push({
          claimed,
          mode: (await sql<{ mode: string }>`SELECT current_setting('synchronous_commit') AS mode`.execute(tx)).rows[0]!.mode,
        });
      }
      return modes;
    });
    expect(commitModes).toEqual([
      { claimed: [id], mode: 'off' },
      { claimed: [], mode: 'off' },
    ]);
  });
});

describe('leases', () => {
  it('re-runs a job whose worker stopped mid-attempt, and ignores that worker finishing late', async () => {
    const kind = uniqueKind('lease');
    const gate = deferred();
    const started = deferred();
    const attempts: number[] = [];
    const stuck = runner({ leaseMs: 10_000 });
    stuck.register(kind, async (_p, ctx) => {
      attempts.push(ctx.attempt);
      started.resolve();
      await gate.promise;
    });
    const rescuer = runner({ db: otherDb, leaseMs: 10_000 });
    rescuer.register(kind, async (_p, ctx) => void attempts.push(ctx.attempt));
    const id = await enqueueJob(t.deps.db, { kind, payload: {} });

    const stuckDrain = stuck.drain();
    await started.promise;
    expect(await rescuer.drain()).toBe(0); // the lease is still valid
    t.clock.advance(10_001);
    expect(await rescuer.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      last_error: 'attempt 1 did not finish: its worker stopped or lost its lease',
    });
    gate.resolve();
    await stuckDrain;
    expect(attempts).toEqual([1, 2]);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('stop() lets the running job finish before it resolves', async () => {
    const kind = uniqueKind('graceful');
    const gate = deferred();
    const started = deferred();
    const jobs = runner({ pollIntervalMs: 20 });
    jobs.register(kind, async () => {
      started.resolve();
      await gate.promise;
    });
    const id = await enqueueJob(t.deps.db, { kind, payload: {} });
    jobs.start();
    await started.promise;
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded' });
  });
});

describe('two workers on one database', () => {
  it('runs every job exactly once between them', async () => {
    const kind = uniqueKind('shared');
    const runs = new Map<number, string[]>();
    const make = (db: Db, name: string) => {
      const jobs = runner({ db, concurrency: 4, pollIntervalMs: 10 });
      jobs.register(kind, async (payload: { n: number }) => {
        runs.set(payload.n, [...(runs.get(payload.n) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      });
      return jobs;
    };
    await inTransaction(t.deps.db, async (tx) => {
      for (let n = 0; n < 200; n++) await enqueueJob(tx, { kind, payload: { n } });
    });
    const a = make(t.deps.db, 'a');
    const b = make(otherDb, 'b');
    a.start();
    b.start();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const left = await t.deps.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', kind)
        .where('status', '!=', 'succeeded')
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all([a.stop(), b.stop()]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect([...runs.values()].filter((workers) => workers.length !== 1)).toEqual([]);
    expect(new Set([...runs.values()].flat())).toEqual(new Set(['a', 'b']));
  });

  it('wakes on commit through LISTEN/NOTIFY, without waiting for a poll', async () => {
    const kind = uniqueKind('notify');
    const ran = deferred();
    const jobs = runner({ pollIntervalMs: 600_000, listen: t.deps.database.listen });
    jobs.register(kind, async () => ran.resolve());
    jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the first poll and the LISTEN are done
    const enqueuedAt = Date.now();
    await enqueueJob(t.deps.db, { kind, payload: {} });
    await ran.promise;
    expect(Date.now() - enqueuedAt).toBeLessThan(1_000);
    await jobs.stop();
  });
});

describe('schedules', () => {
  it('fire once per period across processes, on period boundaries, and survive a restart', async () => {
    const kind = uniqueKind('every-minute');
    const name = `${kind}-schedule`;
    const runs: string[] = [];
    const make = (db: Db) => {
      const jobs = runner({ db });
      jobs.register(kind, async (payload: { tag: string }, ctx) => void runs.push(`${payload.tag}@${ctx.now.toISOString()}`));
      jobs.schedule(name, 60_000, kind, { tag: 'tick' });
      return jobs;
    };
    t.clock.set('2026-03-01T12:00:30.000Z');
    const a = make(t.deps.db);
    const b = make(otherDb);
    expect(await a.drain()).toBe(0);
    expect(await b.drain()).toBe(0);

    t.clock.set('2026-03-01T12:01:00.000Z');
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(1);
    expect(await a.drain()).toBe(0);

    // Workers down for five periods: one catch-up run, not five.
    t.clock.set('2026-03-01T12:06:10.000Z');
    expect((await a.drain()) + (await b.drain())).toBe(1);

    // A restarted process (new runner, same schedule) does not fire again within the period.
    const restarted = make(t.deps.db);
    expect(await restarted.drain()).toBe(0);
    t.clock.set('2026-03-01T12:07:00.000Z');
    expect(await restarted.drain()).toBe(1);
    expect(runs).toEqual(['tick@2026-03-01T12:01:00.000Z', 'tick@2026-03-01T12:06:10.000Z', 'tick@2026-03-01T12:07:00.000Z']);
    const schedule = await t.deps.db.selectFrom('job_schedules').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({
      every_ms: 60_000,
      next_run_at: new Date('2026-03-01T12:08:00.000Z'),
      last_run_at: new Date('2026-03-01T12:07:00.000Z'),
    });
  });
});

describe('recordResults', () => {
  const scratchInsert = (kind: string, results: number[], now: Date) => sql`
    test_scratch AS (
      INSERT INTO rate_limit_counters (bucket, window_start, count, expires_at)
      SELECT ${kind} || ':' || n, ${now}, 1, ${now} FROM jsonb_array_elements_text(${JSON.stringify(results)}::jsonb) AS n
      RETURNING bucket
    )`;
  const scratch = (kind: string) =>
    t.deps.db.selectFrom('rate_limit_counters').select('bucket').where('bucket', 'like', `${kind}:%`).orderBy('bucket').execute();

  it('writes what jobs finishing together returned in the commit that finishes them, batched', async () => {
    const kind = uniqueKind('results');
    const batches: number[][] = [];
    const jobs = runner({ concurrency: 4 });
    jobs.register<{ n: number }, number>(kind, async ({ n }) => n, {
      recordResults: (results, now) => {
        batches.push([...results]);
        return scratchInsert(kind, results, now);
      },
    });
    const ids = [];
    for (const n of [1, 2, 3, 4]) ids.push(await enqueueJob(t.deps.db, { kind, payload: { n } }));

    expect(await jobs.drain()).toBe(4);
    expect(batches.flat().sort()).toEqual([1, 2, 3, 4]);
    // Four handlers finishing at once: the ones done while a write runs share the next one.
    expect(batches.length).toBeLessThan(4);
    expect((await scratch(kind)).map((r) => r.bucket)).toEqual([1, 2, 3, 4].map((n) => `${kind}:${n}`));
    for (const id of ids) expect(await jobRow(id)).toMatchObject({ status: 'succeeded', locked_by: null });
  });

  it('leaves a job unfinished, to run again, when its result cannot be written', async () => {
    const kind = uniqueKind('results-fail');
    const jobs = runner({ leaseMs: 1_000 });
    jobs.register<{ n: number }, number>(kind, async ({ n }) => n, {
      // The first CTE's rows are written, then the second fails the statement.
      recordResults: (results, now) => sql`${scratchInsert(kind, results, now)},
        test_fails AS (INSERT INTO rate_limit_counters (bucket, window_start, count, expires_at) SELECT bucket || ':again', ${now}, 1 / 0, ${now} FROM test_scratch)`,
    });
    const id = await enqueueJob(t.deps.db, { kind, payload: { n: 1 } });
    expect(await jobs.drain()).toBe(1);
    // Rolled back together: no result, and the job still holds its lease until it expires.
    expect(await scratch(kind)).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });
  });
});
