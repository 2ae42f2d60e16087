import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';
import type { App } from '../../core/http/fastify-types.js';
import { isoTimestamp } from '../../core/http/schemas.js';

/**
 * The operator's routes: only a session of a member the admin CLI made the operator may call
 * them; every balance change and suspension is in the account's audit log, written with it; a
 * suspension refuses the account's keys at once in every process, and its public widget.
 */
let t: TestApp;
let other: App;
let operator: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await buildTestApp();
  other = (await t.startAnotherInstance()).app;
  operator = await createOperator();
});
afterAll(async () => {
  await t.close();
});

const FORBIDDEN = { message: 'Only the operator of this server may do this.' };
const SUSPENDED = { message: 'This account is suspended. Contact the operator of this server.' };
const NOT_FOUND = { message: 'Account not found.' };
const CREATED_AT = isoTimestamp(new Date('2026-01-15T10:00:00.000Z'));

async function login(email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

/** An account whose owner the CLI's own code made the operator, signed in afresh. */
async function createOperator() {
  const account = await createUser(t.deps);
  await t.deps.services.accounts.setOperator({ email: account.email, isOperator: true });
  return { ...account, session: await login(account.email, account.password) };
}

function asOperator(method: 'GET' | 'POST', url: string, payload?: object, app: App = t.app) {
  return app.inject({ method, url, headers: bearer(operator.session), ...(payload ? { payload } : {}) });
}

/** A word no other account of this file's database has in its name. */
const uniqueWord = () => `Zq${randomBytes(4).toString('hex')}`;

async function ledgerOf(userId: number) {
  return t.deps.db
    .selectFrom('balance_ledger')
    .select(['amount_micros', 'balance_after_micros', 'reason', 'kind'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The account's audit rows but sign-ins (each login of these tests writes one). */
async function auditOf(userId: number) {
  return t.deps.db
    .selectFrom('audit_events')
    .select(['actor_kind', 'actor', 'actor_member_id', 'action', 'resource_type', 'resource_id', 'details'])
    .where('user_id', '=', userId)
    .where('action', '<>', 'member.signed_in')
    .orderBy('id')
    .execute();
}

describe('who may call the operator routes', () => {
  it('refuses everyone but an operator session: an owner, their key, and even the operator through an API key', async () => {
    const owner = await createUser(t.deps);
    const ownerSession = await login(owner.email, owner.password);
    const operatorKey = operator.token;
    const routes: Array<[method: 'GET' | 'POST', url: string, payload?: object]> = [
      ['GET', '/api/operator/accounts'],
      ['POST', '/api/operator/accounts', { email: 'new@example.com', name: 'New', password: 'long enough' }],
      ['POST', `/api/operator/accounts/${owner.user.id}/balance`, { amount: 5, reason: 'gift' }],
      ['POST', `/api/operator/accounts/${owner.user.id}/suspend`, { reason: 'abuse' }],
      ['POST', `/api/operator/accounts/${owner.user.id}/restore`],
    ];
    for (const token of [ownerSession, owner.token, operatorKey]) {
      for (const [method, url, payload] of routes) {
        const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
        expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([403, FORBIDDEN]);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/accounts' })).statusCode).toBe(401);
    // Nothing of it happened.
    expect(await ledgerOf(owner.user.id)).toEqual([]);
    expect(await auditOf(owner.user.id)).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(operator.session) });
    expect(me.json()).toMatchObject({ is_operator: true, suspended: false });
  });

  it('takes the power back with `operators revoke`: the open session is refused at once', async () => {
    const account = await createUser(t.deps);
    await t.deps.services.accounts.setOperator({ email: account.email, isOperator: true });
    const session = await login(account.email, account.password);
    const list = () => t.app.inject({ method: 'GET', url: '/api/operator/accounts', headers: bearer(session) });
    expect((await list()).statusCode).toBe(200);
    const revoked = await t.deps.services.accounts.setOperator({ email: account.email.toUpperCase(), isOperator: false });
    expect(revoked).toEqual({ id: account.owner.id, email: account.email, is_operator: false });
    await vi.waitFor(async () => expect([(await list()).statusCode, (await list()).json()]).toEqual([403, FORBIDDEN]), { timeout: 2_000 });
    await expect(t.deps.services.accounts.setOperator({ email: 'nobody@example.com', isOperator: true })).rejects.toMatchObject({
      statusCode: 404,
      message: 'No member with email nobody@example.com.',
    });
  });
});

describe('GET /api/operator/accounts', () => {
  it('searches names and e-mails (a member’s too), counts members, leaves deleted accounts out, and pages', async () => {
    const word = uniqueWord();
    const email = (n: number) => `${word.toLowerCase()}-${n}@example.com`;
    const accounts = t.deps.services.accounts;
    const a = await accounts.createUser({ email: email(1), password: 'password 1', name: `${word} Bakery`, balanceUsd: 12.5 });
    const b = await accounts.createUser({
      email: 'plain-b-' + word.toLowerCase() + '@example.net',
      password: 'password 2',
      name: 'Corner shop',
    });
    const c = await accounts.createUser({ email: email(3), password: 'password 3', name: 'Gone Ltd' });
    await accounts.deleteUser({ email: email(3) });
    // A second member of b, found by their e-mail.
    await t.deps.db
      .insertInto('members')
      .values({
        user_id: b.user.id,
        email: `helper.${word.toLowerCase()}@example.org`,
        name: 'Helper',
        password_hash: null,
        role: 'editor',
        updated_at: t.clock.now(),
      })
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ suspended_at: t.clock.now(), suspension_reason: 'Unpaid' })
      .where('id', '=', b.user.id)
      .execute();

    const item = (user: { id: number; name: string; email: string }, extra: Record<string, unknown>) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      balance: 0,
      members_count: 1,
      suspended: false,
      suspended_at: null,
      suspension_reason: null,
      created_at: CREATED_AT,
      ...extra,
    });
    const path = 'http://localhost:80/api/operator/accounts';
    const page = (n: number) => `${path}?page=${n}`;
    const first = await asOperator('GET', `/api/operator/accounts?search=${word.toUpperCase()}&per_page=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      current_page: 1,
      data: [item(a.user, { balance: 12.5 })],
      first_page_url: page(1),
      from: 1,
      last_page: 2,
      last_page_url: page(2),
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: page(1), label: '1', active: true },
        { url: page(2), label: '2', active: false },
        { url: page(2), label: 'Next &raquo;', active: false },
      ],
      next_page_url: page(2),
      path,
      per_page: 1,
      prev_page_url: null,
      to: 1,
      total: 2,
    });
    const second = await asOperator('GET', `/api/operator/accounts?search=${word}&per_page=1&page=2`);
    expect(second.json()).toMatchObject({
      current_page: 2,
      data: [item(b.user, { members_count: 2, suspended: true, suspended_at: CREATED_AT, suspension_reason: 'Unpaid' })],
      from: 2,
      to: 2,
      total: 2,
    });
    // The member's e-mail alone finds b; LIKE's wildcards are plain characters.
    const byMember = await asOperator('GET', `/api/operator/accounts?search=helper.${word}`);
    expect(byMember.json().data.map((row: { id: number }) => row.id)).toEqual([b.user.id]);
    expect((await asOperator('GET', '/api/operator/accounts?search=%25')).json()).toMatchObject({ data: [], total: 0, from: null });
    expect((await asOperator('GET', '/api/operator/accounts?search=Gone%20Ltd')).json().total).toBe(0);
    // Without a search, every account that exists, oldest first.
    const all = (await asOperator('GET', '/api/operator/accounts?per_page=100')).json();
    const ids = all.data.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids).toEqual(expect.arrayContaining([operator.user.id, a.user.id, b.user.id]));
    expect(ids).not.toContain(c.user.id);
    const bad = await asOperator('GET', '/api/operator/accounts?per_page=500');
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST /api/operator/accounts', () => {
  it('creates an account whose owner signs in with the e-mail and password', async () => {
    const email = `${uniqueWord().toLowerCase()}@example.com`;
    const res = await asOperator('POST', '/api/operator/accounts', {
      email: email.toUpperCase(),
      name: ' New Shop ',
      password: 'long enough',
      balance: 2.5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { account } = res.json();
    expect(res.json()).toEqual({
      message: 'Account created.',
      account: {
        id: expect.any(Number),
        name: 'New Shop',
        email,
        balance: 2.5,
        members_count: 1,
        suspended: false,
        suspended_at: null,
        suspension_reason: null,
        created_at: CREATED_AT,
      },
    });
    const session = await login(email, 'long enough');
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(session) });
    expect(me.json()).toMatchObject({ id: account.id, total_balance: 2.5, role: 'owner', is_operator: false });
    expect(await ledgerOf(account.id)).toEqual([
      { amount_micros: 2_500_000, balance_after_micros: 2_500_000, reason: 'Opening balance', kind: 'adjustment' },
    ]);
  });

  it('refuses a short password, a taken e-mail and a balance finer than a micro-dollar', async () => {
    const short = await asOperator('POST', '/api/operator/accounts', { email: 'short@example.com', name: 'S', password: 'seven77' });
    expect([short.statusCode, short.json()]).toEqual([
      422,
      {
        message: 'The password field must be at least 8 characters.',
        errors: { password: ['The password field must be at least 8 characters.'] },
      },
    ]);
    const taken = await asOperator('POST', '/api/operator/accounts', { email: operator.email, name: 'Again', password: 'long enough' });
    expect([taken.statusCode, taken.json()]).toEqual([
      422,
      { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } },
    ]);
    const fine = await asOperator('POST', '/api/operator/accounts', {
      email: 'fine@example.com',
      name: 'Fine',
      password: 'long enough',
      balance: 0.0000001,
    });
    expect([fine.statusCode, fine.json()]).toEqual([
      422,
      { message: 'The balance may have at most 6 decimals.', errors: { balance: ['The balance may have at most 6 decimals.'] } },
    ]);
    const none = await asOperator('GET', '/api/operator/accounts?search=fine@example.com');
    expect(none.json().total).toBe(0);
  });
});

describe('POST /api/operator/accounts/{id}/balance', () => {
  it('credits and debits through the ledger with an audit row each; a refused debit writes neither', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 1 });
    const credit = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/balance`, {
      amount: 2.000001,
      reason: 'Invoice 7 paid',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toEqual({
      message: 'Balance credited.',
      balance: 3.000001,
      ledger_entry: { id: expect.any(Number), amount: 2.000001, balance_after: 3.000001, reason: 'Invoice 7 paid', created_at: CREATED_AT },
    });
    const debit = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/balance`, { amount: -3, reason: ' Refund ' });
    expect(debit.json()).toMatchObject({ message: 'Balance debited.', balance: 0.000001, ledger_entry: { amount: -3, reason: 'Refund' } });

    const refused = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/balance`, { amount: -0.01, reason: 'Too much' });
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      {
        message: 'The balance cannot go below zero.',
        errors: { amount: [`This would take the balance below zero: ${owner.email} has 0.000001 USD.`] },
      },
    ]);
    expect(await ledgerOf(owner.user.id)).toEqual([
      { amount_micros: 1_000_000, balance_after_micros: 1_000_000, reason: 'Opening balance', kind: 'adjustment' },
      { amount_micros: 2_000_001, balance_after_micros: 3_000_001, reason: 'Invoice 7 paid', kind: 'adjustment' },
      { amount_micros: -3_000_000, balance_after_micros: 1, reason: 'Refund', kind: 'adjustment' },
    ]);
    const audit = { actor_kind: 'operator', actor: operator.email, actor_member_id: operator.owner.id, resource_type: 'balance' };
    expect(await auditOf(owner.user.id)).toEqual([
      {
        ...audit,
        action: 'balance.credited',
        resource_id: String(credit.json().ledger_entry.id),
        details: { amount: 2.000001, reason: 'Invoice 7 paid' },
      },
      { ...audit, action: 'balance.debited', resource_id: String(debit.json().ledger_entry.id), details: { amount: -3, reason: 'Refund' } },
    ]);
    // The owner reads the same rows in their own ledger.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/user/balance/ledger', headers: bearer(owner.token) });
    expect(theirs.json().data[0]).toEqual(debit.json().ledger_entry);
  });

  it('refuses a zero amount, a 7th decimal, a blank reason and an unknown account', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 1 });
    const url = `/api/operator/accounts/${owner.user.id}/balance`;
    const cases: Array<[object, Record<string, string[]>]> = [
      [{ amount: 0, reason: 'x' }, { amount: ['The amount must not be zero.'] }],
      [{ amount: 1.0000001, reason: 'x' }, { amount: ['The amount may have at most 6 decimals.'] }],
      [{ amount: 1, reason: '   ' }, { reason: ['The reason field is required.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await asOperator('POST', url, payload);
      expect([res.statusCode, res.json().errors], JSON.stringify(payload)).toEqual([422, errors]);
    }
    for (const id of [999_999, 'abc']) {
      const res = await asOperator('POST', `/api/operator/accounts/${id}/balance`, { amount: 1, reason: 'x' });
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    }
    expect(await ledgerOf(owner.user.id)).toHaveLength(1);
    expect(await auditOf(owner.user.id)).toEqual([]);
  });

  it('never takes the balance below zero under 20 parallel debits from two processes', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 0.07 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asOperator(
          'POST',
          `/api/operator/accounts/${owner.user.id}/balance`,
          { amount: -0.01, reason: `debit ${i}` },
          i % 2 ? other : t.app,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(7).fill(200), ...Array(13).fill(422)]);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(owner.token) });
    expect(me.json().total_balance).toBe(0);
    const debits = (await ledgerOf(owner.user.id)).filter((row) => row.amount_micros < 0);
    expect(debits.map((row) => row.balance_after_micros).sort((x, y) => y - x)).toEqual([
      60_000, 50_000, 40_000, 30_000, 20_000, 10_000, 0,
    ]);
    expect((await auditOf(owner.user.id)).map((row) => row.action)).toEqual(Array(7).fill('balance.debited'));
  });
});

describe('suspend and restore', () => {
  it("refuses the account's existing key at once, in this process and another, and lets it work again when restored", async () => {
    const owner = await createUser(t.deps, { balanceUsd: 1 });
    const assistants = (app: App) => app.inject({ method: 'GET', url: '/api/user/assistants', headers: bearer(owner.token) });
    // Both processes hold the key in their caches.
    for (const app of [t.app, other]) expect((await assistants(app)).statusCode).toBe(200);

    const suspended = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/suspend`, { reason: 'Chargeback' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({
      message: 'Account suspended.',
      account: {
        id: owner.user.id,
        name: owner.user.name,
        email: owner.email,
        balance: 1,
        members_count: 1,
        suspended: true,
        suspended_at: CREATED_AT,
        suspension_reason: 'Chargeback',
        created_at: CREATED_AT,
      },
    });
    expect([(await assistants(t.app)).statusCode, (await assistants(t.app)).json()]).toEqual([403, SUSPENDED]);
    // The manual clock never ages the other process's cache: only the notification can tell it.
    await vi.waitFor(
      async () => expect([(await assistants(other)).statusCode, (await assistants(other)).json()]).toEqual([403, SUSPENDED]),
      {
        timeout: 2_000,
        interval: 5,
      },
    );
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(owner.token) });
    expect(me.json()).toMatchObject({ suspended: true });
    const again = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/suspend`, { reason: 'Twice' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'This account is already suspended.' }]);

    const restored = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: 'Account restored.',
      account: { id: owner.user.id, suspended: false, suspended_at: null, suspension_reason: null },
    });
    expect((await assistants(t.app)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await assistants(other)).statusCode).toBe(200), { timeout: 2_000, interval: 5 });
    const notSuspended = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/restore`);
    expect([notSuspended.statusCode, notSuspended.json()]).toEqual([409, { message: 'This account is not suspended.' }]);

    const audit = { actor_kind: 'operator', actor: operator.email, actor_member_id: operator.owner.id, resource_type: 'account' };
    expect(await auditOf(owner.user.id)).toEqual([
      { ...audit, action: 'account.suspended', resource_id: String(owner.user.id), details: { reason: 'Chargeback' } },
      { ...audit, action: 'account.restored', resource_id: String(owner.user.id), details: {} },
    ]);
  });

  it("refuses the operator's own account, a missing reason and an unknown account", async () => {
    const own = await asOperator('POST', `/api/operator/accounts/${operator.user.id}/suspend`, { reason: 'oops' });
    expect([own.statusCode, own.json()]).toEqual([422, { message: 'You cannot suspend your own account.' }]);
    const owner = await createUser(t.deps);
    const blank = await asOperator('POST', `/api/operator/accounts/${owner.user.id}/suspend`, {});
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ reason: ['The reason field is required.'] });
    for (const action of ['suspend', 'restore']) {
      const res = await asOperator('POST', `/api/operator/accounts/999999/${action}`, { reason: 'x' });
      expect([res.statusCode, res.json()]).toEqual([404, NOT_FOUND]);
    }
    expect(await auditOf(operator.user.id)).toEqual([]);
  });

  it('closes the widget and new public conversations of a suspended account, as for an unavailable assistant', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 1 });
    const assistant = await createAssistant(apiFor(t, owner.token), { status: 'active' });
    const open = (headers: Record<string, string> = {}, type?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers,
        payload: { assistant_id: assistant.uuid, ...(type ? { type } : {}) },
      });
    const config = () => t.app.inject({ method: 'GET', url: `/api/widget/${assistant.uuid}/config` });
    expect((await open()).statusCode).toBe(200);
    expect((await config()).statusCode).toBe(200);

    expect((await asOperator('POST', `/api/operator/accounts/${owner.user.id}/suspend`, { reason: 'Spam' })).statusCode).toBe(200);
    const refused = await open();
    expect([refused.statusCode, refused.json()]).toEqual([403, { status: false, error: 'This assistant is not available.' }]);
    const ownTest = await open(bearer(owner.token), 'test');
    expect([ownTest.statusCode, ownTest.json()]).toEqual([403, { status: false, error: SUSPENDED.message }]);
    const widget = await config();
    expect([widget.statusCode, widget.json()]).toEqual([404, { status: false, error: 'This assistant is not available.' }]);
    const conversations = await t.deps.db.selectFrom('conversations').select('id').where('user_id', '=', owner.user.id).execute();
    expect(conversations).toHaveLength(1);

    expect((await asOperator('POST', `/api/operator/accounts/${owner.user.id}/restore`)).statusCode).toBe(200);
    expect((await open()).statusCode).toBe(200);
    expect((await config()).statusCode).toBe(200);
  });
});
