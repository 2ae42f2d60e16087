import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatappEnv, createCloudSender, postWebhook } from '../../../../test/helpers/chatapp.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { PLATFORM_WEBHOOK_JOB } from '../inbound/inbound.service.js';
import { ownerWithAssistant, startConversationsApp, type ConversationsTestApp } from '../../../../test/helpers/conversations.js';

/**
 * Every inbound event kind, replayed as the platform sends it: the fixture files are the
 * reference's samples (and the SDK fixtures it points to), signed and posted as raw bytes to the
 * real webhook route. Only the phone number id is readdressed to the test's own sender.
 */
let ctx: ConversationsTestApp;
let graph: FakeGraph;
let files: { url: string; requests: Array<{ path: string; headers: IncomingHttpHeaders }>; close(): Promise<void> };
beforeAll(async () => {
  graph = await startFakeGraph();
  files = await startMediaHost();
  ctx = await startConversationsApp(chatappEnv(graph));
});
afterAll(async () => {
  await ctx.close();
  await graph.close();
  await files.close();
});
beforeEach(() => {
  graph.reset();
  files.requests.length = 0;
  ctx.llm.requests.length = 0;
});

const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/chatapp/${name}`, import.meta.url), 'utf8');

/** Posts a fixture to the sender it is readdressed to, at its own time (plus `lateMs`), and runs the jobs. */
async function replay(name: string, phoneNumberId: string, options: { lateMs?: number } = {}) {
  const text = fixture(name).replace(/"phone_number_id": "[^"]*"/g, `"phone_number_id": "${phoneNumberId}"`);
  const stamp = Number(/"timestamp": "(\d+)"/.exec(text)![1]);
  ctx.t.clock.set(new Date(stamp * 1000 + (options.lateMs ?? 5_000)));
  const res = await postWebhook(ctx.t.app, text);
  expect(res.statusCode).toBe(200);
  await ctx.t.deps.jobs.drain();
}

async function owner(withAssistant: boolean) {
  const o = await ownerWithAssistant(ctx.t, { assistant: { post_call_evaluation: false } });
  const sender = await createCloudSender(ctx.t.app, graph, o.token, withAssistant ? { assistant_id: o.assistant.id } : {});
  return { ...o, sender };
}

const get = (token: string, url: string) => ctx.t.app.inject({ method: 'GET', url, headers: bearer(token) });
const messages = async (token: string, senderId: number, key: string) =>
  (await get(token, `/api/user/chatapp/messages?sender_id=${senderId}&recipient_phone=${encodeURIComponent(key)}`)).json();
const session = async (token: string, senderId: number, key: string) =>
  (await get(token, `/api/user/chatapp/session-status?sender_id=${senderId}&recipient_phone=${encodeURIComponent(key)}`)).json();
const sendFreeform = (token: string, senderId: number, key: string, message: string) =>
  ctx.t.app.inject({
    method: 'POST',
    url: '/api/user/chatapp/send-freeform',
    headers: bearer(token),
    payload: { sender_id: senderId, recipient_phone: key, message },
  });
/** Dead jobs, and reply jobs still waiting (nothing else the test runs is due later). */
const unfinishedJobs = () =>
  ctx.t.deps.db
    .selectFrom('jobs')
    .select(['kind', 'last_error'])
    .where((eb) => eb.or([eb('status', '=', 'dead'), eb.and([eb('status', '=', 'pending'), eb('kind', 'like', '%chatapp%')])]))
    .execute();

const CUSTOMER = '+16505551234';
const ORIGINAL_ID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=';

describe('calls open the 24-hour window', () => {
  it("a customer's call opens it even unanswered; then a free-form message can be sent", async () => {
    const { token, sender } = await owner(false);
    await replay('calls-connect-user-initiated.json', sender.phone_number_id);
    const status = await session(token, sender.id, '+917358580180');
    expect(status).toMatchObject({
      has_conversation: true,
      last_customer_message_at: '2025-10-17T06:11:46+00:00',
      session_status: { is_open: true, can_send_freeform: true },
    });
    const sent = await sendFreeform(token, sender.id, '+917358580180', 'Sorry we missed your call.');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(graph.sends().map((s) => [s.body.to, s.body.text.body])).toEqual([['917358580180', 'Sorry we missed your call.']]);
  });

  it('a call that was picked up (terminate with start time and duration) restarts it from the start of the call', async () => {
    const { token, sender } = await owner(false);
    await replay('calls-terminate-user-initiated.json', sender.phone_number_id);
    expect(await session(token, sender.id, '917358580180')).toMatchObject({
      last_customer_message_at: '2025-10-17T06:11:53+00:00',
      session_status: { is_open: true },
    });
  });

  it('a business call opens it only once the customer accepts it; then Ask-to-call is allowed', async () => {
    const { token, sender } = await owner(false);
    await replay('calls-connect-business-initiated.json', sender.phone_number_id);
    expect(await session(token, sender.id, '+16315553602')).toMatchObject({ has_conversation: false, session_status: { is_open: false } });
    await replay('calls-status-accepted.json', sender.phone_number_id);
    expect(await session(token, sender.id, '+16315553602')).toMatchObject({
      has_conversation: true,
      last_customer_message_at: '2022-12-21T17:47:14+00:00',
      session_status: { is_open: true },
    });
    const ask = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/user/chatapp/voice/request',
      headers: bearer(token),
      payload: { sender_id: sender.id, recipient_phone: '+16315553602' },
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(graph.sends().map((s) => [s.body.to, s.body.type])).toEqual([['16315553602', 'interactive']]);
  });
});

describe('group messages', () => {
  it("are stored as the group's traffic: no private window, no answer", async () => {
    const { token, sender } = await owner(true);
    await replay('messages-group.json', sender.phone_number_id);
    expect(await session(token, sender.id, CUSTOMER)).toEqual({
      success: true,
      has_conversation: false,
      session_status: {
        is_open: false,
        can_send_freeform: false,
        requires_template: true,
        message: 'No conversation exists with this recipient. Send a template message first.',
      },
    });
    const group = await messages(token, sender.id, 'group:Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjM0MDQ2OTQyMzM4MjAZD');
    expect(group.data).toMatchObject([
      {
        direction: 'inbound',
        kind: 'text',
        body: 'Sheena Nelson (+16505551234): What do you all think about this?',
        group_id: 'Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjM0MDQ2OTQyMzM4MjAZD',
      },
    ]);
    expect(ctx.llm.requests).toHaveLength(0);
    expect(graph.sends()).toEqual([]);
  });
});

describe('customers who hide their number', () => {
  it('are keyed by the platform user id: stored, answered by recipient id, shown without a phone', async () => {
    const { token, sender, api } = await owner(true);
    ctx.llm.reply({ content: 'It also comes in blue.' });
    await replay('messages-text-hidden-number.json', sender.phone_number_id);
    const bsuid = 'US.13491208655302741918';
    expect(await session(token, sender.id, bsuid)).toMatchObject({
      has_conversation: true,
      customer_name: 'Sheena Nelson',
      session_status: { is_open: true },
    });
    const sends = graph.sends();
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      recipient: bsuid,
      type: 'text',
      text: { body: 'It also comes in blue.', preview_url: false },
    });
    expect((await messages(token, sender.id, bsuid)).data.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
      ['inbound', 'Does it come in another color?'],
      ['outbound', 'It also comes in blue.'],
    ]);
    const listed = (await api.get('/api/user/conversations?type=whatsapp')).json().data;
    expect(listed[0].customer).toEqual({ name: 'Sheena Nelson', phone: null, user_id: bsuid });
  });
});

describe('a message older than its window', () => {
  it('is stored but not answered, charged or left as a dead job', async () => {
    const { token, sender, user } = await owner(true);
    const before = (await ctx.t.deps.services.accounts.getUser(user.id)).balance_micros;
    await replay('messages-text.json', sender.phone_number_id, { lateMs: 25 * 3_600_000 });
    expect((await messages(token, sender.id, CUSTOMER)).data).toMatchObject([
      { direction: 'inbound', body: 'Does it come in another color?' },
    ]);
    expect((await session(token, sender.id, CUSTOMER)).session_status).toMatchObject({
      is_open: false,
      expired_at: '2025-06-09T20:59:43+00:00',
    });
    expect(ctx.llm.requests).toHaveLength(0);
    expect(graph.sends()).toEqual([]);
    expect((await ctx.t.deps.services.accounts.getUser(user.id)).balance_micros).toBe(before);
    expect(await unfinishedJobs()).toEqual([]);
  });
});

describe('deleted and edited messages', () => {
  it('a deletion before the answer marks the message deleted and nothing answers it', async () => {
    const { token, sender } = await owner(true);
    ctx.t.clock.set(new Date(1749416383_000 + 5_000));
    // Both deliveries are read, in order, before the reply engine runs.
    for (const name of ['messages-text.json', 'messages-revoke.json']) {
      const text = fixture(name).replace(/"phone_number_id": "[^"]*"/g, `"phone_number_id": "${sender.phone_number_id}"`);
      expect((await postWebhook(ctx.t.app, text)).statusCode).toBe(200);
    }
    const deliveries = await ctx.t.deps.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', PLATFORM_WEBHOOK_JOB)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
    for (const job of deliveries) await ctx.t.deps.services.chatapp.inbound.processWebhook(job.payload);
    // (Running those jobs again changes nothing: the platform retries deliveries too.)
    await ctx.t.deps.jobs.drain();
    expect((await messages(token, sender.id, CUSTOMER)).data).toMatchObject([
      { message_sid: ORIGINAL_ID, body: 'Does it come in another color?', deleted: true },
    ]);
    expect(ctx.llm.requests).toHaveLength(0);
    expect(graph.sends()).toEqual([]);
    expect(await unfinishedJobs()).toEqual([]);
  });

  it('an edit replaces the text, keeps the original, and the assistant sees the edited text', async () => {
    const { token, sender } = await owner(true);
    ctx.llm.reply({ content: 'Yes, in green.' }, { content: 'Blue it is.' });
    await replay('messages-text.json', sender.phone_number_id);
    await replay('messages-edit.json', sender.phone_number_id);
    const data = (await messages(token, sender.id, CUSTOMER)).data;
    expect(data).toMatchObject([
      {
        direction: 'inbound',
        body: 'Does it come in blue?',
        original_body: 'Does it come in another color?',
        edited: true,
        deleted: false,
      },
      { direction: 'outbound', body: 'Yes, in green.' },
    ]);
    expect(data).toHaveLength(2);
    // The next turn: the model's history holds the edited text, not the first one.
    const next = JSON.parse(
      fixture('messages-text.json').replace(ORIGINAL_ID, 'wamid.next').replace('Does it come in another color?', 'Do you have it?'),
    );
    next.entry[0].changes[0].value.metadata.phone_number_id = sender.phone_number_id;
    await postWebhook(ctx.t.app, next);
    await ctx.t.deps.jobs.drain();
    const seen = ctx.llm.requests
      .at(-1)!
      .body.messages.slice(1)
      .map((m) => m.content);
    expect(seen).toEqual(['Does it come in blue?', 'Yes, in green.', 'Do you have it?']);
  });
});

describe('orders', () => {
  it('are stored with a summary of the items, which the assistant answers', async () => {
    const { token, sender } = await owner(true);
    ctx.llm.reply({ content: 'Order received.' });
    await replay('messages-order.json', sender.phone_number_id);
    const summary = '[Order] 3 x HAMBURGER at 30 ILS, 2 x FRENCH_FRIES at 35 ILS, 2 x SODA at 10 ILS; total 180 ILS';
    expect((await messages(token, sender.id, '+972987654321')).data).toMatchObject([
      { kind: 'order', body: summary },
      { direction: 'outbound', body: 'Order received.' },
    ]);
    expect(ctx.llm.requests.at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'user', content: summary });
  });
});

describe('media', () => {
  const cases = [
    ['messages-image.json', 'image', { id: '65463453', mime_type: 'image/jpeg', caption: null, filename: null }, '[Image]'],
    ['messages-video.json', 'video', { id: '765756756', mime_type: 'video/mp4', caption: 'caption', filename: null }, '[Video] caption'],
    [
      'messages-document.json',
      'document',
      { id: '1234567890987654321', mime_type: 'application/pdf', caption: 'caption', filename: 'filename.pdf' },
      '[Document] caption',
    ],
    [
      'messages-audio.json',
      'audio',
      { id: '1234567890987654321', mime_type: 'audio/ogg; codecs=opus', caption: null, filename: null },
      '[Audio]',
    ],
    [
      'messages-sticker.json',
      'sticker',
      { id: '1234567890987654321', mime_type: 'image/webp', caption: null, filename: null },
      '[Sticker]',
    ],
  ] as const;

  it.each(cases)('%s: stores the media id, type, caption and file name', async (name, kind, media, body) => {
    const { token, sender } = await owner(false);
    await replay(name, sender.phone_number_id);
    expect((await messages(token, sender.id, '+972987654321')).data).toMatchObject([{ kind, body, media }]);
  });

  it('the assistant sees the caption', async () => {
    const { sender } = await owner(true);
    ctx.llm.reply({ content: 'Nice video.' });
    await replay('messages-video.json', sender.phone_number_id);
    expect(ctx.llm.requests.at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'user', content: '[Video] caption' });
  });

  it("GET /api/user/chatapp/media/{id} fetches the file from the platform with the sender's token, for the owner only", async () => {
    const { token, sender } = await owner(false);
    await replay('messages-document.json', sender.phone_number_id);
    const mediaId = '1234567890987654321';
    graph.override((request) =>
      request.method === 'GET' && request.path === `/${mediaId}`
        ? {
            status: 200,
            body: {
              messaging_product: 'whatsapp',
              url: `${files.url}/whatsapp_business/attachments/?mid=${mediaId}`,
              mime_type: 'application/pdf',
              sha256: 'grwfwe',
              file_size: '9',
              id: mediaId,
            },
          }
        : undefined,
    );
    for (const path of ['chatapp', 'whatsapp']) {
      const res = await get(token, `/api/user/${path}/media/${mediaId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('inline; filename="filename.pdf"');
      expect(res.rawPayload.toString()).toBe('%PDF-1.4\n');
    }
    const lookups = graph.requests.filter((r) => r.path === `/${mediaId}`);
    expect(lookups.map((r) => r.headers.authorization)).toEqual([
      'Bearer EAAJBtestaccesstoken0123456789',
      'Bearer EAAJBtestaccesstoken0123456789',
    ]);
    expect(files.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer EAAJBtestaccesstoken0123456789',
      'Bearer EAAJBtestaccesstoken0123456789',
    ]);

    const stranger = await createUser(ctx.t.deps);
    const other = await get(stranger.token, `/api/user/chatapp/media/${mediaId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, error: 'Media not found.', error_code: 'MEDIA_NOT_FOUND' });
    expect(graph.requests.filter((r) => r.path === `/${mediaId}`)).toHaveLength(2);
    expect((await get(token, '/api/user/chatapp/media/999')).json()).toEqual({
      success: false,
      error: 'Media not found.',
      error_code: 'MEDIA_NOT_FOUND',
    });
  });
});

/** The platform's file host: serves a file only with a bearer token, as the real one does. */
async function startMediaHost() {
  const requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
