import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encodeWav } from '../calls/audio/wav.js';
import { signalForText, silence } from '../calls/audio/test-signal.js';
import { ownerWithAssistant } from '../../../test/helpers/conversations.js';
import { SEED_VOICE_IDS } from '../../../test/helpers/assistants.js';
import { startFakeSpeech, type FakeSpeech } from '../../../test/helpers/fakes/speech.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { browserAvailability, fakeMicrophoneArgs, launchChromium } from './fixtures/browser.js';
import { startHostSite } from './fixtures/host-pages.js';

/**
 * The widget's call button in Chromium with a fake microphone, on a server whose only speech
 * setting is SPEECH_BASE_URL (a self-hosted OpenAI-compatible server, here the fake): a pipeline
 * assistant with an OpenAI voice takes the call with the default providers that follow it. The
 * shop's page on another origin embeds the widget as the docs say.
 */
const availability = browserAvailability();
const ARTIFACTS = resolve('artifacts/widget');
const GREETING = 'Hi! Thanks for calling Bread and Co. How can I help?';

describe.skipIf(!availability.run)("the widget's call button in Chromium", () => {
  let t: TestApp;
  let origin: string;
  let speech: FakeSpeech;
  let shop: Awaited<ReturnType<typeof startHostSite>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'switchboard-widget-call-'));
    // A quiet room: the greeting is all that is said.
    const microphone = join(dir, 'quiet.wav');
    writeFileSync(microphone, encodeWav(silence(2_000, 48_000), 48_000));
    speech = await startFakeSpeech();
    t = await buildTestApp({ env: { SPEECH_BASE_URL: speech.baseUrl, VOICE_PRICE_PER_MINUTE_USD: '0.12' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    shop = await startHostSite(origin);
    chromium = await launchChromium(fakeMicrophoneArgs(microphone));
    browser = chromium.browser;
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
    await t?.close();
    await speech?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('places a browser call: the greeting is heard and written, and hanging up ends the call', async () => {
    const { user, assistant } = await ownerWithAssistant(t, {
      balanceUsd: 1,
      assistant: {
        status: 'active',
        type: 'inbound',
        voice_id: SEED_VOICE_IDS.novaPipeline,
        initial_message: GREETING,
        widget_settings: { allowed_origins: [shop.origin] },
      },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const external: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (![origin, origin.replace('http', 'ws'), shop.origin].some((allowed) => url.startsWith(allowed))) external.push(url);
    });
    await page.goto(shop.pageUrl(assistant.uuid));
    await page.locator('#switchboard-widget .launcher').click();
    const callButton = page.getByRole('button', { name: 'Call' });
    await callButton.click();

    const callbar = page.locator('#switchboard-widget .callbar');
    await expect.poll(() => callbar.textContent(), { timeout: 10_000 }).toBe('On the call. Speak now.');
    await expect(page.getByRole('button', { name: 'Hang up' }).isVisible()).resolves.toBe(true);
    // The greeting's audio reached the page (all of what the synthesizer made of it) and its words the chat.
    const greetingMs = (signalForText(GREETING, 16_000).length / 16_000) * 1000;
    await page.waitForFunction(
      (expectedMs) =>
        Number(document.querySelector('#switchboard-widget')!.shadowRoot!.querySelector<HTMLElement>('.callbar')!.dataset.receivedMs) >=
        expectedMs,
      greetingMs * 0.95,
      { timeout: 15_000 },
    );
    await page.locator('#switchboard-widget .msg.assistant.spoken .bubble', { hasText: GREETING }).waitFor();
    // Spoken by the OpenAI-compatible server, the only one configured.
    expect(speech.speechRequests.map((r) => r.body.input)).toContain(GREETING);

    const audit = await new AxeBuilder({ page }).include('#switchboard-widget').analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: resolve(ARTIFACTS, 'call-in-progress.png') });

    const call = await t.deps.db
      .selectFrom('calls')
      .select(['id', 'type', 'is_test'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(call).toMatchObject({ type: 'web', is_test: false });
    await page.getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => callbar.textContent()).toBe('Call ended.');
    await expect(page.getByRole('button', { name: 'Call' }).isVisible()).resolves.toBe(true);
    await expect
      .poll(
        async () =>
          await t.deps.db.selectFrom('calls').select(['status', 'end_reason']).where('id', '=', call.id).executeTakeFirstOrThrow(),
        { timeout: 10_000 },
      )
      .toEqual({ status: 'ended_by_customer', end_reason: 'hangup' });
    const { transcript } = await t.deps.db.selectFrom('calls').select('transcript').where('id', '=', call.id).executeTakeFirstOrThrow();
    expect(transcript.filter((entry) => entry.sender === 'bot').map((entry) => entry.text)).toEqual([GREETING]);
    expect(external).toEqual([]);
    await context.close();
  }, 60_000);
});
