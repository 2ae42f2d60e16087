import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encodeWav } from '../../audio/wav.js';
import { detectSignal, rms, signalForText, silence, symbolsForText } from '../../audio/test-signal.js';
import { concatSamples } from '../../audio/frames.js';
import { apiFor, createAssistant, multimodalBody } from '../../../../../test/helpers/assistants.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { startFakeRealtime } from '../../../../../test/helpers/fakes/realtime.js';
import { buildTestApp, type TestApp } from '../../../../../test/helpers/test-app.js';
import { browserAvailability, fakeMicrophoneArgs, launchChromium } from '../../../widget/fixtures/browser.js';

/**
 * The test call page in Chromium with a fake microphone that plays a known signal: the page
 * starts a public call, the realtime engine (against the fake Realtime server) greets, the page
 * plays the audio and shows the transcript, the microphone's signal reaches the model, and
 * hanging up ends the call record.
 */
const availability = browserAvailability();
const CALLER_PHRASE = 'the caller speaks';
const GREETING = 'Hello from the shop, how can I help?';

describe.skipIf(!availability.run)('the test call page in Chromium', () => {
  let t: TestApp;
  let origin: string;
  let realtime: Awaited<ReturnType<typeof startFakeRealtime>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'switchboard-call-page-'));
    // Chromium loops this file as the microphone.
    const microphone = join(dir, 'caller.wav');
    writeFileSync(microphone, encodeWav(concatSamples([signalForText(CALLER_PHRASE, 48_000), silence(400, 48_000)]), 48_000));
    realtime = await startFakeRealtime({ apiKey: 'rt-key' });
    t = await buildTestApp({
      env: { REALTIME_BASE_URL: realtime.baseUrl, REALTIME_API_KEY: 'rt-key', VOICE_PRICE_PER_MINUTE_USD: '0.12' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    chromium = await launchChromium(fakeMicrophoneArgs(microphone));
    browser = chromium.browser;
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await t?.close();
    await realtime?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects, plays the greeting and shows its transcript, streams the microphone, and hangs up', async () => {
    const owner = await createUser(t.deps, { balanceUsd: 1 });
    const assistant = await createAssistant(apiFor(t, owner.token), multimodalBody({ status: 'active', initial_message: GREETING }));
    const page = await browser.newPage();
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith(origin.replace('http', 'ws'))) external.push(request.url());
    });
    const response = await page.goto(`${origin}/call/${assistant.uuid}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("connect-src 'self' ws: wss:");

    const connection = realtime.nextConnection();
    await page.getByRole('button', { name: 'Call' }).click();
    const model = await connection;
    await model.waitFor('response.create');
    await page.waitForSelector('#status[data-state="connected"]');
    model.speak(GREETING);

    await page.getByText(`Assistant: ${GREETING}`).waitFor();
    await page.waitForFunction(() => Number(document.getElementById('status')!.dataset.receivedMs) >= 480);

    // The microphone's signal went through the worklet (48 -> 16 kHz), the socket and the engine (-> 24 kHz).
    await expect.poll(() => model.inputAudio().samples.length, { timeout: 10_000 }).toBeGreaterThan(24_000 * 1.5);
    const heardByModel = model.inputAudio();
    expect(rms(heardByModel.samples)).toBeGreaterThan(300);
    const symbols = detectSignal(heardByModel.samples, heardByModel.sampleRate).join('');
    expect(symbols).toContain(symbolsForText(CALLER_PHRASE).join(''));

    const callId = (await t.deps.db.selectFrom('calls').select('id').where('user_id', '=', owner.user.id).executeTakeFirstOrThrow()).id;
    await page.getByRole('button', { name: 'Hang up' }).click();
    await expect
      .poll(
        async () => await t.deps.db.selectFrom('calls').select(['status', 'end_reason']).where('id', '=', callId).executeTakeFirstOrThrow(),
        { timeout: 10_000 },
      )
      .toEqual({ status: 'ended_by_customer', end_reason: 'hangup' });
    const row = await t.deps.db.selectFrom('calls').select(['type', 'transcript']).where('id', '=', callId).executeTakeFirstOrThrow();
    expect(row.type).toBe('web');
    expect(row.transcript.map((e) => e.text)).toEqual([GREETING]);
    expect(external).toEqual([]);
    await page.close();
  }, 60_000);
});
