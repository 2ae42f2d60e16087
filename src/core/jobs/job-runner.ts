import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { Unlisten } from '../db/listen.js';
import { inTransaction, type DbOrTx } from '../db/transaction.js';
import { enqueueJob } from './enqueue.js';
import { createJobsRepo, type ClaimedJob, type JobLease, type JobsRepo, type ScheduleDefinition } from './jobs.repo.js';
import { createCoalescingWriter } from './coalescing-writer.js';
import { PermanentJobError, RetryableJobError, errorMessage, exponentialBackoff } from './retry.js';

export interface JobContext {
  jobId: number;
  /** Counts from 1; the job is dead after maxAttempts failed attempts. */
  attempt: number;
  maxAttempts: number;
  db: Db;
  /** The injected clock's time when the attempt started. */
  now: Date;
  logger: Logger;
}

/** onDead runs in the transaction that marks the job dead, so its effect and the death commit together. */
export interface DeadJobContext extends Omit<JobContext, 'db'> {
  db: DbOrTx;
  error: string;
}

// Payloads are JSON from the database: a handler states the shape it enqueued. What it returns
// (if anything) goes to its kind's recordResults.
export type JobHandler<P = any, R = any> = (payload: P, ctx: JobContext) => Promise<R | void>;

export interface JobKindOptions<P = any, R = any> {
  /** Delay before attempt n+1 after attempt n failed; exponential with jitter by default. */
  backoff?: (attempt: number) => number;
  /** Called once when a job of this kind is given up on. */
  onDead?: (payload: P, ctx: DeadJobContext) => Promise<void>;
  /**
   * Writes down what successful runs returned, in the transaction that marks them succeeded:
   * jobs finishing together then cost one commit for their results and their completion, not
   * one each. A run whose lease was lost meanwhile is written down too: its work did happen.
   */
  recordResults?: (tx: DbOrTx, results: R[], now: Date) => Promise<void>;
}

/** A handler that returned: its lease, and what it returned for its kind's recordResults. */
interface Finished {
  lease: JobLease;
  kind: string;
  result: unknown;
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Handlers running at once in this process. */
  concurrency?: number;
  /** How often to look for due work when no notification arrives (retries, delayed jobs, schedules). */
  pollIntervalMs?: number;
  /** How long a claimed job stays ours without a heartbeat; after that another worker re-runs it. */
  leaseMs?: number;
  listen?: (channel: string, onNotify: () => void) => Promise<Unlisten>;
  random?: () => number;
}

export const JOBS_CHANNEL = 'switchboard_jobs';
const MAX_DRAIN_ROUNDS = 1_000;
const REAP_BATCH = 100;

interface Registered {
  handler: JobHandler;
  options: JobKindOptions;
}

/**
 * Runs durable jobs from the jobs table. Any number of runners, in any number of processes,
 * share the table: claiming uses SKIP LOCKED, a claimed job carries a lease renewed by a
 * heartbeat, and a job whose lease ran out (its process died) is run again. Delivery is
 * therefore at least once; handlers make repeated runs harmless.
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly repo: JobsRepo;
  private readonly handlers = new Map<string, Registered>();
  private readonly schedules = new Map<string, ScheduleDefinition>();
  /** Claimed jobs whose outcome is not recorded yet: leases to renew, work to await on stop. */
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Handlers running now; a slot frees when the handler returns, before its outcome is written. */
  private busySlots = 0;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly defaultBackoff: (attempt: number) => number;
  private schedulesSaved = false;
  private running = false;
  private ticking: Promise<void> | null = null;
  private wakeAgain = false;
  private maintenanceDue = true;
  private timers: NodeJS.Timeout[] = [];
  /** Jobs finishing together are marked succeeded in one statement, with their results in one commit. */
  private readonly completions = createCoalescingWriter(async (done: Finished[]) => {
    const now = this.options.clock.now();
    const leases = done.map((d) => d.lease);
    const results = new Map<string, unknown[]>();
    for (const { kind, result } of done) {
      if (result === undefined || !this.handlers.get(kind)?.options.recordResults) continue;
      results.set(kind, [...(results.get(kind) ?? []), result]);
    }
    const finished =
      results.size === 0
        ? await this.repo.markSucceeded(this.workerId, leases, now)
        : await inTransaction(this.options.db, async (tx) => {
            for (const [kind, list] of results) await this.handlers.get(kind)!.options.recordResults!(tx, list, now);
            return this.repo.markSucceeded(this.workerId, leases, now, tx);
          });
    return (d: Finished) => finished.has(d.lease.id);
  });
  private unlisten: Promise<Unlisten | undefined> | undefined;

  constructor(private readonly options: JobRunnerOptions) {
    this.repo = createJobsRepo(options.db);
    this.concurrency = options.concurrency ?? 8;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.defaultBackoff = exponentialBackoff({ baseMs: 10_000, maxMs: 3_600_000, random: options.random ?? Math.random });
  }

  register<P = any, R = any>(kind: string, handler: JobHandler<P, R>, options: JobKindOptions<P, R> = {}): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind "${kind}" is already registered`);
    this.handlers.set(kind, { handler, options });
  }

  /** A job of `kind` once per period of everyMs (on its multiples since the epoch), across all processes. */
  schedule(name: string, everyMs: number, kind: string, payload: unknown = {}): void {
    if (!Number.isInteger(everyMs) || everyMs <= 0) throw new Error(`everyMs must be a positive integer (got ${everyMs})`);
    this.schedules.set(name, { name, everyMs, kind, payload });
    this.schedulesSaved = false;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.maintenanceDue = true;
    const poll = setInterval(() => {
      this.maintenanceDue = true;
      this.wake();
    }, this.pollIntervalMs);
    const heartbeat = setInterval(() => void this.heartbeat(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.timers = [poll, heartbeat];
    for (const timer of this.timers) timer.unref();
    this.unlisten = this.options.listen?.(JOBS_CHANNEL, () => this.wake()).catch((error: unknown) => {
      this.options.logger.warn({ err: error }, 'job notifications unavailable; polling only');
      return undefined;
    });
    this.wake();
  }

  /** Stops claiming, then waits for the jobs already running to finish. */
  async stop(): Promise<void> {
    this.running = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const unlisten = await this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
    await this.ticking;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Tests: runs everything due at the clock's now, including what those jobs enqueue, until nothing is due. */
  async drain(): Promise<number> {
    let ran = 0;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      await this.maintain();
      const jobs = await this.claim(this.concurrency);
      if (jobs.length === 0) return ran;
      await Promise.all(jobs.map((job) => this.launch(job)));
      ran += jobs.length;
    }
    throw new Error(`drain() still found due jobs after ${MAX_DRAIN_ROUNDS} rounds`);
  }

  private wake(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.wakeAgain = true;
      return;
    }
    this.ticking = this.tick()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'job worker poll failed'))
      .finally(() => {
        this.ticking = null;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async tick(): Promise<void> {
    if (this.maintenanceDue) {
      this.maintenanceDue = false;
      await this.maintain();
    }
    while (this.running) {
      const room = this.concurrency - this.busySlots;
      if (room <= 0) return;
      const jobs = await this.claim(room);
      for (const job of jobs) void this.launch(job);
      if (jobs.length < room) return;
    }
  }

  private claim(limit: number): Promise<ClaimedJob[]> {
    const now = this.options.clock.now();
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    return this.repo.claimDue({ kinds: [...this.handlers.keys()], limit, now, workerId: this.workerId, leaseUntil });
  }

  private launch(job: ClaimedJob): Promise<void> {
    this.busySlots++;
    const release = () => {
      this.busySlots--;
      this.wake();
    };
    const run = this.run(job, release).finally(() => this.inFlight.delete(job.id));
    this.inFlight.set(job.id, run);
    return run;
  }

  private async run(job: ClaimedJob, release: () => void): Promise<void> {
    const registered = this.handlers.get(job.kind)!;
    // Made only when something is logged: most runs log nothing, and a child logger per job shows in a profile.
    let logger: Logger | undefined;
    const childLogger = () => (logger ??= this.options.logger.child({ jobId: job.id, jobKind: job.kind, attempt: job.attempts }));
    const ctx: JobContext = {
      jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts, db: this.options.db, now: this.options.clock.now(),
      get logger() {
        return childLogger();
      },
    };
    const lease = { id: job.id, workerId: this.workerId, attempt: job.attempts };
    let result: unknown;
    try {
      result = await registered.handler(job.payload, ctx);
    } catch (error) {
      release();
      await this.afterFailure(job, registered, ctx, error).catch((e: unknown) => ctx.logger.error({ err: e }, 'could not record a job failure'));
      return;
    }
    release();
    try {
      const recorded = await this.completions.write({ lease, kind: job.kind, result });
      if (!recorded) ctx.logger.warn('job finished after its lease had expired; it may have run again elsewhere');
    } catch (error) {
      // The work is done but unrecorded: the lease will expire and the job run again, which
      // handlers tolerate (at least once).
      ctx.logger.error({ err: error }, 'could not record a finished job');
    }
  }

  private async afterFailure(job: ClaimedJob, registered: Registered, ctx: JobContext, error: unknown): Promise<void> {
    const message = errorMessage(error);
    const now = this.options.clock.now();
    const lease = { id: job.id, workerId: this.workerId, attempt: job.attempts };
    if (!(error instanceof PermanentJobError) && job.attempts < job.max_attempts) {
      const delayMs =
        error instanceof RetryableJobError && error.retryAfterMs !== undefined
          ? error.retryAfterMs
          : (registered.options.backoff ?? this.defaultBackoff)(job.attempts);
      const runAt = new Date(now.getTime() + delayMs);
      const outcome = await this.repo.markRetry(lease, now, runAt, message);
      const level = error instanceof RetryableJobError ? 'info' : 'warn';
      ctx.logger[level]({ err: error, outcome, retryAt: runAt.toISOString() }, 'job attempt failed');
      return;
    }
    ctx.logger.error({ err: error }, 'job failed for good');
    await this.giveUp(job, registered, { lease }, message, now);
  }

  /** Marks a job dead and runs its onDead in the same transaction. */
  private async giveUp(
    job: ClaimedJob,
    registered: Registered | undefined,
    guard: Parameters<JobsRepo['markDead']>[1],
    error: string,
    now: Date,
  ): Promise<void> {
    await inTransaction(this.options.db, async (tx) => {
      if (!(await this.repo.markDead(tx, guard, now, error))) return;
      const logger = this.options.logger.child({ jobId: job.id, jobKind: job.kind });
      await registered?.options.onDead?.(job.payload, {
        jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts, db: tx, now, logger, error,
      });
    });
  }

  /** Periodic work: recover jobs of dead workers, fire due schedules. */
  private async maintain(): Promise<void> {
    await this.reapExpiredLeases();
    await this.fireDueSchedules();
  }

  private async reapExpiredLeases(): Promise<void> {
    const now = this.options.clock.now();
    for (const job of await this.repo.findExpiredLeases(now, REAP_BATCH)) {
      const error = `attempt ${job.attempts} did not finish: its worker stopped or lost its lease`;
      if (job.attempts < job.max_attempts) {
        const outcome = await this.repo.releaseExpiredLease(job.id, now, error);
        if (outcome !== 'gone') this.options.logger.warn({ jobId: job.id, jobKind: job.kind, outcome }, 'recovered a job from a stopped worker');
      } else if (this.handlers.has(job.kind)) {
        // Only a runner that knows the kind can run its onDead.
        await this.giveUp(job, this.handlers.get(job.kind), { id: job.id, expiredBefore: now }, error, now);
      }
    }
  }

  private async fireDueSchedules(): Promise<void> {
    if (this.schedules.size === 0) return;
    const now = this.options.clock.now();
    if (!this.schedulesSaved) {
      await this.repo.saveSchedules([...this.schedules.values()], now);
      this.schedulesSaved = true;
    }
    await inTransaction(this.options.db, async (tx) => {
      for (const fired of await this.repo.advanceDueSchedules(tx, [...this.schedules.keys()], now)) {
        // The key stops runs piling up while workers are down or a run keeps failing.
        await enqueueJob(tx, { kind: fired.kind, payload: fired.payload, dedupeKey: `schedule:${fired.name}` });
      }
    });
  }

  private async heartbeat(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const leaseUntil = new Date(this.options.clock.now().getTime() + this.leaseMs);
    await this.repo
      .extendLeases(this.workerId, [...this.inFlight.keys()], leaseUntil)
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not renew job leases'));
  }
}
