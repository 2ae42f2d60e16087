import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEFAULT_CONSOLE_DIR } from '../../src/core/http/console-app.js';
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
