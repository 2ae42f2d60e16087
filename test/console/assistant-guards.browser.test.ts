import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { apiFor, createAssistant, readAssistant } from '../helpers/assistants.js';
import type { TestApp } from '../helpers/test-app.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { expectAccessible, openPage, saveScreenshot, signIn, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The editor keeps a person's unsaved work: leaving a tab or the page with changes asks first
 * (and the browser asks before a reload or close), and after a save every tab shows the
 * assistant as the server stored it.
 */
const availability = browserAvailability();

describe.skipIf(!availability.run)("the editor's unsaved changes in Chromium", () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    running = await startConsole();
    ({ t, origin, browser } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  async function openEditor(name: string): Promise<{ page: Page; id: number; api: ReturnType<typeof apiFor> }> {
    const owner = await createUser(t.deps, { balanceUsd: 5 });
    const api = apiFor(t, owner.token);
    const { id } = await createAssistant(api, { name });
    const { page } = await openPage(browser, { timeout: 8_000 });
    await signIn(page, origin, owner.email, owner.password);
    // Within the page (no reload), so the browser's back button stays in the console's history.
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    return { page, id, api };
  }

  const LEAVE = 'Your changes in “Basics” are not saved. If you leave now, they are lost.';

  it('asks before leaving a tab or the page with unsaved changes: keep editing, or discard them', async () => {
    const { page, id } = await openEditor('Front desk');
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe('Front desk');

    // Nothing changed: tabs switch without a question.
    await page.getByRole('tab', { name: 'Knowledge', exact: true }).click();
    await page.waitForURL(`${origin}/app/assistants/${id}?tab=knowledge`);
    await page.getByRole('tab', { name: 'Basics', exact: true }).click();
    await page.waitForURL(`${origin}/app/assistants/${id}`);

    // Another tab: the question, and "Keep editing" keeps the tab and what was typed.
    await name.fill('Front desk (evenings)');
    await page.getByRole('tab', { name: 'Voice and speech', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByText(LEAVE, { exact: true }).waitFor();
    await expectAccessible(page, 'editor, leave without saving');
    await saveScreenshot(page, 'editor-unsaved-changes');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${origin}/app/assistants/${id}`);
    expect(await page.getByRole('tab', { name: 'Basics', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await name.inputValue()).toBe('Front desk (evenings)');

    // Another page: "Discard changes" leaves, and nothing was saved.
    await page.getByRole('link', { name: /^Calls/ }).click();
    await dialog.getByText(LEAVE, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL(`${origin}/app/calls`);
    await page.getByRole('heading', { name: 'Calls', level: 1 }).waitFor();
    expect(await t.deps.db.selectFrom('assistants').select('name').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      name: 'Front desk',
    });

    // Back in the editor (the browser's back button), and back again with changes: that asks too.
    await page.goBack();
    await page.getByRole('heading', { name: 'Front desk', level: 1 }).waitFor();
    await expect.poll(() => name.inputValue()).toBe('Front desk');
    await name.fill('Front desk, late');
    await page.goBack();
    await dialog.getByText(LEAVE, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${origin}/app/assistants/${id}`);

    // Reloading or closing the browser tab: the browser's own question (beforeunload).
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const asked = await prompt;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    expect(page.isClosed()).toBe(false);
    expect(await name.inputValue()).toBe('Front desk, late');

    // Once saved, leaving asks nothing.
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Calls and chats').waitFor();
    await page.getByRole('tab', { name: 'Tools', exact: true }).click();
    await page.waitForURL(`${origin}/app/assistants/${id}?tab=tools`);
    expect(await dialog.count()).toBe(0);
    await page.context().close();
  });

  it('after a save, the tab shows what the server stored', async () => {
    const { page, id, api } = await openEditor('Front desk');
    // Origins and colours are kept lower-cased: the form shows them so once saved.
    await page.getByRole('tab', { name: 'Website chat', exact: true }).click();
    const sites = page.getByRole('combobox', { name: 'Sites allowed to show the chat' });
    await sites.fill('https://Shop.Example');
    await sites.press('Enter');
    const colour = page.getByRole('textbox', { name: 'Colour' });
    await colour.fill('#AA3300');
    const tags = page.getByRole('tabpanel').locator('.mantine-Pill-label');
    expect(await tags.allInnerTexts()).toEqual(['https://Shop.Example']);
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/user/assistant/'));
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    expect((await readAssistant(api, id)).widget_settings).toMatchObject({
      allowed_origins: ['https://shop.example'],
      primary_color: '#aa3300',
    });
    await expect.poll(() => tags.allInnerTexts()).toEqual(['https://shop.example']);
    expect(await colour.inputValue()).toBe('#aa3300');
    expect(await page.getByRole('button', { name: 'Undo changes' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'editor, website chat after saving');
    await saveScreenshot(page, 'editor-saved-normalised');
    await page.context().close();
  });
});
