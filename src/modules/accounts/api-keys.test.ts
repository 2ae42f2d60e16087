import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { addMember } from '../../../test/helpers/members.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe('POST /api/user/api-keys', () => {
  it('creates a key whose token is shown once and works as a bearer token', async () => {
    const { token } = await createUser(t.deps);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: { name: 'Production' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'API key created successfully.',
      api_key: {
        id: expect.any(Number),
        name: 'Production',
        token: expect.stringMatching(/^\d+\|[A-Za-z0-9_-]{43}$/),
        role: 'owner',
        created_at: t.clock.now().toISOString().replace('Z', '000Z'),
      },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(body.api_key.token) });
    expect(me.statusCode).toBe(200);
  });

  it('rejects a missing name with the exact validation body', async () => {
    const { token } = await createUser(t.deps);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
  });

  it('treats a request with no body at all like a missing name', async () => {
    const { token } = await createUser(t.deps);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
  });

  it('rejects an empty, a non-string and a too-long name', async () => {
    const { token } = await createUser(t.deps);
    const cases: Array<[unknown, string]> = [
      ['', 'The name field is required.'],
      [42, 'The name field must be a string.'],
      [null, 'The name field must be a string.'],
      ['x'.repeat(256), 'The name field must not be greater than 255 characters.'],
    ];
    for (const [name, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: { name } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message, errors: { name: [message] } });
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: bearer(token),
      payload: { name: 'x'.repeat(255) },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('creates 20 keys in parallel, all distinct and all listed', async () => {
    const { token } = await createUser(t.deps);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: { name: `k${i}` } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const tokens = new Set(results.map((r) => r.json().api_key.token));
    const ids = new Set(results.map((r) => r.json().api_key.id));
    expect(tokens.size).toBe(20);
    expect(ids.size).toBe(20);
    const list = await t.app.inject({ method: 'GET', url: '/api/user/api-keys', headers: bearer(token) });
    expect(list.json().api_keys).toHaveLength(21); // plus the key the user was created with
  });
});

describe('GET /api/user/api-keys', () => {
  it("lists only the caller's keys, never their tokens, with last use", async () => {
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(bob.token), payload: { name: 'Bob key' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/api-keys', headers: bearer(alice.token) });
    expect(res.statusCode).toBe(200);
    const now = t.clock.now().toISOString().replace('Z', '000Z');
    const createdBy = { id: alice.owner.id, name: alice.owner.name, email: alice.email };
    expect(res.json()).toEqual({
      api_keys: [{ id: alice.keyId, name: 'Default', role: 'owner', created_by: createdBy, last_used_at: now, created_at: now }],
    });
    expect(res.body).not.toContain(alice.token.split('|')[1]);
  });

  it('reports last_used_at as null for an unused key', async () => {
    const { token, owner, email } = await createUser(t.deps);
    const created = await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: { name: 'Unused' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/user/api-keys', headers: bearer(token) });
    const unused = list.json().api_keys.find((k: { id: number }) => k.id === created.json().api_key.id);
    expect(unused).toEqual({
      id: created.json().api_key.id,
      name: 'Unused',
      role: 'owner',
      created_by: { id: owner.id, name: owner.name, email },
      last_used_at: null,
      created_at: expect.stringMatching(ISO_MICROS),
    });
  });
});

describe('DELETE /api/user/api-keys/:id', () => {
  it('deletes the key, which then stops working at once', async () => {
    const { token } = await createUser(t.deps);
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: { name: 'Temp' } })
    ).json().api_key;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${created.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'API key deleted successfully.' });
    const after = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(created.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it("answers 404 for another user's key and leaves it working", async () => {
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${bob.keyId}`, headers: bearer(alice.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'API key not found.' });
    const stillWorks = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(bob.token) });
    expect(stillWorks.statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { token } = await createUser(t.deps);
    for (const id of ['999999', 'abc', '0']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'API key not found.' });
    }
  });

  it('cannot delete a session token through the API key route', async () => {
    const user = await createUser(t.deps);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    const sessionId = Number(login.json().token.split('|')[0]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${sessionId}`, headers: bearer(user.token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('audit rows of API keys', () => {
  const keyRows = (userId: number) =>
    t.deps.db
      .selectFrom('audit_events')
      .select(['action', 'actor_kind', 'actor', 'actor_member_id', 'resource_type', 'resource_id', 'details'])
      .where('user_id', '=', userId)
      .where('action', 'like', 'api_key.%')
      .orderBy('id')
      .execute();

  it('records who created and who deleted a key, in the same transaction; a refused creation records nothing', async () => {
    const account = await createUser(t.deps);
    const editor = await addMember(t.app, account.token, 'editor');
    // Keys are an admin's business: the editor's attempt and a key above the creator's role are refused.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(editor.session), payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    const admin = await addMember(t.app, account.token, 'admin');
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: bearer(admin.session),
      payload: { name: 'Root', role: 'owner' },
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(await keyRows(account.user.id)).toEqual([]);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: bearer(admin.session),
      payload: { name: 'Reports', role: 'viewer' },
    });
    expect(created.statusCode).toBe(201);
    const keyId = created.json().api_key.id as number;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${keyId}`, headers: bearer(account.token) })).statusCode).toBe(
      200,
    );
    expect(await keyRows(account.user.id)).toEqual([
      {
        action: 'api_key.created',
        actor_kind: 'member',
        actor: admin.email,
        actor_member_id: admin.id,
        resource_type: 'api_key',
        resource_id: String(keyId),
        details: { name: 'Reports', role: 'viewer' },
      },
      {
        action: 'api_key.deleted',
        actor_kind: 'api_key',
        actor: 'API key "Default"',
        actor_member_id: account.owner.id,
        resource_type: 'api_key',
        resource_id: String(keyId),
        details: { name: 'Reports' },
      },
    ]);
    // Another account's key: 404, and nothing recorded.
    const stranger = await createUser(t.deps);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/api-keys/${stranger.keyId}`, headers: bearer(account.token) })).statusCode,
    ).toBe(404);
    expect(await keyRows(account.user.id)).toHaveLength(2);
    expect(await keyRows(stranger.user.id)).toEqual([]);
  });
});
