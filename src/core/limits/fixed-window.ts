import { sql } from 'kysely';
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
  for (const { bucket, limit, windowMs } of limits) {
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const expiresAt = new Date(windowStart.getTime() + windowMs);
    const row = await sql<{ count: number }>`
      INSERT INTO rate_limit_counters (bucket, window_start, count, expires_at)
      VALUES (${bucket}, ${windowStart}, 1, ${expiresAt})
      ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
      RETURNING count`.execute(db);
    const count = row.rows[0]?.count ?? 1;
    if (count > limit) {
      const retryAfterSeconds = Math.ceil((expiresAt.getTime() - now.getTime()) / 1000);
      if (verdict.allowed || retryAfterSeconds > verdict.retryAfterSeconds) verdict = { allowed: false, retryAfterSeconds };
    }
  }
  return verdict;
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
