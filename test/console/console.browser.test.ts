import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { apiFor, createAssistant } from '../helpers/assistants.js';
import type { TestApp } from '../helpers/test-app.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import {
  DESKTOP,
  PHONE,
  ensureConsoleBuilt,
  expectAccessible,
  firstPageScriptGzipBytes,
  openPage,
  saveScreenshot,
  signIn,
  startConsole,
  type RunningConsole,
} from './console-harness.js';

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
    // React's production build: a development one is larger and slower.
    expect(files.filter((file) => file.includes('dev-runtime'))).toEqual([]);
    expect(bytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});

describe.skipIf(!availability.run)('the console in Chromium', () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    // startConsole's clock starts at the real time, so session expiry and lockouts read true in the browser.
    running = await startConsole({ app: { env: { LOGIN_MAX_FAILURES: '3' } } });
    ({ t, origin, browser } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  /** A fresh browser profile (empty sessionStorage) that fails the test on any request off this server. */
  async function freshPage(
    viewport = DESKTOP,
  ): Promise<{ context: BrowserContext; page: Page; external: string[]; consoleErrors: string[] }> {
    const { context, page } = await openPage(browser, { viewport, timeout: 8_000 });
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

  /** Picks an option of a Mantine Select: opens it from the keyboard, then the named (or first) option. */
  async function pick(page: Page, label: string | RegExp, option?: string): Promise<void> {
    const input = page.getByRole('combobox', { name: label, exact: true });
    await input.focus();
    await page.keyboard.press('ArrowDown');
    const choice = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option').first();
    await choice.click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }

  describe('sign in and sign out', () => {
    it("opens / on the sign-in page, shows the server's message for a wrong password and the lockout, then signs in", async () => {
      const owner = await createUser(t.deps, { balanceUsd: 5 });
      const { context, page, external } = await freshPage();
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
      const { context, page } = await freshPage();
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
      const { context, page } = await freshPage();
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/assistants`);
      await page.getByRole('heading', { name: 'Create your first assistant' }).waitFor();
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
    it('shows the user, role and balance, pages the ledger; on the keys page creates a key shown once, and revokes it', async () => {
      const owner = await createUser(t.deps, { balanceUsd: 10 });
      for (let n = 1; n <= 24; n++)
        await t.deps.services.accounts.creditBalance({ email: owner.email, amountUsd: -0.01, reason: `Widget message ${n}` });
      const { context, page, external } = await freshPage();
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/assistants`);
      await page.getByRole('link', { name: /Account/ }).click();
      await page.getByRole('cell', { name: '$9.76' }).first().waitFor();
      await page.getByText('$9.76', { exact: true }).first().waitFor();
      await page.getByRole('cell', { name: 'Widget message 24' }).waitFor();
      expect(await page.getByRole('cell', { name: 'Opening balance' }).count()).toBe(0);
      const ledgerPages = page.getByRole('navigation', { name: 'Pages of balance changes' });
      await ledgerPages.getByRole('button', { name: '2', exact: true }).click();
      await page.getByRole('cell', { name: 'Opening balance' }).waitFor();
      expect(await page.getByText('21–25 of 25').count()).toBe(1);
      await page.getByText('Owner', { exact: true }).waitFor();
      await expectAccessible(page, 'account');
      await saveScreenshot(page, 'account');
      await ledgerPages.getByRole('button', { name: 'Previous page' }).click();
      await page.getByText('1–20 of 25').waitFor();
      await page.getByRole('cell', { name: 'Widget message 24' }).waitFor();

      // The keys have a page of their own (admins and owners).
      await page.getByRole('link', { name: /API keys/ }).click();
      await page.waitForURL(`${origin}/app/keys`);
      // Create a key by keyboard: type the name, press Enter.
      await page.getByLabel("New key's name").fill('Website chat');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Key "Website chat" created' });
      await dialog.waitFor();
      const token = (await page.getByTestId('new-key-token').innerText()).trim();
      expect(token).toMatch(/^\d+\|/);
      await expectAccessible(page, 'API keys, new key dialog');
      await saveScreenshot(page, 'api-keys-created');
      await dialog.getByRole('button', { name: 'Copy key' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
        200,
      );
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'Website chat', exact: true }).waitFor();
      await expectAccessible(page, 'API keys');
      await saveScreenshot(page, 'api-keys');

      await page.getByRole('button', { name: 'Revoke Website chat' }).click();
      await page.getByRole('dialog', { name: 'Revoke "Website chat"?' }).getByRole('button', { name: 'Revoke key' }).click();
      await page.getByText('programs using it are refused from now on').waitFor();
      await expect.poll(() => page.getByRole('cell', { name: 'Website chat', exact: true }).count()).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
        401,
      );
      expect(external).toEqual([]);

      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(page, 'api-keys-phone');
      await context.close();
    });
  });

  describe('the assistants', () => {
    it('starts empty with what to do, creates one (server errors next to fields), edits and activates it', async () => {
      const owner = await createUser(t.deps, { balanceUsd: 5 });
      const { context, page, external } = await freshPage();
      await signIn(page, origin, owner.email, owner.password);
      await page.getByRole('heading', { name: 'Create your first assistant' }).waitFor();
      await expectAccessible(page, 'assistants, empty');
      await saveScreenshot(page, 'assistants-empty');

      await page.getByRole('button', { name: 'New assistant' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New assistant' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill('Front desk');
      await dialog.getByRole('button', { name: 'Create assistant' }).click();
      // Nothing was checked in the browser: these are the server's messages, each next to its field,
      // naming the field as the form does.
      await dialog.getByText('The language field is required.').waitFor();
      await dialog.getByText('The voice field is required.').waitFor();
      await dialog.getByText('The greeting field is required.').waitFor();
      await dialog.getByText('The AI model field is required when mode is pipeline.').waitFor();
      await expectAccessible(page, 'new assistant dialog with errors');
      await saveScreenshot(page, 'assistant-create-errors');

      await pick(page, 'Language');
      await pick(page, 'Voice');
      await pick(page, 'AI model');
      await dialog.getByRole('textbox', { name: /^Greeting/ }).fill('Hi, thanks for calling Bread & Co. How can I help?');
      await dialog
        .getByRole('textbox', { name: /^Instructions/ })
        .fill('You answer questions about opening hours and orders for Bread & Co, a bakery.');
      await dialog.getByRole('button', { name: 'Create assistant' }).click();
      await page.waitForURL(/\/app\/assistants\/\d+$/);
      const id = Number(page.url().split('/').pop());
      await page.getByRole('heading', { name: 'Front desk', level: 1 }).waitFor();
      const stored = await t.deps.db
        .selectFrom('assistants')
        .select(['name', 'status', 'mode', 'initial_message'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        name: 'Front desk',
        status: 'inactive',
        mode: 'pipeline',
        initial_message: 'Hi, thanks for calling Bread & Co. How can I help?',
      });

      // Fix a validation error the server finds: an empty name.
      const name = page.getByRole('textbox', { name: /^Name/ });
      await name.fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The name field is required.').waitFor();
      await saveScreenshot(page, 'assistant-editor-error');
      await name.fill('Bakery front desk');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved. Calls and chats').waitFor();
      await expect.poll(() => page.getByText('The name field is required.').count()).toBe(0);

      // One switch activates it, by keyboard.
      const toggle = page.getByRole('switch', { name: /Inactive/ });
      await toggle.focus();
      await page.keyboard.press('Space');
      await page.getByRole('switch', { name: /Active: answers calls and chats/ }).waitFor();
      const after = await t.deps.db.selectFrom('assistants').select(['name', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(after).toEqual({ name: 'Bakery front desk', status: 'active' });
      // Switching the voice engine says what will be reset before anything is saved.
      const voicePicker = page.getByRole('combobox', { name: 'Voice', exact: true });
      const modelPicker = page.getByRole('combobox', { name: 'AI model', exact: true });
      const storedVoice = await voicePicker.inputValue();
      const storedModel = await modelPicker.inputValue();
      expect(storedVoice).not.toBe('');
      expect(storedModel).not.toBe('');
      await pick(page, 'Voice engine', 'Realtime');
      await expect.poll(() => voicePicker.inputValue()).toBe('');
      await page.getByText('Switching from Standard to Realtime resets the voice and the AI model').waitFor();
      await expectAccessible(page, 'assistant editor');
      await saveScreenshot(page, 'assistant-editor-mode-switch');
      await page.getByRole('button', { name: 'Undo changes' }).click();
      await expect.poll(() => page.getByText('Switching from Standard').count()).toBe(0);
      // Undo gives back the stored voice and model, not empty pickers.
      expect(await voicePicker.inputValue()).toBe(storedVoice);
      expect(await modelPicker.inputValue()).toBe(storedModel);
      await saveScreenshot(page, 'assistant-editor');
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await saveScreenshot(page, 'assistant-editor-phone');
      expect(external).toEqual([]);
      await context.close();
    });

    it('lists with search and filters, duplicates and deletes', async () => {
      const owner = await createUser(t.deps, { balanceUsd: 5 });
      const api = apiFor(t, owner.token);
      const made = async (url: string, name: string) => {
        const res = await api.post(url, { name });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.id as number;
      };
      const bakery = await made('/api/user/folders', 'Bakery');
      await made('/api/user/folders', 'Empty folder');
      const vip = await made('/api/user/labels', 'VIP');
      const evenings = await made('/api/user/labels', 'Evenings');
      await createAssistant(api, { name: 'Front desk', status: 'active', type: 'inbound', folder_id: bakery, label_ids: [vip] });
      await createAssistant(api, { name: 'Reminders', type: 'outbound', folder_id: bakery, label_ids: [] });
      await createAssistant(api, { name: 'Night line', type: 'inbound', label_ids: [evenings, vip] });
      const { context, page } = await freshPage();
      await signIn(page, origin, owner.email, owner.password);
      await page.getByText('3 assistants').waitFor();
      // Each row names its folder and labels.
      const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await row('Front desk').getByRole('cell', { name: 'Bakery', exact: true }).waitFor();
      expect(await row('Night line').getByText('Evenings', { exact: true }).count()).toBe(1);
      await expectAccessible(page, 'assistants list');
      await saveScreenshot(page, 'assistants');

      // Folder and label filters, by name, kept in the address.
      await pick(page, 'Folder', 'Bakery');
      await page.getByText('2 of 3 assistants match').waitFor();
      expect(page.url()).toContain(`folder=${bakery}`);
      await pick(page, 'Label', 'VIP');
      await page.getByText('1 of 3 assistants match').waitFor();
      await page.getByRole('link', { name: 'Front desk', exact: true }).waitFor();
      expect(page.url()).toContain(`label=${vip}`);
      await expectAccessible(page, 'assistants filtered by folder and label');
      await saveScreenshot(page, 'assistants-folder-label');
      await pick(page, 'Folder', 'No folder');
      await page.getByText('1 of 3 assistants match').waitFor();
      await page.getByRole('link', { name: 'Night line', exact: true }).waitFor();
      await page.reload();
      await page.getByText('1 of 3 assistants match').waitFor();
      await expect.poll(() => page.getByRole('combobox', { name: 'Label', exact: true }).inputValue()).toBe('VIP');
      await expect.poll(() => page.getByRole('combobox', { name: 'Folder', exact: true }).inputValue()).toBe('No folder');
      await page.goto(`${origin}/app/assistants`);
      await page.getByText('3 assistants').waitFor();

      await page.getByRole('textbox', { name: 'Search' }).fill('night');
      await page.getByText('1 of 3 assistants match').waitFor();
      expect(page.url()).toContain('q=night');
      await page.getByRole('textbox', { name: 'Search' }).fill('');
      await pick(page, 'Type', 'Outbound');
      await page.getByText('1 of 3 assistants match').waitFor();
      await page.getByRole('link', { name: 'Reminders' }).waitFor();
      await pick(page, 'Status', 'Active');
      await page.getByText('No assistant matches these filters.').waitFor();
      await saveScreenshot(page, 'assistants-no-match');
      await page.getByRole('button', { name: 'Clear the filters' }).click();
      await page.getByText('3 assistants').waitFor();

      await page.getByRole('button', { name: 'Actions for Front desk' }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await page.getByRole('link', { name: 'Front desk (copy)' }).waitFor();
      const copy = await t.deps.db
        .selectFrom('assistants')
        .select(['status', 'system_prompt'])
        .where('name', '=', 'Front desk (copy)')
        .executeTakeFirstOrThrow();
      const original = await t.deps.db
        .selectFrom('assistants')
        .select(['system_prompt'])
        .where('name', '=', 'Front desk')
        .executeTakeFirstOrThrow();
      expect(copy).toEqual({ status: 'inactive', system_prompt: original.system_prompt });

      await page.getByRole('button', { name: 'Actions for Night line' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete “Night line”?' }).getByRole('button', { name: 'Delete assistant' }).click();
      await page.getByText('Deleted “Night line”.').waitFor();
      await page.getByText('3 assistants').waitFor();
      expect(await page.getByRole('link', { name: 'Night line' }).count()).toBe(0);
      await context.close();
    });
  });

  describe('conversations and calls', () => {
    it('lists conversations with channel filters, and calls with their transcript', async () => {
      const owner = await createUser(t.deps, { balanceUsd: 5 });
      const api = apiFor(t, owner.token);
      const desk = await createAssistant(api, { name: 'Front desk', status: 'active', type: 'inbound' });
      for (let n = 0; n < 2; n++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: desk.uuid } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const test = await t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { assistant_id: desk.uuid, type: 'test' },
      });
      expect(test.statusCode, test.body).toBe(200);
      const transcript = [
        { text: 'Hello, Bread & Co.', type: 'transcript', sender: 'bot', timestamp: 0.4 },
        { text: 'Are you open on Sunday?', type: 'transcript', sender: 'human', timestamp: 2.1 },
      ];
      for (const [status, seconds] of [
        ['completed', 65],
        ['no-answer', null],
      ] as const) {
        await t.deps.db
          .insertInto('calls')
          .values({
            uuid: crypto.randomUUID(),
            user_id: owner.user.id,
            assistant_id: desk.id,
            type: 'web',
            direction: 'inbound',
            status,
            provider: 'web',
            variables: '{}',
            transcript: JSON.stringify(seconds ? transcript : []),
            price_per_minute_micros: 100_000,
            duration_seconds: seconds,
            end_reason: seconds ? 'customer_hung_up' : 'no_answer',
            created_at: t.clock.now(),
            updated_at: t.clock.now(),
          })
          .execute();
      }
      const { context, page } = await freshPage();
      await signIn(page, origin, owner.email, owner.password);
      await page.waitForURL(`${origin}/app/assistants`);

      await page.getByRole('link', { name: /Conversations/ }).click();
      await expect.poll(() => page.getByRole('cell', { name: 'Front desk' }).count()).toBe(3);
      await expectAccessible(page, 'conversations');
      await saveScreenshot(page, 'conversations');
      await pick(page, 'Channel', 'Test');
      await expect.poll(() => page.getByRole('cell', { name: 'Front desk' }).count()).toBe(1);

      await page.getByRole('link', { name: /Calls/ }).click();
      await page.getByText('1–2 of 2').waitFor();
      await pick(page, 'Status', 'Completed');
      await page.getByText('1–1 of 1').waitFor();
      await page.getByRole('cell', { name: '1 min 05 s' }).waitFor();
      await expectAccessible(page, 'calls');
      await saveScreenshot(page, 'calls');
      expect(page.url()).toContain('status=completed');
      await page.getByRole('link', { name: /details$/ }).click();
      await page.waitForURL(/\/app\/calls\/\d+$/);
      await page.getByRole('heading', { name: /^Call of /, level: 1 }).waitFor();
      await page.getByText('Are you open on Sunday?').waitFor();
      await page.getByText('Customer hung up').waitFor();
      await expectAccessible(page, 'call detail');
      await saveScreenshot(page, 'call-detail');
      // Back to the list as it was left: its filters are in the address.
      await page.goBack();
      await page.getByText('1–1 of 1').waitFor();
      expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('Completed');
      await context.close();
    });
  });

  describe('the app shell', () => {
    it('navigates by keyboard, links the API reference, and fits 390 px with a menu button', async () => {
      const owner = await createUser(t.deps);
      const { context, page } = await freshPage(PHONE);
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
      await page.getByText('No calls yet.').waitFor();
      await saveScreenshot(page, 'calls-empty-phone');
      expect(await page.getByRole('link', { name: /API reference/ }).getAttribute('href')).toBe('/api/docs');
      await page.goto(`${origin}/app/knowledge`);
      await page.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
      await expectAccessible(page, 'knowledge');
      await saveScreenshot(page, 'knowledge-phone');
      await page.goto(`${origin}/app/no-such-page`);
      await page.getByRole('heading', { name: 'This page does not exist' }).waitFor();
      await context.close();
    });
  });
});
