import type { DatabaseHandle, Db } from '../../core/db/database.js';
import type { Unlisten } from '../../core/db/listen.js';
import type { Clock } from '../../core/clock.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import type { RequestClient } from '../../core/http/actor.js';
import { AppError, tooManyRequests } from '../../core/http/errors.js';
import { parseToken, secretMatches } from '../../core/crypto/tokens.js';
import { decoyPasswordHash, verifyPassword } from '../../core/crypto/passwords.js';
import { refundLimits, resetLimit, type WindowLimit } from '../../core/limits/fixed-window.js';
import { inTransaction } from '../../core/db/transaction.js';
import { createMembersRepo } from './members.repo.js';
import { createTokensRepo } from './tokens.repo.js';
import { issueToken, sessionActor } from './tokens.js';
import { recordAudit } from '../audit/index.js';
import type { AccountsService } from './accounts.service.js';
import { AUTH_CHANNEL, type AuthCache } from './auth-cache.js';
import { countSignInAttempt, signInIpLimit } from './sign-in-limits.js';

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
  /** Token lookups shared with the API-key service, which revokes keys too. */
  cache: AuthCache;
  /** Without it the cache stays off: nothing would tell this process about revocations. */
  listen?: DatabaseHandle['listen'];
  onListenError?: (error: unknown) => void;
}

const BAD_CREDENTIALS = 'These credentials do not match our records.';
/** last_used_at is a hint for humans; writing it at most once a minute keeps reads cheap. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function createAuthService(deps: AuthDeps) {
  const { db, clock, cache } = deps;
  let subscription: Promise<Unlisten | undefined> | undefined;
  let stopped = false;

  /** Called when the app is ready, so processes that never authenticate (the CLI) hold no connection. */
  function subscribe(): Promise<Unlisten | undefined> {
    if (subscription) return subscription;
    if (stopped || !deps.listen) return Promise.resolve(undefined);
    subscription = deps
      .listen(
        AUTH_CHANNEL,
        (payload) => cache.onNotification(payload),
        () => cache.deactivate(),
      )
      .then(
        (unlisten) => {
          if (!stopped) cache.activate();
          return unlisten;
        },
        (error: unknown) => {
          deps.onListenError?.(error);
          return undefined;
        },
      );
    return subscription;
  }

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
    const ip = signInIpLimit(clientIp, { ipMaxFailures: deps.loginIpMaxFailures, lockoutMinutes: deps.loginLockoutMinutes });
    const global: WindowLimit = { bucket: `login-email:${address}`, limit: deps.loginEmailMaxFailures, windowMs };
    return { client, shared: [ip, global] };
  }

  /**
   * Counts the attempt before the password is checked, so parallel guesses are counted exactly.
   * A refused attempt is rolled back: hammering a locked client must not fill the account's
   * shared count and lock the owner out.
   */
  async function countAttempt(limits: WindowLimit[], now: Date): Promise<void> {
    const verdict = await countSignInAttempt(db, limits, now);
    if (verdict.allowed) return;
    const seconds = verdict.retryAfterSeconds;
    throw tooManyRequests(`Too many login attempts. Please try again in ${seconds} seconds.`, seconds);
  }

  return {
    async login(input: { email: string; password: string; client: RequestClient; tokenName?: string }) {
      const now = clock.now();
      const limits = loginLimits(input.email, input.client.ip);
      await countAttempt([limits.client, ...limits.shared], now);
      const member = await createMembersRepo(db).findMemberForLogin(input.email);
      // A member without a password signs in only through OpenID Connect: the decoy keeps the timing.
      const valid = await verifyPassword(input.password, member?.password_hash ?? (await decoyPasswordHash()));
      if (!member?.password_hash || !valid) {
        throw new AppError(401, BAD_CREDENTIALS, { fieldErrors: { email: [BAD_CREDENTIALS] } });
      }
      if (member.suspended_at) throw new AppError(403, 'This account is suspended. Contact the operator of this server.');
      // Success clears this client's failures for the account, and gives back the attempt on the
      // shared counts without clearing them: logging into one's own account from an address must
      // not wipe the failures that address piled up against others.
      await inTransaction(db, async (tx) => {
        await resetLimit(tx, limits.client.bucket);
        await refundLimits(tx, limits.shared, now);
      });
      const tokenName = input.tokenName ?? 'api-token';
      const session = await inTransaction(db, async (tx) => {
        const issued = await issueToken(tx, {
          userId: member.user_id,
          memberId: member.id,
          kind: 'session',
          name: tokenName,
          now,
          ttlMs: deps.sessionTtlHours * 3_600_000,
        });
        const signedIn = {
          id: issued.id,
          userId: member.user_id,
          memberId: member.id,
          role: member.role,
          operator: member.is_operator,
          email: member.email,
        };
        await recordAudit(tx, {
          userId: member.user_id,
          actor: sessionActor(signedIn, input.client),
          action: 'member.signed_in',
          resourceType: 'member',
          resourceId: member.id,
          details: { token_name: tokenName },
          now,
        });
        return issued;
      });
      return { member, token: session.token, tokenName, expiresAt: session.expires_at };
    },

    async register(input: { name: string; email: string; password: string }) {
      const { user, owner } = await deps.accounts.createUser(input);
      const session = await issueToken(db, {
        userId: user.id,
        memberId: owner.id,
        kind: 'session',
        name: 'api-token',
        now: clock.now(),
        ttlMs: deps.sessionTtlHours * 3_600_000,
      });
      return { user, token: session.token, expiresAt: session.expires_at };
    },

    /** Revokes the token that made the call, in every process (see tokens.repo.ts). */
    async logout(auth: AuthContext): Promise<void> {
      await createTokensRepo(db).deleteToken(auth.userId, auth.tokenId, auth.tokenKind);
      cache.revokeToken(auth.tokenId);
    },

    /**
     * A bearer token's owner, from the process's auth cache when it holds the token, else from
     * the database. The secret and the expiry are checked on every request either way; a revoked
     * token leaves every process's cache when its deletion commits (auth-cache.ts).
     */
    async resolveBearer(token: string): Promise<AuthContext | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const now = clock.now();
      const repo = createTokensRepo(db);
      let cached = cache.get(parsed.id, now.getTime());
      if (!cached) {
        const readGeneration = cache.readStarted();
        const row = await repo.findActiveToken(parsed.id);
        if (!row) return null;
        if (!row.role) return null;
        cached = {
          id: row.id,
          userId: row.user_id,
          kind: row.kind,
          memberId: row.member_id,
          role: row.role,
          operator: row.operator,
          suspended: row.suspended,
          label: row.kind === 'api_key' ? `API key "${row.name}"` : (row.member_email ?? ''),
          tokenHash: row.token_hash,
          expiresAt: row.expires_at,
          lastUsedAt: row.last_used_at,
        };
        cache.store(cached, readGeneration, now.getTime());
      }
      if (!secretMatches(parsed.secret, cached.tokenHash)) return null;
      if (cached.expiresAt && cached.expiresAt.getTime() <= now.getTime()) return null;
      if (!cached.lastUsedAt || now.getTime() - cached.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await repo.touchToken(cached.id, now);
        cache.touched(cached.id, now);
      }
      return {
        userId: cached.userId,
        tokenId: cached.id,
        tokenKind: cached.kind,
        memberId: cached.memberId,
        role: cached.role,
        operator: cached.operator,
        suspended: cached.suspended,
        label: cached.label,
      };
    },

    /** Turns the cache on once revocations can reach this process (before that every request reads the token). */
    async start(): Promise<void> {
      await subscribe();
    },

    /** Closing the app: the cache stops serving and the subscription's connection is released. */
    async stop(): Promise<void> {
      stopped = true;
      cache.deactivate();
      const unlisten = await subscription;
      await unlisten?.();
    },

    /** Called by the recurring maintenance job. */
    pruneExpiredSessions(now: Date): Promise<number> {
      return createTokensRepo(db).deleteExpiredSessions(now);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
