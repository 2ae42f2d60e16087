import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { addMember, invitationPath, invite } from '../../../test/helpers/members.js';
import { sha256 } from '../../core/crypto/tokens.js';
import { INVITATION_ATTEMPTS_PER_IP } from './invitations.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://switchboard.example.com/' } });
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3_600_000;
const NOT_FOUND = { message: 'Invitation not found.' };
const ACCEPTED = { message: 'This invitation has already been accepted.' };
const REVOKED = { message: 'This invitation was revoked. Ask an admin of the account for a new one.' };
const EXPIRED = { message: 'This invitation has expired. Ask an admin of the account for a new one.' };

const iso = (date: Date) => date.toISOString().replace('Z', '000Z');

let addressSequence = 0;
/** Each test's anonymous calls come from an address of their own, so the per-address limit stays out of the way. */
function newAddress(): string {
  addressSequence += 1;
  return `198.51.100.${addressSequence}`;
}

const lookup = (token: string, remoteAddress = newAddress()) => t.app.inject({ method: 'GET', url: invitationPath(token), remoteAddress });
const accept = (token: string, payload: object = { name: 'Sam Baker', password: 'a long password' }, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: invitationPath(token, '/accept'), remoteAddress, payload });
const createInvitation = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/invitations', headers: bearer(token), payload });
const listInvitations = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/invitations', headers: bearer(token) })).json().invitations;
const auditRows = (userId: number, actions: string[]) =>
  t.deps.db
    .selectFrom('audit_events')
    .select(['action', 'actor_kind', 'actor', 'actor_member_id', 'resource_type', 'resource_id', 'ip', 'user_agent', 'details'])
    .where('user_id', '=', userId)
    .where('action', 'in', actions)
    .orderBy('id')
    .execute();

describe('POST /api/user/invitations', () => {
  it('creates a link shown once (only its hash is stored), listed as pending with who sent it', async () => {
    const owner = await createUser(t.deps);
    const res = await createInvitation(owner.token, { email: 'Sam@Example.COM', role: 'editor' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const now = t.clock.now();
    const listed = {
      id: expect.any(Number),
      email: 'sam@example.com',
      role: 'editor',
      status: 'pending',
      invited_by: { id: owner.owner.id, name: owner.user.name, email: owner.email },
      expires_at: iso(new Date(now.getTime() + 72 * HOUR_MS)),
      accepted_at: null,
      created_at: iso(now),
    };
    expect(body).toEqual({
      message: 'Invitation created.',
      invitation: {
        ...listed,
        url: `https://switchboard.example.com/app/invitations/${body.invitation.id}%7C${body.invitation.token.split('|')[1]}`,
        token: expect.stringMatching(new RegExp(`^${body.invitation.id}\\|[A-Za-z0-9_-]{43}$`)),
      },
    });
    const row = await t.deps.db.selectFrom('invitations').selectAll().where('id', '=', body.invitation.id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.token_hash)).toEqual(sha256(body.invitation.token.split('|')[1]));
    expect(await listInvitations(owner.token)).toEqual([{ ...listed, id: body.invitation.id }]);
    expect(await auditRows(owner.user.id, ['member.invited'])).toEqual([
      {
        action: 'member.invited',
        actor_kind: 'api_key',
        actor: 'API key "Default"',
        actor_member_id: owner.owner.id,
        resource_type: 'invitation',
        resource_id: String(body.invitation.id),
        ip: '127.0.0.1',
        user_agent: 'lightMyRequest',
        details: { email: 'sam@example.com', role: 'editor' },
      },
    ]);
  });

  it('refuses an e-mail that already belongs to a member (of any account), writing nothing', async () => {
    const owner = await createUser(t.deps);
    const elsewhere = await createUser(t.deps);
    for (const email of [owner.email, elsewhere.email.toUpperCase()]) {
      const res = await createInvitation(owner.token, { email, role: 'viewer' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'This e-mail already belongs to a member.',
        errors: { email: ['This e-mail already belongs to a member.'] },
      });
    }
    expect(await listInvitations(owner.token)).toEqual([]);
    expect(await auditRows(owner.user.id, ['member.invited'])).toEqual([]);
  });

  it('validates the body in the validation shape', async () => {
    const owner = await createUser(t.deps);
    const res = await createInvitation(owner.token, { email: 'not-an-email', role: 'boss' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email field must be a valid email address. (and 1 more error)',
      errors: { email: ['The email field must be a valid email address.'], role: ['The selected role is invalid.'] },
    });
  });

  it('lets only an owner invite an owner; a viewer or an editor cannot invite at all', async () => {
    const owner = await createUser(t.deps);
    const admin = await addMember(t.app, owner.token, 'admin');
    const res = await createInvitation(admin.session, { email: 'boss@example.com', role: 'owner' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only an owner may invite an owner.' });
    expect((await createInvitation(admin.session, { email: 'helper@example.com', role: 'admin' })).statusCode).toBe(201);
    expect((await createInvitation(owner.token, { email: 'boss@example.com', role: 'owner' })).statusCode).toBe(201);

    for (const role of ['viewer', 'editor'] as const) {
      const member = await addMember(t.app, owner.token, role);
      const refused = await createInvitation(member.session, { email: 'someone@example.com', role: 'viewer' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: `Your role (${role}) does not allow this; it needs admin or higher. Ask an admin of the account.`,
      });
      const listed = await t.app.inject({ method: 'GET', url: '/api/user/invitations', headers: bearer(member.session) });
      expect(listed.statusCode).toBe(403);
    }
  });

  it("replaces the account's pending link for the same e-mail: the older one is revoked", async () => {
    const owner = await createUser(t.deps);
    const other = await createUser(t.deps);
    const first = await invite(t.app, owner.token, 'twice@example.com', 'viewer');
    const elsewhere = await invite(t.app, other.token, 'twice@example.com', 'viewer');
    const second = await invite(t.app, owner.token, 'TWICE@example.com', 'editor');
    expect((await listInvitations(owner.token)).map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'revoked'],
    ]);
    expect((await lookup(first.token)).json()).toEqual(REVOKED);
    // Another account's invitation for the same person is that account's business.
    expect((await lookup(elsewhere.token)).statusCode).toBe(200);
    expect((await auditRows(owner.user.id, ['invitation.revoked'])).map((row) => [row.resource_id, row.details])).toEqual([
      [String(first.id), { email: 'twice@example.com', replaced_by: second.id }],
    ]);
  });
});

describe('GET /api/auth/invitations/{token}', () => {
  it('shows what the link offers, to anyone holding it', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'kim@example.com', 'viewer');
    const res = await lookup(invitation.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      account_name: owner.user.name,
      email: 'kim@example.com',
      role: 'viewer',
      invited_by_name: owner.user.name,
      expires_at: iso(new Date(t.clock.now().getTime() + 72 * HOUR_MS)),
    });
  });

  it('is 404 for an unknown, malformed or wrong-secret link, and for a deleted account', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'lee@example.com', 'viewer');
    const [id, secret] = invitation.token.split('|') as [string, string];
    for (const token of [
      `999999|${secret}`,
      'nonsense',
      `${id}|${'A'.repeat(43)}`,
      `${id}|short`,
      `${id}|${'A'.repeat(90)}`,
      `${id}|${secret}|`,
    ]) {
      const res = await lookup(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await accept(token)).json()).toEqual(NOT_FOUND);
    }
    await t.deps.services.accounts.deleteUser({ email: owner.email });
    expect((await lookup(invitation.token)).json()).toEqual(NOT_FOUND);
    expect((await accept(invitation.token)).statusCode).toBe(404);
  });

  it('is 410 once the link has expired, and the list says expired', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'late@example.com', 'viewer');
    t.clock.advance(72 * HOUR_MS - 1);
    expect((await lookup(invitation.token)).statusCode).toBe(200);
    t.clock.advance(1);
    const res = await lookup(invitation.token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(EXPIRED);
    const accepted = await accept(invitation.token);
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json()).toEqual(EXPIRED);
    expect((await listInvitations(owner.token))[0].status).toBe('expired');
    expect(await t.deps.db.selectFrom('members').select('id').where('email', '=', 'late@example.com').execute()).toEqual([]);
  });
});

describe('POST /api/auth/invitations/{token}/accept', () => {
  it('makes the invitee a member and signs them in; they sign in later with that password and see their role', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'Ana@Example.com', 'editor');
    const res = await accept(invitation.token, { name: ' Ana Pop ', password: 'ana password 1' }, '203.0.113.5');
    expect(res.statusCode).toBe(201);
    const now = t.clock.now();
    expect(res.json()).toEqual({
      message: 'Invitation accepted.',
      user: { id: owner.user.id, name: 'Ana Pop', email: 'ana@example.com' },
      token: expect.stringMatching(/^\d+\|[A-Za-z0-9_-]{43}$/),
      expires_at: iso(new Date(now.getTime() + 720 * HOUR_MS)),
    });
    const member = await t.deps.db
      .selectFrom('members')
      .select(['id', 'user_id', 'role'])
      .where('email', '=', 'ana@example.com')
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ id: expect.any(Number), user_id: owner.user.id, role: 'editor' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@example.com', password: 'ana password 1' },
    });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(login.json().token) });
    expect(me.json()).toEqual({
      id: owner.user.id,
      name: owner.user.name,
      email: owner.email,
      total_balance: 0,
      role: 'editor',
      member: { id: member.id, name: 'Ana Pop', email: 'ana@example.com' },
      is_operator: false,
      suspended: false,
    });

    const [listed] = await listInvitations(owner.token);
    expect(listed).toMatchObject({ id: invitation.id, status: 'accepted', accepted_at: iso(now) });
    const row = await t.deps.db
      .selectFrom('invitations')
      .select('accepted_member_id')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.accepted_member_id).toBe(member.id);
    expect(await auditRows(owner.user.id, ['member.joined'])).toEqual([
      {
        action: 'member.joined',
        actor_kind: 'member',
        actor: 'ana@example.com',
        actor_member_id: member.id,
        resource_type: 'member',
        resource_id: String(member.id),
        ip: '203.0.113.5',
        user_agent: 'lightMyRequest',
        details: { invitation_id: invitation.id, role: 'editor' },
      },
    ]);
  });

  it('is single-use: a second acceptance is 410, and so is a lookup', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'once@example.com', 'viewer');
    expect((await accept(invitation.token)).statusCode).toBe(201);
    const again = await accept(invitation.token, { name: 'Someone else', password: 'another password' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(ACCEPTED);
    expect((await lookup(invitation.token)).json()).toEqual(ACCEPTED);
  });

  it('of concurrent acceptances of one link, exactly one succeeds', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'race@example.com', 'viewer');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => accept(invitation.token, { name: `Racer ${i}`, password: 'race password' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 410, 410, 410, 410]);
    for (const refused of results.filter((r) => r.statusCode === 410)) expect(refused.json()).toEqual(ACCEPTED);
    const members = await t.deps.db.selectFrom('members').select('id').where('email', '=', 'race@example.com').execute();
    expect(members).toHaveLength(1);
    expect(await auditRows(owner.user.id, ['member.joined'])).toHaveLength(1);
  });

  it('is 410 once revoked, and refused for an e-mail that became a member meanwhile (the link stays pending)', async () => {
    const owner = await createUser(t.deps);
    const revoked = await invite(t.app, owner.token, 'gone@example.com', 'viewer');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/invitations/${revoked.id}`, headers: bearer(owner.token) })).statusCode,
    ).toBe(200);
    const res = await accept(revoked.token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(REVOKED);

    const other = await createUser(t.deps);
    const mine = await invite(t.app, owner.token, 'wanted@example.com', 'viewer');
    const theirs = await invite(t.app, other.token, 'wanted@example.com', 'viewer');
    expect((await accept(theirs.token)).statusCode).toBe(201);
    const taken = await accept(mine.token);
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: 'This e-mail already belongs to a member.',
      errors: { email: ['This e-mail already belongs to a member.'] },
    });
    expect((await lookup(mine.token)).statusCode).toBe(200);
    expect(await auditRows(owner.user.id, ['member.joined'])).toEqual([]);
  });

  it('validates the body in the validation shape', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'short@example.com', 'viewer');
    const res = await accept(invitation.token, { name: '', password: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name field is required. (and 1 more error)',
      errors: { name: ['The name field is required.'], password: ['The password field must be at least 8 characters.'] },
    });
    expect((await lookup(invitation.token)).statusCode).toBe(200);
  });

  it('refuses a suspended account with 403', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'paused@example.com', 'viewer');
    await t.deps.db.updateTable('users').set({ suspended_at: t.clock.now() }).where('id', '=', owner.user.id).execute();
    const res = await accept(invitation.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This account is suspended. Contact the operator of this server.' });
  });

  it('limits lookups and acceptances together per client address, with 429 and Retry-After', async () => {
    t.clock.set('2026-06-01T10:00:00.000Z');
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'limited@example.com', 'viewer');
    const address = '192.0.2.99';
    for (let i = 0; i < INVITATION_ATTEMPTS_PER_IP - 1; i++) expect((await lookup('nonsense', address)).statusCode).toBe(404);
    expect((await lookup(invitation.token, address)).statusCode).toBe(200);
    t.clock.advance(5 * 60_000);
    const refused = await accept(invitation.token, undefined, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json()).toEqual({ message: 'Too many attempts with invitation links. Please try again in 600 seconds.' });
    expect((await lookup(invitation.token, address)).statusCode).toBe(429);
    // Another address is not affected, and the window's end lifts the limit.
    expect((await lookup(invitation.token, '192.0.2.100')).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await accept(invitation.token, undefined, address)).statusCode).toBe(201);
  });
});

describe('DELETE /api/user/invitations/{id}', () => {
  it('revokes a pending link (audited); again changes nothing; an accepted one is 409', async () => {
    const owner = await createUser(t.deps);
    const invitation = await invite(t.app, owner.token, 'maybe@example.com', 'viewer');
    const revoke = (id: number, token = owner.token) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/invitations/${id}`, headers: bearer(token) });
    const res = await revoke(invitation.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation revoked.' });
    expect((await revoke(invitation.id)).json()).toEqual({ message: 'Invitation revoked.' });
    expect((await listInvitations(owner.token))[0].status).toBe('revoked');
    expect((await auditRows(owner.user.id, ['invitation.revoked'])).map((row) => [row.resource_id, row.actor, row.details])).toEqual([
      [String(invitation.id), 'API key "Default"', { email: 'maybe@example.com' }],
    ]);

    const member = await addMember(t.app, owner.token, 'viewer');
    const accepted = await revoke(member.invitationId);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: 'This invitation was already accepted; remove the member instead.' });
  });

  it("is 404 for another account's invitation, an unknown id or a malformed one", async () => {
    const owner = await createUser(t.deps);
    const other = await createUser(t.deps);
    const theirs = await invite(t.app, other.token, 'theirs@example.com', 'viewer');
    for (const id of [String(theirs.id), '999999', 'abc']) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/user/invitations/${id}`, headers: bearer(owner.token) });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await lookup(theirs.token)).statusCode).toBe(200);
  });
});
