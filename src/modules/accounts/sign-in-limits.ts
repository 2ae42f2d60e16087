import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import { consumeLimits, type LimitVerdict, type WindowLimit } from '../../core/limits/fixed-window.js';

/** LOGIN_IP_MAX_FAILURES in LOGIN_LOCKOUT_MINUTES windows. */
export interface SignInIpLimits {
  ipMaxFailures: number;
  lockoutMinutes: number;
}

/**
 * The failed sign-ins one client address may make in a window, whatever the e-mail: password
 * logins and single sign-on callbacks count against the same bucket, so neither way around the
 * other gets more guesses.
 */
export function signInIpLimit(clientIp: string, limits: SignInIpLimits): WindowLimit {
  return { bucket: `login-ip:${clientIp}`, limit: limits.ipMaxFailures, windowMs: limits.lockoutMinutes * 60_000 };
}

/** Thrown inside the counting transaction so a refused attempt is rolled back, not counted. */
class RefusedAttempt extends Error {
  constructor(readonly verdict: LimitVerdict) {
    super('refused');
  }
}

/**
 * Counts a sign-in attempt before it is checked, so parallel attempts are counted exactly. A
 * refused attempt is rolled back: hammering a locked client must not fill the shared counts.
 */
export async function countSignInAttempt(db: Db, limits: WindowLimit[], now: Date): Promise<LimitVerdict> {
  try {
    await inTransaction(db, async (tx) => {
      const verdict = await consumeLimits(tx, limits, now);
      if (!verdict.allowed) throw new RefusedAttempt(verdict);
    });
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (error) {
    if (!(error instanceof RefusedAttempt)) throw error;
    return error.verdict;
  }
}
