import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SESSION_TTL_HOURS: '2', LOGIN_MAX_FAILURES: '5', LOGIN_LOCKOUT_MINUTES: '15' } });
});
afterAll(async () => {
  await t.close();
});

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const BAD_CREDENTIALS = {
  message: 'These credentials do not match our records.',
  errors: { email: ['These credentials do not match our records.'] },
};

const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/user/me', headers });
const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('bearer authentication matrix', () => {
  it('rejects a missing header, a non-bearer scheme and malformed tokens with 401', async () => {
    const { token } = await createUser(t.deps);
    const secret = token.split('|')[1]!;
    const headers: Array<Record<string, string>> = [
      {},
      { authorization: '' },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer' },
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${secret}` },
      { authorization: `Bearer 99999|${secret}` },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.split('|')[0]}|${'A'.repeat(43)}` },
    ];
    for (const h of headers) {
      const res = await me(h);
      expect(res.statusCode, JSON.stringify(h)).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('accepts a valid key with a lower-case scheme', async () => {
    const { token } = await createUser(t.deps);
    expect((await me({ authorization: `bearer ${token}` })).statusCode).toBe(200);
  });

  it('answers 401 before looking at the body of a protected route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('stops accepting a deleted key in another server process as soon as the deletion is announced', async () => {
    const { token, keyId } = await createUser(t.deps);
    const other = await t.startAnotherInstance();
    expect((await other.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${keyId}`, headers: bearer(token) });
    // The other process holds the key in its auth cache and learns of the deletion by NOTIFY, which
    // arrives within a millisecond or so; its cache never ages on the manual clock, so only that
    // notification can turn this into a 401 (auth-revocation.test.ts covers every revocation path).
    await vi.waitFor(
      async () => {
        const res = await other.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(UNAUTHENTICATED);
      },
      { timeout: 2_000, interval: 5 },
    );
  });

  it('stores only a hash of the token, never the token', async () => {
    const { token, keyId } = await createUser(t.deps);
    const row = await t.deps.db.selectFrom('access_tokens').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
    const secret = token.split('|')[1]!;
    expect(row.token_hash).toHaveLength(32);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.token_prefix).toBe(secret.slice(0, 8));
  });
});

describe('POST /api/auth/login', () => {
  it('creates a session token that expires after the configured lifetime', async () => {
    const user = await createUser(t.deps);
    const res = await login({ email: user.email, password: user.password, token_name: 'dashboard' });
    expect(res.statusCode).toBe(200);
    const expiresAt = new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString().replace('Z', '000Z');
    expect(res.json()).toEqual({
      message: 'Login successful.',
      user: { id: user.user.id, name: user.user.name, email: user.email },
      token: expect.stringMatching(/^\d+\|/),
      token_name: 'dashboard',
      expires_at: expiresAt,
    });
    const session = res.json().token as string;
    expect((await me(bearer(session))).statusCode).toBe(200);
    t.clock.advance(2 * 3_600_000 - 1000);
    expect((await me(bearer(session))).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await me(bearer(session));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(UNAUTHENTICATED);
  });

  it('names the token api-token by default and accepts the email in any case', async () => {
    const user = await createUser(t.deps);
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().token_name).toBe('api-token');
  });

  it('writes a member.signed_in audit row with the session, from the client; a failed login writes none', async () => {
    const user = await createUser(t.deps);
    expect((await login({ email: user.email, password: 'wrong' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.77',
      headers: { 'user-agent': 'Console/1.0' },
      payload: { email: user.email, password: user.password, token_name: 'console' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.deps.db
      .selectFrom('audit_events')
      .select([
        'action',
        'actor_kind',
        'actor',
        'actor_member_id',
        'resource_type',
        'resource_id',
        'ip',
        'user_agent',
        'details',
        'created_at',
      ])
      .where('user_id', '=', user.user.id)
      .execute();
    expect(rows).toEqual([
      {
        action: 'member.signed_in',
        actor_kind: 'member',
        actor: user.email,
        actor_member_id: user.owner.id,
        resource_type: 'member',
        resource_id: String(user.owner.id),
        ip: '203.0.113.77',
        user_agent: 'Console/1.0',
        details: { token_name: 'console' },
        created_at: t.clock.now(),
      },
    ]);
  });

  it('rejects a wrong password and an unknown email with the same 401 body', async () => {
    const user = await createUser(t.deps);
    const wrong = await login({ email: user.email, password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(BAD_CREDENTIALS);
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(BAD_CREDENTIALS);
  });

  it('lists every missing field at once', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email field is required. (and 1 more error)',
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
  });

  it('rejects an email that is not an email', async () => {
    const res = await login({ email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email field must be a valid email address.',
      errors: { email: ['The email field must be a valid email address.'] },
    });
  });

  it('throttles repeated failures for one email with 429 and Retry-After, then recovers', async () => {
    const user = await createUser(t.deps);
    t.clock.set('2026-03-01T10:00:00.000Z');
    for (let i = 0; i < 5; i++) expect((await login({ email: user.email, password: 'wrong' })).statusCode).toBe(401);
    const blocked = await login({ email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json()).toEqual({ message: 'Too many login attempts. Please try again in 900 seconds.' });
    // Another email is unaffected.
    const other = await createUser(t.deps);
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('counts parallel guesses exactly: 20 at once let at most 5 through to the password check', async () => {
    const user = await createUser(t.deps);
    const results = await Promise.all(Array.from({ length: 20 }, () => login({ email: user.email, password: 'wrong' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('a successful login clears earlier failures', async () => {
    const user = await createUser(t.deps);
    for (let i = 0; i < 4; i++) await login({ email: user.email, password: 'wrong' });
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ email: user.email, password: 'wrong' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session that made the call and nothing else', async () => {
    const user = await createUser(t.deps);
    const a = (await login({ email: user.email, password: user.password })).json().token as string;
    const b = (await login({ email: user.email, password: user.password })).json().token as string;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully.' });
    expect((await me(bearer(a))).statusCode).toBe(401);
    expect((await me(bearer(b))).statusCode).toBe(200);
    expect((await me(bearer(user.token))).statusCode).toBe(200);
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/register', () => {
  it('answers 403 with the reason unless ALLOW_SIGNUP is true, whatever the body, and creates nothing', async () => {
    const disabled = { message: 'Registration is disabled on this server; an administrator creates accounts.' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'A', email: 'closed@example.com', password: 'long enough' },
    });
    expect([res.statusCode, res.json()]).toEqual([403, disabled]);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'not an email' } });
    expect([invalid.statusCode, invalid.json()]).toEqual([403, disabled]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'closed@example.com', password: 'long enough' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('creates an account and a session when enabled, and refuses a taken email', async () => {
    const signup = await buildTestApp({ env: { ALLOW_SIGNUP: 'true' } });
    try {
      const payload = { name: 'Ada', email: 'ada@example.com', password: 'long enough' };
      const res = await signup.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: 'Registration successful.', user: { name: 'Ada', email: 'ada@example.com' } });
      expect((await signup.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(res.json().token) })).json()).toMatchObject({
        email: 'ada@example.com',
        total_balance: 0,
      });
      const again = await signup.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...payload, email: 'ADA@example.com' },
      });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
      const race = await Promise.all(
        [1, 2, 3].map(() =>
          signup.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...payload, email: 'race@example.com' } }),
        ),
      );
      expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
      const short = await signup.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...payload, email: 'b@example.com', password: 'short' },
      });
      expect(short.json()).toEqual({
        message: 'The password field must be at least 8 characters.',
        errors: { password: ['The password field must be at least 8 characters.'] },
      });
    } finally {
      await signup.close();
    }
  });
});
