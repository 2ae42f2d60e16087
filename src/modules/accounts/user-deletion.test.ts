import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('deleting a user', () => {
  it('revokes every key and session at once, refuses login, keeps the ledger, and frees the e-mail', async () => {
    const { accounts } = t.deps.services;
    const doomed = await createUser(t.deps, { balanceUsd: 5 });
    const bystander = await createUser(t.deps, { balanceUsd: 1 });
    await accounts.creditBalance({ email: doomed.email, amountUsd: 2, reason: 'top-up' });
    const session = (await login(doomed.email, doomed.password)).json().token as string;
    const extraKey = (
      await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(session), payload: { name: 'CI' } })
    ).json().api_key.token as string;
    for (const token of [doomed.token, session, extraKey]) expect((await me(token)).statusCode).toBe(200);
    const ledgerBefore = await t.deps.db
      .selectFrom('balance_ledger')
      .selectAll()
      .where('user_id', '=', doomed.user.id)
      .orderBy('id')
      .execute();

    const result = await accounts.deleteUser({ email: doomed.email.toUpperCase() });
    expect(result).toMatchObject({ user: { id: doomed.user.id, email: doomed.email }, tokensRevoked: 3, deletedAt: t.clock.now() });

    for (const token of [doomed.token, session, extraKey]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect((await login(doomed.email, doomed.password)).statusCode).toBe(401);
    expect(await t.deps.db.selectFrom('access_tokens').select('id').where('user_id', '=', doomed.user.id).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('balance_ledger').selectAll().where('user_id', '=', doomed.user.id).orderBy('id').execute()).toEqual(
      ledgerBefore,
    );
    const row = await t.deps.db
      .selectFrom('users')
      .select(['email', 'name', 'balance_micros', 'deleted_at'])
      .where('id', '=', doomed.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      email: `deleted-user-${doomed.user.id}@deleted.invalid`,
      name: 'Deleted user',
      balance_micros: 7_000_000,
      deleted_at: t.clock.now(),
    });
    expect((await accounts.listUsers()).map((u) => u.id)).not.toContain(doomed.user.id);

    // Nobody else is touched, and the address can sign up again as a new account.
    expect((await me(bystander.token)).statusCode).toBe(200);
    const again = await createUser(t.deps, { email: doomed.email });
    expect(again.user.id).not.toBe(doomed.user.id);
    expect((await me(again.token)).json()).toMatchObject({ email: doomed.email, total_balance: 0 });
  });

  it('is USER_NOT_FOUND for an unknown or already deleted e-mail, and a deleted user cannot be credited', async () => {
    const { accounts } = t.deps.services;
    await expect(accounts.deleteUser({ email: 'nobody@example.com' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
      message: 'No user with email nobody@example.com.',
    });
    const user = await createUser(t.deps);
    await accounts.deleteUser({ email: user.email });
    await expect(accounts.deleteUser({ email: user.email })).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    await expect(accounts.creditBalance({ email: user.email, amountUsd: 1, reason: 'x' })).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });
});
