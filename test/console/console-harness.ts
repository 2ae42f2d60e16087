import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { DEFAULT_CONSOLE_DIR } from '../../src/core/http/console-app.js';
import { launchChromium } from '../../src/modules/widget/fixtures/browser.js';
import { buildTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';
// @ts-expect-error: a plain JavaScript build script without types
import { buildConsole } from '../../scripts/build-console.mjs';

const ROOT = resolve('.');
export const CONSOLE_ARTIFACTS = resolve('artifacts/console');

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The tests drive the console the server really serves, dist/console. `npm run build` (and CI)
 * makes it; a developer running this file alone gets it built here when it is missing or older
 * than console/ or the generated API types.
 */
export function ensureConsoleBuilt(): void {
  const index = join(DEFAULT_CONSOLE_DIR, 'index.html');
  const sourcesMs = Math.max(newestMtimeMs(join(ROOT, 'console')), statSync(join(ROOT, 'client/api.d.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sourcesMs) return;
  const build = buildConsole(ROOT, { quiet: true });
  if (build.status !== 0) throw new Error(`Building the console failed:\n${build.output}`);
}

/** The JavaScript the first page loads before anything else: index.html's module script and what it preloads, gzipped. */
export function firstPageScriptGzipBytes(): { bytes: number; files: string[] } {
  const html = readFileSync(join(DEFAULT_CONSOLE_DIR, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const bytes = files.reduce((total, file) => total + gzipSync(readFileSync(join(DEFAULT_CONSOLE_DIR, file)), { level: 9 }).length, 0);
  return { bytes, files };
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const audit = await new AxeBuilder({ page }).analyze();
  const serious = audit.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`).slice(0, 5),
    }));
  expect(serious, `axe on ${what}`).toEqual([]);
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(CONSOLE_ARTIFACTS, { recursive: true });
  // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(CONSOLE_ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  if (!page.url().includes('/app/sign-in')) await page.goto(`${origin}/app/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A server the console runs against: a test app, or something built around one (the fake Twilio's). */
export interface ConsoleServer {
  t: TestApp;
  close(): Promise<void>;
}

export interface StartConsoleOptions<S extends ConsoleServer> {
  /**
   * The test app's options. The clock defaults to a ManualClock at the real time, so what the
   * browser reads of expiry and dates is true.
   */
  app?: TestAppOptions;
  /** Starts another server instead of buildTestApp (then `app` is not used). */
  serve?: () => Promise<S>;
  /** The port on 127.0.0.1 (a free one by default), for a server that must know its address first. */
  port?: number;
  /** Extra Chromium arguments, e.g. a fake microphone. */
  chromiumArgs?: string[];
}

export interface RunningConsole<S extends ConsoleServer = ConsoleServer> {
  t: TestApp;
  /** What `serve` started (the test app and its close otherwise). */
  server: S;
  /** http://127.0.0.1:<port>, where the server listens. */
  origin: string;
  browser: Browser;
  /** Closes Chromium, then the server. */
  close(): Promise<void>;
}

/** The console built, a server listening on 127.0.0.1 and Chromium launched, for a file's beforeAll. */
export async function startConsole<S extends ConsoleServer = ConsoleServer>(
  options: StartConsoleOptions<S> = {},
): Promise<RunningConsole<S>> {
  ensureConsoleBuilt();
  const serve =
    options.serve ??
    (async () => {
      const t = await buildTestApp({ clock: new ManualClock(new Date()), ...options.app });
      return { t, close: () => t.close() } as ConsoleServer as S;
    });
  const server = await serve();
  const { t } = server;
  try {
    await t.app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const chromium = await launchChromium(options.chromiumArgs);
    return {
      t,
      server,
      origin,
      browser: chromium.browser,
      async close() {
        await chromium.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /** The page's default timeout for waits and actions, in ms. */
  timeout?: number;
  acceptDownloads?: boolean;
  /** Also note console errors in `failed` (the browser's own "Failed to load resource" aside: the answer is there already). */
  consoleErrors?: boolean;
}

/**
 * A fresh browser profile (empty storage) at the desktop size with reduced motion. `failed` notes
 * every answer of 400 or more as "status pathname", in order.
 */
export async function openPage(
  browser: Browser,
  options: OpenPageOptions = {},
): Promise<{ context: BrowserContext; page: Page; failed: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: 'reduce',
    acceptDownloads: options.acceptDownloads,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeout ?? 10_000);
  const failed: string[] = [];
  if (options.consoleErrors) {
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) failed.push(message.text());
    });
  }
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return { context, page, failed };
}

/** A fresh page signed in through the form, on the assistants list. */
export async function openSignedInPage(
  c: { browser: Browser; origin: string },
  who: { email: string; password: string },
  options: OpenPageOptions = {},
): Promise<{ context: BrowserContext; page: Page; failed: string[] }> {
  const opened = await openPage(c.browser, options);
  await signIn(opened.page, c.origin, who.email, who.password);
  await opened.page.getByRole('heading', { name: 'Assistants', level: 1 }).waitFor();
  return opened;
}
