import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { apiFor, createAssistant } from '../helpers/assistants.js';
import { createSimulatorSender } from '../helpers/chatapp.js';
import type { TestApp } from '../helpers/test-app.js';
import { browserAvailability } from '../../src/modules/widget/fixtures/browser.js';
import { PHONE, expectAccessible, openSignedInPage, saveScreenshot, startConsole, type RunningConsole } from './console-harness.js';

/**
 * The console's record pages in Chromium against a real server: a conversation and its takeover
 * (the reply reaching the chat app simulator), a call's transcript with each reply's wait, and a
 * knowledge base whose uploaded document becomes ready.
 */
const availability = browserAvailability();

describe.skipIf(!availability.run)('the console record pages in Chromium', () => {
  let running: RunningConsole;
  let t: TestApp;
  let origin: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let assistant: { id: number; uuid: string };

  beforeAll(async () => {
    running = await startConsole();
    ({ t, origin } = running);
    owner = await createUser(t.deps, { balanceUsd: 20 });
    assistant = await createAssistant(apiFor(t, owner.token), { name: 'Front desk', status: 'active' });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
  });

  async function signedInPage(): Promise<{ page: Page; errors: string[] }> {
    const { page, failed } = await openSignedInPage(running, owner, { consoleErrors: true });
    return { page, errors: failed };
  }

  it('takes over a chat app conversation, answers the customer as a person, and sees their next message arrive', async () => {
    const api = apiFor(t, owner.token);
    const sender = await createSimulatorSender(t.app, owner.token, { assistant_id: assistant.id });
    const customer = '+40711222333';
    const inbound = (text: string) =>
      api.post(`/api/user/chatapp/senders/${sender.id}/simulate/inbound`, { from: customer, name: 'Ioana', text });
    expect((await inbound('Hi! Do you deliver on Saturdays?')).statusCode).toBe(200);
    await t.deps.jobs.drain();

    const { page, errors } = await signedInPage();
    await page.getByRole('link', { name: 'Conversations' }).first().click();
    await page.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Chat app' }).waitFor();
    await expectAccessible(page, 'conversations list');
    await saveScreenshot(page, 'records-conversations');

    await page
      .getByRole('link', { name: /^Conversation of .*, details$/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Ioana', level: 1 }).waitFor();
    const thread = page.getByRole('list', { name: 'Chat app messages' });
    await thread.getByText('Hi! Do you deliver on Saturdays?', { exact: true }).waitFor();
    await page.getByText('Reply window open').waitFor();
    await page.getByRole('button', { name: 'Take over from the assistant' }).click();
    await page.getByRole('button', { name: 'Hand back to the assistant' }).waitFor();
    const listed = (await api.get('/api/user/conversations?type=chatapp')).json().data[0];
    expect(listed.ai_enabled).toBe(false);

    await page.getByLabel('Your reply').fill('Yes, until 2 pm. Shall I book you in?');
    await page.getByRole('button', { name: 'Send' }).click();
    await thread.getByText(/^You \w/).waitFor();
    await thread.getByText('Yes, until 2 pm. Shall I book you in?', { exact: true }).waitFor();
    const messages = (
      await api.get(`/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=${encodeURIComponent(customer)}`)
    ).json().data;
    expect(messages.at(-1)).toMatchObject({ direction: 'outbound', kind: 'text', body: 'Yes, until 2 pm. Shall I book you in?' });
    const outboundBefore = messages.filter((m: { direction: string }) => m.direction === 'outbound').length;

    // The customer answers while a person has the conversation: it shows up without a reload, and the assistant stays quiet.
    expect((await inbound('Yes please, at 11.')).statusCode).toBe(200);
    await t.deps.jobs.drain();
    await thread.getByText('Yes please, at 11.', { exact: true }).waitFor();
    const after = (
      await api.get(`/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=${encodeURIComponent(customer)}`)
    ).json().data;
    expect(after.filter((m: { direction: string }) => m.direction === 'outbound').length).toBe(outboundBefore);
    await expectAccessible(page, 'chat app conversation taken over');
    await saveScreenshot(page, 'records-conversation-takeover');

    await page.getByRole('button', { name: 'Hand back to the assistant' }).click();
    await page.getByRole('button', { name: 'Take over from the assistant' }).waitFor();
    expect((await api.get('/api/user/conversations?type=chatapp')).json().data[0].ai_enabled).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("shows a test conversation's transcript with its function calls and variables", async () => {
    const now = t.clock.now();
    const [row] = await t.deps.db
      .insertInto('conversations')
      .values({
        uuid: randomUUID(),
        user_id: owner.user.id,
        origin_assistant_id: assistant.id,
        assistant_id: assistant.id,
        type: 'test',
        variables: JSON.stringify({ customer_name: 'Jane' }),
        message_count: 3,
        last_activity_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'uuid'])
      .execute();
    await t.deps.db
      .insertInto('conversation_messages')
      .values([
        { conversation_id: row!.id, role: 'assistant', content: 'Hi! How can I help?', created_at: now },
        { conversation_id: row!.id, role: 'user', content: 'Where is order 1042?', created_at: now },
        {
          conversation_id: row!.id,
          role: 'assistant',
          content: 'It left our shop this morning.',
          created_at: now,
          function_calls: JSON.stringify([{ name: 'lookup_order', arguments: { order: '1042' }, result: { status: 'shipped' } }]),
        },
      ])
      .execute();

    const { page } = await signedInPage();
    await page.goto(`${origin}/app/conversations/${row!.uuid}`);
    await page.getByRole('heading', { name: 'Conversation with Front desk', level: 1 }).waitFor();
    await page.getByText('Where is order 1042?').waitFor();
    await page.getByText('Used the action “lookup_order”').click();
    await page.getByText('"status": "shipped"').waitFor();
    await page.getByText('Jane').waitFor();
    await expectAccessible(page, 'conversation transcript');
    await saveScreenshot(page, 'records-conversation-transcript');
    await page.context().close();
  }, 60_000);

  it("opens a call on its own page: facts, recording, transcript with function calls and each reply's wait", async () => {
    const now = t.clock.now();
    const start = now.getTime() / 1000 - 60;
    const created = new Date(now.getTime() - 70_000);
    const answered = new Date(created.getTime() + 6_000);
    const ended = new Date(answered.getTime() + 62_000);
    const latency = {
      caller_speech_ended_at: start + 5,
      transcript_final_at: start + 5.25,
      model_first_token_at: start + 5.7,
      first_audio_sent_at: start + 6.05,
    };
    const inserted = await t.deps.db
      .insertInto('calls')
      .values({
        uuid: randomUUID(),
        user_id: owner.user.id,
        assistant_id: assistant.id,
        phone_number_id: null,
        type: 'inbound',
        direction: 'inbound',
        status: 'completed',
        provider: 'twilio',
        provider_call_id: 'CA1',
        provider_account_id: null,
        from_number: '+14155550100',
        to_number: '+14155550199',
        variables: JSON.stringify({}),
        evaluation: JSON.stringify({ booked: true, summary: 'Booked a table for two at 19:00.' }),
        transcript: JSON.stringify([
          { type: 'transcript', sender: 'bot', text: 'Bread & Co, how can I help?', timestamp: start },
          { type: 'transcript', sender: 'human', text: 'A table for two tonight?', timestamp: start + 4 },
          {
            type: 'transcript',
            sender: 'bot',
            text: 'Booked for 19:00.',
            timestamp: start + 6,
            latency,
            function_calls: [{ name: 'book_table', arguments: { people: 2 }, result: { ok: true } }],
          },
        ]),
        answered_by: 'human',
        duration_seconds: 62,
        end_reason: 'ended_by_customer',
        recording_path: null,
        recording_url: null,
        price_per_minute_micros: 100_000,
        cost_micros: 110_000,
        billing_settled_at: now,
        lease_holder: null,
        lease_until: null,
        heartbeat_at: null,
        answered_at: answered,
        ended_at: ended,
        finalized_at: now,
        created_at: created,
        updated_at: now,
      })
      .returning('id')
      .execute()
      .then(([call]) => call!);
    // Half a second of silence, as the engine stores a recording (DATA_DIR/recordings).
    mkdirSync(join(t.deps.config.DATA_DIR, 'recordings'), { recursive: true });
    writeFileSync(join(t.deps.config.DATA_DIR, 'recordings', `${inserted.id}.wav`), silentWav(0.5));
    await t.deps.db
      .updateTable('calls')
      .set({ recording_path: `recordings/${inserted.id}.wav`, recording_url: `${origin}/api/user/calls/${inserted.id}/recording` })
      .where('id', '=', inserted.id)
      .execute();

    const { page, errors } = await signedInPage();
    await page.goto(`${origin}/app/calls`);
    await page
      .getByRole('link', { name: /^Call of .*, details$/ })
      .first()
      .click();
    await page.waitForURL(`${origin}/app/calls/${inserted.id}`);
    // A deep link: the page reads its call again after a reload.
    await page.reload();
    await page.getByRole('heading', { name: /^Call of /, level: 1 }).waitFor();
    const about = page.getByRole('region', { name: 'About this call' });
    await about.getByText('Status').waitFor();
    const facts = await about.locator('dt, dd').allInnerTexts();
    expect(facts).toEqual([
      'STATUS',
      'Completed',
      'DIRECTION',
      'Inbound: the assistant was called',
      'CHANNEL',
      'Phone',
      'TALK TIME',
      '1 min 02 s',
      'ANSWERED AFTER',
      '6 s',
      'FROM START TO END',
      '1 min 08 s',
      'COST',
      '$0.11',
      'ENDED BECAUSE',
      'Ended by customer',
      'ANSWERED BY',
      'A person',
      'CALLER',
      '+14155550100',
      'ASSISTANT’S NUMBER',
      '+14155550199',
    ]);
    await page.getByText('1 reply timed: the caller waited 1.05 s.', { exact: true }).waitFor();
    await page.getByText('A table for two tonight?').waitFor();
    await page.getByText('Caller waited 1.05 s', { exact: true }).waitFor();
    await page.getByText('Understanding the caller: 250 ms', { exact: true }).waitFor();
    await page.getByText('Thinking of an answer: 450 ms', { exact: true }).waitFor();
    await page.getByText('Starting to speak: 350 ms', { exact: true }).waitFor();
    await page.getByText('Used the action “book_table”').click();
    await page.getByText('"people": 2').waitFor();
    await page.getByText('Booked a table for two at 19:00.').waitFor();
    await page.getByText('Yes', { exact: true }).waitFor();
    const player = page.getByLabel('Call recording');
    await player.waitFor();
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.src)).toMatch(/^blob:/);
    await page.waitForFunction(() => ((document.querySelector('audio') as HTMLAudioElement | null)?.readyState ?? 0) >= 1);
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(0.5, 1);
    await expectAccessible(page, 'call page');
    await saveScreenshot(page, 'records-call');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'records-call-phone');
    expect(errors).toEqual([]);

    // Someone else's call, or none: said in words.
    await page.goto(`${origin}/app/calls/99999999`);
    await page.getByRole('alert').getByText('Call not found', { exact: true }).waitFor();
    await page.context().close();
  }, 60_000);

  it('creates a knowledge base, uploads a file and adds a website that become ready, and searches it', async () => {
    const { page, errors } = await signedInPage();
    await page.goto(`${origin}/app/knowledge`);
    await page.getByRole('heading', { name: 'Knowledge', level: 1 }).waitFor();
    await page.getByText('No knowledge base yet.').waitFor();
    await expectAccessible(page, 'knowledge, empty');
    await page.getByLabel('New knowledge base').fill('Shop FAQ');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Shop FAQ', level: 2 }).waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file…' }).click();
    await (await chooser).setFiles({
      name: 'Opening hours.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Opening hours\n\nWe open at 8:00 from Monday to Saturday and close at 18:00. On Sundays we are closed.\n'),
    });
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('cell', { name: 'Opening hours', exact: true }).waitFor();
    await documents.getByText('Reading…').waitFor();
    await t.deps.jobs.drain();
    await documents.getByText('Ready').first().waitFor();

    // A website: the shop's delivery page on a local server, read without its links.
    const site = createServer((request, response) => {
      if (request.url === '/delivery') {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<html><head><title>Delivery</title></head><body><main><h1>Delivery</h1><p>We deliver within the city on Saturdays until 14:00.</p></main></body></html>',
          );
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/delivery`;
    await page.getByLabel('Page address').fill(siteUrl);
    await page.getByRole('textbox', { name: 'Linked pages to read too' }).fill('0');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await documents.getByText(siteUrl).waitFor();
    await t.deps.jobs.drain();
    await documents
      .getByRole('row', { name: new RegExp(siteUrl.replace(/[.?]/g, '\\$&')) })
      .getByText('Ready')
      .waitFor();
    site.close();

    await page.getByRole('textbox', { name: 'Question' }).fill('When do you open on Saturday?');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('list', { name: 'Passages found' })
      .getByText(/We open at 8:00/)
      .waitFor();
    await expectAccessible(page, 'knowledge base with a document');
    await saveScreenshot(page, 'records-knowledge');
    const listed = (await apiFor(t, owner.token).get('/api/user/knowledgebases')).json().data;
    expect(listed).toMatchObject([{ name: 'Shop FAQ', status: 'active', documents_count: 2 }]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});

/** A mono 16-bit PCM WAV of silence. */
function silentWav(seconds: number, rate = 8000): Buffer {
  const data = Math.round(seconds * rate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}
