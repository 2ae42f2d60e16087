import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../core/http/fastify-types.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { addMember } from '../../../test/helpers/members.js';

let t: TestApp;
let other: App;
beforeAll(async () => {
  t = await buildTestApp();
  // Another server on the same database: what one process changes must hold in the other at once.
  other = (await t.startAnotherInstance()).app;
});
afterAll(async () => {
  await t.close();
});

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const NOT_FOUND = { message: 'Member not found.' };
const iso = (date: Date) => date.toISOString().replace('Z', '000Z');

const me = (token: string, app: App = t.app) => app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const listMembers = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/members', headers: bearer(token) });
const setRole = (token: string, id: number | string, role: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/user/members/${id}`, headers: bearer(token), payload: { role } });
const remove = (token: string, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/members/${id}`, headers: bearer(token) });
const auditRows = (userId: number) =>
  t.deps.db
    .selectFrom('audit_events')
    .select(['action', 'actor_kind', 'actor', 'actor_member_id', 'resource_type', 'resource_id', 'details'])
    .where('user_id', '=', userId)
    .where('action', 'like', 'member.%')
    .where('action', 'not in', ['member.invited', 'member.joined', 'member.signed_in'])
    .orderBy('id')
    .execute();

/** An account whose owner signed in (a session, as a person in the console), with an admin. */
async function team() {
  const account = await createUser(t.deps);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  const admin = await addMember(t.app, account.token, 'admin');
  return { ...account, session: login.json().token as string, admin };
}

describe('GET /api/user/members', () => {
  it("lists the account's members by id, to any member; another account's are not there", async () => {
    const account = await createUser(t.deps);
    await createUser(t.deps);
    const editor = await addMember(t.app, account.token, 'editor', { name: 'Eve Editor' });
    const viewer = await addMember(t.app, account.token, 'viewer', { name: 'Vic Viewer' });
    const res = await listMembers(viewer.session);
    expect(res.statusCode).toBe(200);
    const at = iso(t.clock.now());
    expect(res.json()).toEqual({
      members: [
        { id: account.owner.id, name: account.user.name, email: account.email, role: 'owner', created_at: at },
        { id: editor.id, name: 'Eve Editor', email: editor.email, role: 'editor', created_at: at },
        { id: viewer.id, name: 'Vic Viewer', email: viewer.email, role: 'viewer', created_at: at },
      ],
    });
  });
});

describe('PATCH /api/user/members/{id}', () => {
  it("changes a role; the member's open session acts with it at once, here and in another process; audited", async () => {
    const account = await team();
    const editor = await addMember(t.app, account.token, 'editor');
    for (const app of [t.app, other]) expect((await me(editor.session, app)).json().role).toBe('editor');

    const res = await setRole(account.admin.session, editor.id, 'viewer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Member updated.',
      member: { id: editor.id, name: editor.name, email: editor.email, role: 'viewer', created_at: iso(t.clock.now()) },
    });
    expect((await me(editor.session)).json().role).toBe('viewer');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/folder',
      headers: bearer(editor.session),
      payload: { name: 'x' },
    });
    expect(refused.statusCode).toBe(403);
    await expect.poll(async () => (await me(editor.session, other)).json().role, { timeout: 2_000, interval: 5 }).toBe('viewer');

    expect(await auditRows(account.user.id)).toEqual([
      {
        action: 'member.role_changed',
        actor_kind: 'member',
        actor: account.admin.email,
        actor_member_id: account.admin.id,
        resource_type: 'member',
        resource_id: String(editor.id),
        details: { from: 'editor', to: 'viewer' },
      },
    ]);
    // The same role again changes nothing and logs nothing.
    expect((await setRole(account.admin.session, editor.id, 'viewer')).statusCode).toBe(200);
    expect(await auditRows(account.user.id)).toHaveLength(1);
  });

  it("lowers a demoted member's keys that could do more, at once here and in another process; others' keys stay", async () => {
    const account = await team();
    const createKey = async (token: string, name: string, role: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: { name, role } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().api_key as { id: number; token: string };
    };
    const adminKey = await createKey(account.admin.session, 'Admin key', 'admin');
    const editorKey = await createKey(account.admin.session, 'Editor key', 'editor');
    const ownersKey = await createKey(account.session, 'Owner key', 'admin');
    const listKeys = (token: string, app: App = t.app) => app.inject({ method: 'GET', url: '/api/user/api-keys', headers: bearer(token) });
    for (const app of [t.app, other]) expect((await listKeys(adminKey.token, app)).statusCode).toBe(200);

    expect((await setRole(account.session, account.admin.id, 'editor')).statusCode).toBe(200);
    const refusal = { message: 'Your role (editor) does not allow this; it needs admin or higher. Ask an admin of the account.' };
    const refused = await listKeys(adminKey.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusal);
    await expect.poll(async () => (await listKeys(adminKey.token, other)).statusCode, { timeout: 2_000, interval: 5 }).toBe(403);
    expect((await me(adminKey.token)).json().role).toBe('editor');
    expect((await me(editorKey.token)).json().role).toBe('editor');
    // Another member's key keeps its role.
    expect((await listKeys(ownersKey.token)).statusCode).toBe(200);

    const keys = (await listKeys(account.session)).json().api_keys as Array<{ id: number; role: string }>;
    const ours = [adminKey.id, editorKey.id, ownersKey.id];
    expect(keys.filter((key) => ours.includes(key.id)).map((key) => [key.id, key.role])).toEqual([
      [adminKey.id, 'editor'],
      [editorKey.id, 'editor'],
      [ownersKey.id, 'admin'],
    ]);
    expect((await auditRows(account.user.id)).map((row) => row.details)).toEqual([
      { from: 'admin', to: 'editor', api_keys_lowered: [{ id: adminKey.id, name: 'Admin key', from: 'admin' }] },
    ]);

    // Raising the member again raises no key: a key's role is chosen when it is created.
    expect((await setRole(account.session, account.admin.id, 'admin')).statusCode).toBe(200);
    expect((await me(adminKey.token)).json().role).toBe('editor');
  });

  it('lets only an owner make an owner or change an owner, and never demote the last owner', async () => {
    const account = await team();
    const promote = await setRole(account.admin.session, account.admin.id, 'owner');
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toEqual({ message: 'Only an owner may make a member an owner.' });
    const demote = await setRole(account.admin.session, account.owner.id, 'admin');
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toEqual({ message: "Only an owner may change an owner's role." });

    const last = await setRole(account.session, account.owner.id, 'admin');
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual({ message: "The account's last owner cannot be demoted; make another member an owner first." });
    expect((await me(account.session)).json().role).toBe('owner');
    // Refused changes leave no audit row.
    expect(await auditRows(account.user.id)).toEqual([]);

    expect((await setRole(account.session, account.admin.id, 'owner')).json().member.role).toBe('owner');
    // Two owners: the new one may now demote the first.
    const res = await setRole(account.admin.session, account.owner.id, 'editor');
    expect(res.statusCode).toBe(200);
    expect((await me(account.session)).json().role).toBe('editor');
    expect((await auditRows(account.user.id)).map((row) => [row.actor, row.details])).toEqual([
      [account.email, { from: 'admin', to: 'owner' }],
      // The owner's own key (the account's first) can no longer do more than its creator.
      [
        account.admin.email,
        { from: 'owner', to: 'editor', api_keys_lowered: [{ id: account.keyId, name: expect.any(String), from: 'owner' }] },
      ],
    ]);
  });

  it('keeps one owner when two owners demote each other at the same time', async () => {
    const account = await team();
    expect((await setRole(account.session, account.admin.id, 'owner')).statusCode).toBe(200);
    // The slow server pauses after counting the owners, until the other change is done (or has
    // waited 500 ms for it): without a lock both would count two owners and both demote.
    let otherDone: () => void = () => {};
    const otherFinished = new Promise<void>((resolve) => (otherDone = resolve));
    const counting = new Set<unknown>();
    const pauseAfterCountingOwners: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        const text = JSON.stringify(node);
        if (node.kind === 'SelectQueryNode' && text.includes('"members"') && text.includes('"owner"') && text.includes('"count"')) {
          counting.add(queryId);
        }
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (counting.delete(queryId)) await Promise.race([otherFinished, new Promise((resolve) => setTimeout(resolve, 500))]);
        return result;
      },
    };
    const slow = (await t.startAnotherInstance({ plugins: [pauseAfterCountingOwners] })).app;
    const [a, b] = await Promise.all([
      slow.inject({
        method: 'PATCH',
        url: `/api/user/members/${account.admin.id}`,
        headers: bearer(account.session),
        payload: { role: 'admin' },
      }),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const res = await setRole(account.admin.session, account.owner.id, 'admin');
        otherDone();
        return res;
      })(),
    ]);
    expect(counting.size).toBe(0);
    expect(a.statusCode).toBe(200);
    // 422 (the last owner) where both calls ran at once; 403 where the embedded database let the
    // second call in only after the first committed, so it no longer came from an owner.
    expect([403, 422]).toContain(b.statusCode);
    const owners = await t.deps.db
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', account.user.id)
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toEqual([{ id: account.owner.id }]);
  });

  it('refuses viewers and editors, an unknown role, and ids of another account', async () => {
    const account = await team();
    const stranger = await createUser(t.deps);
    for (const role of ['viewer', 'editor'] as const) {
      const member = await addMember(t.app, account.token, role);
      const res = await setRole(member.session, member.id, 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: `Your role (${role}) does not allow this; it needs admin or higher. Ask an admin of the account.`,
      });
    }
    const invalid = await setRole(account.session, account.admin.id, 'boss');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ message: 'The selected role is invalid.', errors: { role: ['The selected role is invalid.'] } });
    for (const id of [stranger.owner.id, 999_999, 'abc']) {
      const res = await setRole(account.session, id, 'viewer');
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await me(stranger.token)).json().role).toBe('owner');
  });
});

describe('DELETE /api/user/members/{id}', () => {
  it('removes a member: their session stops here and in another process at once; their keys stay, created_by null', async () => {
    const account = await team();
    const editor = await addMember(t.app, account.token, 'admin', { name: 'Kay Keys' });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: bearer(editor.session),
      payload: { name: 'Kay key', role: 'editor' },
    });
    expect(key.statusCode).toBe(201);
    const keyToken = key.json().api_key.token as string;
    const keysBefore = (await t.app.inject({ method: 'GET', url: '/api/user/api-keys', headers: bearer(account.token) })).json().api_keys;
    expect(keysBefore.find((k: { name: string }) => k.name === 'Kay key').created_by).toEqual({
      id: editor.id,
      name: 'Kay Keys',
      email: editor.email,
    });
    for (const app of [t.app, other]) expect((await me(editor.session, app)).statusCode).toBe(200);

    const res = await remove(account.admin.session, editor.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Member removed.' });
    expect((await me(editor.session)).json()).toEqual(UNAUTHENTICATED);
    await expect.poll(async () => (await me(editor.session, other)).statusCode, { timeout: 2_000, interval: 5 }).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: editor.email, password: editor.password },
    });
    expect(login.statusCode).toBe(401);

    const keysAfter = (await t.app.inject({ method: 'GET', url: '/api/user/api-keys', headers: bearer(account.token) })).json().api_keys;
    expect(keysAfter.find((k: { name: string }) => k.name === 'Kay key')).toMatchObject({ role: 'editor', created_by: null });
    const byKey = await me(keyToken);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json()).toMatchObject({ role: 'editor', member: null });
    expect((await listMembers(account.token)).json().members.map((m: { id: number }) => m.id)).toEqual([
      account.owner.id,
      account.admin.id,
    ]);

    expect(await auditRows(account.user.id)).toEqual([
      {
        action: 'member.removed',
        actor_kind: 'member',
        actor: account.admin.email,
        actor_member_id: account.admin.id,
        resource_type: 'member',
        resource_id: String(editor.id),
        details: { email: editor.email, role: 'admin' },
      },
    ]);
  });

  it('lets only an owner remove an owner, never the last one; a member may remove themself', async () => {
    const account = await team();
    const byAdmin = await remove(account.admin.session, account.owner.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ message: 'Only an owner may remove an owner.' });
    const last = await remove(account.session, account.owner.id);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual({ message: "The account's last owner cannot be removed; make another member an owner first." });
    expect((await me(account.session)).statusCode).toBe(200);
    expect(await auditRows(account.user.id)).toEqual([]);

    // The admin leaves of their own accord; their own session stops with it.
    const leave = await remove(account.admin.session, account.admin.id);
    expect(leave.statusCode).toBe(200);
    expect((await me(account.admin.session)).statusCode).toBe(401);

    // With a second owner, the first may leave, and an owner may remove another owner.
    const second = await addMember(t.app, account.token, 'owner');
    const third = await addMember(t.app, account.token, 'owner');
    expect((await remove(second.session, third.id)).statusCode).toBe(200);
    expect((await remove(account.session, account.owner.id)).statusCode).toBe(200);
    expect((await me(account.session)).statusCode).toBe(401);
    const lastStanding = await remove(second.session, second.id);
    expect(lastStanding.statusCode).toBe(422);
    expect((await auditRows(account.user.id)).map((row) => [row.actor, row.actor_member_id, row.resource_id])).toEqual([
      // Removed members' rows keep their e-mail; the link to the member row goes with it.
      [account.admin.email, null, String(account.admin.id)],
      [second.email, second.id, String(third.id)],
      [account.email, null, String(account.owner.id)],
    ]);
  });

  it("is 404 for another account's member, an unknown id or a malformed one; viewers cannot remove anyone", async () => {
    const account = await team();
    const stranger = await createUser(t.deps);
    for (const id of [stranger.owner.id, 999_999, 'abc']) {
      const res = await remove(account.session, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const viewer = await addMember(t.app, account.token, 'viewer');
    const res = await remove(viewer.session, account.admin.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Your role (viewer) does not allow this; it needs admin or higher. Ask an admin of the account.',
    });
    expect((await me(stranger.token)).statusCode).toBe(200);
  });
});

describe('POST /api/user/members/leave', () => {
  const leave = (token: string, app: App = t.app) => app.inject({ method: 'POST', url: '/api/user/members/leave', headers: bearer(token) });

  it('lets a viewer leave: their login and every session stop here and in another process at once; audited', async () => {
    const account = await team();
    const viewer = await addMember(t.app, account.token, 'viewer');
    const secondSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: viewer.email, password: viewer.password },
    });
    const sessions = [viewer.session, secondSession.json().token as string];
    for (const session of sessions) for (const app of [t.app, other]) expect((await me(session, app)).statusCode).toBe(200);

    const res = await leave(viewer.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You left the account.' });
    for (const session of sessions) {
      expect((await me(session)).json()).toEqual(UNAUTHENTICATED);
      await expect.poll(async () => (await me(session, other)).statusCode, { timeout: 2_000, interval: 5 }).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: viewer.email, password: viewer.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await listMembers(account.token)).json().members.map((m: { id: number }) => m.id)).toEqual([
      account.owner.id,
      account.admin.id,
    ]);
    expect(await auditRows(account.user.id)).toEqual([
      {
        action: 'member.left',
        actor_kind: 'member',
        actor: viewer.email,
        // The member row is gone; the audit row keeps their e-mail.
        actor_member_id: null,
        resource_type: 'member',
        resource_id: String(viewer.id),
        details: { email: viewer.email, role: 'viewer' },
      },
    ]);
  });

  it('keeps the keys a leaving admin created, now nobody’s', async () => {
    const account = await team();
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/user/api-keys',
      headers: bearer(account.admin.session),
      payload: { name: 'Build key', role: 'editor' },
    });
    expect((await leave(account.admin.session)).statusCode).toBe(200);
    const byKey = await me(key.json().api_key.token);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json()).toMatchObject({ role: 'editor', member: null });
  });

  it('refuses the last owner with 422 and an API key with 403; an owner with a second owner may leave', async () => {
    const account = await team();
    const last = await leave(account.session);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual({ message: "You are the account's last owner and cannot leave it; make another member an owner first." });
    const byKey = await leave(account.token);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json()).toEqual({ message: "Only a member's own sign-in can leave the account; an API key cannot." });
    expect((await me(account.session)).statusCode).toBe(200);
    expect(await auditRows(account.user.id)).toEqual([]);

    const second = await addMember(t.app, account.token, 'owner');
    expect((await leave(account.session)).statusCode).toBe(200);
    expect((await me(account.session)).statusCode).toBe(401);
    expect((await leave(second.session)).statusCode).toBe(422);
    expect((await me(second.session)).json().role).toBe('owner');
  });
});
