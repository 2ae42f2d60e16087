import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { ClaimedJob, JobsRepo } from './jobs.repo.js';
import type { CompletionBatcher } from './completion-batcher.js';
import type { JobContext, KindRegistry, RegisteredKind } from './job-types.js';
import { PermanentJobError, RetryableJobError, errorMessage } from './retry.js';

interface ExecutionDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  repo: JobsRepo;
  kinds: KindRegistry;
  workerId: string;
  completions: CompletionBatcher;
  defaultBackoff: (attempt: number) => number;
}

export type GiveUpGuard = Parameters<JobsRepo['markDead']>[1];

/** One attempt of one claimed job, and writing down how it ended: succeeded, retrying or dead. */
export function createJobExecution({ db, clock, logger: rootLogger, repo, kinds, workerId, completions, defaultBackoff }: ExecutionDeps) {
  /** Marks a job dead and runs its onDead in the same transaction. */
  async function giveUp(
    job: Omit<ClaimedJob, 'loaded'>,
    registered: RegisteredKind | undefined,
    guard: GiveUpGuard,
    error: string,
    now: Date,
  ): Promise<void> {
    await inTransaction(db, async (tx) => {
      if (!(await repo.markDead(tx, guard, now, error))) return;
      const logger = rootLogger.child({ jobId: job.id, jobKind: job.kind });
      await registered?.options.onDead?.(job.payload, {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        db: tx,
        now,
        logger,
        error,
      });
    });
  }

  async function afterFailure(job: ClaimedJob, registered: RegisteredKind, ctx: JobContext, error: unknown): Promise<void> {
    const message = errorMessage(error);
    const now = clock.now();
    const lease = { id: job.id, workerId, attempt: job.attempts };
    if (!(error instanceof PermanentJobError) && job.attempts < job.max_attempts) {
      const delayMs =
        error instanceof RetryableJobError && error.retryAfterMs !== undefined
          ? error.retryAfterMs
          : (registered.options.backoff ?? defaultBackoff)(job.attempts);
      const runAt = new Date(now.getTime() + delayMs);
      const outcome = await repo.markRetry(lease, now, runAt, message);
      const level = error instanceof RetryableJobError ? 'info' : 'warn';
      ctx.logger[level]({ err: error, outcome, retryAt: runAt.toISOString() }, 'job attempt failed');
      return;
    }
    ctx.logger.error({ err: error }, 'job failed for good');
    await giveUp(job, registered, { lease }, message, now);
  }

  /**
   * What the claim read for the job, or, where it read nothing, what a statement of the job's own
   * reads now. claim_jobs' UPDATE takes a snapshot of its own, after the claim statement's (each
   * statement of a volatile function does, in READ COMMITTED), so it can claim a job committed
   * between the two whose load, read with the statement's snapshot, misses what the job's
   * transaction wrote with it (a webhook delivery): null may mean "not yet visible", not "gone".
   */
  async function loadedFor(job: ClaimedJob, load: NonNullable<RegisteredKind['options']['loadInClaim']>): Promise<unknown> {
    return job.loaded ?? repo.loadAgain(load, job.payload);
  }

  function contextFor(job: ClaimedJob): JobContext {
    // Made only when something is logged: most runs log nothing, and a child logger per job shows in a profile.
    let logger: Logger | undefined;
    const childLogger = () => (logger ??= rootLogger.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts }));
    const ctx: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      db,
      now: clock.now(),
      get logger() {
        return childLogger();
      },
    };
    return ctx;
  }

  /** Runs the handler; `release` frees its slot as soon as the handler returns, before the outcome is written. */
  async function run(job: ClaimedJob, release: () => void): Promise<void> {
    const registered = kinds.get(job.kind)!;
    const ctx = contextFor(job);
    const load = registered.options.loadInClaim;
    let result: unknown;
    try {
      if (load) ctx.loaded = await loadedFor(job, load);
      result = await registered.handler(job.payload, ctx);
    } catch (error) {
      release();
      await afterFailure(job, registered, ctx, error).catch((e: unknown) => ctx.logger.error({ err: e }, 'could not record a job failure'));
      return;
    }
    release();
    try {
      const lease = { id: job.id, workerId, attempt: job.attempts };
      const recorded = await completions.write({ lease, kind: job.kind, result });
      if (!recorded) ctx.logger.warn('job finished after its lease had expired; it may have run again elsewhere');
    } catch (error) {
      // The work is done but unrecorded: the lease will expire and the job run again, which
      // handlers tolerate (at least once).
      ctx.logger.error({ err: error }, 'could not record a finished job');
    }
  }

  return { run, giveUp };
}

export type JobExecution = ReturnType<typeof createJobExecution>;
