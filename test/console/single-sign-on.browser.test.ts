import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ManualClock } from '../../src/core/clock.js';
import { createUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';
import { startFakeOidcProvider, type FakeOidcProvider } from '../helpers/fakes/oidc-provider.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { expectAccessible, openPage, saveScreenshot, startConsole, type RunningConsole } from './console-harness.js';

/**
 * Single sign-on in Chromium: the sign-in page's button, the provider (the fake, on its own
 * origin) and back, against a real server whose PUBLIC_URL is its own address.
 */
const availability = browserAvailability();

/** A free port on 127.0.0.1, so PUBLIC_URL (the redirect URI) can be configured before the server listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe.skipIf(!availability.run)('single sign-on in the console', () => {
  let running: RunningConsole;
  let t: TestApp;
  let provider: FakeOidcProvider;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    // The server's clock starts at the real time: the browser and the provider read it too.
    const clock = new ManualClock(new Date());
    provider = await startFakeOidcProvider({ clientId: 'console-test', clientSecret: 'console-secret', now: () => clock.now() });
    const port = await freePort();
    running = await startConsole({
      port,
      app: {
        clock,
        env: {
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          OIDC_ISSUER: provider.url,
          OIDC_CLIENT_ID: 'console-test',
          OIDC_CLIENT_SECRET: 'console-secret',
          OIDC_PROVIDER_NAME: 'Acme ID',
        },
      },
    });
    ({ t, origin, browser } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await provider?.close();
  });

  /** A fresh profile; every request must go to this server or the provider. */
  async function freshPage(): Promise<{ page: Page; elsewhere: string[]; close(): Promise<void> }> {
    const { context, page } = await openPage(browser, { timeout: 8_000 });
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith(provider.url) && !url.startsWith('data:')) elsewhere.push(url);
    });
    return { page, elsewhere, close: () => context.close() };
  }

  it('signs a member in with the provider and brings them back to the page they asked for', async () => {
    const member = await createUser(t.deps);
    provider.signInAs({ sub: 'console-ada', email: member.email, email_verified: true });
    const { page, elsewhere, close } = await freshPage();
    await page.goto(`${origin}/app/account`);
    await page.waitForURL(`${origin}/app/sign-in?redirect=%2Faccount`);
    const button = page.getByRole('link', { name: 'Sign in with Acme ID' });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe('/api/auth/oidc/start');
    await expectAccessible(page, 'sign-in with single sign-on');
    await saveScreenshot(page, 'sign-in-single-sign-on');

    await button.click();
    await page.waitForURL(`${origin}/app/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    // The token left the address and is kept like a password sign-in's.
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    const session = JSON.parse((await page.evaluate(() => sessionStorage.getItem('switchboard.session'))) ?? 'null');
    expect(session).toMatchObject({ user: { id: member.user.id, email: member.email }, token: expect.stringMatching(/^\d+\|/) });
    expect(await page.evaluate(() => sessionStorage.getItem('switchboard.sign-in-return'))).toBeNull();
    // The provider saw the browser once at its authorization endpoint; the server did the rest.
    expect(provider.requests.filter((r) => r.path === '/authorize')).toHaveLength(1);
    expect(elsewhere).toEqual([]);
    await close();
  });

  it('shows why the provider could not sign the person in, and the password form still works', async () => {
    const member = await createUser(t.deps);
    provider.signInAs({ sub: 'console-stranger', email: 'stranger@elsewhere.example', email_verified: true });
    const { page, close } = await freshPage();
    await page.goto(`${origin}/app/sign-in`);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await page.waitForURL(/\/app\/sign-in\?error=/);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(
      'No member of this server has the e-mail address stranger@elsewhere.example. Ask an admin of your account to invite you.',
    );
    await expectAccessible(page, 'sign-in after a refused single sign-on');
    await saveScreenshot(page, 'sign-in-single-sign-on-refused');

    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${origin}/app/assistants`);
    await close();
  });
});
