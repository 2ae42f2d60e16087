import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { bearer } from '../helpers/factories.js';
import { invite } from '../helpers/members.js';
import { accountWithEveryRole } from '../helpers/roles.js';
import type { TestApp } from '../helpers/test-app.js';
import { expectAccessible, openPage, saveScreenshot, signIn, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The Team page and the invitation page in Chromium against a real server: the owner invites an
 * editor, the link (read from the page, not the clipboard) is accepted in another browser which
 * lands signed in; the owner makes the newcomer a viewer, then removes them; an expired link and
 * a used one say so; a viewer sees the members and nothing that changes them but leaving; an editor
 * leaves and is signed out.
 */
const availability = browserAvailability();
const INVITATION_TTL_HOURS = 72;

describe.skipIf(!availability.run)('the Team page in Chromium', () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let a: Awaited<ReturnType<typeof accountWithEveryRole>>;
  let me: { name: string; member: { name: string } };
  let usedLink: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    running = await startConsole({ app: { env: { INVITATION_TTL_HOURS: String(INVITATION_TTL_HOURS) } } });
    ({ t, origin, browser } = running);
    a = await accountWithEveryRole(t);
    me = (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(a.sessions.owner) })).json();
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await running?.close();
  });

  /** A fresh browser profile; every answer of 400 or more from this server is noted. */
  async function freshPage(): Promise<{ page: Page; failed: string[] }> {
    const { context, page, failed } = await openPage(browser);
    contexts.push(context);
    return { page, failed };
  }

  async function signedIn(email: string) {
    const opened = await freshPage();
    await signIn(opened.page, origin, email, a.password);
    await opened.page.getByRole('heading', { name: 'Assistants', level: 1 }).waitFor();
    return opened;
  }

  const memberRow = (page: Page, email: string) =>
    page
      .getByRole('region', { name: 'Members' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: email, exact: true }) });

  it('invites an editor whose link is accepted in another browser, then changes their role and removes them', async () => {
    const { page, failed } = await signedIn(a.members.owner.email);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: /^Team/ }).click();
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await memberRow(page, a.members.viewer.email).waitFor();
    await memberRow(page, a.members.owner.email).getByText('You', { exact: true }).waitFor();
    await page.getByText('No pending invitations.').waitFor();

    // Someone who is a member already cannot be invited: the field says so.
    await page.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(a.members.viewer.email);
    await dialog.getByRole('button', { name: 'Create invitation link' }).click();
    await dialog.getByText('This e-mail already belongs to a member.').waitFor();
    expect(failed.splice(0)).toEqual(['422 /api/user/invitations']);

    // The owner may give every role; the default is editor.
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('nadia@example.com');
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Viewer', 'Editor', 'Admin', 'Owner']);
    await page.getByRole('option', { name: 'Editor', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create invitation link' }).click();
    const shown = page.getByRole('dialog', { name: 'Invitation for nadia@example.com' });
    const linkField = shown.getByRole('textbox', { name: 'Invitation link' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${origin}/app/invitations/.+`));
    expect(await linkField.getAttribute('readonly')).not.toBeNull();
    await shown.getByText(`It works once and expires in ${INVITATION_TTL_HOURS / 24} days`).waitFor();
    await shown.getByRole('button', { name: 'Copy link' }).waitFor();
    await expectAccessible(page, 'team, invitation link');
    await saveScreenshot(page, 'team-invite-link');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    const invitations = page.getByRole('region', { name: 'Pending invitations' });
    const pending = invitations.getByRole('row').filter({ hasText: 'nadia@example.com' });
    await pending.waitFor();
    expect(await pending.getByRole('cell').allTextContents()).toEqual([
      'nadia@example.com',
      'Editor',
      me.member.name,
      `in ${INVITATION_TTL_HOURS / 24} days`,
      'Revoke',
    ]);
    await expectAccessible(page, 'team, owner');
    await saveScreenshot(page, 'team');

    // The invitee, in a browser of their own.
    const invitee = await freshPage();
    await invitee.page.goto(link);
    await invitee.page.getByText(`${me.member.name} invited you to join ${me.name} as an editor.`).waitFor();
    expect(await invitee.page.getByRole('textbox', { name: /^E-mail/ }).inputValue()).toBe('nadia@example.com');
    await invitee.page.getByRole('textbox', { name: /^Your name/ }).fill('Nadia Novak');
    await invitee.page.getByLabel(/^Password/).fill('nadia password 1');
    await invitee.page.getByLabel(/^Confirm password/).fill('nadia password 2');
    await invitee.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await invitee.page.getByText('The two passwords are not the same.').waitFor();
    await invitee.page.getByLabel(/^Confirm password/).fill('nadia password 1');
    await expectAccessible(invitee.page, 'invitation');
    await saveScreenshot(invitee.page, 'invitation-accept');
    await invitee.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await invitee.page.waitForURL(`${origin}/app/assistants`);
    await invitee.page.getByRole('heading', { name: 'Assistants', level: 1 }).waitFor();
    await invitee.page.getByRole('banner').getByText('nadia@example.com').waitFor();
    // An editor: the API keys are not in the navigation.
    const sections = invitee.page.getByRole('navigation', { name: 'Console sections' });
    await sections.getByRole('link', { name: /^Team/ }).waitFor();
    expect(await sections.getByRole('link', { name: /^API keys/ }).count()).toBe(0);
    expect(invitee.failed).toEqual([]);
    usedLink = link;

    // The owner sees the newcomer, and the invitation is no longer pending.
    await page.reload();
    const row = memberRow(page, 'nadia@example.com');
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['Nadia Novak', 'nadia@example.com', 'Editor']);
    await invitations.getByText('No pending invitations.').waitFor();

    await row.getByRole('button', { name: 'Change the role of Nadia Novak' }).click();
    await page.getByRole('menuitem', { name: 'Viewer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Make Nadia Novak a viewer?' });
    await confirm.getByText('The new role applies at once, also in the sessions Nadia Novak has open.').waitFor();
    await confirm.getByRole('button', { name: 'Make a viewer' }).click();
    await page.getByText('Nadia Novak is now a viewer.').waitFor();
    await expect.poll(async () => (await row.getByRole('cell').allTextContents())[2]).toBe('Viewer');

    // The last owner cannot step down: the server's words, in the dialog.
    await memberRow(page, a.members.owner.email).getByRole('button', { name: 'Change the role of yourself' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    const stepDown = page.getByRole('dialog', { name: 'Make yourself an admin?' });
    await stepDown.getByRole('button', { name: 'Make an admin' }).click();
    await stepDown
      .getByRole('alert')
      .getByText("The account's last owner cannot be demoted; make another member an owner first.")
      .waitFor();
    await stepDown.getByRole('button', { name: 'Cancel' }).click();
    expect(failed.splice(0)).toEqual([`422 /api/user/members/${a.members.owner.id}`]);

    await row.getByRole('button', { name: 'Remove Nadia Novak' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove Nadia Novak?' });
    await remove.getByText('their open sessions end at once', { exact: false }).waitFor();
    await remove.getByRole('button', { name: 'Remove member' }).click();
    await page.getByText('Nadia Novak is no longer a member of this account.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(failed).toEqual([]);

    // Her session ended with her membership: the next page asks her to sign in.
    await invitee.page.goto(`${origin}/app/conversations`);
    await invitee.page.waitForURL(/\/app\/sign-in/);
  });

  it('says so when a link was used already, is unknown, or has expired', async () => {
    const { page } = await freshPage();
    await page.goto(usedLink);
    await page.getByRole('heading', { name: 'This invitation can no longer be used' }).waitFor();
    await page.getByText('This invitation has already been accepted.').waitFor();
    await page.getByRole('link', { name: 'Sign in to Switchboard' }).waitFor();

    await page.goto(`${origin}/app/invitations/not-a-real-link`);
    await page.getByRole('heading', { name: 'This invitation link does not work' }).waitFor();

    const late = await invite(t.app, a.sessions.owner, 'late@example.com', 'viewer');
    t.clock.advance((INVITATION_TTL_HOURS + 1) * 3_600_000);
    await page.goto(`${origin}/app/invitations/${encodeURIComponent(late.token)}`);
    await page.getByRole('heading', { name: 'This invitation can no longer be used' }).waitFor();
    await page.getByText('This invitation has expired. Ask an admin of the account for a new one.').waitFor();
    await expectAccessible(page, 'invitation, expired');
    await saveScreenshot(page, 'invitation-expired');
    await page.getByRole('link', { name: 'Sign in to Switchboard' }).click();
    await page.waitForURL(`${origin}/app/sign-in`);
  });

  it('shows a viewer the members and nothing that changes them', async () => {
    const { page, failed } = await signedIn(a.members.viewer.email);
    await page.goto(`${origin}/app/team`);
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await memberRow(page, a.members.owner.email).waitFor();
    await memberRow(page, a.members.viewer.email).getByText('You', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Members' }).getByRole('row').count()).toBe(5);
    for (const name of [/Change the role/, /^Remove/, /Invite a member/, /Revoke/]) {
      expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
    }
    // Only leaving: on their own row, and nowhere else.
    expect(await page.getByRole('button', { name: 'Leave the account' }).count()).toBe(1);
    await memberRow(page, a.members.viewer.email).getByRole('button', { name: 'Leave the account' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Pending invitations' }).count()).toBe(0);
    await page.getByText('Your role (viewer) cannot invite members or change them. Ask an admin or an owner of the account.').waitFor();
    await expectAccessible(page, 'team, viewer');
    await saveScreenshot(page, 'team-viewer');
    expect(failed).toEqual([]);
  });

  it('shows each API key with its role and creator, and lets an admin give a key at most their own role', async () => {
    const { page, failed } = await signedIn(a.members.admin.email);
    await page.goto(`${origin}/app/keys`);
    await page.getByLabel("New key's name").fill('Booking sync');
    await page.getByRole('combobox', { name: /^Role/ }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Viewer', 'Editor', 'Admin']);
    await page.getByRole('option', { name: 'Editor', exact: true }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Key "Booking sync" created' });
    await dialog.getByText('Role Editor: Builds and runs assistants, knowledge, tools and campaigns.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Booking sync', exact: true }) });
    expect((await row.getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['Booking sync', 'Editor', 'A admin']);
    await expectAccessible(page, 'API keys with roles');
    await saveScreenshot(page, 'api-keys-roles');
    expect(failed).toEqual([]);

    // The key stays when its creator leaves; the list no longer names them.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/members/${a.members.admin.id}`,
      headers: bearer(a.sessions.owner),
    });
    expect(removed.statusCode).toBe(200);
    const owner = await signedIn(a.members.owner.email);
    await owner.page.goto(`${origin}/app/keys`);
    const kept = owner.page.getByRole('row').filter({ has: owner.page.getByRole('cell', { name: 'Booking sync', exact: true }) });
    await kept.waitFor();
    expect((await kept.getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['Booking sync', 'Editor', 'A former member']);
  });

  it('lets an editor leave the account: signed out at once, and the sign-in is refused after', async () => {
    const { page, failed } = await signedIn(a.members.editor.email);
    await page.goto(`${origin}/app/team`);
    await memberRow(page, a.members.editor.email).getByRole('button', { name: 'Leave the account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave this account?' });
    await dialog.getByText('You will be signed out at once and can no longer sign in to this account.', { exact: false }).waitFor();
    // An editor cannot open the API keys page: the dialog says who can revoke their keys.
    await dialog.getByText('an admin can revoke them on the API keys page.', { exact: false }).waitFor();
    await expectAccessible(page, 'team, leaving');
    await saveScreenshot(page, 'team-leave');
    await dialog.getByRole('button', { name: 'Leave the account' }).click();
    await page.waitForURL(`${origin}/app/sign-in`);
    await page.getByText('You left the account.').waitFor();
    expect(failed).toEqual([]);

    const members = await t.app.inject({ method: 'GET', url: '/api/user/members', headers: bearer(a.sessions.owner) });
    expect(members.json().members.map((m: { email: string }) => m.email)).not.toContain(a.members.editor.email);
    await signIn(page, origin, a.members.editor.email, a.password);
    await page.getByText('These credentials do not match our records.').first().waitFor();
  });
});
