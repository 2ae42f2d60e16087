import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { apiFor, createAssistant, type Api } from '../helpers/assistants.js';
import { chatappEnv, GRAPH_TEMPLATES, inboundText, postWebhook } from '../helpers/chatapp.js';
import { startFakeGraph, type FakeGraph } from '../helpers/fakes/graph.js';
import { startNumbersApp } from '../helpers/numbers.js';
import type { VoiceTestApp } from '../helpers/voice.js';
import { startWebhookSink, type WebhookSink } from '../helpers/webhook-sink.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import {
  DESKTOP,
  PHONE,
  expectAccessible,
  firstPageScriptGzipBytes,
  openSignedInPage,
  saveScreenshot,
  startConsole,
  type RunningConsole,
} from './console-harness.js';

/**
 * The platform pages in Chromium against a real server with the fake Graph API, the fake Twilio
 * and a tool endpoint: a chat app number connected after a refused ownership check, its templates
 * synced and calling turned on; a number searched, bought and given to an assistant, then
 * released; a custom tool created and sent a test request; folders and labels kept. Each page is
 * checked with axe and photographed at 1280 and 390 px into artifacts/console/.
 */
const availability = browserAvailability();
const BUDGET_GZIP_BYTES = 250 * 1024;

describe.skipIf(!availability.run)('the platform pages in Chromium', () => {
  let running: RunningConsole<VoiceTestApp>;
  let v: VoiceTestApp;
  let graph: FakeGraph;
  let sink: WebhookSink;
  let origin: string;
  let owner: Awaited<ReturnType<typeof createUser>> & { api: Api };
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    graph = await startFakeGraph();
    sink = await startWebhookSink();
    running = await startConsole({ serve: () => startNumbersApp(chatappEnv(graph)) });
    ({ server: v, origin } = running);
    const user = await createUser(v.t.deps, { balanceUsd: 20 });
    owner = { ...user, api: apiFor(v.t, user.token) };
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await graph?.close();
    await sink?.close();
  });

  /** A signed-in page that records failed requests and console errors; only the ones a test causes are expected. */
  beforeEach(async () => {
    ({ page, failed: errors } = await openSignedInPage(running, owner, { consoleErrors: true }));
  });

  /** The page at 390 px: axe-clean, nothing wider than the screen, photographed. */
  async function atPhoneWidth(name: string) {
    await page.setViewportSize(PHONE);
    await expectAccessible(page, `${name} at 390 px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, `${name}-phone`);
    await page.setViewportSize(DESKTOP);
  }

  it('keeps the first page within its budget with the new pages lazy, and every section within reach', async () => {
    const { bytes } = firstPageScriptGzipBytes();
    expect(bytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    // Every section and the API reference on a 1280 x 800 screen: the navigation scrolls.
    const reference = page.getByRole('link', { name: /^API reference/ });
    await reference.scrollIntoViewIfNeeded();
    expect(await reference.evaluate((link) => link.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  });

  it('connects a chat app number after a refused ownership check, syncs templates, turns calling on and asks a customer to call', async () => {
    const number = {
      id: '106540352242999',
      wabaId: '102290129340999',
      displayPhoneNumber: '+40 711 000 222',
      token: 'EAAJBrealtoken0123456789',
    };
    graph.addPhoneNumber(number);
    graph.setTemplates(number.wabaId, GRAPH_TEMPLATES.slice(0, 4));

    await page.getByRole('link', { name: /^Chat apps/ }).click();
    await page.getByRole('heading', { name: 'Connect your first number' }).waitFor();
    await expectAccessible(page, 'chat apps, none yet');
    await saveScreenshot(page, 'chat-apps-empty');

    await page.getByRole('button', { name: 'Connect a number' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect a number' });
    await dialog.getByLabel('Name').fill('Shop WhatsApp');
    await dialog.getByRole('textbox', { name: /^Phone number( \*)?$/ }).fill('+40 711 000 222');
    await dialog.getByLabel('Phone number ID').fill(number.id);
    await dialog.getByLabel('WhatsApp Business Account ID').fill(number.wabaId);
    const token = dialog.getByRole('textbox', { name: /^Access token/ });
    await token.fill('EAAJBexpiredtoken');
    await dialog.getByRole('button', { name: 'Check with Meta and connect' }).click();
    const refused = dialog.getByRole('alert');
    await refused.getByText('The number was not connected: Meta did not accept the access token').waitFor();
    await refused.getByText(/Meta said: “Invalid OAuth access token - Cannot parse access token \(code 190\)”/).waitFor();
    expect((await owner.api.get('/api/user/chatapp/senders?status=all')).json().data).toEqual([]);
    await expectAccessible(page, 'connect refused');
    await saveScreenshot(page, 'chat-app-connect-refused');
    expect(errors.splice(0)).toEqual(['422 /api/user/chatapp/senders']);

    await token.fill(number.token);
    await dialog.getByRole('button', { name: 'Check with Meta and connect' }).click();
    await page.getByRole('heading', { name: 'Shop WhatsApp', level: 1 }).waitFor();
    const [sender] = (await owner.api.get('/api/user/chatapp/senders?status=all')).json().data;
    expect(sender).toMatchObject({
      display_name: 'Shop WhatsApp',
      phone_number: '+40711000222',
      status: 'online',
      voice_calling_enabled: false,
    });
    expect(page.url()).toBe(`${origin}/app/chat-apps/${sender.id}`);

    // Templates as Meta has them; a new approved one arrives with the sync.
    const templates = page.getByRole('region', { name: 'Message templates' });
    await templates.getByRole('cell', { name: /order_support_call/ }).waitFor();
    await templates.getByText('Waiting for review').waitFor();
    graph.setTemplates(number.wabaId, [...GRAPH_TEMPLATES.slice(0, 4), { ...GRAPH_TEMPLATES[0], id: '777', name: 'pickup_ready' }]);
    const syncsBefore = graph.requests.filter((r) => r.path === `/${number.wabaId}/message_templates`).length;
    await templates.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('Templates are up to date: 5 templates, as Meta has them now.').waitFor();
    await templates.getByRole('cell', { name: /pickup_ready/ }).waitFor();
    expect(graph.requests.filter((r) => r.path === `/${number.wabaId}/message_templates`).length).toBe(syncsBefore + 1);

    // Calling on: applied on the platform first.
    await page.getByRole('switch', { name: 'Calling' }).click();
    await page.getByText('Calling is on: customers can call this number.').waitFor();
    expect(graph.requests.filter((r) => r.path === `/${number.id}/settings`).map((r) => r.body)).toEqual([
      { calling: { status: 'ENABLED' } },
    ]);
    expect((await owner.api.get(`/api/user/chatapp/senders/${sender.id}`)).json().data.voice_calling_enabled).toBe(true);

    // The delivery receipts URL.
    await page.getByLabel('Delivery receipts URL').fill('https://hooks.breadandco.example/whatsapp/status');
    await page.getByRole('region', { name: 'Settings' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect((await owner.api.get(`/api/user/chatapp/senders/${sender.id}`)).json().data.status_webhook_url).toBe(
      'https://hooks.breadandco.example/whatsapp/status',
    );

    // A customer who wrote a minute ago: the window is open, and they can be asked to allow calls.
    v.t.clock.advance(1_000);
    const at = new Date(v.t.clock.now().getTime() - 60_000);
    expect(
      (await postWebhook(v.t.app, inboundText({ phoneNumberId: number.id, from: '40722333444', name: 'Ioana', id: 'wamid.ui-1', at })))
        .statusCode,
    ).toBe(200);
    await v.t.deps.jobs.drain();
    const customer = page.getByRole('region', { name: 'A customer' });
    await customer.getByLabel("Customer's phone number").fill('+40722333444');
    await customer.getByRole('button', { name: 'Look up' }).click();
    await customer.getByText('You can write freely for 23 more hours.').waitFor();
    await customer.getByText('Not asked yet').waitFor();
    await customer.getByText('You can ask them now.').waitFor();
    await customer.getByRole('button', { name: 'Ask to call' }).click();
    await customer.getByText('Asked, waiting for their answer').waitFor();
    expect(graph.sends().filter((r) => r.body?.interactive?.type === 'call_permission_request')).toHaveLength(1);
    await expectAccessible(page, 'chat app number');
    await saveScreenshot(page, 'chat-app-number');
    await atPhoneWidth('chat-app-number');
    expect(errors).toEqual([]);
  });

  it('searches, buys and assigns a number, refusing an assistant the inbound rules exclude, then releases it', async () => {
    const frontDesk = await createAssistant(owner.api, { name: 'Front desk', type: 'inbound' });
    await createAssistant(owner.api, { name: 'Night line', type: 'inbound' });
    v.twilio.numbers.addAvailable({
      phoneNumber: '+14155550188',
      isoCountry: 'US',
      kind: 'Local',
      locality: 'San Francisco',
      region: 'CA',
      sms: true,
      addressRequirements: 'local',
    });

    await page.getByRole('link', { name: /^Phone numbers/ }).click();
    await page.getByRole('heading', { name: 'Get your first number' }).waitFor();
    await saveScreenshot(page, 'phone-numbers-empty');
    await page.getByRole('button', { name: 'Buy a number' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Buy a number' });
    await dialog.getByLabel('Area code').fill('415');
    await dialog.getByLabel('Can receive text messages (SMS)').check();
    await dialog.getByRole('button', { name: 'Search' }).click();
    const results = dialog.getByRole('table', { name: 'Numbers for sale' });
    await results.getByText('+1 415-555-0101').waitFor();
    expect(Object.fromEntries(new URL(v.twilio.searches().at(-1)!.path, 'http://x').searchParams)).toMatchObject({
      AreaCode: '415',
      SmsEnabled: 'true',
    });
    await results
      .getByText('Twilio sells this number only with an address in its country registered with Twilio, so it cannot be bought here.')
      .waitFor();
    expect(await results.getByRole('button', { name: 'Buy +1 415-555-0188' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'numbers for sale');
    await saveScreenshot(page, 'phone-number-search');

    await results.getByRole('button', { name: 'Buy +1 415-555-0101' }).click();
    const confirm = page.getByRole('dialog', { name: 'Buy +1 415-555-0101?' });
    await confirm.getByText('your balance goes from $20.00 to $16.01').waitFor();
    await confirm.getByLabel('Nickname (optional)').fill('Orders line');
    await expectAccessible(page, 'buy confirmation');
    await saveScreenshot(page, 'phone-number-buy-confirm');
    expect(v.twilio.purchases()).toEqual([]);
    await confirm.getByRole('button', { name: 'Buy for $3.99 a month' }).click();
    await page.getByText('+1 415-555-0101 is yours').waitFor();
    expect(v.twilio.purchases().map((r) => r.form.PhoneNumber)).toEqual(['+14155550101']);
    const [bought] = (await owner.api.get('/api/user/phone-numbers/all')).json().data;
    expect(bought).toMatchObject({ phone_number: '+14155550101', nickname: 'Orders line', monthly_price: 3.99 });
    const row = page.getByRole('row', { name: /\+14155550101/ });
    await row.getByText('Orders line · Bought here · $3.99 a month').waitFor();

    // Given to the inbound Front desk; Night line cannot also answer it.
    await row.getByRole('button', { name: 'Actions for +14155550101' }).click();
    await page.getByRole('menuitem', { name: 'Give to an assistant' }).click();
    const assign = page.getByRole('dialog', { name: 'Give +14155550101 to an assistant' });
    await assign.getByRole('radio', { name: 'Front desk (answers calls)' }).check();
    await assign.getByRole('button', { name: 'Give it to this assistant' }).click();
    await row.getByRole('link', { name: 'Front desk' }).waitFor();
    expect((await owner.api.get(`/api/user/assistant/${frontDesk.id}`)).json().data.phone_number_id).toBe(bought.id);
    await row.getByRole('button', { name: 'Actions for +14155550101' }).click();
    await page.getByRole('menuitem', { name: 'Give to an assistant' }).click();
    await assign.getByText('Night line: Front desk already answers calls to this number; a number has one inbound assistant.').waitFor();
    expect(await assign.getByRole('radio').count()).toBe(0);
    await expectAccessible(page, 'assign a number');
    await saveScreenshot(page, 'phone-number-assign');
    await assign.getByRole('button', { name: 'Cancel' }).click();

    // Released: it works until the end of the month paid for, as the API says.
    await row.getByRole('button', { name: 'Actions for +14155550101' }).click();
    await page.getByRole('menuitem', { name: 'Release' }).click();
    const release = page.getByRole('dialog', { name: 'Release +14155550101?' });
    await release.getByText(/keeps working until then and is not renewed/).waitFor();
    await release.getByRole('button', { name: 'Release the number' }).click();
    await page.getByText('Phone number released successfully. It will be removed at the end of the billing period.').waitFor();
    await row.getByRole('cell', { name: /^Released: it works until/ }).waitFor();
    expect(v.twilio.releases()).toEqual([]);
    await expectAccessible(page, 'phone numbers');
    await saveScreenshot(page, 'phone-numbers');
    await atPhoneWidth('phone-numbers');
    expect(errors).toEqual([]);
  });

  it('creates a custom tool and sends it a test request that shows the request and the response', async () => {
    sink.respondWith(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"status":"shipped","eta":"Friday"}' }));
    await page.getByRole('link', { name: /^Tools/ }).click();
    await page.getByRole('heading', { name: 'Create your first tool' }).waitFor();
    await page.getByRole('link', { name: 'New tool' }).first().click();
    await page.getByLabel('Name').fill('check_order_status');
    await page.getByLabel('When to use it').fill("Looks up an order's delivery status by its number.");
    await page.getByLabel('Address (URL)').fill(`${sink.url}/orders`);
    await page.getByRole('button', { name: 'Add a value' }).click();
    await page.getByRole('textbox', { name: 'Name' }).nth(1).fill('order_id');
    await page.getByLabel('What it is').fill("The customer's order number");
    await page.getByRole('button', { name: 'Add a header' }).click();
    await page.getByLabel('Header', { exact: true }).fill('X-Api-Key');
    await page.getByLabel('Value', { exact: true }).fill('sk_live_4f9a8b7c6d5e1234567890');
    await expectAccessible(page, 'new tool');
    await saveScreenshot(page, 'tool-new');
    await page.getByRole('button', { name: 'Create tool' }).click();
    await page.getByRole('heading', { name: 'check_order_status', level: 1 }).waitFor();
    const [tool] = (await owner.api.get('/api/user/tools')).json();
    expect(page.url()).toBe(`${origin}/app/tools/${tool.id}`);

    const test = page.getByRole('region', { name: 'Send a test request' });
    await test.getByLabel('order_id').fill('A-17');
    await test.getByRole('button', { name: 'Send a test request' }).click();
    const result = test.getByTestId('tool-test-result');
    await result.getByText('HTTP 200', { exact: true }).waitFor();
    expect(sink.requests.map((r) => [r.method, r.path, r.headers['x-api-key'], r.body])).toEqual([
      ['POST', '/orders', 'sk_live_4f9a8b7c6d5e1234567890', '{"order_id":"A-17"}'],
    ]);
    const sent = await result.getByRole('figure', { name: 'Request sent' }).innerText();
    expect(sent).toContain(`POST ${sink.url}/orders`);
    expect(sent).toContain('x-api-key: sk_l…7890');
    expect(sent).toContain('"order_id": "A-17"');
    expect(await result.getByRole('figure', { name: 'Response' }).innerText()).toContain('"status": "shipped"');
    expect(await page.content()).not.toContain('sk_live_4f9a8b7c6d5e1234567890');
    await expectAccessible(page, 'tool test request');
    await saveScreenshot(page, 'tool-test-request');

    // An unsaved change is not what the test sends: it asks to save first.
    await page.getByLabel('When to use it').fill('Looks up an order by its number.');
    await test.getByText('The test sends the tool as it is saved; your changes above are not saved yet.').waitFor();
    expect(await test.getByRole('button', { name: 'Send a test request' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Assistants use the new settings from their next chat or call.').waitFor();
    expect(await test.getByRole('button', { name: 'Send a test request' }).isDisabled()).toBe(false);
    await atPhoneWidth('tool-test-request');

    await page.getByRole('button', { name: 'Delete this tool' }).click();
    await page.getByRole('dialog', { name: 'Delete check_order_status?' }).getByRole('button', { name: 'Delete tool' }).click();
    await page.getByRole('heading', { name: 'Create your first tool' }).waitFor();
    expect((await owner.api.get('/api/user/tools')).json()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('creates, renames and deletes folders and labels', async () => {
    await page.getByRole('link', { name: /^Folders & labels/ }).click();
    const folders = page.getByRole('region', { name: 'Folders' });
    const labels = page.getByRole('region', { name: 'Labels' });
    await folders.getByText('No folders yet.').waitFor();
    await saveScreenshot(page, 'folders-labels-empty');

    await folders.getByLabel('New folder').fill('Bakeries');
    await folders.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: 'Orange' }).click();
    await folders.getByRole('button', { name: 'Create' }).click();
    await folders.getByText('Bakeries').waitFor();
    await labels.getByLabel('New label').fill('Front desk');
    await labels.getByRole('button', { name: 'Create' }).click();
    await labels.getByText('Front desk', { exact: true }).waitFor();
    const [folder] = (await owner.api.get('/api/user/folders')).json().data;
    const [label] = (await owner.api.get('/api/user/labels')).json().data;
    expect([folder, label]).toMatchObject([
      { name: 'Bakeries', color: 'orange', assistants_count: 0 },
      { name: 'Front desk', color: 'gray', assistants_count: 0 },
    ]);

    // An assistant in the folder: the count links to the assistants list filtered by it.
    await createAssistant(owner.api, { name: 'Counter', folder_id: folder.id, label_ids: [label.id] });
    await page.reload();
    await folders.getByRole('link', { name: '1 assistant' }).waitFor();

    await folders.getByRole('button', { name: 'Rename Bakeries' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename the folder “Bakeries”' });
    await rename.getByLabel('Name').fill('Bakery shops');
    await rename.getByRole('button', { name: 'Save' }).click();
    await folders.getByText('Bakery shops').waitFor();

    await labels.getByRole('button', { name: 'Delete Front desk' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete the label “Front desk”?' });
    await remove.getByText('It is taken off the assistant that has it; they are kept. This cannot be undone.').waitFor();
    await expectAccessible(page, 'delete a label');
    await remove.getByRole('button', { name: 'Delete label' }).click();
    await labels.getByText('No labels yet.').waitFor();
    expect((await owner.api.get('/api/user/labels')).json().data).toEqual([]);
    expect((await owner.api.get('/api/user/folders')).json().data).toMatchObject([{ name: 'Bakery shops', assistants_count: 1 }]);

    await folders.getByRole('link', { name: '1 assistant' }).click();
    await page.waitForURL(`${origin}/app/assistants?folder=${folder.id}`);
    await page.getByRole('link', { name: /^Folders & labels/ }).click();
    await folders.getByText('Bakery shops').waitFor();
    await expectAccessible(page, 'folders and labels');
    await saveScreenshot(page, 'folders-labels');
    await atPhoneWidth('folders-labels');
    expect(errors).toEqual([]);
  });
});
