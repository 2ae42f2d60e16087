import type { RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { Unlisten } from '../db/listen.js';
import type { DbOrTx } from '../db/transaction.js';

export interface JobContext<L = any> {
  jobId: number;
  /** Counts from 1; the job is dead after maxAttempts failed attempts. */
  attempt: number;
  maxAttempts: number;
  db: Db;
  /** The injected clock's time when the attempt started. */
  now: Date;
  logger: Logger;
  /**
   * What the claim statement read for this job with its kind's loadInClaim; where it found
   * nothing, read again by a statement of its own before the handler runs (null: still nothing).
   */
  loaded?: L | null;
}

/** onDead runs in the transaction that marks the job dead, so its effect and the death commit together. */
export interface DeadJobContext extends Omit<JobContext, 'db' | 'loaded'> {
  db: DbOrTx;
  error: string;
}

// Payloads are JSON from the database: a handler states the shape it enqueued. What it returns
// (if anything) goes to its kind's recordResults.
export type JobHandler<P = any, R = any, L = any> = (payload: P, ctx: JobContext<L>) => Promise<R | void>;

export interface JobKindOptions<P = any, R = any, L = any> {
  /** Delay before attempt n+1 after attempt n failed; exponential with jitter by default. */
  backoff?: (attempt: number) => number;
  /** Called once when a job of this kind is given up on. */
  onDead?: (payload: P, ctx: DeadJobContext) => Promise<void>;
  /**
   * Writes down what successful runs returned, in the statement that marks them succeeded: jobs
   * finishing together then cost one round trip and one commit for their results and their
   * completion, not one each. Returns data-modifying CTEs (`name AS (...)`, comma-separated,
   * names prefixed with the kind's own) that PostgreSQL runs in full before the jobs' UPDATE. A
   * run whose lease was lost meanwhile is written down too: its work did happen.
   */
  recordResults?: (results: R[], now: Date) => RawBuilder<unknown>;
  /**
   * A scalar subquery over a claimed job's payload (jsonb) that the claim statement evaluates for
   * each job of this kind: what the handler would otherwise read first, as one jsonb value, read
   * in the claim's round trip. It runs inside every claim of every kind, so it must not fail for
   * any payload.
   */
  loadInClaim?: (payload: RawBuilder<unknown>) => RawBuilder<L>;
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

export interface RegisteredKind {
  handler: JobHandler;
  options: JobKindOptions;
}

export type KindRegistry = ReadonlyMap<string, RegisteredKind>;
