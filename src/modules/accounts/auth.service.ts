import type { Db } from '../../core/db/database.js';
import type { Clock } from '../../core/clock.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import { AppError, tooManyRequests } from '../../core/http/errors.js';
import { parseToken, secretMatches } from '../../core/crypto/tokens.js';
import { decoyPasswordHash, verifyPassword } from '../../core/crypto/passwords.js';
import { consumeLimits, refundLimits, resetLimit, type LimitVerdict, type WindowLimit } from '../../core/limits/fixed-window.js';
import { inTransaction } from '../../core/db/transaction.js';
import { createAccountsRepo } from './accounts.repo.js';
import { createTokensRepo } from './tokens.repo.js';
import { issueToken } from './tokens.js';
import type { AccountsService } from './accounts.service.js';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  sessionTtlHours: number;
  /** Failed logins per e-mail from one client IP. */
  loginMaxFailures: number;
  /** Failed logins from one client IP, whatever the e-mail. */
  loginIpMaxFailures: number;
  /** Failed logins per e-mail from all clients together: bounds guessing spread over many IPs. */
  loginEmailMaxFailures: number;
  loginLockoutMinutes: number;
}

/** Thrown inside the counting transaction so a refused attempt is rolled back, not counted. */
class RefusedAttempt extends Error {
  constructor(readonly verdict: LimitVerdict) {
    super('refused');
  }
}

const BAD_CREDENTIALS = 'These credentials do not match our records.';
/** last_used_at is a hint for humans; writing it at most once a minute keeps reads cheap. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;

  /**
   * Failures are counted per (e-mail, client), so someone guessing from one address locks only
   * that address out of the account, never the owner elsewhere; per client, so one address cannot
   * try many accounts; and per e-mail over all clients, so guesses spread over many addresses stay
   * bounded (the price: enough of those can lock the account for one window).
   */
  function loginLimits(email: string, clientIp: string) {
    const windowMs = deps.loginLockoutMinutes * 60_000;
    const address = email.trim().toLowerCase();
    const client: WindowLimit = { bucket: `login-client:${address}:${clientIp}`, limit: deps.loginMaxFailures, windowMs };
    const ip: WindowLimit = { bucket: `login-ip:${clientIp}`, limit: deps.loginIpMaxFailures, windowMs };
    const global: WindowLimit = { bucket: `login-email:${address}`, limit: deps.loginEmailMaxFailures, windowMs };
    return { client, shared: [ip, global] };
  }

  /**
   * Counts the attempt before the password is checked, so parallel guesses are counted exactly.
   * A refused attempt is rolled back: hammering a locked client must not fill the account's
   * shared count and lock the owner out.
   */
  async function countAttempt(limits: WindowLimit[], now: Date): Promise<void> {
    try {
      await inTransaction(db, async (tx) => {
        const verdict = await consumeLimits(tx, limits, now);
        if (!verdict.allowed) throw new RefusedAttempt(verdict);
      });
    } catch (error) {
      if (!(error instanceof RefusedAttempt)) throw error;
      const seconds = error.verdict.retryAfterSeconds;
      throw tooManyRequests(`Too many login attempts. Please try again in ${seconds} seconds.`, seconds);
    }
  }

  return {
    async login(input: { email: string; password: string; clientIp: string; tokenName?: string }) {
      const now = clock.now();
      const limits = loginLimits(input.email, input.clientIp);
      await countAttempt([limits.client, ...limits.shared], now);
      const user = await createAccountsRepo(db).findUserByEmail(input.email.trim());
      const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyPasswordHash()));
      if (!user || !valid) {
        throw new AppError(401, BAD_CREDENTIALS, { fieldErrors: { email: [BAD_CREDENTIALS] } });
      }
      // Success clears this client's failures for the account, and gives back the attempt on the
      // shared counts without clearing them: logging into one's own account from an address must
      // not wipe the failures that address piled up against others.
      await inTransaction(db, async (tx) => {
        await resetLimit(tx, limits.client.bucket);
        await refundLimits(tx, limits.shared, now);
      });
      const tokenName = input.tokenName ?? 'api-token';
      const session = await issueToken(db, {
        userId: user.id,
        kind: 'session',
        name: tokenName,
        now,
        ttlMs: deps.sessionTtlHours * 3_600_000,
      });
      return { user, token: session.token, tokenName, expiresAt: session.expires_at };
    },

    async register(input: { name: string; email: string; password: string }) {
      const { user } = await deps.accounts.createUser(input);
      const session = await issueToken(db, {
        userId: user.id,
        kind: 'session',
        name: 'api-token',
        now: clock.now(),
        ttlMs: deps.sessionTtlHours * 3_600_000,
      });
      return { user, token: session.token, expiresAt: session.expires_at };
    },

    /** Revokes the token that made the call. */
    async logout(auth: AuthContext): Promise<void> {
      await createTokensRepo(db).deleteToken(auth.userId, auth.tokenId, auth.tokenKind);
    },

    /**
     * Checks a bearer token against the database on every request (no cache), so a revoked
     * key stops working on its next request in every process sharing the database.
     */
    async resolveBearer(token: string): Promise<AuthContext | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const repo = createTokensRepo(db);
      const row = await repo.findTokenWithUser(parsed.id);
      if (!row || !secretMatches(parsed.secret, row.token_hash)) return null;
      const now = clock.now();
      if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return null;
      if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
        await repo.touchToken(row.id, now);
      }
      return {
        userId: row.user_id,
        tokenId: row.id,
        tokenKind: row.kind,
        profile: { name: row.name, email: row.email, balanceMicros: row.balance_micros },
      };
    },

    /** Called by the recurring maintenance job. */
    pruneExpiredSessions(now: Date): Promise<number> {
      return createTokensRepo(db).deleteExpiredSessions(now);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
