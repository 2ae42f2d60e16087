import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encodeWav } from '../../src/modules/calls/audio/wav.js';
import { silence } from '../../src/modules/calls/audio/test-signal.js';
import { SEED_VOICE_IDS } from '../helpers/assistants.js';
import { ownerWithAssistant } from '../helpers/conversations.js';
import { startFakeSpeech, type FakeSpeech } from '../helpers/fakes/speech.js';
import type { TestApp } from '../helpers/test-app.js';
import { browserAvailability, fakeMicrophoneArgs } from '../../src/modules/widget/fixtures/browser.js';
import { expectAccessible, openPage, saveScreenshot, signIn, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The editor's test call in Chromium with a fake microphone, on a server whose speech provider is
 * a fake OpenAI-compatible server (SPEECH_BASE_URL): the console's own page places the call under
 * its Content-Security-Policy, hears and shows the greeting, and hangs up.
 */
const availability = browserAvailability();
const GREETING = 'Hi! Thanks for calling Bread and Co. How can I help?';

describe.skipIf(!availability.run)("the editor's test call in Chromium", () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;
  let speech: FakeSpeech;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'switchboard-console-call-'));
    const microphone = join(dir, 'quiet.wav');
    writeFileSync(microphone, encodeWav(silence(2_000, 48_000), 48_000));
    speech = await startFakeSpeech();
    running = await startConsole({
      app: { env: { SPEECH_BASE_URL: speech.baseUrl } },
      chromiumArgs: fakeMicrophoneArgs(microphone),
    });
    ({ t, origin, browser } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await speech?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('places a free test call from the Try it panel, shows the greeting and hangs up', async () => {
    const owner = await ownerWithAssistant(t, {
      balanceUsd: 1,
      assistant: { name: 'Front desk', voice_id: SEED_VOICE_IDS.novaPipeline, initial_message: GREETING },
    });
    const { context, page } = await openPage(browser);
    await context.grantPermissions(['microphone'], { origin });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, origin, owner.email, owner.password);
    await page.waitForURL(`${origin}/app/assistants`);
    await page.goto(`${origin}/app/assistants/${owner.assistant.id}`);
    const tryIt = page.getByRole('complementary', { name: 'Try it' });
    await tryIt.getByRole('button', { name: 'Start a test call' }).click();
    await expect.poll(() => tryIt.getByTestId('call-status').innerText(), { timeout: 15_000 }).toBe('On the call. Speak now.');
    await tryIt.getByText(GREETING).waitFor({ timeout: 15_000 });
    expect(speech.speechRequests.map((r) => r.body.input)).toContain(GREETING);
    await expectAccessible(page, 'editor, test call');
    await saveScreenshot(page, 'editor-test-call');

    const call = await t.deps.db
      .selectFrom('calls')
      .select(['id', 'type', 'is_test'])
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(call).toMatchObject({ type: 'web', is_test: true });
    await tryIt.getByRole('button', { name: 'Hang up' }).click();
    await expect.poll(() => tryIt.getByTestId('call-status').innerText()).toMatch(/^Call ended/);
    await expect
      .poll(
        async () => (await t.deps.db.selectFrom('calls').select(['status']).where('id', '=', call.id).executeTakeFirstOrThrow()).status,
        { timeout: 10_000 },
      )
      .toBe('ended_by_customer');
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);
});
