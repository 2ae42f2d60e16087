import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../core/clock.js';
import type { ServerProcess } from '../../../test/helpers/server-process.js';
import { startServerPair, type ServerPair } from '../../../test/helpers/server-pair.js';
import type { TestDatabase } from '../../../test/helpers/database.js';
import { createAccountsService } from './accounts.service.js';
import { DEFAULT_AUTH_CACHE } from './auth-cache.js';

/**
 * Members between two real server processes on one PostgreSQL: a member's session warm in
 * process B's auth cache, then removed (or given another role) through process A. B must refuse
 * the session (or apply the new role, to the keys they created too) well inside the cache's
 * backstop expiry, so only A's notification can have told it. A control key, made invalid in the database behind every
 * cache's back, shows B really answers from its cache.
 */
const POSTGRES = process.env.TEST_DATABASE_URL;
/** Far inside the 5 s backstop: a change seen this quickly cannot come from the entry expiring. */
const SEEN_WITHIN_MS = 1_500;
const PASSWORD = 'member password 123';

describe.skipIf(!POSTGRES)('members across two server processes (PostgreSQL only: two processes cannot share an embedded PGlite)', () => {
  let database: TestDatabase;
  let pair: ServerPair;
  let a: ServerProcess;
  let b: ServerProcess;
  let accounts: ReturnType<typeof createAccountsService>;
  let sequence = 0;
  beforeAll(async () => {
    pair = await startServerPair('members');
    ({ database, a, b } = pair);
    accounts = createAccountsService({ db: database.db, clock: systemClock });
  }, 240_000);
  afterAll(async () => {
    await pair?.close();
  });

  const call = (server: ServerProcess, method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${server.url}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const me = (server: ServerProcess, token: string) => call(server, 'GET', '/user/me', token);

  async function newAccount() {
    sequence += 1;
    const { apiKey } = await accounts.createUser({ email: `team${sequence}@example.com`, password: PASSWORD });
    return { keyId: apiKey.id, token: apiKey.token };
  }

  /** A member with this role, invited and signed in through A. */
  async function newMember(ownerToken: string, role: string) {
    sequence += 1;
    const email = `member${sequence}@example.com`;
    const invited = await call(a, 'POST', '/user/invitations', ownerToken, { email, role });
    expect(invited.status).toBe(201);
    const { invitation } = (await invited.json()) as { invitation: { token: string } };
    const accepted = await call(a, 'POST', `/auth/invitations/${encodeURIComponent(invitation.token)}/accept`, null, {
      name: 'Member',
      password: PASSWORD,
    });
    expect(accepted.status).toBe(201);
    const session = ((await accepted.json()) as { token: string }).token;
    const id = ((await (await me(a, session)).json()) as { member: { id: number } }).member.id;
    return { id, session };
  }

  /** Expired in the database, without a notification: only a cache that holds the key still accepts it. */
  const expireSilently = (keyId: number, expiresAt: Date | null) =>
    database.db.updateTable('access_tokens').set({ expires_at: expiresAt }).where('id', '=', keyId).execute();

  /** A key B holds in its cache (retried until B's listener is subscribed and it caches). */
  async function controlCachedIn(server: ServerProcess) {
    const { keyId, token } = await newAccount();
    await vi.waitFor(
      async () => {
        await expireSilently(keyId, null);
        expect((await me(server, token)).status).toBe(200);
        await expireSilently(keyId, new Date(Date.now() - 60_000));
        expect((await me(server, token)).status).toBe(200);
      },
      { timeout: 30_000, interval: 50 },
    );
    return token;
  }

  async function seenByBWithinBound(check: () => Promise<void>) {
    const changedAt = Date.now();
    await vi.waitFor(check, { timeout: SEEN_WITHIN_MS, interval: 10 });
    expect(Date.now() - changedAt).toBeLessThan(DEFAULT_AUTH_CACHE.ttlMs);
  }

  it('a member removed through A: B, which had their session cached, refuses it at once', async () => {
    const control = await controlCachedIn(b);
    const owner = await newAccount();
    const member = await newMember(owner.token, 'editor');
    expect((await me(b, member.session)).status).toBe(200);

    const removed = await call(a, 'DELETE', `/user/members/${member.id}`, owner.token);
    expect(removed.status).toBe(200);
    await seenByBWithinBound(async () => {
      const res = await me(b, member.session);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthenticated.' });
    });
    expect((await me(b, control)).status).toBe(200);
  });

  it("a member's role changed through A: B applies it to their cached session at once", async () => {
    const control = await controlCachedIn(b);
    const owner = await newAccount();
    const member = await newMember(owner.token, 'editor');
    const before = (await (await me(b, member.session)).json()) as { role: string };
    expect(before.role).toBe('editor');

    const changed = await call(a, 'PATCH', `/user/members/${member.id}`, owner.token, { role: 'viewer' });
    expect(changed.status).toBe(200);
    await seenByBWithinBound(async () => {
      const res = await me(b, member.session);
      expect(((await res.json()) as { role: string }).role).toBe('viewer');
    });
    const refused = await call(b, 'POST', '/user/folder', member.session, { name: 'Not mine to make' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Your role (viewer) does not allow this; it needs editor or higher. Ask an admin of the account.',
    });
    expect((await me(b, control)).status).toBe(200);
  });

  it('a member demoted through A: B lowers the key they created, which it had cached, at once', async () => {
    const control = await controlCachedIn(b);
    const owner = await newAccount();
    const member = await newMember(owner.token, 'admin');
    const created = await call(a, 'POST', '/user/api-keys', member.session, { name: 'Nightly sync' });
    expect(created.status).toBe(201);
    const key = ((await created.json()) as { api_key: { token: string; role: string } }).api_key;
    expect(key.role).toBe('admin');
    // Warm in B with the admin role: the key may read the audit log.
    expect((await call(b, 'GET', '/user/audit-log', key.token)).status).toBe(200);

    const changed = await call(a, 'PATCH', `/user/members/${member.id}`, owner.token, { role: 'viewer' });
    expect(changed.status).toBe(200);
    await seenByBWithinBound(async () => {
      const res = await me(b, key.token);
      expect(((await res.json()) as { role: string }).role).toBe('viewer');
    });
    const refused = await call(b, 'GET', '/user/audit-log', key.token);
    expect(refused.status).toBe(403);
    expect((await me(b, control)).status).toBe(200);
  });
});
