import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { startWebhookSink, type WebhookSink } from '../../../../test/helpers/webhook-sink.js';
import { chatappEnv, createCloudSender, postWebhook } from '../../../../test/helpers/chatapp.js';
import { chatappFixture } from '../../../../test/helpers/chatapp-fixtures.js';
import { signPayload } from '../../../core/net/signing.js';

const SENT_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=';
const FAILED_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI0QUQ2MjA4NEYyRkExNjMyREUA';
const CUSTOMER = '+16505551234';

let graph: FakeGraph;
let sink: WebhookSink;
let t: TestApp;
let token: string;
let sender: { id: number; phone_number_id: string; waba_id: string; phone_number: string };
let templateId: number;
beforeAll(async () => {
  graph = await startFakeGraph();
  sink = await startWebhookSink();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
  sender = (await createCloudSender(t.app, graph, token, { status_webhook_url: `${sink.url}/receipts` })) as typeof sender;
  const all = await t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${sender.id}/templates`, headers: bearer(token) });
  templateId = all.json().data.find((x: { name: string }) => x.name === 'coupon_named').id;
});
afterAll(async () => {
  await t.close();
  await sink.close();
  await graph.close();
});
beforeEach(() => {
  graph.reset();
  t.clock.advance(1_000);
});

/** A template send whose platform id is the one the sample statuses carry. */
async function sendAs(wamid: string) {
  graph.override((r) =>
    r.method === 'POST'
      ? {
          status: 200,
          body: {
            messaging_product: 'whatsapp',
            contacts: [{ input: CUSTOMER, wa_id: CUSTOMER.slice(1) }],
            messages: [{ id: wamid, message_status: 'accepted' }],
          },
        }
      : undefined,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/chatapp/send',
    headers: bearer(token),
    payload: { sender_id: sender.id, template_id: templateId, recipient_phone: CUSTOMER, variables: { code: 'A1', date: 'Monday' } },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { message_id: number; message_sid: string };
}
async function replay(name: string, wamid: string) {
  const res = await postWebhook(
    t.app,
    chatappFixture(name, {
      wabaId: sender.waba_id,
      phoneNumberId: sender.phone_number_id,
      replace: { [name === 'status-failed' ? FAILED_WAMID : SENT_WAMID]: wamid },
    }),
  );
  expect(res.statusCode).toBe(200);
  await t.deps.jobs.drain();
}
const receipts = () => sink.requests.filter((r) => r.path === '/receipts');
const conversationUuid = async () =>
  (
    await t.deps.db
      .selectFrom('chatapp_conversations')
      .select('uuid')
      .where('sender_id', '=', sender.id)
      .where('customer_phone', '=', CUSTOMER)
      .executeTakeFirstOrThrow()
  ).uuid;
const senderBlock = () => ({ id: sender.id, phone_number: sender.phone_number, display_name: 'Acme Support' });

describe("delivery receipts (message_status) to the sender's status_webhook_url", () => {
  it('sends sent, delivered and read, each once, signed, in the reference shape', async () => {
    const message = await sendAs(SENT_WAMID);
    for (const name of ['status-sent', 'status-delivered', 'status-read']) await replay(name, SENT_WAMID);
    // A replayed status and one arriving late (delivered after read) move nothing and send nothing.
    await replay('status-delivered', SENT_WAMID);
    const got = receipts();
    expect(got.map((r) => JSON.parse(r.body).status)).toEqual(['sent', 'delivered', 'read']);
    const first = got[0]!;
    expect(first.headers['x-switchboard-event']).toBe('message_status');
    const secret = (await t.app.inject({ method: 'GET', url: '/api/user/webhook-secret', headers: bearer(token) })).json().secret;
    const stamp = Number(first.headers['x-switchboard-timestamp']);
    expect(first.headers['x-switchboard-signature']).toBe(signPayload(secret, stamp, first.body));
    expect(JSON.parse(got[1]!.body)).toEqual({
      event: 'message_status',
      whatsapp_message_id: message.message_id,
      message_sid: SENT_WAMID,
      meta_message_id: SENT_WAMID,
      conversation_id: await conversationUuid(),
      assistant_id: null,
      sender: senderBlock(),
      to: CUSTOMER,
      from: sender.phone_number,
      direction: 'outbound',
      status: 'delivered',
      error_code: null,
      error_message: null,
      error_description: null,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      provider_timestamp: '2025-06-15T23:27:55+00:00',
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=${encodeURIComponent(CUSTOMER)}`,
      headers: bearer(token),
    });
    expect(listed.json().data.find((m: { id: number }) => m.id === message.message_id).status).toBe('read');
  });

  it("sends failed with the platform's error code, title and details", async () => {
    const before = receipts().length;
    const message = await sendAs(FAILED_WAMID);
    await replay('status-failed', FAILED_WAMID);
    const got = receipts().slice(before);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      event: 'message_status',
      whatsapp_message_id: message.message_id,
      message_sid: FAILED_WAMID,
      status: 'failed',
      error_code: 131049,
      error_message: 'This message was not delivered to maintain healthy ecosystem engagement.',
      error_description: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
      provider_timestamp: '2025-06-28T20:34:48+00:00',
    });
  });

  it('sends nothing for a sender without a status_webhook_url, and the URL is set and cleared on update', async () => {
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/chatapp/senders/${sender.id}`,
      headers: bearer(token),
      payload: { status_webhook_url: null },
    });
    expect(cleared.json().data.status_webhook_url).toBeNull();
    const before = receipts().length;
    await sendAs('wamid.quiet1');
    await replay('status-sent', 'wamid.quiet1');
    expect(receipts().length).toBe(before);
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/chatapp/senders/${sender.id}`,
      headers: bearer(token),
      payload: { status_webhook_url: `${sink.url}/receipts` },
    });
    expect(set.json().data.status_webhook_url).toBe(`${sink.url}/receipts`);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/chatapp/senders/${sender.id}`,
      headers: bearer(token),
      payload: { status_webhook_url: 'ftp://example.com/x' },
    });
    expect(refused.statusCode).toBe(422);
  });
});
