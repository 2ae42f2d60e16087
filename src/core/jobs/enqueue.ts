import { sql } from 'kysely';
import type { DbOrTx } from '../db/transaction.js';

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Not before this time; omitted means as soon as a worker is free. */
  runAt?: Date;
  /** Attempts before the job is kept as dead (default 5). */
  maxAttempts?: number;
  /** While a pending job has this key, enqueuing another with it does nothing. */
  dedupeKey?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Adds a job in the caller's transaction: it exists exactly when the change that caused it
 * commits. Returns the job's id, or the id of the pending job that already has the dedupeKey.
 *
 * An immediate job gets run_at '-infinity' rather than the database's now(): the worker compares
 * run_at with the injected clock, which may be behind the database's clock (tests, replays).
 */
export async function enqueueJob(db: DbOrTx, job: NewJob): Promise<number> {
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer (got ${maxAttempts})`);
  const values = {
    kind: job.kind,
    payload: sql<string>`${JSON.stringify(job.payload ?? null)}::jsonb`,
    run_at: job.runAt ?? sql<Date>`'-infinity'::timestamptz`,
    max_attempts: maxAttempts,
    dedupe_key: job.dedupeKey ?? null,
  };
  if (job.dedupeKey === undefined) {
    const row = await db.insertInto('jobs').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  // The pending job with this key can be claimed between the insert and the lookup; a second
  // round then inserts a fresh one. The arbiter's predicate is spelled as literals: PostgreSQL
  // must match it to the partial unique index while planning, which a parameter defeats under a
  // generic plan (plan_cache_mode = force_generic_plan: "no unique or exclusion constraint
  // matching the ON CONFLICT specification").
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insertInto('jobs')
      .values(values)
      .onConflict((oc) => oc.column('dedupe_key').where('status', '=', sql.lit('pending')).where('dedupe_key', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const existing = await db
      .selectFrom('jobs')
      .select('id')
      .where('dedupe_key', '=', job.dedupeKey)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (existing) return existing.id;
  }
  throw new Error(`Could not enqueue job with dedupe key ${job.dedupeKey}`);
}

/** Brings a pending job with this key forward to runAt (e.g. "redeliver now"); false when none. */
export async function expediteJob(db: DbOrTx, dedupeKey: string, runAt: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ run_at: runAt, updated_at: runAt })
    .where('dedupe_key', '=', dedupeKey)
    .where('status', '=', 'pending')
    .where('run_at', '>', runAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets finished jobs: succeeded ones after a day, dead ones (kept for inspection) after 30. */
export async function pruneFinishedJobs(db: DbOrTx, now: Date): Promise<number> {
  const day = 24 * 3_600_000;
  const result = await sql`
    DELETE FROM jobs
    WHERE (status = 'succeeded' AND finished_at < ${new Date(now.getTime() - day)})
       OR (status = 'dead' AND finished_at < ${new Date(now.getTime() - 30 * day)})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
