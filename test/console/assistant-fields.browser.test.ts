import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { apiFor, createAssistant, readAssistant, SEED_IDS } from '../helpers/assistants.js';
import type { TestApp } from '../helpers/test-app.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { expectAccessible, openPage, saveScreenshot, signIn, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The editor's fields beyond the first pass, each set in Chromium and read back from the API:
 * the folder, labels, phone number and other languages in Basics, variables, filler phrases,
 * and the warm transfer and hand-over tools.
 */
const availability = browserAvailability();

describe.skipIf(!availability.run)('the assistant editor fields in Chromium', () => {
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

  /** Opens the picker and chooses the named option; a multi-select stays open, so Escape closes it. */
  async function pick(page: Page, label: string, option: string): Promise<void> {
    const input = page.getByRole('combobox', { name: label, exact: true });
    await input.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }

  async function saveBasics(page: Page): Promise<number> {
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/user/assistant/'),
    );
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    return (await saved).status();
  }

  it('Basics: folder, labels, phone number and other languages are saved and shown again', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 5 });
    const api = apiFor(t, owner.token);
    const { id } = await createAssistant(api, { name: 'Bread & Co desk' });
    const made = async (url: string, body: object) => {
      const res = await api.post(url, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const folderId = await made('/api/user/folders', { name: 'Bakery', color: 'amber' });
    await made('/api/user/folders', { name: 'Other shop' });
    const vipId = await made('/api/user/labels', { name: 'VIP' });
    const nightId = await made('/api/user/labels', { name: 'Night line' });
    await made('/api/user/labels', { name: 'Unused' });
    const numberId = await made('/api/user/phone-numbers', { phone_number: '+14155550123', nickname: 'Shop line' });

    const { context, page } = await openPage(browser, { timeout: 8_000 });
    await signIn(page, origin, owner.email, owner.password);
    await page.waitForURL(`${origin}/app/assistants`);
    await page.goto(`${origin}/app/assistants/${id}`);
    await page.getByRole('heading', { name: 'Bread & Co desk', level: 1 }).waitFor();

    await pick(page, 'Folder', 'Bakery');
    await pick(page, 'Labels', 'VIP');
    await pick(page, 'Labels', 'Night line');
    await pick(page, 'Phone number', '+14155550123 · Shop line');
    await pick(page, 'Other languages', 'Romanian');
    await pick(page, 'Other languages', 'French');
    expect(await saveBasics(page)).toBe(200);
    const saved = await readAssistant(api, id);
    expect(saved).toMatchObject({ folder_id: folderId, phone_number_id: numberId });
    expect([...saved.label_ids].sort()).toEqual([vipId, nightId].sort());
    expect([...saved.secondary_language_ids].sort()).toEqual([SEED_IDS.romanian, 3]);
    await expectAccessible(page, 'editor, basics with folder, labels, number and languages');
    await saveScreenshot(page, 'fields-basics');

    // Shown again after a reload, then emptied: no folder and no number are the API's null.
    await page.reload();
    await page.getByRole('heading', { name: 'Bread & Co desk', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Folder', exact: true }).inputValue()).toBe('Bakery');
    await pick(page, 'Folder', 'Bakery'); // choosing the chosen one again leaves the picker empty
    await expect.poll(() => page.getByRole('combobox', { name: 'Folder', exact: true }).inputValue()).toBe('');
    expect(await saveBasics(page)).toBe(200);
    expect(await readAssistant(api, id)).toMatchObject({ folder_id: null, phone_number_id: numberId });
    await context.close();
  });

  it('variables in Basics and filler phrases in Call behaviour', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 5 });
    const api = apiFor(t, owner.token);
    const { id } = await createAssistant(api, { name: 'Bread & Co desk', variables: { seats: 12 } });
    const { context, page } = await openPage(browser, { timeout: 8_000 });
    await signIn(page, origin, owner.email, owner.password);
    await page.waitForURL(`${origin}/app/assistants`);
    await page.goto(`${origin}/app/assistants/${id}`);
    await page.getByRole('heading', { name: 'Bread & Co desk', level: 1 }).waitFor();

    // A name the placeholders cannot use is refused on its row before anything is sent.
    const variables = page.getByRole('group', { name: 'Variables' });
    await expect.poll(() => variables.getByRole('textbox', { name: 'Value' }).first().inputValue()).toBe('12');
    await variables.getByRole('button', { name: 'Add a variable' }).click();
    const second = page.getByRole('group', { name: 'Variable 2' });
    await second.getByRole('textbox', { name: 'Name' }).fill('shop hours');
    await second.getByRole('textbox', { name: 'Value' }).fill('8am to 6pm');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Letters, digits and _, not starting with a digit, e.g. shop_hours.').waitFor();
    await expectAccessible(page, 'editor, variables with an error');
    await saveScreenshot(page, 'fields-variables-error');
    await second.getByRole('textbox', { name: 'Name' }).fill('shop_hours');
    expect(await saveBasics(page)).toBe(200);
    expect((await readAssistant(api, id)).variables).toEqual({ seats: 12, shop_hours: '8am to 6pm' });
    await saveScreenshot(page, 'fields-variables');

    await page.getByRole('tab', { name: 'Call behaviour', exact: true }).click();
    const anyTime = page.getByRole('combobox', { name: 'Any time', exact: true });
    await anyTime.fill('One moment, please.');
    await anyTime.press('Enter');
    await anyTime.fill('Let me see.');
    await anyTime.press('Enter');
    const badNews = page.getByRole('combobox', { name: 'Before bad news', exact: true });
    await badNews.fill('Hmm.');
    await badNews.press('Enter');
    expect(await saveBasics(page)).toBe(200);
    expect((await readAssistant(api, id)).filler_config).toEqual({
      neutral: ['One moment, please.', 'Let me see.'],
      positive: [],
      question: [],
      negative: ['Hmm.'],
    });
    await expectAccessible(page, 'editor, filler phrases');
    await saveScreenshot(page, 'fields-fillers');
    await context.close();
  });

  it('Tools: every field of a transfer with a briefing, a hand-over, and the stored values shown after saving', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 5 });
    const api = apiFor(t, owner.token);
    const { id } = await createAssistant(api, { name: 'Bread & Co desk' });
    const other = await createAssistant(api, { name: 'Orders line' });
    const res = await api.post('/api/user/phone-numbers', { phone_number: '+14155550123', nickname: 'Shop line' });
    expect(res.statusCode, res.body).toBe(201);
    const numberId = res.json().data.id as number;

    const { context, page } = await openPage(browser, { timeout: 8_000 });
    await signIn(page, origin, owner.email, owner.password);
    await page.waitForURL(`${origin}/app/assistants`);
    await page.goto(`${origin}/app/assistants/${id}?tab=tools`);
    await page.getByRole('heading', { name: 'Bread & Co desk', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Tools', exact: true }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: 'Add a tool' }).click();
    await page.getByRole('menuitem', { name: 'Transfer with a briefing' }).click();
    const warm = page.getByRole('region', { name: 'Transfer with a briefing' });
    await warm.getByRole('textbox', { name: /^When to use it/ }).fill('When the caller asks for a manager.');
    // Written as a person would; stored (and shown after saving) in E.164.
    await warm.getByRole('textbox', { name: /^Supervisor's number/ }).fill('+1 (415) 555-0100');
    await pick(page, 'Call the supervisor from', '+14155550123 · Shop line');
    await pick(page, 'Number the supervisor sees', 'Another number');
    await warm.getByRole('textbox', { name: /^Number shown to the supervisor/ }).fill('0040 711 222 333');
    const volume = warm.getByRole('textbox', { name: 'Hold music volume' });
    expect(await volume.inputValue()).toBe('80');
    await volume.fill('35');
    await warm.getByRole('textbox', { name: 'What it says when the supervisor answers' }).fill('Hi, a caller needs you. May I brief you?');
    await warm.getByRole('textbox', { name: 'What it says when it joins the caller and the supervisor' }).fill('You are connected now.');

    await page.getByRole('button', { name: 'Add a tool' }).click();
    await page.getByRole('menuitem', { name: 'Hand over to another assistant' }).click();
    const handOver = page.getByRole('region', { name: 'Hand over to another assistant' });
    await pick(page, 'Assistant that takes over', 'Orders line');
    await handOver.getByRole('textbox', { name: /^What it says before handing over/ }).fill('Let me pass you to our orders line.');
    await handOver.getByRole('switch', { name: 'The other assistant starts with its greeting' }).uncheck();
    expect(await saveBasics(page)).toBe(200);
    expect((await readAssistant(api, id)).tools).toEqual([
      {
        type: 'warm_call_transfer',
        supervisor_phone: '+14155550100',
        outbound_phone_id: numberId,
        description: 'When the caller asks for a manager.',
        custom_sip: false,
        caller_id_mode: 'custom',
        custom_caller_id: '+40711222333',
        hold_music: 'hold_music',
        hold_music_volume: 35,
        hold_message: 'Please hold while I connect you with a supervisor.',
        summary_instructions: 'Brief the supervisor on who is calling, why they called and why a human is needed, in 2 to 3 sentences.',
        briefing_initial_message: 'Hi, a caller needs you. May I brief you?',
        connected_message: 'You are connected now.',
      },
      {
        type: 'assistant_transfer',
        assistant_id: other.id,
        description: 'Transfer the conversation to this assistant when appropriate.',
        message_before_transfer: 'Let me pass you to our orders line.',
        speak_transfer_greeting: false,
      },
    ]);
    // The form now shows what the server stored: numbers in E.164, its words where the fields were left empty.
    await expect.poll(() => warm.getByRole('textbox', { name: /^Supervisor's number/ }).inputValue()).toBe('+14155550100');
    expect(await warm.getByRole('textbox', { name: /^Number shown to the supervisor/ }).inputValue()).toBe('+40711222333');
    expect(await warm.getByRole('textbox', { name: 'What the caller hears while holding' }).inputValue()).toBe(
      'Please hold while I connect you with a supervisor.',
    );
    expect(await page.getByRole('button', { name: 'Undo changes' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'editor, transfer tools');
    await saveScreenshot(page, 'fields-tools');

    // A supervisor on the business's own phone system: a SIP address, kept as written; silence on hold.
    await warm.getByRole('switch', { name: /^The supervisor is on our own phone system/ }).check();
    await warm.getByRole('textbox', { name: /^Supervisor's SIP address or extension/ }).fill('sip:support@pbx.example.com');
    await pick(page, 'What the caller hears', 'Silence');
    expect(await warm.getByRole('textbox', { name: 'Hold music volume' }).count()).toBe(0);
    expect(await saveBasics(page)).toBe(200);
    expect((await readAssistant(api, id)).tools[0]).toMatchObject({
      custom_sip: true,
      supervisor_phone: 'sip:support@pbx.example.com',
      hold_music: 'none',
      hold_music_volume: 35,
    });
    await saveScreenshot(page, 'fields-tools-sip');
    await context.close();
  });
});
