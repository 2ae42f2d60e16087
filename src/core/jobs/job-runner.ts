import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Unlisten } from '../db/listen.js';
import { createJobsRepo, type ClaimedJob, type JobsRepo } from './jobs.repo.js';
import { createJobClaimer } from './job-claimer.js';
import { createCompletionBatcher } from './completion-batcher.js';
import { createJobExecution, type JobExecution } from './job-execution.js';
import { createJobMaintenance } from './job-maintenance.js';
import type { JobHandler, JobKindOptions, JobRunnerOptions, RegisteredKind } from './job-types.js';
import { exponentialBackoff } from './retry.js';

export type { JobContext, DeadJobContext, JobHandler, JobKindOptions, JobRunnerOptions } from './job-types.js';

export const JOBS_CHANNEL = 'switchboard_jobs';
const MAX_DRAIN_ROUNDS = 1_000;

/**
 * Runs durable jobs from the jobs table. Any number of runners, in any number of processes,
 * share the table: claiming uses SKIP LOCKED, a claimed job carries a lease renewed by a
 * heartbeat, and a job whose lease ran out (its process died) is run again. Delivery is
 * therefore at least once; handlers make repeated runs harmless.
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly kinds = new Map<string, RegisteredKind>();
  /** Claimed jobs whose outcome is not recorded yet: leases to renew, work to await on stop. */
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Handlers running now; a slot frees when the handler returns, before its outcome is written. */
  private busySlots = 0;
  private readonly concurrency: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly repo: JobsRepo;
  private readonly claim: (limit: number) => Promise<ClaimedJob[]>;
  private readonly execution: JobExecution;
  private readonly maintenance: ReturnType<typeof createJobMaintenance>;
  private running = false;
  private ticking: Promise<void> | null = null;
  private wakeAgain = false;
  private maintenanceDue = true;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: Promise<Unlisten | undefined> | undefined;

  constructor(private readonly options: JobRunnerOptions) {
    this.concurrency = options.concurrency ?? 8;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 30_000;
    const { db, clock, logger } = options;
    const shared = { db, clock, repo: createJobsRepo(db), kinds: this.kinds, workerId: this.workerId };
    this.repo = shared.repo;
    this.claim = createJobClaimer({ ...shared, leaseMs: this.leaseMs });
    this.execution = createJobExecution({
      ...shared,
      logger,
      completions: createCompletionBatcher(shared),
      defaultBackoff: exponentialBackoff({ baseMs: 10_000, maxMs: 3_600_000, random: options.random ?? Math.random }),
    });
    this.maintenance = createJobMaintenance({ ...shared, logger, giveUp: this.execution.giveUp });
  }

  register<P = any, R = any, L = any>(kind: string, handler: JobHandler<P, R, L>, options: JobKindOptions<P, R, L> = {}): void {
    if (this.kinds.has(kind)) throw new Error(`A handler for job kind "${kind}" is already registered`);
    this.kinds.set(kind, { handler, options });
  }

  /** A job of `kind` once per period of everyMs (on its multiples since the epoch), across all processes. */
  schedule(name: string, everyMs: number, kind: string, payload: unknown = {}): void {
    if (!Number.isInteger(everyMs) || everyMs <= 0) throw new Error(`everyMs must be a positive integer (got ${everyMs})`);
    this.maintenance.addSchedule({ name, everyMs, kind, payload });
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
    this.unlisten = this.options
      .listen?.(JOBS_CHANNEL, () => this.wake())
      .catch((error: unknown) => {
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
      await this.maintenance.maintain();
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

  /** Claims while there is room; slots freed during a claim are filled together by the next one. */
  private async tick(): Promise<void> {
    if (this.maintenanceDue) {
      this.maintenanceDue = false;
      await this.maintenance.maintain();
    }
    while (this.running) {
      const room = this.concurrency - this.busySlots;
      if (room <= 0) return;
      const jobs = await this.claim(room);
      for (const job of jobs) void this.launch(job);
      if (jobs.length < room) return;
    }
  }

  private launch(job: ClaimedJob): Promise<void> {
    this.busySlots++;
    const release = () => {
      this.busySlots--;
      this.wake();
    };
    const run = this.execution.run(job, release).finally(() => this.inFlight.delete(job.id));
    this.inFlight.set(job.id, run);
    return run;
  }

  private async heartbeat(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const leaseUntil = new Date(this.options.clock.now().getTime() + this.leaseMs);
    await this.repo
      .extendLeases(this.workerId, [...this.inFlight.keys()], leaseUntil)
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not renew job leases'));
  }
}
