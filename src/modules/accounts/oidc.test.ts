import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { startFakeOidcProvider, type FakeOidcAccount, type FakeOidcProvider } from '../../../test/helpers/fakes/oidc-provider.js';

const PUBLIC_URL = 'https://switchboard.example.com';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc/callback`;
const CLIENT_ID = 'switchboard-test';
// Characters that client_secret_basic must form-encode before Base64.
const CLIENT_SECRET = 'se:cret/with+odd=chars';
const USER_AGENT = 'Mozilla/5.0 (sign-in test)';

const STATE_UNKNOWN = 'This sign-in expired or was already used. Please try again.';
const NOT_VERIFIED = 'The answer from Acme ID could not be verified. Please try again.';

let t: TestApp;
let provider: FakeOidcProvider;

function oidcEnv(issuer: string): Record<string, string> {
  return {
    PUBLIC_URL,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_PROVIDER_NAME: 'Acme ID',
    SESSION_TTL_HOURS: '8',
  };
}

beforeAll(async () => {
  const clock = new ManualClock();
  provider = await startFakeOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, now: () => clock.now() });
  t = await buildTestApp({ clock, env: oidcEnv(provider.url) });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const errorPage = (message: string) => `/app/sign-in?error=${encodeURIComponent(message)}`;
let nextAddress = 0;

/** The browser's part: /start, the provider's authorization endpoint, back to the callback. */
async function beginSignIn(as: FakeOidcAccount | null, remoteAddress = '127.0.0.1') {
  provider.signInAs(as);
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', remoteAddress });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${provider.url}/authorize`);
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callbackUrl = new URL(atProvider.headers.get('location')!);
  expect(callbackUrl.origin + callbackUrl.pathname).toBe(REDIRECT_URI);
  return { start, authorizeUrl, callback: `${callbackUrl.pathname}${callbackUrl.search}` };
}

const finish = (callback: string) =>
  t.app.inject({ method: 'GET', url: callback, headers: { 'user-agent': USER_AGENT }, remoteAddress: '203.0.113.7' });

async function signIn(as: FakeOidcAccount | null) {
  const { callback } = await beginSignIn(as);
  return finish(callback);
}

function tokenOf(location: unknown): string {
  const match = /^\/app\/sign-in#token=([^&]+)$/.exec(String(location));
  expect(match, String(location)).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

const subjectOf = async (memberId: number) =>
  (await t.deps.db.selectFrom('members').select('oidc_subject').where('id', '=', memberId).executeTakeFirstOrThrow()).oidc_subject;

const tokenRequests = () => provider.requests.filter((r) => r.method === 'POST' && r.path === '/token');

describe('GET /api/auth/oidc', () => {
  it('says single sign-on is on, with the provider name for the button', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, provider_name: 'Acme ID' });
  });

  it('says it is off without configuration, and its routes send the browser back with the reason', async () => {
    const off = await buildTestApp();
    try {
      const status = await off.app.inject({ method: 'GET', url: '/api/auth/oidc' });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ enabled: false, provider_name: null });
      for (const url of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=x&state=y']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe(errorPage('Single sign-on is not set up on this server.'));
      }
    } finally {
      await off.close();
    }
  });
});

describe('signing in through the provider', () => {
  it('signs in the member with the verified e-mail, binds the identity, and the session works', async () => {
    const member = await createUser(t.deps);
    const before = provider.requests.length;
    // The e-mail matches whatever its case.
    const { start, authorizeUrl, callback } = await beginSignIn({ sub: 'ada-1', email: member.email.toUpperCase(), email_verified: true });
    expect(start.headers['cache-control']).toBe('no-store');

    // The authorization request: code flow, PKCE S256, state and nonce, our redirect URI.
    const authorize = Object.fromEntries(authorizeUrl.searchParams);
    expect(authorize).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    // Only a hash of the state is kept.
    const hash = createHash('sha256').update(authorize.state!).digest();
    const stored = await t.deps.db.selectFrom('oidc_logins').select(['nonce', 'created_at']).where('state_hash', '=', hash).execute();
    expect(stored).toEqual([{ nonce: authorize.nonce, created_at: t.clock.now() }]);

    const res = await finish(callback);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const token = tokenOf(res.headers.location);

    // What reached the provider's token endpoint: client_secret_basic, the code, the redirect URI
    // and the verifier of the challenge sent in the authorization request.
    const exchanges = provider.requests.slice(before).filter((r) => r.path === '/token');
    expect(exchanges).toHaveLength(1);
    const exchange = exchanges[0]!;
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(exchange.headers.authorization ?? '')?.[1] ?? '';
    // Form-encoded id and secret (the secret's own colon included), then one colon between them.
    const credentials = Buffer.from(basic, 'base64').toString('utf8').split(':');
    expect(credentials.map(decodeURIComponent)).toEqual([CLIENT_ID, CLIENT_SECRET]);
    expect(exchange.form).toEqual({
      grant_type: 'authorization_code',
      code: new URL(`https://x${callback}`).searchParams.get('code'),
      redirect_uri: REDIRECT_URI,
      code_verifier: expect.any(String),
    });
    expect(createHash('sha256').update(exchange.form.code_verifier!).digest('base64url')).toBe(authorize.code_challenge);

    // The session belongs to the member, with the login's lifetime.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: member.user.id,
      role: 'owner',
      member: { id: member.owner.id, name: member.owner.name, email: member.email },
    });
    const session = await t.deps.db
      .selectFrom('access_tokens')
      .select(['kind', 'member_id', 'expires_at'])
      .where('id', '=', Number(token.split('|')[0]))
      .executeTakeFirstOrThrow();
    expect(session).toEqual({
      kind: 'session',
      member_id: member.owner.id,
      expires_at: new Date(t.clock.now().getTime() + 8 * 3_600_000),
    });
    expect(await subjectOf(member.owner.id)).toBe(`${provider.url}|ada-1`);
    expect(await t.deps.db.selectFrom('oidc_logins').selectAll().where('state_hash', '=', hash).execute()).toEqual([]);

    // The audit log says the member signed in, from where, through single sign-on.
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['actor_member_id', 'actor_kind', 'actor', 'action', 'resource_type', 'resource_id', 'ip', 'user_agent', 'details'])
      .where('user_id', '=', member.user.id)
      .execute();
    expect(audit).toEqual([
      {
        actor_member_id: member.owner.id,
        actor_kind: 'member',
        actor: member.email,
        action: 'member.signed_in',
        resource_type: 'member',
        resource_id: String(member.owner.id),
        ip: '203.0.113.7',
        user_agent: USER_AGENT,
        details: { method: 'oidc' },
      },
    ]);

    // The identity is bound: the next sign-in finds the member by it, whatever its e-mail now says.
    const again = await signIn({ sub: 'ada-1', email: 'ada@somewhere-else.example', email_verified: false });
    const second = tokenOf(again.headers.location);
    expect(second).not.toBe(token);
    const meAgain = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(second) });
    expect(meAgain.json().member).toEqual({ id: member.owner.id, name: member.owner.name, email: member.email });
  });

  it('refuses an e-mail the provider has not verified, and binds nothing', async () => {
    const member = await createUser(t.deps);
    const res = await signIn({ sub: 'unverified-1', email: member.email, email_verified: false });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      errorPage(
        'Your e-mail address at Acme ID is not verified, so it cannot be matched to a member. Verify it there, or sign in with your password.',
      ),
    );
    expect(await subjectOf(member.owner.id)).toBeNull();
    // Without email_verified at all, the same.
    const silent = await signIn({ sub: 'unverified-1', email: member.email });
    expect(silent.headers.location).toBe(res.headers.location);
  });

  it('refuses an e-mail that no member has, and an identity without an e-mail', async () => {
    const unknown = await signIn({ sub: 'stranger-1', email: 'nobody-here@example.org', email_verified: true });
    expect(unknown.headers.location).toBe(
      errorPage('No member of this server has the e-mail address nobody-here@example.org. Ask an admin of your account to invite you.'),
    );
    const noEmail = await signIn({ sub: 'stranger-2' });
    expect(noEmail.headers.location).toBe(errorPage('Acme ID did not share your e-mail address, so no member can be found for you.'));
  });

  it('refuses a second identity with the e-mail of a member bound to another one', async () => {
    const member = await createUser(t.deps);
    tokenOf((await signIn({ sub: 'first-identity', email: member.email, email_verified: true })).headers.location);
    const other = await signIn({ sub: 'second-identity', email: member.email, email_verified: true });
    expect(other.headers.location).toBe(errorPage(`The member ${member.email} signs in with another Acme ID account.`));
    expect(await subjectOf(member.owner.id)).toBe(`${provider.url}|first-identity`);
  });

  it('refuses a member of a suspended account', async () => {
    const member = await createUser(t.deps);
    await t.deps.db.updateTable('users').set({ suspended_at: t.clock.now() }).where('id', '=', member.user.id).execute();
    const res = await signIn({ sub: 'suspended-1', email: member.email, email_verified: true });
    expect(res.headers.location).toBe(errorPage('This account is suspended. Contact the operator of this server.'));
    expect(await subjectOf(member.owner.id)).toBeNull();
  });
});

describe('the state of a sign-in', () => {
  it('signs in once: the same callback again is refused', async () => {
    const member = await createUser(t.deps);
    const { callback } = await beginSignIn({ sub: 'replay-1', email: member.email, email_verified: true });
    tokenOf((await finish(callback)).headers.location);
    const exchanges = tokenRequests().length;
    const replay = await finish(callback);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe(errorPage(STATE_UNKNOWN));
    expect(tokenRequests()).toHaveLength(exchanges);
  });

  it('lets exactly one of two simultaneous callbacks with one state through', async () => {
    const member = await createUser(t.deps);
    const { callback } = await beginSignIn({ sub: 'race-1', email: member.email, email_verified: true });
    const answers = await Promise.all([finish(callback), finish(callback)]);
    const locations = answers.map((res) => String(res.headers.location));
    expect(locations.filter((l) => l.startsWith('/app/sign-in#token='))).toHaveLength(1);
    expect(locations.filter((l) => l === errorPage(STATE_UNKNOWN))).toHaveLength(1);
  });

  it('refuses a sign-in that comes back after ten minutes, before asking the provider', async () => {
    const member = await createUser(t.deps);
    const { callback } = await beginSignIn({ sub: 'late-1', email: member.email, email_verified: true });
    t.clock.advance(10 * 60_000 + 1_000);
    const exchanges = tokenRequests().length;
    const res = await finish(callback);
    expect(res.headers.location).toBe(errorPage(STATE_UNKNOWN));
    expect(tokenRequests()).toHaveLength(exchanges);
    expect(await subjectOf(member.owner.id)).toBeNull();
  });

  it('refuses an unknown, missing or mangled state, and never answers anything but a redirect', async () => {
    const { callback } = await beginSignIn({ sub: 'mangled-1', email: 'x@example.org', email_verified: true });
    const code = new URL(`https://x${callback}`).searchParams.get('code')!;
    for (const url of [
      `/api/auth/oidc/callback?code=${code}&state=not-the-state`,
      `/api/auth/oidc/callback?code=${code}`,
      '/api/auth/oidc/callback',
      '/api/auth/oidc/callback?state[]=a&state[]=b&code=%FF',
      `/api/auth/oidc/callback?code=${'x'.repeat(5000)}&state=${'y'.repeat(5000)}`,
    ]) {
      const res = await finish(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(errorPage(STATE_UNKNOWN));
    }
  });

  it('is removed by the maintenance job once it has expired', async () => {
    await t.deps.jobs.drain();
    await beginSignIn({ sub: 'abandoned-1', email: 'x@example.org', email_verified: true });
    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM oidc_logins`.execute(t.deps.db)).rows[0]!.n);
    expect(await count()).toBeGreaterThan(0);
    t.clock.advance(15 * 60_000);
    await t.deps.jobs.drain();
    expect(await count()).toBe(0);
  });

  it('counts failed callbacks against the per-address login limit, with password logins; a success is not counted', async () => {
    const address = `198.51.100.${++nextAddress}`;
    // At the start of a 15-minute window (LOGIN_LOCKOUT_MINUTES), so the wait is exact.
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 900_000) * 900_000));
    const callback = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: address });
    const failures = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT coalesce(sum(count), 0)::int AS n FROM rate_limit_counters WHERE bucket = ${`login-ip:${address}`}`.execute(t.deps.db)
        ).rows[0]!.n,
      );

    // A sign-in that succeeds leaves nothing counted.
    const member = await createUser(t.deps);
    const { callback: good } = await beginSignIn({ sub: `limited-${member.owner.id}`, email: member.email, email_verified: true }, address);
    expect(tokenOf((await callback(good)).headers.location)).toBeTruthy();
    expect(await failures()).toBe(0);

    // LOGIN_IP_MAX_FAILURES (30) guessed states, then even a real sign-in from that address is refused.
    for (let i = 0; i < 30; i++) {
      const res = await callback(`/api/auth/oidc/callback?state=guess-${i}&code=x`);
      expect(res.headers.location, `callback ${i + 1}`).toBe(errorPage(STATE_UNKNOWN));
    }
    const { callback: real } = await beginSignIn({ sub: `limited-${member.owner.id}`, email: member.email, email_verified: true }, address);
    const refused = await callback(real);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(errorPage('Too many login attempts. Please try again in 900 seconds.'));
    // Refused attempts are not counted; the password login shares the limit.
    expect(await failures()).toBe(30);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { email: member.email, password: member.password },
    });
    expect([password.statusCode, password.json()]).toEqual([429, { message: 'Too many login attempts. Please try again in 900 seconds.' }]);
    // Another address is not affected, and the refused callback did not use up its sign-in.
    expect(tokenOf((await finish(real)).headers.location)).toBeTruthy();
  });

  it('limits the sign-ins one client address may start, since each writes a row', async () => {
    const address = `198.51.100.${++nextAddress}`;
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 600_000) * 600_000));
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', remoteAddress: address });
      expect(String(res.headers.location).startsWith(`${provider.url}/authorize?`), `start ${i + 1}`).toBe(true);
    }
    const rows = (await t.deps.db.selectFrom('oidc_logins').select('state_hash').execute()).length;
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', remoteAddress: address });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(errorPage('Too many sign-in attempts from your network. Please try again in 600 seconds.'));
    expect(await t.deps.db.selectFrom('oidc_logins').select('state_hash').execute()).toHaveLength(rows);
    // Another address is not affected.
    const other = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start', remoteAddress: '198.51.100.250' });
    expect(String(other.headers.location).startsWith(`${provider.url}/authorize?`)).toBe(true);
  });
});

describe('what the provider answers', () => {
  /** A sign-in of a fresh member whose token response the provider alters; the member must stay unbound. */
  async function refusedWith(tampering: Parameters<FakeOidcProvider['tamperNextToken']>[0]) {
    const member = await createUser(t.deps);
    const { callback } = await beginSignIn({ sub: `tampered-${member.owner.id}`, email: member.email, email_verified: true });
    provider.tamperNextToken(tampering);
    const res = await finish(callback);
    expect(res.statusCode).toBe(302);
    expect(await subjectOf(member.owner.id)).toBeNull();
    return res.headers.location;
  }

  it('refuses an ID token with another nonce', async () => {
    expect(await refusedWith({ claims: { nonce: 'someone-elses-nonce' } })).toBe(errorPage(NOT_VERIFIED));
  });

  it('refuses an ID token for another client', async () => {
    expect(await refusedWith({ claims: { aud: 'another-client' } })).toBe(errorPage(NOT_VERIFIED));
  });

  it('refuses an ID token from another issuer', async () => {
    expect(await refusedWith({ claims: { iss: 'https://impostor.example' } })).toBe(errorPage(NOT_VERIFIED));
  });

  it('refuses an ID token signed by a key the provider does not publish', async () => {
    expect(await refusedWith({ signWithUnknownKey: true })).toBe(errorPage(NOT_VERIFIED));
  });

  it('refuses an expired ID token (by the server clock)', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(await refusedWith({ claims: { iat: now - 3600, exp: now - 600 } })).toBe(errorPage(NOT_VERIFIED));
  });

  it("passes on the token endpoint's refusal (invalid_grant)", async () => {
    const location = await refusedWith({
      answer: { status: 400, body: { error: 'invalid_grant', error_description: 'The code has expired.' } },
    });
    expect(location).toBe(errorPage('Acme ID refused the sign-in (invalid_grant). Please try again.'));
  });

  it('says the provider could not be reached when its token endpoint fails', async () => {
    const location = await refusedWith({ answer: { status: 503, body: { message: 'maintenance' } } });
    expect(location).toBe(errorPage('Acme ID could not be reached. Please try again later.'));
  });

  it('passes on an error the provider sent back instead of a code, after using up the state', async () => {
    provider.refuseNextAuthorization('access_denied');
    const { callback } = await beginSignIn({ sub: 'denied-1', email: 'x@example.org', email_verified: true });
    const exchanges = tokenRequests().length;
    const res = await finish(callback);
    expect(res.headers.location).toBe(errorPage('Acme ID did not sign you in (access_denied).'));
    expect((await finish(callback)).headers.location).toBe(errorPage(STATE_UNKNOWN));
    expect(tokenRequests()).toHaveLength(exchanges);
  });

  it('says the provider could not be reached when its discovery fails, and keeps no sign-in', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const down = await buildTestApp({ env: oidcEnv(`http://127.0.0.1:${closedPort}`) });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(errorPage('Acme ID could not be reached. Please try again later.'));
      expect(await down.deps.db.selectFrom('oidc_logins').selectAll().execute()).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
