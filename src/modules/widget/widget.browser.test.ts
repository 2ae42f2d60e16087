import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { ownerWithAssistant } from '../../../test/helpers/conversations.js';
import { SEED_IDS } from '../../../test/helpers/assistants.js';
import { browserAvailability, launchChromium } from './fixtures/browser.js';
import { startHostSite } from './fixtures/host-pages.js';
import { startSlowStreamingModel } from './fixtures/slow-stream-llm.js';

/**
 * The widget in Debian's Chromium: the real app listens on 127.0.0.1, a shop page on another
 * origin (localhost, another port) embeds the script exactly as docs/api/conversations.md says, and the browser
 * talks to the app over real HTTP, CORS and server-sent events.
 */
const availability = browserAvailability();
const ARTIFACTS = resolve('artifacts/widget');
const ANSWER = 'We are open **Monday to Friday**, 9:00 to 17:00. See https://shop.example.com/hours for holidays.';
const ANSWER_TEXT = 'We are open Monday to Friday, 9:00 to 17:00. See https://shop.example.com/hours for holidays.';
const figures: Record<string, number> = {};

interface Served {
  t: TestApp;
  origin: string;
}

async function serve(env: Record<string, string>): Promise<Served> {
  const t = await buildTestApp({ env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

describe.skipIf(!availability.run)('the chat widget in Chromium', () => {
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;
  let model: Awaited<ReturnType<typeof startSlowStreamingModel>>;
  let streamed: Served; // replies from a model that streams word by word
  let offline: Served; // replies from the built-in offline model
  let shop: Awaited<ReturnType<typeof startHostSite>>;
  let offlineShop: Awaited<ReturnType<typeof startHostSite>>;
  let streamedAssistant: string;
  let offlineAssistant: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    model = await startSlowStreamingModel(() => ANSWER);
    streamed = await serve({ LLM_BASE_URL: model.baseUrl, LLM_MAX_RETRIES: '0' });
    // Three messages a minute per conversation, so the rate-limit message can be reached.
    offline = await serve({ WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: '3', WIDGET_MESSAGES_PER_IP_PER_MINUTE: '1000' });
    shop = await startHostSite(streamed.origin);
    offlineShop = await startHostSite(offline.origin);
    streamedAssistant = (
      await ownerWithAssistant(streamed.t, {
        assistant: {
          status: 'active',
          initial_message: 'Hello {{name}}! How can I help?',
          widget_settings: { title: 'Shop help', subtitle: 'Replies in seconds', primary_color: '#0f766e', allowed_origins: [shop.origin] },
        },
      })
    ).assistant.uuid;
    offlineAssistant = (
      await ownerWithAssistant(offline.t, {
        assistant: {
          status: 'active',
          initial_message: 'Hi! Ask me anything.',
          tools: [{ type: 'end_call' }],
          widget_settings: { allowed_origins: [offlineShop.origin] },
        },
      })
    ).assistant.uuid;
    chromium = await launchChromium();
    browser = chromium.browser;
  });

  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
    await offlineShop?.close();
    await streamed?.t.close();
    await offline?.t.close();
    await model?.close();
    if (Object.keys(figures).length > 0) console.log('[widget figures]', JSON.stringify(figures));
  });

  async function openPage(
    url: string,
    options: Parameters<Browser['newContext']>[0] = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await page.goto(url);
    return { context, page };
  }

  const messages = (page: Page) => page.locator('#switchboard-widget .msg .bubble').allTextContents();

  /**
   * Sends a message once the widget is idle. A reply's text shows before its request ends (it
   * streams), and until then the widget ignores a new message, as a person would see from its
   * disabled send button.
   */
  async function sendWhenIdle(page: Page, text: string) {
    await expect.poll(() => page.locator('#switchboard-widget form button').isEnabled()).toBe(true);
    const input = page.locator('#switchboard-widget textarea');
    await input.fill(text);
    await input.press('Enter');
  }

  /** Distinct colours of a PNG, counted by the browser's own decoder on a canvas. */
  async function distinctColours(page: Page, png: Buffer): Promise<number> {
    return page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, image.width, image.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return seen.size;
    }, png.toString('base64'));
  }

  it('opens, greets, streams a reply, survives a reload and starts a new conversation', async () => {
    const { context, page } = await openPage(shop.pageUrl(streamedAssistant, `&variables=${encodeURIComponent('{"name":"Jane"}')}`));
    const launcher = page.locator('#switchboard-widget .launcher');
    await launcher.waitFor({ state: 'visible' });
    const launcherTiming = () =>
      page.evaluate(() => {
        const script = performance.getEntriesByType('resource').find((e) => e.name.includes('/widget.js')) as PerformanceResourceTiming;
        const config = performance.getEntriesByType('resource').find((e) => e.name.includes('/config')) as PerformanceResourceTiming;
        const visible = performance.getEntriesByName('switchboard:launcher-visible')[0]!;
        return {
          fromRequest: visible.startTime - script.startTime,
          fromLoaded: visible.startTime - script.responseEnd,
          config: config.responseEnd - config.startTime,
          configStartAfterLoad: config.startTime - script.responseEnd,
        };
      });
    const timing = await launcherTiming();
    figures.launcher_visible_ms_from_script_request = Math.round(timing.fromRequest);
    figures.launcher_visible_ms_from_script_loaded = Math.round(timing.fromLoaded);
    figures.config_request_ms = Math.round(timing.config);
    figures.config_request_started_ms_after_script_loaded = Math.round(timing.configStartAfterLoad);
    // The shop's loud CSS (magenta buttons, green serif text) does not reach into the shadow root.
    expect(await launcher.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(15, 118, 110)');
    expect(await launcher.evaluate((node) => getComputedStyle(node).fontFamily)).not.toContain('Georgia');
    expect(await launcher.textContent()).toBe('Chat with us');
    await page.evaluate(() => {
      (window as any).events = [];
      for (const name of ['open', 'close', 'message'])
        (window as any).Switchboard.on(name, (d: unknown) => (window as any).events.push([name, d]));
    });

    await launcher.click();
    await expect.poll(() => messages(page)).toEqual(['Hello Jane! How can I help?']);
    expect(await page.locator('#switchboard-widget .title').textContent()).toBe('Shop help');
    expect(await page.locator('#switchboard-widget .subtitle').textContent()).toBe('Replies in seconds');

    // Record every text the reply bubble shows while the answer arrives.
    await page.evaluate(() => {
      const root = document.querySelector('#switchboard-widget')!.shadowRoot!;
      const seen: string[] = ((window as any).replyTexts = []);
      new MutationObserver(() => {
        const bubble = root.querySelectorAll('.msg.assistant .bubble')[1];
        if (bubble && seen.at(-1) !== bubble.textContent) seen.push(bubble.textContent ?? '');
      }).observe(root, { childList: true, subtree: true, characterData: true });
    });
    const input = page.locator('#switchboard-widget textarea');
    await input.fill('What are your opening hours?');
    await input.press('Enter');
    await expect
      .poll(() => messages(page), { timeout: 15_000 })
      .toEqual(['Hello Jane! How can I help?', 'What are your opening hours?', ANSWER_TEXT]);
    const progression: string[] = await page.evaluate(() => (window as any).replyTexts);
    expect(progression.length).toBeGreaterThanOrEqual(5);
    // Half-arrived markdown shows as typed (`**Monday`) until its closing mark arrives.
    for (const text of progression) expect(ANSWER_TEXT.startsWith(text.replace(/\*/g, '').trim()), text).toBe(true);
    expect(progression.at(-1)).toBe(ANSWER_TEXT);
    // Markdown subset: bold, and a link that opens safely in a new tab.
    expect(await page.locator('#switchboard-widget .msg.assistant strong').last().textContent()).toBe('Monday to Friday');
    const link = page.locator('#switchboard-widget .msg.assistant a').last();
    expect(await link.getAttribute('href')).toBe('https://shop.example.com/hours');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.locator('#switchboard-widget .msg time').count()).toBe(3);

    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = await page.screenshot({ path: resolve(ARTIFACTS, 'panel-desktop.png') });
    expect(await distinctColours(page, shot)).toBeGreaterThan(50);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `switchboard:${streamedAssistant}`))!);
    expect(stored.conversation).toMatch(/^[0-9a-f-]{36}$/);

    // A reload (or another page of the shop) resumes the same conversation from the server.
    await page.reload();
    await page.locator('#switchboard-widget .launcher').click();
    figures.launcher_visible_ms_from_script_loaded_second_visit = Math.round((await launcherTiming()).fromLoaded);
    await expect.poll(() => messages(page)).toEqual(['Hello Jane! How can I help?', 'What are your opening hours?', ANSWER_TEXT]);
    expect(await page.locator('#switchboard-widget .msg time').count()).toBe(3);

    // New conversation: the next one takes the variables set through the JS API.
    await page.evaluate(() => (window as any).Switchboard.setVariables({ name: 'Ann' }));
    await page.locator('#switchboard-widget button[aria-label="New conversation"]').click();
    await expect.poll(() => messages(page)).toEqual(['Hello Ann! How can I help?']);
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `switchboard:${streamedAssistant}`))!).conversation,
    ).toBeUndefined();

    // JS API: close and open, and the events of the session after the reload.
    await page.evaluate(() => {
      (window as any).events = [];
      for (const name of ['open', 'close']) (window as any).Switchboard.on(name, () => (window as any).events.push(name));
      (window as any).Switchboard.close();
      (window as any).Switchboard.open();
    });
    expect(await page.evaluate(() => (window as any).events)).toEqual(['close', 'open']);
    await context.close();
  });

  it('works with the keyboard alone, with a focus trap and a live region; measures the first token', async () => {
    const { context, page } = await openPage(offlineShop.pageUrl(offlineAssistant));
    await page.locator('#switchboard-widget .launcher').waitFor();
    const active = () =>
      page.evaluate(() => {
        const root = document.querySelector('#switchboard-widget')!.shadowRoot!;
        const node = root.activeElement as HTMLElement | null;
        const panel = root.querySelector('.panel')!;
        return {
          tag: node?.tagName ?? null,
          cls: node?.className ?? null,
          label: node?.getAttribute('aria-label') ?? null,
          text: node?.textContent ?? null,
          expanded: node?.getAttribute('aria-expanded') ?? null,
          inPanel: !!node && panel.contains(node),
        };
      });
    await page.keyboard.press('Tab'); // the shop's own link
    await page.keyboard.press('Tab');
    // Named by its visible text (label in name), its state in aria-expanded.
    expect(await active()).toMatchObject({ tag: 'BUTTON', cls: 'launcher', label: null, text: 'Chat with us', expanded: 'false' });
    await page.keyboard.press('Enter');
    expect(await active()).toMatchObject({ tag: 'TEXTAREA', inPanel: true });
    const panel = page.locator('#switchboard-widget .panel');
    expect(await panel.getAttribute('role')).toBe('dialog');
    expect(await panel.getAttribute('aria-modal')).toBe('true');
    expect(await page.locator('#switchboard-widget .log').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('#switchboard-widget .launcher').getAttribute('aria-expanded')).toBe('true');
    // Tab and Shift+Tab never leave the open dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect((await active()).inPanel, key).toBe(true);
    }
    for (let i = 0; i < 6 && (await active()).tag !== 'TEXTAREA'; i += 1) await page.keyboard.press('Tab');
    expect((await active()).tag).toBe('TEXTAREA');

    // Time from the Enter that sends to the first streamed token on screen, offline model.
    await page.evaluate(() => {
      const root = document.querySelector('#switchboard-widget')!.shadowRoot!;
      const w = window as any;
      root.querySelector('textarea')!.addEventListener('keydown', (e) => {
        if ((e as KeyboardEvent).key === 'Enter') w.sentAt = performance.now();
      });
      new MutationObserver(() => {
        if (!w.firstTokenAt && root.querySelectorAll('.msg.assistant').length > 1) w.firstTokenAt = performance.now();
      }).observe(root, { childList: true, subtree: true });
    });
    await page.keyboard.type('When are you open?');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await messages(page)).length).toBe(3);
    expect((await messages(page))[2]).toBe(
      'Thanks for your message. I am the built-in offline model, so my answers are simple: you wrote "When are you open?".',
    );
    figures.first_token_ms_offline_model = Math.round(await page.evaluate(() => (window as any).firstTokenAt - (window as any).sentAt));
    expect(figures.first_token_ms_offline_model).toBeGreaterThan(0);

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await active()).toMatchObject({ cls: 'launcher', label: null, expanded: 'false' });
    await context.close();
  });

  it('fills a phone screen', async () => {
    const { context, page } = await openPage(offlineShop.pageUrl(offlineAssistant), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const launcher = page.locator('#switchboard-widget .launcher');
    await launcher.tap();
    const panel = page.locator('#switchboard-widget .panel');
    await panel.waitFor();
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await launcher.isVisible()).toBe(false);
    await page.locator('#switchboard-widget textarea').fill('Hello from my phone');
    await page.locator('#switchboard-widget form button').tap();
    await expect.poll(async () => (await messages(page)).length).toBe(3);
    const shot = await page.screenshot({ path: resolve(ARTIFACTS, 'panel-phone.png') });
    expect(await distinctColours(page, shot)).toBeGreaterThan(20);
    await page.locator('#switchboard-widget header button[aria-label="Close chat"]').tap();
    expect(await launcher.isVisible()).toBe(true);
    await context.close();
  });

  it('renders hostile replies inert: no element, handler or javascript: link from model text', async () => {
    const { context, page } = await openPage(offlineShop.pageUrl(offlineAssistant));
    await page.locator('#switchboard-widget .launcher').click();
    const hostile = '<img src=x onerror="window.pwned=1"> [click](javascript:window.pwned=2) <script>window.pwned=3</script> **bold**';
    await page.locator('#switchboard-widget textarea').fill(hostile);
    await page.locator('#switchboard-widget textarea').press('Enter');
    // The offline model repeats the message, so the hostile text comes back in a streamed reply.
    await expect.poll(async () => (await messages(page)).length).toBe(3);
    const reply = (await messages(page))[2]!;
    expect(reply).toContain('<img src=x onerror="window.pwned=1">');
    const inShadow = await page.evaluate(() => {
      const root = document.querySelector('#switchboard-widget')!.shadowRoot!;
      return {
        img: root.querySelectorAll('img').length,
        script: root.querySelectorAll('.log script').length,
        badLinks: [...root.querySelectorAll('a')].filter((a) => !/^(https?|mailto):/.test(a.getAttribute('href') ?? '')).length,
        handlers: [...root.querySelectorAll('.log *')].filter((n) => [...n.attributes].some((a) => a.name.startsWith('on'))).length,
        bold: root.querySelectorAll('.msg.assistant strong').length,
      };
    });
    expect(inShadow).toEqual({ img: 0, script: 0, badLinks: 0, handlers: 0, bold: 1 });
    expect(await page.evaluate(() => (window as any).pwned)).toBeUndefined();

    // The renderer on its own: each case as the DOM it builds.
    const rendered = await page.evaluate(() => {
      const render = (text: string) => (window as any).Switchboard._render(text).innerHTML as string;
      return {
        img: render('<img src=x onerror=alert(1)>'),
        js: render('[x](javascript:void0) and [y](JAVASCRIPT:alert(1)) and [z](data:text/html,<b>)'),
        ok: render('*it* `a<b>` [site](https://a.example/?q=1&r=2) mail me: mailto:help@a.example'),
        list: render('Options:\n\n- one\n- **two**'),
      };
    });
    expect(rendered.img).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(rendered.js).toBe('<p>x and [y](JAVASCRIPT:alert(1)) and z</p>');
    expect(rendered.ok).toBe(
      '<p><em>it</em> <code>a&lt;b&gt;</code> <a href="https://a.example/?q=1&amp;r=2" target="_blank" rel="noopener noreferrer">site</a> mail me: ' +
        '<a href="mailto:help@a.example" target="_blank" rel="noopener noreferrer">mailto:help@a.example</a></p>',
    );
    expect(rendered.list).toBe('<p>Options:</p><ul><li>one</li><li><strong>two</strong></li></ul>');
    await context.close();
  });

  it('shows clear texts for an ended conversation, the rate limit and an empty balance', async () => {
    const { context, page } = await openPage(offlineShop.pageUrl(offlineAssistant));
    await page.locator('#switchboard-widget .launcher').click();
    const notices = () => page.locator('#switchboard-widget .notice').allTextContents();
    // "bye" makes the offline model end the conversation (the assistant has end_call); retrigger is off.
    await sendWhenIdle(page, 'bye');
    await expect.poll(async () => (await messages(page)).length).toBe(3);
    await sendWhenIdle(page, 'One more question');
    await expect.poll(notices).toEqual(['This conversation has ended.Start a new conversation']);
    await page.locator('#switchboard-widget .notice button').click();
    await expect.poll(() => messages(page)).toEqual(['Hi! Ask me anything.']);

    // Three messages a minute per conversation here: the fourth gets the wait message.
    for (const text of ['one', 'two', 'three']) {
      const before = (await messages(page)).length;
      await sendWhenIdle(page, text);
      await expect.poll(async () => (await messages(page)).length).toBe(before + 2);
    }
    await sendWhenIdle(page, 'four');
    await expect.poll(notices).toEqual([expect.stringMatching(/^Too many messages\. Please wait \d+ s and try again\.$/)]);
    await context.close();

    const poor = await ownerWithAssistant(offline.t, {
      balanceUsd: 0.01,
      assistant: { status: 'active', widget_settings: { allowed_origins: [offlineShop.origin] } },
    });
    const second = await openPage(offlineShop.pageUrl(poor.assistant.uuid));
    await second.page.locator('#switchboard-widget .launcher').click();
    await sendWhenIdle(second.page, 'first');
    await expect.poll(async () => (await messages(second.page)).length).toBe(3);
    await sendWhenIdle(second.page, 'second');
    await expect
      .poll(() => second.page.locator('#switchboard-widget .notice').allTextContents())
      .toEqual(['The assistant cannot reply right now. Please try again later.']);
    await second.context.close();
  });

  it('speaks the assistant language', async () => {
    const ro = await ownerWithAssistant(offline.t, {
      assistant: { status: 'active', language_id: SEED_IDS.romanian, widget_settings: { allowed_origins: [offlineShop.origin] } },
    });
    const { context, page } = await openPage(offlineShop.pageUrl(ro.assistant.uuid));
    const launcher = page.locator('#switchboard-widget .launcher');
    await launcher.waitFor();
    expect(await launcher.textContent()).toBe('Scrie-ne');
    await launcher.click();
    expect(await page.locator('#switchboard-widget textarea').getAttribute('placeholder')).toBe('Scrie mesajul tău…');
    expect(await page.locator('#switchboard-widget header button').last().getAttribute('aria-label')).toBe('Închide chatul');
    await context.close();
  });

  it('is refused on a site that is not among the allowed origins', async () => {
    const elsewhere = await ownerWithAssistant(offline.t, {
      assistant: { status: 'active', widget_settings: { allowed_origins: ['https://shop.example.com'] } },
    });
    const refusedConfigCount = async () => {
      const metrics = (await offline.t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = metrics
        .split('\n')
        .find(
          (l) => l.startsWith('http_requests_total{') && l.includes('route="/api/widget/:uuid/config"') && l.includes('status_code="403"'),
        );
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const refusedBefore = await refusedConfigCount();
    const context = await browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    // The server's 403 carries no CORS headers, so the browser reports a failed request.
    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/config'));
    await page.goto(offlineShop.pageUrl(elsewhere.assistant.uuid));
    expect((await failed).failure()?.errorText).toBe('net::ERR_FAILED');
    expect(await refusedConfigCount()).toBe(refusedBefore + 1);
    await expect.poll(() => warnings.some((text) => text.includes('[switchboard] could not reach'))).toBe(true);
    expect(await page.locator('#switchboard-widget').count()).toBe(0);
    // The page's own scripts cannot use the assistant either: the browser blocks the answer and
    // the server created nothing.
    const direct = await page.evaluate(
      async ({ base, id }) => {
        try {
          await fetch(`${base}/api/conversations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ assistant_id: id }),
          });
          return 'answered';
        } catch (error) {
          return (error as Error).name;
        }
      },
      { base: offline.origin, id: elsewhere.assistant.uuid },
    );
    expect(direct).toBe('TypeError');
    const rows = await offline.t.deps.db.selectFrom('conversations').select('id').where('user_id', '=', elsewhere.user.id).execute();
    expect(rows).toEqual([]);
    await context.close();
  });
});
