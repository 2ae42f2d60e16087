import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { apiFor, createAssistant, createTool, readAssistant, type Api } from '../helpers/assistants.js';
import { accountWithEveryRole } from '../helpers/roles.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectAccessible, openPage, saveScreenshot, signIn, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The console follows the member's role: a viewer is offered nothing that changes the account
 * and sees no secret; an editor builds assistants but cannot reach the API keys. Driven in
 * Chromium against a real server, checked with axe, photographed into artifacts/console/.
 */
const availability = browserAvailability();

describe.skipIf(!availability.run)('the console by role in Chromium', () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let a: Awaited<ReturnType<typeof accountWithEveryRole>>;
  let owner: Api;
  let assistant: { id: number; uuid: string };
  let toolId: number;
  let context: BrowserContext;
  let page: Page;
  let failed: string[];

  beforeAll(async () => {
    running = await startConsole();
    ({ t, origin, browser } = running);
    a = await accountWithEveryRole(t);
    owner = apiFor(t, a.sessions.owner);
    assistant = await createAssistant(owner, { name: 'Front desk' });
    toolId = await createTool(owner, {
      headers: [
        { name: 'Authorization', value: 'Bearer sk-live-0123456789abcdef' },
        { name: 'X-Shop', value: 'breadco' },
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  /** A fresh profile; every answer of 400 or more from this server is noted (none is expected). */
  beforeEach(async () => {
    ({ context, page, failed } = await openPage(browser));
  });

  const signInAs = async (role: 'viewer' | 'editor') => {
    await signIn(page, origin, a.members[role].email, a.password);
    await page.getByRole('heading', { name: 'Assistants', level: 1 }).waitFor();
  };
  const buttons = (name: string | RegExp) => page.getByRole('button', { name }).count();
  const navLink = (name: RegExp) => page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name });

  it('a viewer is offered nothing that changes the account, and sees no secret', async () => {
    await signInAs('viewer');
    // The row's menu offers to open the assistant, not to change it (the role is known by then).
    await page.getByRole('button', { name: 'Actions for Front desk' }).click();
    await page.getByRole('menuitem', { name: 'Open' }).waitFor();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Open']);
    await page.keyboard.press('Escape');
    expect(await buttons('New assistant')).toBe(0);
    expect(await navLink(/API keys/).count()).toBe(0);
    await expectAccessible(page, 'assistants, viewer');
    await saveScreenshot(page, 'roles-viewer-assistants');

    await page.getByRole('link', { name: 'Front desk' }).click();
    await page.waitForURL(`${origin}/app/assistants/${assistant.id}`);
    await page.getByText('Your role (viewer) cannot change this.').waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).isDisabled()).toBe(true);
    for (const name of [/^Save/, /Delete/, /Undo changes/, /Duplicate/]) expect(await buttons(name), String(name)).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(0);
    await page.getByText('Trying the assistant by chat or call needs the editor role or higher.').waitFor();
    await expectAccessible(page, 'assistant, viewer');
    await saveScreenshot(page, 'roles-viewer-assistant');

    // The tool's headers: names kept, every value hidden, nothing to save or delete.
    await page.goto(`${origin}/app/tools/${toolId}`);
    await page.getByText('Your role (viewer) cannot change this.').waitFor();
    const values = page.getByRole('textbox', { name: /^Value/ });
    await expect.poll(() => values.count()).toBe(2);
    expect(await values.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['••••••', '••••••']);
    expect(
      await page.getByRole('textbox', { name: /^Header/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(['Authorization', 'X-Shop']);
    const html = await page.content();
    for (const shown of ['sk-live-0123456789abcdef', 'Bear…cdef', 'breadco', '****']) expect(html).not.toContain(shown);
    for (const name of [/^Save/, /Delete this tool/, /Send a test request/]) expect(await buttons(name), String(name)).toBe(0);
    await expectAccessible(page, 'tool, viewer');
    await saveScreenshot(page, 'roles-viewer-tool');

    await page.goto(`${origin}/app/keys`);
    await page.getByText('Your role (viewer) cannot see API keys; it needs admin or higher. Ask an admin of the account.').waitFor();
    expect(failed).toEqual([]);
    await context.close();
  });

  it('an editor edits an assistant, but the API keys are not in reach', async () => {
    await signInAs('editor');
    await page.getByRole('button', { name: 'New assistant' }).waitFor();
    expect(await navLink(/API keys/).count()).toBe(0);
    await navLink(/Account/).waitFor();

    await page.getByRole('link', { name: 'Front desk' }).click();
    await page.waitForURL(`${origin}/app/assistants/${assistant.id}`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('Front desk (mornings)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Calls and chats that start from now on use these settings.').waitFor();
    expect((await readAssistant(owner, assistant.id)).name).toBe('Front desk (mornings)');
    expect(await page.getByText(/Your role \(editor\) cannot change this/).count()).toBe(0);
    await expectAccessible(page, 'assistant, editor');
    await saveScreenshot(page, 'roles-editor-assistant');

    await page.goto(`${origin}/app/keys`);
    await page.getByText('Your role (editor) cannot see API keys; it needs admin or higher. Ask an admin of the account.').waitFor();
    expect(await page.getByLabel("New key's name").count()).toBe(0);
    await expectAccessible(page, 'keys, editor');
    await saveScreenshot(page, 'roles-editor-keys');
    expect(failed).toEqual([]);
    await context.close();
  });
});
