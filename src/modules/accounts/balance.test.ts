import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { changeBalance, InsufficientBalanceError } from './accounts.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/user/me', () => {
  it('returns the caller with the balance in USD', async () => {
    const { user, owner, token, email } = await createUser(t.deps, { balanceUsd: 125.5 });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: user.name,
      email,
      total_balance: 125.5,
      role: 'owner',
      member: { id: owner.id, name: user.name, email },
      is_operator: false,
      suspended: false,
    });
  });
});

describe('balance ledger', () => {
  it('credits and debits through the ledger, refusing to go below zero', async () => {
    const { user, email } = await createUser(t.deps, { balanceUsd: 1 });
    const accounts = t.deps.services.accounts;
    expect((await accounts.creditBalance({ email, amountUsd: 2.25, reason: 'top-up' })).balanceMicros).toBe(3_250_000);
    expect((await accounts.creditBalance({ email, amountUsd: -3.25, reason: 'refund' })).balanceMicros).toBe(0);
    await expect(accounts.creditBalance({ email, amountUsd: -0.01, reason: 'too much' })).rejects.toMatchObject({
      statusCode: 422,
      message: `The balance of ${email} cannot go below zero.`,
    });
    const ledger = await t.deps.db
      .selectFrom('balance_ledger')
      .select(['amount_micros', 'balance_after_micros', 'reason'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { amount_micros: 1_000_000, balance_after_micros: 1_000_000, reason: 'Opening balance' },
      { amount_micros: 2_250_000, balance_after_micros: 3_250_000, reason: 'top-up' },
      { amount_micros: -3_250_000, balance_after_micros: 0, reason: 'refund' },
    ]);
  });

  it("records each credit and debit of the admin CLI in the account's audit log, and none for a refused one", async () => {
    const { user, email } = await createUser(t.deps, { balanceUsd: 1 });
    const accounts = t.deps.services.accounts;
    await accounts.creditBalance({ email, amountUsd: 2.5, reason: 'Invoice 12' });
    await accounts.creditBalance({ email, amountUsd: -0.5, reason: 'Correction' });
    await expect(accounts.creditBalance({ email, amountUsd: -9, reason: 'Too much' })).rejects.toMatchObject({ statusCode: 422 });
    const ledgerIds = await t.deps.db
      .selectFrom('balance_ledger')
      .select('id')
      .where('user_id', '=', user.id)
      .where('reason', '<>', 'Opening balance')
      .orderBy('id')
      .execute();
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['actor_kind', 'actor', 'actor_member_id', 'action', 'resource_type', 'resource_id', 'details', 'ip'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    const cli = { actor_kind: 'system', actor: 'admin CLI', actor_member_id: null, resource_type: 'balance', ip: null };
    expect(audit).toEqual([
      { ...cli, action: 'balance.credited', resource_id: String(ledgerIds[0]!.id), details: { amount: 2.5, reason: 'Invoice 12' } },
      { ...cli, action: 'balance.debited', resource_id: String(ledgerIds[1]!.id), details: { amount: -0.5, reason: 'Correction' } },
    ]);
  });

  it('stays exact under 50 concurrent debits against a balance that covers 7', async () => {
    const { user } = await createUser(t.deps, { balanceUsd: 0.07 });
    const other = await t.startAnotherInstance();
    const dbs = [t.deps.db, other.deps.db];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        dbs[i % 2]!.transaction().execute((tx) =>
          changeBalance(tx, { userId: user.id, amountMicros: -10_000, reason: `debit ${i}`, kind: 'usage', now: t.clock.now() }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(43);
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof InsufficientBalanceError)).toBe(true);
    const me = await t.deps.services.accounts.getUser(user.id);
    expect(me.balance_micros).toBe(0);
    expect(await t.deps.services.accounts.ledgerTotalMicros(user.id)).toBe(0);
    // The ledger row is written by the debit's own statement: one row per accepted debit, none
    // for a refused one, each carrying the balance that debit left.
    const debits = await t.deps.db
      .selectFrom('balance_ledger')
      .select('balance_after_micros')
      .where('user_id', '=', user.id)
      .where('amount_micros', '<', 0)
      .execute();
    expect(debits.map((d) => d.balance_after_micros).sort((a, b) => b - a)).toEqual([60_000, 50_000, 40_000, 30_000, 20_000, 10_000, 0]);
  });

  it('keeps the balance equal to the sum of the ledger', async () => {
    const { user, email } = await createUser(t.deps, { balanceUsd: 10 });
    for (const amountUsd of [0.01, -5, 3.333333, -0.000001]) {
      await t.deps.services.accounts.creditBalance({ email, amountUsd, reason: 'adjust' });
    }
    const me = await t.deps.services.accounts.getUser(user.id);
    expect(me.balance_micros).toBe(8_343_332);
    expect(await t.deps.services.accounts.ledgerTotalMicros(user.id)).toBe(me.balance_micros);
  });
});

describe('GET /api/user/balance/ledger', () => {
  it("pages through the caller's own ledger, newest first, each row with its reason", async () => {
    const { token, email } = await createUser(t.deps, { balanceUsd: 1 });
    const other = await createUser(t.deps, { balanceUsd: 9 });
    const accounts = t.deps.services.accounts;
    await accounts.creditBalance({ email, amountUsd: 2.25, reason: 'top-up' });
    await accounts.creditBalance({ email, amountUsd: -0.5, reason: 'Voice call 3: minute reserved' });

    const first = await t.app.inject({ method: 'GET', url: '/api/user/balance/ledger?per_page=2', headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.data.map((row: Record<string, unknown>) => [row.amount, row.balance_after, row.reason])).toEqual([
      [-0.5, 2.75, 'Voice call 3: minute reserved'],
      [2.25, 3.25, 'top-up'],
    ]);
    expect(body.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect([body.current_page, body.last_page, body.total, body.from, body.to]).toEqual([1, 2, 3, 1, 2]);

    const second = (
      await t.app.inject({ method: 'GET', url: '/api/user/balance/ledger?per_page=2&page=2', headers: bearer(token) })
    ).json();
    expect(second.data.map((row: Record<string, unknown>) => [row.amount, row.reason])).toEqual([[1, 'Opening balance']]);

    const theirs = (await t.app.inject({ method: 'GET', url: '/api/user/balance/ledger', headers: bearer(other.token) })).json();
    expect(theirs.data.map((row: Record<string, unknown>) => row.reason)).toEqual(['Opening balance']);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/balance/ledger' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/balance/ledger?per_page=500', headers: bearer(token) });
    expect(bad.statusCode).toBe(422);
  });
});
