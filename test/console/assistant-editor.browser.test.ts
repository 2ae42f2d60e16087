import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { apiFor, readAssistant } from '../helpers/assistants.js';
import type { TestApp } from '../helpers/test-app.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { PHONE, expectAccessible, openPage, saveScreenshot, signIn, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The assistant editor in Chromium against a real server: an assistant made from nothing, one
 * setting changed in every group and read back from the API, a server error fixed where it is
 * shown, and a test chat with the built-in offline model in the Try it panel.
 */
const availability = browserAvailability();

describe.skipIf(!availability.run)('the assistant editor in Chromium', () => {
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

  async function pick(page: Page, label: string | RegExp, option?: string): Promise<void> {
    const input = page.getByRole('combobox', { name: label, exact: true });
    await input.focus();
    await page.keyboard.press('ArrowDown');
    const choice = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option').first();
    await choice.click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }

  async function openGroup(page: Page, name: string): Promise<void> {
    await page.getByRole('tab', { name, exact: true }).click();
  }

  /** Presses the visible Save of the open group and waits for the saved notice. */
  async function saveGroup(page: Page): Promise<void> {
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/user/assistant/'),
    );
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
  }

  it('builds an assistant from nothing through every group, then chats with it in Try it', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 5 });
    const api = apiFor(t, owner.token);
    const base = await api.post('/api/user/knowledgebases', { name: 'Bakery facts' });
    expect(base.statusCode, base.body).toBe(201);
    const knowledgebaseId = base.json().data.id as number;

    const { context, page } = await openPage(browser, { timeout: 8_000 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) external.push(request.url());
    });
    await signIn(page, origin, owner.email, owner.password);
    await page.getByRole('heading', { name: 'Create your first assistant' }).waitFor();

    // From nothing: the basics in the dialog.
    await page.getByRole('button', { name: 'New assistant' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New assistant' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Bread & Co desk');
    await pick(page, 'Language');
    await pick(page, 'Voice');
    await pick(page, 'AI model');
    await dialog.getByRole('textbox', { name: /^Greeting/ }).fill('Hi, Bread & Co here. How can I help?');
    await dialog.getByRole('textbox', { name: /^Instructions/ }).fill('You answer questions about Bread & Co, a bakery.');
    await dialog.getByRole('button', { name: 'Create assistant' }).click();
    await page.waitForURL(/\/app\/assistants\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await page.getByRole('heading', { name: 'Bread & Co desk', level: 1 }).waitFor();
    await expectAccessible(page, 'editor, basics');
    await saveScreenshot(page, 'editor-basics');

    // Voice and speech: the providers say which are not set up on this server; speed is stored.
    await openGroup(page, 'Voice and speech');
    await page
      .getByText(/Not set up on this server:/)
      .first()
      .waitFor();
    await page.getByRole('textbox', { name: 'Speaking speed' }).fill('1.1');
    await saveGroup(page);
    expect((await readAssistant(api, id)).speech_speed).toBe(1.1);
    await expectAccessible(page, 'editor, voice and speech');
    await saveScreenshot(page, 'editor-voice');

    // Call behaviour and timing.
    await openGroup(page, 'Call behaviour');
    await page.getByRole('switch', { name: 'Wait for the caller to speak first' }).check();
    await page.getByRole('textbox', { name: 'Longest call' }).fill('300');
    await page.getByRole('textbox', { name: 'Message to leave on voicemail' }).fill('Please call us back at the bakery.');
    await saveGroup(page);
    expect(await readAssistant(api, id)).toMatchObject({
      wait_for_customer: true,
      max_duration: 300,
      voice_mail_message: 'Please call us back at the bakery.',
    });
    await expectAccessible(page, 'editor, call behaviour');
    await saveScreenshot(page, 'editor-behaviour');

    // Tools: a transfer with a number the server refuses, shown on its field, then fixed.
    await openGroup(page, 'Tools');
    await page.getByRole('button', { name: 'Add a tool' }).click();
    await page.getByRole('menuitem', { name: 'Transfer the call' }).click();
    const transferTo = page.getByRole('textbox', { name: /^Phone number to transfer to/ });
    await transferTo.fill('12');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field must be a phone number with its country code, like +14155550123.').waitFor();
    await expectAccessible(page, 'editor, tools with an error');
    await saveScreenshot(page, 'editor-tools-error');
    await transferTo.fill('+14155550123');
    await page.getByRole('textbox', { name: /^When to use it/ }).fill('When the caller asks for the manager.');
    await saveGroup(page);
    await expect.poll(() => page.getByText(/must be a phone number with its country code/).count()).toBe(0);
    expect((await readAssistant(api, id)).tools).toMatchObject([
      { type: 'call_transfer', phone_number: '+14155550123', description: 'When the caller asks for the manager.' },
    ]);
    await saveScreenshot(page, 'editor-tools');

    // Knowledge.
    await openGroup(page, 'Knowledge');
    await pick(page, 'Knowledge base', 'Bakery facts (0 documents)');
    await page.getByRole('radio', { name: 'Looks things up when a question needs it' }).check();
    await saveGroup(page);
    expect(await readAssistant(api, id)).toMatchObject({ knowledgebase_id: knowledgebaseId, knowledgebase_mode: 'function_call' });
    await expectAccessible(page, 'editor, knowledge');
    await saveScreenshot(page, 'editor-knowledge');

    // Results and evaluation: one answer filled in after each call.
    await openGroup(page, 'Results and evaluation');
    await page.getByRole('switch', { name: /fill in the answers below/ }).check();
    await page.getByRole('button', { name: 'Add an answer' }).click();
    const answer = page.getByRole('group', { name: 'Answer 1' });
    await answer.getByRole('textbox', { name: /^Name/ }).fill('wants_order');
    await pick(page, 'Type', 'Yes or no');
    await answer.getByRole('textbox', { name: /^Question/ }).fill('Did the caller want to place an order?');
    await saveGroup(page);
    expect(await readAssistant(api, id)).toMatchObject({
      post_call_evaluation: true,
      post_call_schema: [{ name: 'wants_order', type: 'bool', description: 'Did the caller want to place an order?' }],
    });
    await expectAccessible(page, 'editor, results and evaluation');
    await saveScreenshot(page, 'editor-webhooks');

    // Website chat: an allowed site and a title; the snippet is copied.
    await openGroup(page, 'Website chat');
    const sites = page.getByRole('combobox', { name: 'Sites allowed to show the chat' });
    await sites.fill('https://breadandco.example');
    await sites.press('Enter');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Bread & Co');
    await saveGroup(page);
    expect((await readAssistant(api, id)).widget_settings).toMatchObject({
      title: 'Bread & Co',
      allowed_origins: ['https://breadandco.example'],
    });
    const uuid = (await readAssistant(api, id)).uuid as string;
    await page.getByRole('button', { name: 'Copy the snippet' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `<script src="${origin}/widget.js" data-assistant-id="${uuid}" async></script>`,
    );
    await expectAccessible(page, 'editor, website chat');
    await saveScreenshot(page, 'editor-widget');

    // Try it: a test chat; the offline model looks the question up in the knowledge base.
    const tryIt = page.getByRole('complementary', { name: 'Try it' });
    await tryIt.getByRole('textbox', { name: 'Your message' }).fill('Are you open on Sunday?');
    await tryIt.getByRole('button', { name: 'Send' }).click();
    await tryIt.getByText('I found nothing about that in the knowledge base.').waitFor();
    await tryIt.getByRole('button', { name: 'Looked in the knowledge base' }).click();
    await tryIt.getByText('Function search_knowledge_base').waitFor();
    await tryIt.getByText('"query": "Are you open on Sunday?"').waitFor();
    const conversations = await t.deps.db.selectFrom('conversations').select(['type']).where('assistant_id', '=', id).execute();
    expect(conversations).toEqual([{ type: 'test' }]);

    // On a server with no speech provider, the panel says so before any call is tried, naming the settings to add.
    const notYet = tryIt.getByRole('alert').filter({ hasText: 'Test calls are not available yet' });
    await notYet.waitFor();
    expect(await tryIt.getByRole('button', { name: 'Start a test call' }).isDisabled()).toBe(true);
    const advice = await notYet.innerText();
    expect(advice.split('\n').filter(Boolean)).toEqual([
      'Test calls are not available yet',
      'This server has no speech provider this assistant can use. Add a setting to the server’s configuration and restart it, or choose another provider under Voice and speech.',
      // The voice picked first is one of OpenAI's: its own synthesizer is the one it needs.
      'To speak (text-to-speech):',
      'The OpenAI synthesizer needs SPEECH_API_KEY (or SPEECH_BASE_URL for a self-hosted OpenAI-compatible server) to be set.',
      'To hear the caller (speech-to-text), any one of:',
      'The Deepgram transcriber needs DEEPGRAM_API_KEY to be set.',
      'The OpenAI transcriber needs SPEECH_API_KEY (or SPEECH_BASE_URL for a self-hosted OpenAI-compatible server) to be set.',
    ]);
    // The server, asked for a call, refuses it for one of those very reasons.
    const refused = await api.post('/api/calls/web', { assistant_id: uuid });
    expect(refused.statusCode).toBe(503);
    expect(advice).toContain(refused.json().error);
    await expectAccessible(page, 'editor, try it');
    await saveScreenshot(page, 'editor-try-it');

    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'editor-phone');
    expect(external).toEqual([]);
    await context.close();
  }, 120_000);
});
