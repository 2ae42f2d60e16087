import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import type { App } from '../../core/http/fastify-types.js';
import { createAuthCache, DEFAULT_AUTH_CACHE, type CachedToken } from './auth-cache.js';

/**
 * Authenticated requests are answered from a process-local token cache; a revocation must still
 * take effect at once, in the revoking process and in every other one sharing the database. On
 * PostgreSQL (TEST_DATABASE_URL) the second app has its own pool and its own LISTEN connection,
 * as another server process would; on PGlite both share the embedded database.
 */
let t: TestApp;
let other: App;
beforeAll(async () => {
  t = await buildTestApp();
  other = (await t.startAnotherInstance()).app;
});
afterAll(async () => {
  await t.close();
});

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
/** The other process learns of a revocation by notification; the manual clock never ages its cache, so only that can make it 401. */
const refusedByOther = (token: string) =>
  vi.waitFor(
    async () => {
      const res = await me(other, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    },
    { timeout: 2_000, interval: 5 },
  );

async function session(email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('the auth cache', () => {
  it('serves a known token without reading it again, until its lifetime runs out', async () => {
    const { token, keyId } = await createUser(t.deps);
    expect((await me(t.app, token)).statusCode).toBe(200);
    // Removed behind the cache's back (no notification): only the cache can still know the key.
    await t.deps.db.deleteFrom('access_tokens').where('id', '=', keyId).execute();
    expect((await me(t.app, token)).statusCode).toBe(200);
    t.clock.advance(DEFAULT_AUTH_CACHE.ttlMs);
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('still checks the secret of a cached token', async () => {
    const { token } = await createUser(t.deps);
    expect((await me(t.app, token)).statusCode).toBe(200);
    const [id, secret] = token.split('|');
    const forged = `${id}|${secret!.slice(0, -1)}${secret!.endsWith('A') ? 'B' : 'A'}`;
    expect((await me(t.app, forged)).statusCode).toBe(401);
  });

  it('reads the balance fresh: /user/me shows a credit at once', async () => {
    const { token, user } = await createUser(t.deps);
    expect((await me(t.app, token)).json().total_balance).toBe(0);
    await t.deps.db.updateTable('users').set({ balance_micros: 2_500_000 }).where('id', '=', user.id).execute();
    expect((await me(t.app, token)).json()).toMatchObject({ id: user.id, total_balance: 2.5 });
  });
});

describe('revocation reaches every process', () => {
  it('logout: the next request is refused by this process and by another', async () => {
    const { email, password } = await createUser(t.deps);
    const token = await session(email, password);
    expect((await me(t.app, token)).statusCode).toBe(200);
    expect((await me(other, token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    const res = await me(t.app, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    await refusedByOther(token);
  });

  it('API key deletion: the next request is refused by this process and by another', async () => {
    const { token, keyId } = await createUser(t.deps);
    expect((await me(t.app, token)).statusCode).toBe(200);
    expect((await me(other, token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${keyId}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);
    await refusedByOther(token);
  });

  it('user deletion (the CLI, another process): every token of the user is refused everywhere', async () => {
    const { token, email, password } = await createUser(t.deps);
    const login = await session(email, password);
    for (const app of [t.app, other]) for (const bearerToken of [token, login]) expect((await me(app, bearerToken)).statusCode).toBe(200);
    // The CLI's own code path; no HTTP request of this process is involved, so only the notification tells it.
    await t.deps.services.accounts.deleteUser({ email });
    for (const bearerToken of [token, login]) {
      await vi.waitFor(async () => expect((await me(t.app, bearerToken)).statusCode).toBe(401), { timeout: 2_000, interval: 5 });
      await refusedByOther(bearerToken);
    }
  });

  it('expiry: a cached session is refused from its expiry time on, in every process', async () => {
    const { email, password } = await createUser(t.deps);
    const token = await session(email, password);
    for (const app of [t.app, other]) expect((await me(app, token)).statusCode).toBe(200);
    const expiresAt = (
      await t.deps.db
        .selectFrom('access_tokens')
        .select('expires_at')
        .where('id', '=', Number(token.split('|')[0]))
        .executeTakeFirstOrThrow()
    ).expires_at!;
    t.clock.set(new Date(expiresAt.getTime() - 1));
    for (const app of [t.app, other]) expect((await me(app, token)).statusCode).toBe(200);
    // 1 ms later both processes still hold the token in their caches; the expiry is checked there.
    t.clock.set(expiresAt);
    for (const app of [t.app, other]) expect((await me(app, token)).statusCode).toBe(401);
  });
});

describe('createAuthCache', () => {
  const token = (id: number, userId = 1): CachedToken => ({
    id,
    userId,
    kind: 'api_key',
    memberId: null,
    role: 'owner',
    operator: false,
    suspended: false,
    label: 'API key "test"',
    tokenHash: Buffer.alloc(32),
    expiresAt: null,
    lastUsedAt: null,
  });

  it('keeps nothing a read found if a revocation was applied while it ran', () => {
    const cache = createAuthCache(DEFAULT_AUTH_CACHE);
    cache.activate();
    const started = cache.readStarted();
    cache.onNotification('token:99');
    cache.store(token(7), started, 0);
    expect(cache.get(7, 0)).toBeUndefined();
    cache.store(token(7), cache.readStarted(), 0);
    expect(cache.get(7, 0)).toEqual(token(7));
  });

  it('drops one token, or all tokens of a user, as notified', () => {
    const cache = createAuthCache(DEFAULT_AUTH_CACHE);
    cache.activate();
    for (const [id, userId] of [
      [1, 10],
      [2, 10],
      [3, 20],
    ] as const)
      cache.store(token(id, userId), cache.readStarted(), 0);
    cache.onNotification('token:3');
    expect([1, 2, 3].map((id) => cache.get(id, 0)?.id)).toEqual([1, 2, undefined]);
    cache.onNotification('user:10');
    expect(cache.size).toBe(0);
  });

  it('serves nothing while its subscription is down, and starts empty when it is back', () => {
    const cache = createAuthCache(DEFAULT_AUTH_CACHE);
    cache.store(token(1), cache.readStarted(), 0);
    expect(cache.get(1, 0)).toBeUndefined();
    cache.activate();
    cache.store(token(1), cache.readStarted(), 0);
    cache.deactivate();
    expect(cache.get(1, 0)).toBeUndefined();
    cache.store(token(1), cache.readStarted(), 0);
    expect(cache.size).toBe(0);
    // The listener reconnected: whatever was sent meanwhile is lost, so nothing old survives.
    cache.onNotification(undefined);
    cache.store(token(2), cache.readStarted(), 0);
    expect(cache.get(2, 0)?.id).toBe(2);
  });

  it('holds at most maxEntries, forgetting the oldest', () => {
    const cache = createAuthCache({ maxEntries: 2, ttlMs: 1_000 });
    cache.activate();
    for (const id of [1, 2, 3]) cache.store(token(id), cache.readStarted(), 0);
    expect([1, 2, 3].map((id) => cache.get(id, 0)?.id)).toEqual([undefined, 2, 3]);
    expect(cache.get(2, 1_000)).toBeUndefined();
  });
});
