import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inTransaction } from '../../src/core/db/transaction.js';
import { DEFAULT_CONSOLE_DIR } from '../../src/core/http/console-app.js';
import { enqueueWebhook } from '../../src/modules/webhooks/index.js';
import { createUser } from '../helpers/factories.js';
import { apiFor, createAssistant } from '../helpers/assistants.js';
import type { TestApp } from '../helpers/test-app.js';
import { startWebhookSink, type WebhookSink } from '../helpers/webhook-sink.js';
import { insertCall, insertConversation, moveBalance } from '../helpers/usage-records.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import {
  CONSOLE_ARTIFACTS,
  DESKTOP,
  PHONE,
  ensureConsoleBuilt,
  expectAccessible,
  firstPageScriptGzipBytes,
  openSignedInPage,
  saveScreenshot,
  startConsole,
  type RunningConsole,
} from './console-harness.js';

/**
 * The Webhooks and Usage pages in Chromium against a real server and the webhook sink: a failed
 * delivery found through the filters, its attempt's request and response, redelivered until the
 * sink has it again; the signing secret revealed; the usage charts drawn from seeded calls,
 * messages and ledger rows; a CSV export downloaded through its short-lived link.
 */
const availability = browserAvailability();

describe('the usage page bundle', () => {
  it('keeps the charts out of the first page, within its 250 KB', () => {
    ensureConsoleBuilt();
    const { bytes, files } = firstPageScriptGzipBytes();
    expect(bytes).toBeLessThanOrEqual(250 * 1024);
    const firstPage = files.map((file) => readFileSync(join(DEFAULT_CONSOLE_DIR, file), 'utf8')).join('\n');
    expect(firstPage).not.toContain('recharts');
  });
});

describe.skipIf(!availability.run)('the Webhooks and Usage pages in Chromium', () => {
  let running: RunningConsole;
  let t: TestApp;
  let sink: WebhookSink;
  let origin: string;

  beforeAll(async () => {
    running = await startConsole();
    ({ t, origin } = running);
    sink = await startWebhookSink();
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await sink?.close();
  });

  async function signedInPage(owner: { email: string; password: string }, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
    const { page, failed } = await openSignedInPage(running, owner, { viewport, acceptDownloads: true, consoleErrors: true });
    return { page, errors: failed };
  }

  async function pick(page: Page, label: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }

  it('finds a failed delivery, shows its attempt, redelivers it to the sink, and reveals the secret', async () => {
    const owner = await createUser(t.deps);
    const assistant = await createAssistant(apiFor(t, owner.token), { name: 'Front desk' });
    sink.respondWith((_request, index) => (index === 0 ? { status: 410, body: 'gone for now' } : { status: 200, body: 'ok' }));
    const send = (event: string, payload: unknown) =>
      inTransaction(t.deps.db, (tx) =>
        enqueueWebhook(tx, {
          userId: owner.user.id,
          url: `${sink.url}/hooks`,
          event,
          payload,
          now: t.clock.now(),
          assistantId: assistant.id,
        }),
      );
    const failed = await send('post_call', { event: 'post_call', call_id: 7, customer: 'Ana' });
    await t.deps.jobs.drain();
    await send('conversation_ended', { event: 'conversation_ended' });
    await t.deps.jobs.drain();
    expect(sink.requests.map((r) => r.headers['x-switchboard-delivery'])).toHaveLength(2);

    const { page, errors } = await signedInPage(owner);
    await page.getByRole('link', { name: /^Webhooks/ }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Delivery \d+ of .*, details$/ }).count()).toBe(2);
    await pick(page, 'Status', 'Failed');
    await expect.poll(() => page.getByRole('button', { name: /^Delivery \d+ of .*, details$/ }).count()).toBe(1);
    await expectAccessible(page, 'the Webhooks page');
    await saveScreenshot(page, 'webhooks-log');

    await page.getByRole('button', { name: new RegExp(`^Delivery ${failed.id} of`) }).click();
    const drawer = page.getByRole('dialog', { name: `Delivery ${failed.id}` });
    const attempt = drawer.getByRole('region', { name: 'Attempt 1' });
    await attempt.waitFor();
    await expect.poll(() => attempt.textContent()).toContain(`POST ${sink.url}/hooks`);
    const text = (await attempt.textContent()) ?? '';
    expect(text).toContain(`x-switchboard-delivery: ${failed.uuid}`);
    expect(text).toContain('x-switchboard-signature: (not kept)');
    expect(text).toContain('"customer": "Ana"');
    expect(text).toContain('Response: HTTP 410');
    expect(text).toContain('gone for now');
    await expectAccessible(page, 'a delivery');
    await saveScreenshot(page, 'webhooks-delivery');

    await drawer.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText(/^Queued as delivery \d+/).waitFor();
    await t.deps.jobs.drain();
    const resent = sink.requests.filter((r) => r.headers['x-switchboard-redelivery-of'] === failed.uuid);
    expect(resent).toHaveLength(1);
    expect(resent[0]!.body).toBe(JSON.stringify({ event: 'post_call', call_id: 7, customer: 'Ana' }));
    // The drawer follows the new delivery, which reloads as delivered.
    await page
      .getByRole('dialog', { name: /^Delivery \d+$/ })
      .getByText('Redelivery of')
      .waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Reveal secret' }).click();
    const { secret } = await t.deps.services.webhooks.getSigningSecret(owner.user.id);
    await expect.poll(() => page.getByTestId('webhook-secret').textContent()).toBe(secret);
    expect(errors).toEqual([]);

    const phone = await signedInPage(owner, PHONE);
    await phone.page.goto(`${origin}/app/webhooks`);
    await phone.page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await expect.poll(() => phone.page.getByRole('button', { name: /^Delivery \d+ of .*, details$/ }).count()).toBe(3);
    await expectAccessible(phone.page, 'the Webhooks page at 390 px');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(phone.page, 'webhooks-phone');
    expect(phone.errors).toEqual([]);
  });

  it('draws spend, volume and assistants for the last 30 days, and downloads a CSV export', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 20 });
    const other = await createUser(t.deps, { balanceUsd: 20 });
    const api = apiFor(t, owner.token);
    const front = await createAssistant(api, { name: 'Front desk' });
    const night = await createAssistant(api, { name: 'Night line' });
    const dayAgo = (days: number, hour = 12) => {
      const date = new Date();
      date.setHours(hour, 0, 0, 0);
      date.setDate(date.getDate() - days);
      return date.toISOString();
    };
    for (const [days, assistant, seconds] of [
      [1, front.id, 120],
      [1, night.id, 60],
      [3, front.id, 300],
      [6, night.id, 30],
    ] as const) {
      await insertCall(t.deps.db, {
        userId: owner.user.id,
        assistantId: assistant,
        at: dayAgo(days),
        seconds,
        costMicros: seconds * 2_000,
      });
      await moveBalance(t.deps.db, { userId: owner.user.id, micros: -seconds * 2_000, at: dayAgo(days, 13), kind: 'usage' });
    }
    await insertConversation(t.deps.db, {
      userId: owner.user.id,
      assistantId: front.id,
      at: dayAgo(2),
      costMicros: 20_000,
      messages: [
        ['user', dayAgo(2)],
        ['assistant', dayAgo(2)],
      ],
    });
    await insertCall(t.deps.db, { userId: other.user.id, assistantId: null, at: dayAgo(1), seconds: 999 });

    const { page, errors } = await signedInPage(owner);
    await page.getByRole('link', { name: /^Usage/ }).click();
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    // A bar is drawn (a path) for each non-zero value: calls on three days, messages on one.
    const bars = (chart: string) => page.getByRole('region', { name: chart }).locator('path.recharts-rectangle');
    await expect.poll(() => bars('Spend per day (USD)').count()).toBe(3);
    await expect.poll(() => bars('Volume per day').count()).toBe(4);
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    const byAssistant = page.getByRole('region', { name: 'By assistant' });
    expect(await byAssistant.getByRole('row').allTextContents()).toEqual([
      'AssistantMessagesCallsMinutesCost',
      'Front desk127$0.86',
      'Night line021.5$0.18',
    ]);
    await expectAccessible(page, 'the Usage page');
    await saveScreenshot(page, 'usage');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export calls (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^calls-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = join(CONSOLE_ARTIFACTS, 'usage-calls-export.csv');
    await file.saveAs(saved);
    const rows = parse(readFileSync(saved, 'utf8'), { columns: true }) as Array<{ assistant_name: string; duration_seconds: string }>;
    expect(rows.map((row) => [row.assistant_name, row.duration_seconds])).toEqual([
      ['Night line', '30'],
      ['Front desk', '300'],
      ['Front desk', '120'],
      ['Night line', '60'],
    ]);
    expect(errors).toEqual([]);

    const phone = await signedInPage(owner, PHONE);
    await phone.page.goto(`${origin}/app/usage`);
    await phone.page.getByRole('region', { name: 'Spend per day (USD)' }).locator('path.recharts-rectangle').first().waitFor();
    await saveScreenshot(phone.page, 'usage-phone');
    await expectAccessible(phone.page, 'the Usage page at 390 px');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(phone.errors).toEqual([]);
  });
});
