import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { DbOrTx } from '../db/transaction.js';
import { fixedStatement, type FixedStatement } from '../db/fixed-statement.js';
import { runPrepared } from '../db/server-prepared.js';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** This attempt's number, counting from 1. */
  attempts: number;
  max_attempts: number;
  /** What the kind's loadInClaim read; null for kinds without one. */
  loaded: unknown;
}

/** A kind's subquery evaluated per claimed job (see JobKindOptions.loadInClaim). */
export type ClaimLoads = ReadonlyMap<string, (payload: RawBuilder<unknown>) => RawBuilder<unknown>>;

/** Proof that a worker still owns a job: any update made without it is a no-op. */
export interface JobLease {
  id: number;
  workerId: string;
  attempt: number;
}

export interface ScheduleDefinition {
  name: string;
  everyMs: number;
  kind: string;
  payload: unknown;
}

const UNIQUE_VIOLATION = '23505';

/** The SQL of the worker loop; every time comparison uses the injected clock's `now`. */
export function createJobsRepo(db: Db) {
  const owned = (lease: JobLease) =>
    sql<boolean>`id = ${lease.id} AND status = 'running' AND locked_by = ${lease.workerId} AND attempts = ${lease.attempt}`;

  return {
    /**
     * SKIP LOCKED (in claimable_jobs, migration 0020, which claim_jobs calls) lets any number of
     * workers claim side by side, each job by exactly one. `statement` is claimStatement's, made once per set of kinds.
     */
    async claimDue(
      statement: ClaimStatement,
      input: { limit: number; now: Date; workerId: string; leaseUntil: Date },
    ): Promise<ClaimedJob[]> {
      if (input.limit <= 0) return [];
      const result = await statement.run(db, [input.now, input.limit, input.workerId, input.leaseUntil]);
      return result.rows.sort((a, b) => a.id - b.id);
    },

    /** A kind's loadInClaim for one job's payload, read by a statement of its own. */
    async loadAgain(load: (payload: RawBuilder<unknown>) => RawBuilder<unknown>, payload: unknown): Promise<unknown> {
      const { rows } = await sql<{ loaded: unknown }>`SELECT (${load(sql`${JSON.stringify(payload)}::jsonb`)}) AS loaded`.execute(db);
      return rows[0]?.loaded ?? null;
    },

    async extendLeases(workerId: string, ids: number[], leaseUntil: Date): Promise<void> {
      if (ids.length === 0) return;
      await sql`
        UPDATE jobs SET locked_until = ${leaseUntil}
        WHERE status = 'running' AND locked_by = ${workerId} AND id IN (${sql.join(ids)})`.execute(db);
    },

    /**
     * Finishes several of one worker's jobs in one statement; returns the ids it still owned.
     * `records` are data-modifying CTEs (`name AS (...)`) that write the jobs' results in the same
     * statement: one round trip and one commit for all of it, and nothing written if it fails.
     */
    async markSucceeded(workerId: string, leases: JobLease[], now: Date, records: RawBuilder<unknown>[] = []): Promise<Set<number>> {
      if (leases.length === 0) return new Set();
      // The leases as two arrays: one parameter each, whatever the batch's size.
      const ids = `{${leases.map((lease) => lease.id).join(',')}}`;
      const attempts = `{${leases.map((lease) => lease.attempt).join(',')}}`;
      const withRecords = records.length === 0 ? sql`` : sql`WITH ${sql.join(records)} `;
      // Its text depends only on which kinds wrote results: a few texts, each worth preparing.
      const result = await runPrepared(
        db,
        sql<{ id: number }>`
        ${withRecords}UPDATE jobs SET status = 'succeeded', finished_at = ${now}, updated_at = ${now}, locked_by = NULL, locked_until = NULL
        WHERE status = 'running' AND locked_by = ${workerId} AND id = ANY (${ids}::bigint[])
          AND (id, attempts) IN (SELECT * FROM unnest(${ids}::bigint[], ${attempts}::integer[]))
        RETURNING id`,
      );
      return new Set(result.rows.map((row) => row.id));
    },

    /**
     * Back to pending for a later attempt. 'superseded' when another pending job already has
     * the same dedupe key: that job does the same work, so this one is closed instead.
     */
    async markRetry(lease: JobLease, now: Date, runAt: Date, error: string): Promise<'retrying' | 'lost' | 'superseded'> {
      try {
        const result = await sql`
          UPDATE jobs SET status = 'pending', run_at = ${runAt}, last_error = ${error}, updated_at = ${now},
                 locked_by = NULL, locked_until = NULL
          WHERE ${owned(lease)}`.execute(db);
        return Number(result.numAffectedRows) > 0 ? 'retrying' : 'lost';
      } catch (e) {
        if ((e as { code?: string }).code !== UNIQUE_VIOLATION) throw e;
        const closed = await this.markDead(db, { lease }, now, `${error} (not retried: a newer pending job has the same dedupe key)`);
        return closed ? 'superseded' : 'lost';
      }
    },

    /** Dead is final; the guard is either the caller's lease or "its lease has expired". */
    async markDead(
      tx: DbOrTx,
      guard: { lease: JobLease } | { expiredBefore: Date; id: number },
      now: Date,
      error: string,
    ): Promise<boolean> {
      const condition =
        'lease' in guard
          ? owned(guard.lease)
          : sql<boolean>`id = ${guard.id} AND status = 'running' AND locked_until < ${guard.expiredBefore}`;
      const result = await sql`
        UPDATE jobs SET status = 'dead', last_error = ${error}, finished_at = ${now}, updated_at = ${now},
               locked_by = NULL, locked_until = NULL
        WHERE ${condition}`.execute(tx);
      return Number(result.numAffectedRows) > 0;
    },

    /** Jobs whose worker stopped mid-attempt (crash, kill, lost connection). */
    async findExpiredLeases(now: Date, limit: number) {
      return db
        .selectFrom('jobs')
        .select(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
        .where('status', '=', 'running')
        .where('locked_until', '<', now)
        .orderBy('locked_until')
        .limit(limit)
        .execute();
    },

    /** Makes an abandoned attempt's job due again at once: the failure was the worker's, not the job's. */
    async releaseExpiredLease(id: number, now: Date, error: string): Promise<'released' | 'gone' | 'superseded'> {
      try {
        const result = await sql`
          UPDATE jobs SET status = 'pending', last_error = ${error}, updated_at = ${now}, locked_by = NULL, locked_until = NULL
          WHERE id = ${id} AND status = 'running' AND locked_until < ${now}`.execute(db);
        return Number(result.numAffectedRows) > 0 ? 'released' : 'gone';
      } catch (e) {
        if ((e as { code?: string }).code !== UNIQUE_VIOLATION) throw e;
        const closed = await this.markDead(
          db,
          { id, expiredBefore: now },
          now,
          `${error} (not retried: a newer pending job has the same dedupe key)`,
        );
        return closed ? 'superseded' : 'gone';
      }
    },

    /** Registers schedules; an existing one keeps its next run unless its period changed. */
    async saveSchedules(schedules: ScheduleDefinition[], now: Date): Promise<void> {
      for (const s of schedules) {
        await sql`
          INSERT INTO job_schedules (name, kind, payload, every_ms, next_run_at)
          VALUES (${s.name}, ${s.kind}, ${JSON.stringify(s.payload ?? null)}::jsonb, ${s.everyMs}, ${nextBoundary(now, s.everyMs)})
          ON CONFLICT (name) DO UPDATE SET
            kind = excluded.kind, payload = excluded.payload, every_ms = excluded.every_ms,
            next_run_at = CASE WHEN job_schedules.every_ms = excluded.every_ms THEN job_schedules.next_run_at
                               ELSE LEAST(job_schedules.next_run_at, excluded.next_run_at) END`.execute(db);
      }
    },

    /**
     * Advances every due schedule to its next period boundary and returns those that fired. The
     * conditional UPDATE is the once-per-period guarantee: a second process waits on the row
     * lock, then finds next_run_at in the future and fires nothing.
     */
    async advanceDueSchedules(tx: DbOrTx, names: string[], now: Date) {
      if (names.length === 0) return [];
      const nowMs = now.getTime();
      const result = await sql<{ name: string; kind: string; payload: unknown }>`
        UPDATE job_schedules
        SET next_run_at = to_timestamp(((floor(${nowMs}::float8 / every_ms) + 1) * every_ms) / 1000.0),
            last_run_at = ${now}
        WHERE name IN (${sql.join(names)}) AND next_run_at <= ${now}
        RETURNING name, kind, payload`.execute(tx);
      return result.rows;
    },
  };
}

export type ClaimStatement = FixedStatement<[now: Date, limit: number, workerId: string, leaseUntil: Date], ClaimedJob>;

/**
 * The claim for these kinds, compiled once: claim_jobs (migration 0021) claims the due jobs by
 * primary key, and each claimed row returns what its kind's loadInClaim reads (one CASE over the
 * kind, evaluated for the claimed rows only).
 *
 * Its commit does not wait for the WAL flush (as commitWithoutWaitingForFlush): a claim is worth
 * nothing without the job's own writes or its completion, durable commits after it that flush it
 * too. A claim a database crash loses leaves its job pending, to be claimed again, as an expired
 * lease would; a job's work is repeatable in any case (at least once).
 */
export function claimStatement(kinds: string[], loads?: ClaimLoads): ClaimStatement {
  const kindList = `{${kinds.map((kind) => `"${kind.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return fixedStatement(
    ($) => sql<ClaimedJob>`
    SELECT jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts, ${loadedColumn(loads)} AS loaded
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS commit_mode,
      claim_jobs(${$(0)}, ${kindList}::text[], ${$(1)}, ${$(2)}, ${$(3)}) AS jobs`,
  );
}

function loadedColumn(loads: ClaimLoads | undefined): RawBuilder<unknown> {
  if (!loads || loads.size === 0) return sql`NULL::jsonb`;
  const payload = sql.ref('jobs.payload');
  const branches = [...loads].map(([kind, load]) => sql`WHEN ${kind} THEN (${load(payload)})`);
  return sql`CASE jobs.kind ${sql.join(branches, sql` `)} END`;
}

/** Schedules fire on multiples of their period since the epoch (UTC), the same in every process. */
export function nextBoundary(now: Date, everyMs: number): Date {
  return new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
