import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { inTransaction } from '../db/transaction.js';
import { JobRunner, enqueueJob } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let kindSequence = 0;
const uniqueKind = (name: string) => `test.${name}.${++kindSequence}`;
const runner = () => new JobRunner({ db: t.deps.db, clock: t.clock, logger: pino({ level: 'silent' }), concurrency: 3, random: () => 0.5 });

describe('claiming', () => {
  it('takes due jobs of its own kinds, oldest run_at first then by id, a claim at a time, from a backlog', async () => {
    const [mine, later, foreign] = [uniqueKind('mine'), uniqueKind('later'), uniqueKind('foreign')];
    const now = t.clock.now();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    await inTransaction(t.deps.db, async (tx) => {
      // A backlog larger than a claim, enqueued newest first: claim order must come from run_at, not insertion.
      for (let n = 1; n <= 30; n++) await enqueueJob(tx, { kind: mine, payload: { n }, runAt: at(-n) });
      await enqueueJob(tx, { kind: mine, payload: { n: 'immediate' } });
      await enqueueJob(tx, { kind: mine, payload: { n: 'future' }, runAt: at(60) });
      await enqueueJob(tx, { kind: foreign, payload: { n: 'foreign' } });
      await enqueueJob(tx, { kind: later, payload: { n: 'later' } });
    });
    const order: unknown[] = [];
    const jobs = runner();
    jobs.register(mine, async (payload: { n: unknown }) => void order.push(payload.n));

    expect(await jobs.drain()).toBe(31);
    // Each claim of 3 starts its jobs together (in id order): compare claim by claim.
    const claims = (list: unknown[]) => Array.from({ length: Math.ceil(list.length / 3) }, (_, i) => new Set(list.slice(i * 3, i * 3 + 3)));
    expect(claims(order)).toEqual(claims(['immediate', ...Array.from({ length: 30 }, (_, i) => 30 - i)]));

    // A kind registered after the first claims is claimed too (the statement follows the kinds).
    jobs.register(later, async (payload: { n: unknown }) => void order.push(payload.n));
    expect(await jobs.drain()).toBe(1);
    expect(order.at(-1)).toBe('later');
    const left = await t.deps.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('kind', 'in', [mine, foreign])
      .where('status', '=', 'pending')
      .orderBy('kind')
      .execute();
    expect(left).toEqual([
      { kind: foreign, status: 'pending' },
      { kind: mine, status: 'pending' },
    ]);
  });
});
