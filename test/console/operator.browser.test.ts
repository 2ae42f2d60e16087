import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bearer, createUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { PHONE, expectAccessible, openSignedInPage, saveScreenshot, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The Operator page in Chromium against a real server: only the operator sees it in the
 * navigation; they find an account, credit it with a reason (a debit past zero is refused
 * beside its field), and suspend it, after which the account's own API key is refused. Checked
 * with axe and photographed at 1280 and 390 px into artifacts/console/.
 */
const availability = browserAvailability();

describe.skipIf(!availability.run)('the Operator page in Chromium', () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    running = await startConsole();
    ({ t, origin } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  async function signedInPage(who: { email: string; password: string }): Promise<{ page: Page; errors: string[] }> {
    const { page, failed } = await openSignedInPage(running, who, { consoleErrors: true });
    return { page, errors: failed };
  }

  it('shows the page only to the operator, who credits an account with a reason and suspends it', async () => {
    const operator = await createUser(t.deps);
    await t.deps.services.accounts.setOperator({ email: operator.email, isOperator: true });
    // Someone else's account, to check what they see.
    const customerLogin = { email: 'someone@example.com', password: 'a long password' };
    await t.deps.services.accounts.createUser({ ...customerLogin, name: 'Someone' });

    // Anyone else: no Operator section, and the page itself says whose it is.
    const customer = await signedInPage(customerLogin);
    await customer.page.getByRole('link', { name: /^Account/ }).waitFor();
    expect(await customer.page.getByRole('link', { name: /^Operator/ }).count()).toBe(0);
    await customer.page.goto(`${origin}/app/operator`);
    await customer.page.getByText('This page is for the person who runs this server.').waitFor();
    expect(customer.errors).toEqual([]);
    await customer.page.context().close();

    const { page, errors } = await signedInPage(operator);
    await page.getByRole('link', { name: /^Operator/ }).click();
    await page.getByRole('heading', { name: 'Operator', level: 1 }).waitFor();

    // A new account, with an opening balance; the server's own refusal shows beside its field.
    await page.getByRole('button', { name: 'New account' }).click();
    const create = page.getByRole('dialog', { name: 'New account' });
    await create.getByLabel(/^Name/).fill('Bread & Co');
    await create.getByLabel(/^Owner's e-mail/).fill(customerLogin.email);
    await create.getByLabel(/^Owner's password/).fill('a long password');
    await create.getByLabel(/^Opening balance/).fill('5');
    await create.getByRole('button', { name: 'Create account' }).click();
    await create.getByText('The email has already been taken.').waitFor();
    expect(errors.splice(0)).toEqual(['422 /api/operator/accounts']);
    await create.getByLabel(/^Owner's e-mail/).fill('owner@breadandco.example');
    await expectAccessible(page, 'the new account dialog');
    await create.getByRole('button', { name: 'Create account' }).click();
    await create.waitFor({ state: 'hidden' });
    const bakery = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'owner@breadandco.example')
      .executeTakeFirstOrThrow();
    const bakerySession = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'owner@breadandco.example', password: 'a long password' },
      })
    ).json().token as string;

    await page.getByLabel('Search accounts').fill('bread');
    const row = page.getByRole('row', { name: /Bread & Co/ });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('$5.00');
    await expectAccessible(page, 'the Operator page');
    await saveScreenshot(page, 'operator-accounts');

    // Credit with a reason.
    await page.getByRole('button', { name: 'Credit or debit Bread & Co' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit or debit Bread & Co' });
    await dialog.getByLabel(/^Amount/).fill('12.5');
    await dialog.getByLabel(/^Reason/).fill('Invoice 7 paid');
    await expectAccessible(page, 'the credit dialog');
    await saveScreenshot(page, 'operator-credit');
    await dialog.getByRole('button', { name: 'Credit balance' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('$17.50');

    // A debit past zero is refused beside the amount, and changes nothing.
    await page.getByRole('button', { name: 'Credit or debit Bread & Co' }).click();
    await dialog.getByText('Debit (take away)').click();
    await dialog.getByLabel(/^Amount/).fill('100');
    await dialog.getByLabel(/^Reason/).fill('Wrong invoice');
    await dialog.getByRole('button', { name: 'Debit balance' }).click();
    await dialog.getByText('This would take the balance below zero: owner@breadandco.example has 17.5 USD.').waitFor();
    expect(errors.splice(0)).toEqual([`422 /api/operator/accounts/${bakery.id}/balance`]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const ledger = await t.deps.db
      .selectFrom('balance_ledger')
      .select(['amount_micros', 'balance_after_micros', 'reason'])
      .where('user_id', '=', bakery.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { amount_micros: 5_000_000, balance_after_micros: 5_000_000, reason: 'Opening balance' },
      { amount_micros: 12_500_000, balance_after_micros: 17_500_000, reason: 'Invoice 7 paid' },
    ]);

    // Suspend: the reason is asked for first; then the account's owner is refused at once.
    const key = bearer(bakerySession);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/assistants', headers: key })).statusCode).toBe(200);
    await page.getByRole('button', { name: 'Suspend Bread & Co' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend Bread & Co?' });
    await suspend.getByRole('button', { name: 'Suspend account' }).click();
    await suspend.getByText('Say why; it is kept with the account and in its audit log.').waitFor();
    await suspend.getByLabel(/^Reason/).fill('Chargeback on invoice 7');
    await expectAccessible(page, 'the suspend dialog');
    await saveScreenshot(page, 'operator-suspend');
    await suspend.getByRole('button', { name: 'Suspend account' }).click();
    await suspend.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('Suspended');
    expect(await row.textContent()).toContain('Chargeback on invoice 7');
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/assistants', headers: key });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { message: 'This account is suspended. Contact the operator of this server.' },
    ]);
    const audit = await t.deps.db
      .selectFrom('audit_events')
      .select(['actor_kind', 'actor', 'action', 'details'])
      .where('user_id', '=', bakery.id)
      .where('action', '<>', 'member.signed_in')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor_kind: 'operator', actor: operator.email, action: 'balance.credited', details: { amount: 12.5, reason: 'Invoice 7 paid' } },
      { actor_kind: 'operator', actor: operator.email, action: 'account.suspended', details: { reason: 'Chargeback on invoice 7' } },
    ]);
    // The operator's own account has no Suspend button.
    await page.getByLabel('Search accounts').fill(operator.email);
    await page.getByRole('row', { name: new RegExp(operator.email.replace(/[.+]/g, '\\$&')) }).waitFor();
    expect(await page.getByRole('button', { name: /^Suspend / }).count()).toBe(0);
    await page.getByLabel('Search accounts').fill('bread');
    await row.waitFor();
    await expectAccessible(page, 'the Operator page with a suspended account');
    await saveScreenshot(page, 'operator-suspended');

    await page.setViewportSize(PHONE);
    await expectAccessible(page, 'the Operator page at 390 px');
    await saveScreenshot(page, 'operator-accounts-phone');
    expect(errors).toEqual([]);
  }, 120_000);
});
