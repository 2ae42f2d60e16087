import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ManualClock } from '../../src/core/clock.js';
import { createUser } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { browserAvailability, launchChromium } from '../../src/modules/widget/fixtures/browser.js';
import { DESKTOP, PHONE, ensureConsoleBuilt, expectAccessible, firstPageScriptGzipBytes, saveScreenshot, signIn } from './console-harness.js';

/**
 * The web console in Chromium against a real server on the embedded database: every page is
 * driven as a person would (keyboard included), checked with axe and photographed into
 * artifacts/console/.
 */
const availability = browserAvailability();
const BUDGET_GZIP_BYTES = 250 * 1024;

describe('the console bundle', () => {
  it("keeps the first page's JavaScript within 250 KB gzipped", () => {
    ensureConsoleBuilt();
    const { bytes, files } = firstPageScriptGzipBytes();
    console.info(`console first page: ${files.join(', ')} = ${(bytes / 1024).toFixed(1)} KB gzipped`);
    expect(files.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});

describe.skipIf(!availability.run)('the console in Chromium', () => {
  let t: TestApp;
  let origin: string;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;

  beforeAll(async () => {
    ensureConsoleBuilt();
    // The server's clock starts at the real time, so session expiry and lockouts read true in the browser.
    t = await buildTestApp({ clock: new ManualClock(new Date()), env: { LOGIN_MAX_FAILURES: '3' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    chromium = await launchChromium();
    browser = chromium.browser;
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  /** A fresh browser profile (empty sessionStorage) that fails the test on any request off this server. */
  async function openPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; external: string[]; consoleErrors: string[] }> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const external: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) external.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    return { context, page, external, consoleErrors };
  }

  describe('sign in and sign out', () => {
    it('opens / on the sign-in page, shows the server\'s message for a wrong password and the lockout, then signs in', async () => {
      const owner = await createUser(t.deps, { balanceUsd: 5 });
      const { context, page, external } = await openPage();
      const response = await page.goto(`${origin}/`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.waitForURL(`${origin}/app/sign-in`);
      await page.getByRole('heading', { name: 'Sign in to Switchboard' }).waitFor();
      await expectAccessible(page, 'sign-in');
      await saveScreenshot(page, 'sign-in');

      await signIn(page, origin, owner.email, 'not the password');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('These credentials do not match our records.');
      await saveScreenshot(page, 'sign-in-wrong-password');

      // LOGIN_MAX_FAILURES is 3: the third failure locks this e-mail for this client.
      for (const expected of [401, 401, 429]) {
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
        await page.getByRole('button', { name: 'Sign in' }).click();
        expect((await answer).status()).toBe(expected);
      }
      await expect.poll(() => alert.innerText()).toMatch(/Too many login attempts\. Please try again in \d+ seconds\./);
      await saveScreenshot(page, 'sign-in-locked');

      // The lockout ends with its window (the server's clock), then the right password works.
      t.clock.advance(16 * 60_000);
      await page.getByLabel(/^Password/).fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${origin}/app/assistants`);
      await page.getByRole('heading', { name: 'Assistants', level: 1 }).waitFor();
      expect(external).toEqual([]);
      await context.close();
    });

    it('signs out, revoking the token, and a signed-out page goes to sign-in and back', async () => {
      const owner = await createUser(t.deps);
      const { context, page } = await openPage();
      await page.goto(`${origin}/app/account`);
      await page.waitForURL(`${origin}/app/sign-in?redirect=%2Faccount`);
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/account`);
      const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('switchboard.session')!).token as string);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${origin}/app/sign-in`);
      expect(await page.evaluate(() => sessionStorage.getItem('switchboard.session'))).toBeNull();
      const after = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
      expect(after.statusCode).toBe(401);
      await context.close();
    });

    it('a session that ends on the server returns to sign-in, then to the same page', async () => {
      const owner = await createUser(t.deps);
      const { context, page } = await openPage();
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/assistants`);
      // Revoked elsewhere (signed out on another device): the next call answers 401.
      const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('switchboard.session')!).token as string);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
      await page.getByRole('link', { name: /Account/ }).click();
      await page.waitForURL(`${origin}/app/sign-in?redirect=%2Faccount`);
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/account`);
      await context.close();
    });
  });

  describe('the account page', () => {
    it('shows the user and balance, pages the ledger, creates a key shown once with a copy button, and revokes it', async () => {
      const owner = await createUser(t.deps, { balanceUsd: 10 });
      for (let n = 1; n <= 24; n++) await t.deps.services.accounts.creditBalance({ email: owner.email, amountUsd: -0.01, reason: `Widget message ${n}` });
      const { context, page, external } = await openPage();
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/assistants`);
      await page.getByRole('link', { name: /Account/ }).click();
      await page.getByRole('cell', { name: '$9.76' }).first().waitFor();
      await page.getByText('$9.76', { exact: true }).first().waitFor();
      await page.getByRole('cell', { name: 'Widget message 24' }).waitFor();
      expect(await page.getByRole('cell', { name: 'Opening balance' }).count()).toBe(0);
      await page.getByRole('button', { name: '2', exact: true }).click();
      await page.getByRole('cell', { name: 'Opening balance' }).waitFor();
      expect(await page.getByText('21–25 of 25').count()).toBe(1);

      // Create a key by keyboard: type the name, press Enter.
      await page.getByLabel("New key's name").fill('Website chat');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Key "Website chat" created' });
      await dialog.waitFor();
      const token = (await page.getByTestId('new-key-token').innerText()).trim();
      expect(token).toMatch(/^\d+\|/);
      await expectAccessible(page, 'account, new key dialog');
      await saveScreenshot(page, 'account-key-created');
      await dialog.getByRole('button', { name: 'Copy key' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'Website chat', exact: true }).waitFor();
      await expectAccessible(page, 'account');
      await saveScreenshot(page, 'account');

      await page.getByRole('button', { name: 'Revoke Website chat' }).click();
      await page.getByRole('dialog', { name: 'Revoke "Website chat"?' }).getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText('programs using it are refused from now on').waitFor();
      await expect.poll(() => page.getByRole('cell', { name: 'Website chat', exact: true }).count()).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      expect(external).toEqual([]);

      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(page, 'account-phone');
      await context.close();
    });
  });

  describe('the app shell', () => {
    it('navigates by keyboard, links the API reference, and fits 390 px with a menu button', async () => {
      const owner = await createUser(t.deps);
      const { context, page } = await openPage(PHONE);
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/assistants`);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, 'shell at 390 px');
      await saveScreenshot(page, 'shell-phone');

      const menu = page.getByRole('button', { name: 'Open navigation' });
      await menu.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: /Knowledge/ }).waitFor({ state: 'visible' });
      await saveScreenshot(page, 'shell-phone-menu');
      await page.getByRole('link', { name: /Calls/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${origin}/app/calls`);
      expect(await page.getByRole('link', { name: /API reference/ }).getAttribute('href')).toBe('/api/docs');
      await context.close();
    });
  });
});
