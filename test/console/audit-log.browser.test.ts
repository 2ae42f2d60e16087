import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../src/core/crypto/passwords.js';
import { createMembersRepo } from '../../src/modules/accounts/members.repo.js';
import { issueToken } from '../../src/modules/accounts/tokens.js';
import { recordAudit } from '../../src/modules/audit/index.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { apiFor, createAssistant, createTool } from '../helpers/assistants.js';
import { createUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';
import {
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
 * The Audit log page in Chromium against a real server: changes made through the API by the
 * owner's key and by an admin's session, read back as sentences with who, what, which resource
 * and from where; filtered by action and by member; older events loaded on demand.
 */
const availability = browserAvailability();
const BUDGET_GZIP_BYTES = 250 * 1024;

describe('the audit log page bundle', () => {
  it('stays out of the first page, which keeps its budget', () => {
    ensureConsoleBuilt();
    expect(firstPageScriptGzipBytes().bytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});

describe.skipIf(!availability.run)('the Audit log page in Chromium', () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    running = await startConsole();
    ({ t, origin } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  async function signedInPage(owner: { email: string; password: string }, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
    const { page, failed } = await openSignedInPage(running, owner, { viewport, consoleErrors: true });
    return { page, errors: failed };
  }

  async function pick(page: Page, label: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }

  /** The table's body rows (the header row left out). */
  const bodyRows = (page: Page) => page.locator('tbody tr');

  it('reads changes made through the API, filters them, and loads older ones', async () => {
    const owner = await createUser(t.deps);
    const userId = owner.user.id;
    // Older history: more than one page of deletions the admin CLI made.
    for (let i = 1; i <= 50; i++) {
      await recordAudit(t.deps.db, {
        userId,
        actor: { kind: 'system', label: 'admin CLI' },
        action: 'folder.deleted',
        resourceType: 'folder',
        resourceId: 1000 + i,
        details: { name: `Old folder ${i}` },
        now: t.clock.advance(1_000),
      });
    }
    const api = apiFor(t, owner.token);
    t.clock.advance(60_000);
    const front = await createAssistant(api, { name: 'Front desk' });
    t.clock.advance(60_000);
    expect((await api.put(`/api/user/assistant/${front.id}`, { name: 'Front desk 2', system_prompt: 'Be brief.' })).statusCode).toBe(200);
    const tool = await createTool(api, { name: 'lookup_order' });
    t.clock.advance(60_000);
    expect((await api.delete(`/api/user/tools/${tool}`)).statusCode).toBe(200);
    const ana = await createMembersRepo(t.deps.db).insertMember({
      userId,
      email: `ana-${userId}@example.com`,
      name: 'Ana',
      passwordHash: null,
      role: 'admin',
      now: t.clock.now(),
    });
    const anaSession = await issueToken(t.deps.db, {
      userId,
      memberId: ana.id,
      kind: 'session',
      name: 'Console',
      now: t.clock.now(),
      ttlMs: 3_600_000,
    });
    t.clock.advance(60_000);
    expect((await apiFor(t, anaSession.token).post('/api/user/webhook-secret/rotate')).statusCode).toBe(200);

    const { page, errors } = await signedInPage(owner);
    await page.getByRole('link', { name: /^Audit log/ }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    expect(page.url()).toBe(`${origin}/app/audit-log`);
    await expect.poll(() => bodyRows(page).count()).toBe(50);

    // Newest first: the owner signing in just now, Ana's rotation, the tool's deletion, the
    // update, the creation. Each cell's text, its lines joined by spaces.
    const cells = async (index: number) =>
      (await bodyRows(page).nth(index).locator('td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    const [signedIn, rotated, toolDeleted, updated, created] = [
      await cells(0),
      await cells(1),
      await cells(2),
      await cells(3),
      await cells(4),
    ];
    expect(signedIn.slice(1, 4)).toEqual([owner.email, 'Signed in', `Member #${owner.owner.id}`]);
    expect(signedIn[4]).toMatch(/^127\.0\.0\.1 Mozilla\/5\.0 /);
    expect(rotated.slice(1)).toEqual([
      ana.email,
      'Rotated the webhook signing secret',
      'Webhook signing secret',
      '127.0.0.1 lightMyRequest',
    ]);
    expect(toolDeleted.slice(1, 4)).toEqual(['API key "Default"', 'Deleted tool', 'Tool “lookup_order”']);
    expect(updated.slice(1, 4)).toEqual(['API key "Default"', 'Updated assistant Changed name, system prompt', `Assistant #${front.id}`]);
    expect(created.slice(1, 4)).toEqual(['API key "Default"', 'Created assistant', 'Assistant “Front desk”']);
    // A resource that still exists links to its page; a deleted one does not.
    expect(
      await bodyRows(page)
        .nth(3)
        .getByRole('link', { name: `Assistant #${front.id}` })
        .getAttribute('href'),
    ).toBe(`/app/assistants/${front.id}`);
    expect(await bodyRows(page).nth(2).getByRole('link').count()).toBe(0);
    await expectAccessible(page, 'the Audit log page');
    await saveScreenshot(page, 'audit-log');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(55);
    await page.getByText('55 events, the oldest last.').waitFor();
    expect(await cells(54)).toEqual([expect.any(String), 'admin CLI', 'Deleted folder', 'Folder “Old folder 1”', '—']);

    await pick(page, 'Action', 'Deleted tool');
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    expect((await cells(0)).slice(2, 4)).toEqual(['Deleted tool', 'Tool “lookup_order”']);

    await page.goto(`${origin}/app/audit-log`);
    await expect.poll(() => bodyRows(page).count()).toBe(50);
    await pick(page, 'Member', ana.email);
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    expect((await cells(0))[2]).toBe('Rotated the webhook signing secret');
    // The owner signed in, and their key made three changes.
    await pick(page, 'Member', `${owner.email} (you)`);
    await expect.poll(() => bodyRows(page).count()).toBe(4);
    await pick(page, 'Action', 'Created assistant');
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    await expectAccessible(page, 'the Audit log page, filtered');
    expect(errors).toEqual([]);

    const phone = await signedInPage(owner, PHONE);
    await phone.page.goto(`${origin}/app/audit-log`);
    await phone.page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await expect.poll(() => bodyRows(phone.page).count()).toBe(50);
    await expectAccessible(phone.page, 'the Audit log page at 390 px');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(phone.page, 'audit-log-phone');
    expect(phone.errors).toEqual([]);

    // An editor has no such section, and the page says why the log is not theirs to read.
    const sam = await createMembersRepo(t.deps.db).insertMember({
      userId,
      email: `sam-${userId}@example.com`,
      name: 'Sam',
      passwordHash: await hashPassword('a password for Sam'),
      role: 'editor',
      now: t.clock.now(),
    });
    const asEditor = await signedInPage({ email: sam.email, password: 'a password for Sam' });
    await asEditor.page.goto(`${origin}/app/audit-log`);
    await asEditor.page
      .getByText('Your role (editor) cannot see the audit log; it needs admin or higher. Ask an admin of the account.')
      .waitFor();
    expect(await asEditor.page.getByRole('link', { name: /^Account/ }).count()).toBe(1);
    expect(await asEditor.page.getByRole('link', { name: /^Audit log/ }).count()).toBe(0);
    // The page knows the role before asking, so the log is never requested.
    expect(asEditor.errors).toEqual([]);
  }, 180_000);
});
