import type { Db } from '../../core/db/database.js';
import type { Clock } from '../../core/clock.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import { AppError, tooManyRequests } from '../../core/http/errors.js';
import { parseToken, secretMatches } from '../../core/crypto/tokens.js';
import { decoyPasswordHash, verifyPassword } from '../../core/crypto/passwords.js';
import { consumeLimits, resetLimit } from '../../core/limits/fixed-window.js';
import { createAccountsRepo } from './accounts.repo.js';
import { createTokensRepo } from './tokens.repo.js';
import { issueToken } from './tokens.js';
import type { AccountsService } from './accounts.service.js';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  sessionTtlHours: number;
  loginMaxFailures: number;
  loginLockoutMinutes: number;
}

const BAD_CREDENTIALS = 'These credentials do not match our records.';
/** last_used_at is a hint for humans; writing it at most once a minute keeps reads cheap. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;
  const loginBucket = (email: string) => `login:${email.trim().toLowerCase()}`;

  return {
    async login(input: { email: string; password: string; tokenName?: string }) {
      const now = clock.now();
      const bucket = loginBucket(input.email);
      // Count the attempt before checking it, so parallel guesses are counted exactly; a
      // successful login clears the count.
      const verdict = await consumeLimits(
        db,
        [{ bucket, limit: deps.loginMaxFailures, windowMs: deps.loginLockoutMinutes * 60_000 }],
        now,
      );
      if (!verdict.allowed) {
        throw tooManyRequests(
          `Too many login attempts. Please try again in ${verdict.retryAfterSeconds} seconds.`,
          verdict.retryAfterSeconds,
        );
      }
      const user = await createAccountsRepo(db).findUserByEmail(input.email.trim());
      const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyPasswordHash()));
      if (!user || !valid) {
        throw new AppError(401, BAD_CREDENTIALS, { fieldErrors: { email: [BAD_CREDENTIALS] } });
      }
      await resetLimit(db, bucket);
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
