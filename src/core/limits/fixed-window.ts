import { sql, type RawBuilder } from 'kysely';
import type { SqlValue } from '../db/fixed-statement.js';
import { inTransaction, type DbOrTx } from '../db/transaction.js';
import type { Db } from '../db/database.js';

export interface WindowLimit {
  /** What is counted, e.g. `login:alice@example.com` or `voice-request:user:7:minute`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Seconds until the window that refused resets; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Counts one event against each limit, in PostgreSQL so every server process sees the same
 * counts. The increment is an atomic upsert, so concurrent callers are counted exactly.
 * Call inside a transaction and roll back on refusal when a refused attempt must not count.
 */
export async function consumeLimits(db: DbOrTx, limits: WindowLimit[], now: Date): Promise<LimitVerdict> {
  let verdict: LimitVerdict = { allowed: true, retryAfterSeconds: 0 };
  for (const limitVerdict of await consumeEachLimit(db, limits, now)) {
    if (!limitVerdict.allowed && (verdict.allowed || limitVerdict.retryAfterSeconds > verdict.retryAfterSeconds)) verdict = limitVerdict;
  }
  return verdict;
}

/** One limit's current window: what the counter row is keyed by and when it resets. */
export interface LimitWindow {
  bucket: string;
  limit: number;
  windowStart: Date;
  expiresAt: Date;
  key: string;
}

export function limitWindows(limits: WindowLimit[], now: Date): LimitWindow[] {
  return limits.map(({ bucket, limit, windowMs }) => {
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    return { bucket, limit, windowStart, expiresAt: new Date(windowStart.getTime() + windowMs), key: `${windowStart.getTime()}:${bucket}` };
  });
}

/**
 * The multi-row upsert counting one event in each window (their counter rows written, and so
 * locked, in the order given), returning bucket, window_start and the new count: a statement
 * on its own, or a CTE of a larger one. The windows must be on distinct counter rows. Their
 * values may be a fixed statement's placeholders. `when` gates it (false: nothing counted).
 */
export function countingWindows(
  windows: Pick<{ [K in keyof LimitWindow]: SqlValue<LimitWindow[K]> }, 'bucket' | 'windowStart' | 'expiresAt'>[],
  when?: RawBuilder<boolean>,
) {
  const rows = sql.join(windows.map((w) => sql`(${w.bucket}, ${w.windowStart}::timestamptz, 1, ${w.expiresAt}::timestamptz)`));
  return sql<{ bucket: string; window_start: Date; count: number }>`
    INSERT INTO rate_limit_counters (bucket, window_start, count, expires_at)
    ${when ? sql`SELECT * FROM (VALUES ${rows}) AS w WHERE ${when}` : sql`VALUES ${rows}`}
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
    RETURNING bucket, window_start, count`;
}

/** Whether two windows share a counter row (a multi-row upsert cannot touch one row twice). */
export function onDistinctRows(windows: LimitWindow[]): boolean {
  return new Set(windows.map((w) => w.key)).size === windows.length;
}

/** The verdict for a window whose counter now holds `count` (this event included). */
export function windowVerdict(window: LimitWindow, count: number, now: Date): LimitVerdict {
  if (count <= window.limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.ceil((window.expiresAt.getTime() - now.getTime()) / 1000) };
}

/**
 * One verdict per limit, in the order given. All the counters move in ONE multi-row upsert (one
 * round trip on a path that runs for every widget message); its rows are written, and so locked,
 * in the order given, as one statement per limit would. Two limits on one counter row (same
 * bucket and window start) cannot share an upsert, so they are counted one by one.
 */
export async function consumeEachLimit(db: DbOrTx, limits: WindowLimit[], now: Date): Promise<LimitVerdict[]> {
  const windows = limitWindows(limits, now);
  if (windows.length === 0) return [];
  const counts = new Map<string, number>();
  for (const rows of onDistinctRows(windows) ? [windows] : windows.map((w) => [w])) {
    for (const row of (await countingWindows(rows).execute(db)).rows)
      counts.set(`${new Date(row.window_start).getTime()}:${row.bucket}`, row.count);
  }
  return windows.map((w) => windowVerdict(w, counts.get(w.key) ?? 1, now));
}

/**
 * Gives back one count in each limit's window that held `consumedAt`: for an attempt that was
 * counted in a committed transaction and then did not happen (e.g. a third party refused it).
 */
export async function refundLimits(db: DbOrTx, limits: WindowLimit[], consumedAt: Date): Promise<void> {
  for (const { bucket, windowMs } of limits) {
    const windowStart = new Date(Math.floor(consumedAt.getTime() / windowMs) * windowMs);
    await sql`UPDATE rate_limit_counters SET count = count - 1
      WHERE bucket = ${bucket} AND window_start = ${windowStart} AND count > 0`.execute(db);
  }
}

/** Forgets the counts of a bucket, e.g. after a successful login. */
export async function resetLimit(db: DbOrTx, bucket: string): Promise<void> {
  await sql`DELETE FROM rate_limit_counters WHERE bucket = ${bucket}`.execute(db);
}

/** Removes windows that have ended; called periodically. */
export async function pruneExpiredLimits(db: DbOrTx, now: Date): Promise<number> {
  const result = await sql`DELETE FROM rate_limit_counters WHERE expires_at < ${now}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

const REFUSED = Symbol('refused');

/**
 * A throttle as an HTTP middleware applies it: run before the request is validated or looked
 * at, so every request counts, whatever it is answered; a refused request counts in no window
 * (its increments are rolled back), so waiting out the window that refused is enough.
 */
export async function throttle(db: Db, limits: WindowLimit[], now: Date): Promise<LimitVerdict> {
  let verdict: LimitVerdict = { allowed: true, retryAfterSeconds: 0 };
  try {
    await inTransaction(db, async (tx) => {
      verdict = await consumeLimits(tx, limits, now);
      if (!verdict.allowed) throw REFUSED;
    });
  } catch (error) {
    if (error !== REFUSED) throw error;
  }
  return verdict;
}
