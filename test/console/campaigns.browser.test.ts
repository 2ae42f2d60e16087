import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { apiFor, createAssistant } from '../helpers/assistants.js';
import { callIdOf, dialsFrom } from '../helpers/campaign-dialer.js';
import { ownerWithLine, startVoiceApp, type VoiceTestApp } from '../helpers/voice.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import {
  DESKTOP,
  PHONE,
  expectAccessible,
  openSignedInPage,
  saveScreenshot,
  startConsole,
  type RunningConsole,
} from './console-harness.js';

/**
 * The Campaigns page in Chromium against a real server with the fake Twilio: a campaign created
 * from an outbound assistant, leads imported from a CSV file through the column mapping, the
 * campaign started and its progress followed as the dialer's calls end (the job queue drained and
 * Twilio's status callbacks posted by the test), a lead's attempts and their call, the
 * do-not-call list, then stop and delete.
 */
const availability = browserAvailability();

const LEADS_CSV = [
  'Customer,Mobile,Cake,Partner phone,Notes',
  'Ana Pop,+1 415 555 0201,chocolate,+14155550299,call after 10',
  'Dan,+14155550202,vanilla,,',
  'Nobody,not a number,lemon,,',
  'Ioana,+14155550203,,,',
  'Ana again,+14155550201,carrot,,',
].join('\n');

describe.skipIf(!availability.run)('the Campaigns page in Chromium', () => {
  let running: RunningConsole<VoiceTestApp>;
  let v: VoiceTestApp;
  let origin: string;

  beforeAll(async () => {
    running = await startConsole({ serve: () => startVoiceApp() });
    ({ server: v, origin } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  /** A signed-in page that records any failed request and console error, which the test expects none of. */
  async function signedInPage(owner: { email: string; password: string }, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
    const { page, failed } = await openSignedInPage(running, owner, { viewport, consoleErrors: true });
    return { page, errors: failed };
  }

  async function pick(page: Page, label: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }

  it('creates a campaign, imports leads with a column mapping, follows it live, opens an attempt’s call, lists a number, stops and deletes it', async () => {
    const owner = await ownerWithLine(v.t, {
      balanceUsd: 20,
      assistant: {
        name: 'Pre-orders',
        post_call_evaluation: true,
        post_call_schema: [{ name: 'order_placed', type: 'bool', description: 'Did they order a cake?' }],
      },
    });
    await createAssistant(owner.api, { name: 'Front desk', type: 'inbound' });
    const dials = dialsFrom(v, owner.number);
    const { page, errors } = await signedInPage(owner);

    await page.getByRole('link', { name: /^Campaigns/ }).click();
    await page.getByRole('heading', { name: 'Create your first campaign' }).waitFor();
    await expectAccessible(page, 'campaigns, none yet');
    await saveScreenshot(page, 'campaigns-empty');

    // A new campaign: only the outbound assistant is offered; its time zone comes with it.
    await page.getByRole('button', { name: 'New campaign' }).first().click();
    const form = page.getByRole('dialog', { name: 'New campaign' });
    await form.getByLabel('Name').fill('Saturday pre-orders');
    await form.getByRole('combobox', { name: 'Assistant', exact: true }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Pre-orders']);
    await page.getByRole('option', { name: 'Pre-orders' }).click();
    await expect.poll(() => form.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/Bucharest');
    await form.getByText('Sat', { exact: true }).click();
    expect(await form.getByRole('checkbox', { name: 'Sat' }).isChecked()).toBe(true);
    await form.getByLabel('Calls at once').fill('2');
    await form.getByLabel('Attempts per number').fill('2');
    await form.getByLabel('Minutes between attempts').fill('30');
    await form.getByRole('checkbox', { name: 'A voicemail answered' }).check();
    await form.getByRole('checkbox', { name: 'The call did not meet its goal' }).check();
    await pick(page, 'Goal met when this answer is yes', 'order_placed');
    await form.getByRole('combobox', { name: 'Call from', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^\\${owner.number}`) }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'new campaign form');
    await saveScreenshot(page, 'campaign-new');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Saturday pre-orders', level: 1 }).waitFor();

    const [created] = (await owner.api.get('/api/user/campaigns')).json();
    expect(created).toMatchObject({
      name: 'Saturday pre-orders',
      assistant_id: owner.assistant.id,
      status: 'draft',
      timezone: 'Europe/Bucharest',
      allowed_hours_start_time: '09:00:00',
      allowed_hours_end_time: '18:00:00',
      allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      max_calls_in_parallel: 2,
      max_retries: 2,
      retry_interval: 30,
      retry_on_voicemail: true,
      retry_on_goal_incomplete: true,
      goal_completion_variable: 'order_placed',
      mark_complete_when_no_leads: true,
      phone_number_ids: [owner.phoneNumberId],
    });
    expect(page.url()).toBe(`${origin}/app/campaigns/${created.id}`);

    // The CSV: the mapping guessed from its headers, corrected, previewed, then the report.
    await page.getByRole('button', { name: 'Import leads from CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import leads from a CSV file' });
    await importer
      .locator('input[type=file]')
      .setInputFiles({ name: 'pre-orders.csv', mimeType: 'text/csv', buffer: Buffer.from(LEADS_CSV) });
    await importer.getByText('pre-orders.csv').waitFor();
    expect(await importer.getByRole('combobox', { name: 'Use “Mobile” as' }).inputValue()).toBe('Phone number');
    expect(await importer.getByRole('combobox', { name: 'Use “Partner phone” as' }).inputValue()).toBe('Number to try next');
    expect(await importer.getByRole('combobox', { name: 'Use “Cake” as' }).inputValue()).toBe('Variable');
    await pick(page, 'Use “Notes” as', 'Leave out');
    await importer.getByRole('textbox', { name: 'Variable name of “Customer”' }).fill('customer_name');
    const preview = importer.getByRole('table', { name: 'First rows of the file' });
    await preview.getByRole('columnheader', { name: /Customer.*customer_name/ }).waitFor();
    await preview.getByRole('cell', { name: 'Ana Pop' }).waitFor();
    await expectAccessible(page, 'lead import mapping');
    await saveScreenshot(page, 'campaign-import-mapping');
    await importer.getByRole('button', { name: 'Import 5 rows' }).click();
    await importer.getByText('3 of 5 rows imported.').waitFor();
    const rejected = importer.getByRole('table', { name: 'Rejected rows' });
    expect(await rejected.getByRole('row').allInnerTexts()).toEqual(['Row\tPhone number\tReason', '3\tnot a number\tInvalid phone number']);
    await importer.getByText('Already in the campaign').waitFor();
    await expectAccessible(page, 'lead import report');
    await saveScreenshot(page, 'campaign-import-report');
    await importer.getByRole('button', { name: 'Done' }).click();

    const leads = (await owner.api.get(`/api/user/leads?campaign_id=${created.id}&per_page=10`)).json().data;
    const byPhone = Object.fromEntries(leads.map((l: { phone_number: string }) => [l.phone_number, l]));
    expect(Object.keys(byPhone).sort()).toEqual(['+14155550201', '+14155550202', '+14155550203']);
    expect(byPhone['+14155550201']).toMatchObject({
      variables: { customer_name: 'Ana Pop', cake: 'chocolate' },
      secondary_contacts: [{ phone_number: '+14155550299', variables: { customer_name: 'Ana Pop', cake: 'chocolate' } }],
    });
    expect(byPhone['+14155550203'].variables).toEqual({ customer_name: 'Ioana' });
    await page.getByText('0 of 3 leads done').waitFor();

    // Start: two calls at once; the progress follows as Twilio reports them ended.
    const started = page.waitForResponse((r) => r.url().endsWith('/api/user/campaigns/update-status'));
    await page.getByRole('button', { name: 'Start calling' }).click();
    expect((await started).status()).toBe(200);
    await v.t.deps.jobs.drain();
    expect([...dials.to()].sort()).toEqual(['+14155550201', '+14155550202']);
    await page.getByText('0 of 3 leads done · 2 on the phone now').waitFor();
    await page.getByRole('button', { name: 'Stop calling' }).waitFor();
    const stat = (label: string) => page.locator('dl > div').filter({ hasText: label }).locator('dd');

    // Answered, but the evaluation did not say order_placed: a retry is due in 30 minutes, and the third lead is dialled.
    const first = dials.creates().find((c) => c.form.To === '+14155550201')!;
    const second = dials.creates().find((c) => c.form.To === '+14155550202')!;
    v.t.clock.advance(5_000);
    await dials.end(first, 'completed');
    await v.t.deps.jobs.drain();
    expect(dials.to()).toContain('+14155550203');
    await expect.poll(() => stat('Retry due').innerText(), { timeout: 10_000 }).toBe('1');
    await page.getByText('0 of 3 leads done · 2 on the phone now').waitFor();
    await dials.end(second, 'no-answer');
    await v.t.deps.jobs.drain();
    await page.getByText('0 of 3 leads done · 1 on the phone now').waitFor();
    await expect.poll(() => stat('Retry due').innerText(), { timeout: 10_000 }).toBe('2');
    await expectAccessible(page, 'campaign running');
    await saveScreenshot(page, 'campaign-running');

    // A lead's attempts, and the call an attempt produced on the Calls page.
    await page.getByRole('button', { name: '+14155550201, attempts' }).click();
    const drawer = page.getByRole('dialog', { name: 'Lead +14155550201' });
    const attempts = drawer.getByRole('table', { name: 'Attempts' });
    await attempts.getByRole('cell', { name: 'Goal not met order_placed was not true' }).waitFor();
    await drawer.getByText('Ana Pop').waitFor();
    await drawer.getByText('+14155550299 · Not called yet').waitFor();
    await expectAccessible(page, 'lead attempts');
    await saveScreenshot(page, 'campaign-lead-attempts');
    await attempts.getByRole('link', { name: /^Open the call/ }).click();
    await page.waitForURL(`${origin}/app/calls/${callIdOf(first)}`);
    await page.getByRole('heading', { name: /^Call of /, level: 1 }).waitFor();
    const about = page.getByRole('region', { name: 'About this call' });
    await about.getByText('Outbound: the assistant called', { exact: true }).waitFor();
    await about.getByText('+14155550201', { exact: true }).waitFor();
    await saveScreenshot(page, 'campaign-attempt-call');
    // The older link to a call (?call=12) goes to its page too.
    await page.goto(`${origin}/app/calls?call=${callIdOf(first)}`);
    await page.waitForURL(`${origin}/app/calls/${callIdOf(first)}`);
    await about.getByText('Outbound: the assistant called', { exact: true }).waitFor();

    // The do-not-call list: a number added by hand, two imported from a file (one not a number), one taken off again.
    await page.getByRole('link', { name: /^Campaigns/ }).click();
    await page.getByRole('link', { name: 'Saturday pre-orders' }).waitFor();
    await page.getByRole('cell', { name: 'Calling' }).waitFor();
    await expectAccessible(page, 'campaigns list');
    await saveScreenshot(page, 'campaigns-list');
    await page.getByRole('button', { name: 'Do-not-call list' }).click();
    await page.getByRole('heading', { name: 'Do-not-call list', level: 1 }).waitFor();
    await page.getByText('The list is empty.').waitFor();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 0202');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Asked by e-mail');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const listed = page.getByRole('table', { name: 'Do-not-call numbers' });
    await listed.getByRole('cell', { name: '+14155550202', exact: true }).waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'opt-outs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,phone\nMara,+14155550288\nSomeone,nope\n'),
    });
    expect(await page.getByRole('combobox', { name: 'Column with the numbers' }).inputValue()).toBe('phone');
    await page.getByRole('button', { name: 'Add 2 numbers' }).click();
    await page.getByText('1 added, 0 listed already, 1 rejected.').waitFor();
    await listed.getByRole('cell', { name: '+14155550288', exact: true }).waitFor();
    await expectAccessible(page, 'do-not-call list');
    await saveScreenshot(page, 'campaign-do-not-call');
    await page.getByRole('button', { name: 'Remove +14155550288' }).click();
    await page.getByRole('dialog', { name: 'Take +14155550288 off the list?' }).getByRole('button', { name: 'Take it off' }).click();
    await listed.getByRole('cell', { name: '+14155550288', exact: true }).waitFor({ state: 'detached' });
    expect((await owner.api.get('/api/user/do-not-call')).json().data).toEqual([
      { phone_number: '+14155550202', source: 'api', reason: 'Asked by e-mail', created_at: expect.any(String) },
    ]);

    // Half an hour on, the retries come due: the listed number is never dialled again, the others are.
    await dials.end(dials.creates().find((c) => c.form.To === '+14155550203')!, 'busy');
    await v.t.deps.jobs.drain();
    v.t.clock.advance(30 * 60_000);
    await v.t.deps.jobs.drain();
    // The dials of one round run side by side, so their order within the round is not fixed.
    const dialled = dials.to();
    expect([dialled.slice(0, 3).sort(), dialled.slice(3).sort()]).toEqual([
      ['+14155550201', '+14155550202', '+14155550203'],
      ['+14155550201', '+14155550203'],
    ]);
    await page.getByRole('link', { name: '← All campaigns' }).click();
    await page.getByRole('link', { name: 'Saturday pre-orders' }).click();
    await page.getByText('1 of 3 leads done · 2 on the phone now').waitFor();
    await expect.poll(() => stat('Do not call').innerText(), { timeout: 10_000 }).toBe('1');

    // At 390 px: the running campaign and the import's mapping fit the screen.
    const phone = await signedInPage(owner, PHONE);
    await phone.page.goto(`${origin}/app/campaigns/${created.id}`);
    await phone.page.getByText(/of 3 leads done/).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone.page, 'campaign at 390 px');
    await saveScreenshot(phone.page, 'campaign-phone');
    await phone.page.getByRole('button', { name: 'Import leads from CSV' }).click();
    await phone.page.locator('input[type=file]').setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from(LEADS_CSV) });
    await phone.page.getByRole('combobox', { name: 'Use “Mobile” as' }).waitFor();
    await saveScreenshot(phone.page, 'campaign-import-phone');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();

    // Stop, then delete behind a confirmation.
    await page.getByRole('button', { name: 'Stop calling' }).click();
    await page.getByRole('button', { name: 'Start again' }).waitFor();
    expect((await owner.api.get(`/api/user/campaigns/${created.id}`)).json().data.status).toBe('stopped');
    await page.getByRole('button', { name: 'Delete campaign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Saturday pre-orders”?' });
    await confirm.getByText('Its leads and their attempts are deleted.').waitFor();
    await confirm.getByRole('button', { name: 'Delete campaign' }).click();
    await page.getByRole('heading', { name: 'Create your first campaign' }).waitFor();
    expect(page.url()).toBe(`${origin}/app/campaigns`);
    expect((await owner.api.get(`/api/user/campaigns/${created.id}`)).statusCode).toBe(404);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('goes back to the last page there is when the only number on the last page is taken off', async () => {
    const owner = await createUser(v.t.deps, { balanceUsd: 5 });
    const phoneNumbers = Array.from({ length: 21 }, (_, n) => `+1415555${2000 + n}`);
    const imported = await apiFor(v.t, owner.token).post('/api/user/do-not-call/import', { phone_numbers: phoneNumbers });
    expect(imported.json()).toMatchObject({ added: 21 });
    const { page, errors } = await signedInPage(owner);
    await page.goto(`${origin}/app/campaigns/do-not-call`);
    await page.getByText('1–20 of 21').waitFor();
    const pages = page.getByRole('navigation', { name: 'Pages of numbers' });
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('21–21 of 21').waitFor();
    const removeButtons = page.getByRole('table', { name: 'Do-not-call numbers' }).getByRole('button', { name: /^Remove / });
    await expect.poll(() => removeButtons.count()).toBe(1);
    await removeButtons.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Take it off' }).click();
    // On the way, page 2 counts 20 with no rows, and page 1 may show from the cache still counting
    // 21 until its refetch answers: what counts is where it settles.
    const settled = async () => [await page.getByText('1–20 of 20').count(), await removeButtons.count(), await pages.count()];
    await expect.poll(settled).toEqual([1, 20, 0]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('explains, at 390 px, that a campaign needs an outbound assistant when the account has none', async () => {
    const owner = await createUser(v.t.deps, { balanceUsd: 5 });
    await createAssistant(apiFor(v.t, owner.token), { name: 'Front desk', type: 'inbound' });
    const { page, errors } = await signedInPage(owner, PHONE);
    await page.goto(`${origin}/app/campaigns`);
    await page.getByRole('button', { name: 'New campaign' }).first().click();
    const form = page.getByRole('dialog', { name: 'New campaign' });
    await form.getByText('No outbound assistant yet').waitFor();
    expect(await form.getByRole('button', { name: 'Create campaign' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'new campaign without an outbound assistant');
    await saveScreenshot(page, 'campaign-new-no-outbound-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
