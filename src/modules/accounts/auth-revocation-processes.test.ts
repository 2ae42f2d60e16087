import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../core/clock.js';
import type { ServerProcess } from '../../../test/helpers/server-process.js';
import { startServerPair, type ServerPair } from '../../../test/helpers/server-pair.js';
import type { TestDatabase } from '../../../test/helpers/database.js';
import { createAccountsService } from './accounts.service.js';
import { DEFAULT_AUTH_CACHE } from './auth-cache.js';

/**
 * Revocation between two real server processes on one PostgreSQL: a token warm in process B's
 * auth cache is revoked through process A, and B refuses it well inside the cache's backstop
 * expiry, so only A's notification can have told B. A control token, made invalid in the
 * database behind every cache's back, shows B really answers from its cache and that nothing
 * it cached earlier has aged out meanwhile.
 */
const POSTGRES = process.env.TEST_DATABASE_URL;
/** Far inside the 5 s backstop: a refusal this quick cannot come from the entry expiring. */
const REFUSED_WITHIN_MS = 1_500;
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

describe.skipIf(!POSTGRES)(
  'revocation across two server processes (PostgreSQL only: two processes cannot share an embedded PGlite)',
  () => {
    let database: TestDatabase;
    let pair: ServerPair;
    let a: ServerProcess;
    let b: ServerProcess;
    let users: ReturnType<typeof createAccountsService>;
    let userSequence = 0;
    beforeAll(async () => {
      pair = await startServerPair('revocation');
      ({ database, a, b } = pair);
      users = createAccountsService({ db: database.db, clock: systemClock });
    }, 240_000);
    afterAll(async () => {
      await pair?.close();
    });

    const me = (server: ServerProcess, token: string) =>
      fetch(`${server.url}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });

    async function newUser() {
      userSequence += 1;
      const email = `revoked${userSequence}@example.com`;
      const password = 'correct horse battery staple';
      const { apiKey } = await users.createUser({ email, password });
      return { email, password, apiKey: { id: apiKey.id, token: apiKey.token } };
    }

    /** Expired in the database, without a notification: only a cache that holds the key still accepts it. */
    const expireSilently = (keyId: number, expiresAt: Date | null) =>
      database.db.updateTable('access_tokens').set({ expires_at: expiresAt }).where('id', '=', keyId).execute();

    /**
     * A key B holds in its cache: warmed on B, then expired behind its back; B still accepts it
     * only once its listener is subscribed and it caches. Retried until then (B may have answered
     * /ready before its LISTEN connection was up).
     */
    async function controlCachedIn(server: ServerProcess) {
      const { apiKey } = await newUser();
      await vi.waitFor(
        async () => {
          await expireSilently(apiKey.id, null);
          expect((await me(server, apiKey.token)).status).toBe(200);
          await expireSilently(apiKey.id, new Date(Date.now() - 60_000));
          expect((await me(server, apiKey.token)).status).toBe(200);
        },
        { timeout: 30_000, interval: 50 },
      );
      return apiKey.token;
    }

    async function refusedByBWithinBound(token: string) {
      const revokedAt = Date.now();
      await vi.waitFor(
        async () => {
          const res = await me(b, token);
          expect(res.status).toBe(401);
          expect(await res.json()).toEqual(UNAUTHENTICATED);
        },
        { timeout: REFUSED_WITHIN_MS, interval: 10 },
      );
      expect(Date.now() - revokedAt).toBeLessThan(DEFAULT_AUTH_CACHE.ttlMs);
    }

    it('logout through A: B, which had the session cached, refuses it at once', async () => {
      const control = await controlCachedIn(b);
      const { email, password } = await newUser();
      const login = await fetch(`${a.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      const session = ((await login.json()) as { token: string }).token;
      expect((await me(b, session)).status).toBe(200);

      const logout = await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session}` } });
      expect(logout.status).toBe(200);
      await refusedByBWithinBound(session);
      // Cached before the session and still served: B's cache neither aged out nor emptied.
      expect((await me(b, control)).status).toBe(200);
    });

    it('API key deletion through A: B, which had the key cached, refuses it at once', async () => {
      const control = await controlCachedIn(b);
      const { apiKey } = await newUser();
      expect((await me(b, apiKey.token)).status).toBe(200);

      const deleted = await fetch(`${a.url}/api/user/api-keys/${apiKey.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${apiKey.token}` },
      });
      expect(deleted.status).toBe(200);
      await refusedByBWithinBound(apiKey.token);
      expect((await me(b, control)).status).toBe(200);
    });
  },
);
