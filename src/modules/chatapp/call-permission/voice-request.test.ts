import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { graphErrorBody, startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { startWebhookSink, type WebhookSink } from '../../../../test/helpers/webhook-sink.js';
import {
  GRAPH_TEMPLATES,
  callTerminated,
  chatappEnv,
  createCloudSender,
  inboundBatch,
  permissionReply,
  postWebhook,
} from '../../../../test/helpers/chatapp.js';
import type { App } from '../../../core/http/fastify-types.js';

let graph: FakeGraph;
let sink: WebhookSink;
let t: TestApp;
let token: string;
let sender: { id: number; phone_number_id: string; waba_id: string };
beforeAll(async () => {
  graph = await startFakeGraph();
  sink = await startWebhookSink();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
  sender = await createCloudSender(t.app, graph, token, { voice_webhook_url: `${sink.url}/voice` });
});
afterAll(async () => {
  await t.close();
  await graph.close();
  await sink.close();
});
const HOUR = 3_600_000;
beforeEach(() => {
  graph.reset();
  // Every request counts toward the per-user limits (5 a minute, 50 a day): each test starts in a fresh day.
  t.clock.advance(24 * HOUR);
});

const askToCall = (payload: Record<string, unknown>, as = token, app: App = t.app) =>
  app.inject({ method: 'POST', url: '/api/user/chatapp/voice/request', headers: bearer(as), payload });
const permission = (phone: string, senderId = sender.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/user/chatapp/voice/permission?sender_id=${senderId}&recipient_phone=${encodeURIComponent(phone)}`,
    headers: bearer(token),
  });

let seq = 0;
/** Customers write to a sender (one batched webhook, as the platform sends them), opening their windows. */
async function customersWrite(phoneNumberId: string, waIds: string[], at = t.clock.now()) {
  const payload = inboundBatch({ phoneNumberId, from: waIds, ids: waIds.map(() => `wamid.voice${++seq}`), at });
  expect((await postWebhook(t.app, payload)).statusCode).toBe(200);
  await t.deps.jobs.drain();
}

async function voiceEvents() {
  await t.deps.jobs.drain();
  return sink.requests
    .filter((r) => r.path === '/voice')
    .map((r) => ({ event: r.headers['x-switchboard-event'], body: JSON.parse(r.body) }));
}

describe('POST /api/user/chatapp/voice/request', () => {
  it("sends the interactive request after checking the platform's own counters, and answers pending", async () => {
    await customersWrite(sender.phone_number_id, ['40733000001']);
    const res = await askToCall({ sender_id: sender.id, recipient_phone: '+40 733 000 001', recipient_name: 'Maria' });
    expect(res.statusCode, res.body).toBe(200);
    const requestedAt = t.clock
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, '+00:00');
    expect(res.json()).toEqual({
      success: true,
      sender_id: sender.id,
      customer_phone: '+40733000001',
      conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'pending',
      can_call: false,
      can_request: false,
      session_open: true,
      expires_at: null,
      requested_at: requestedAt,
    });
    const [read, sent] = graph.requests;
    expect(read).toMatchObject({
      method: 'GET',
      path: `/${sender.phone_number_id}/call_permissions`,
      query: { user_wa_id: '40733000001' },
    });
    expect(sent).toMatchObject({
      method: 'POST',
      path: `/${sender.phone_number_id}/messages`,
      headers: { authorization: expect.stringMatching(/^Bearer /) },
    });
    expect(sent!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '40733000001',
      type: 'interactive',
      interactive: {
        type: 'call_permission_request',
        action: { name: 'call_permission_request' },
        body: { text: 'Hi Maria, we would like to call you to assist with your recent order.' },
      },
    });
    expect((await permission('+40733000001')).json()).toMatchObject({ status: 'pending', can_request: false, requested_at: requestedAt });
    const events = await voiceEvents();
    expect(events.at(-1)).toEqual({
      event: 'whatsapp_voice',
      body: {
        event: 'whatsapp_voice',
        type: 'call_permission_requested',
        sender_id: sender.id,
        customer_phone: '+40733000001',
        conversation_id: res.json().conversation_id,
        assistant_id: null,
        status: 'pending',
        expires_at: null,
        can_call: false,
      },
    });
  });

  it('emits call_permission_granted on Allow (string or integer expiry) and call_permission_denied on Decline', async () => {
    await customersWrite(sender.phone_number_id, ['40733000002', '40733000003']);
    for (const phone of ['+40733000002', '+40733000003'])
      expect((await askToCall({ sender_id: sender.id, recipient_phone: phone })).statusCode).toBe(200);
    const expiry = new Date(t.clock.now().getTime() + 7 * 24 * HOUR);
    const expirySeconds = Math.floor(expiry.getTime() / 1000);
    await postWebhook(
      t.app,
      permissionReply({
        phoneNumberId: sender.phone_number_id,
        from: '40733000002',
        id: 'wamid.reply1',
        at: t.clock.now(),
        response: 'accept',
        permanent: false,
        expiration: String(expirySeconds),
      }),
    );
    await postWebhook(
      t.app,
      permissionReply({
        phoneNumberId: sender.phone_number_id,
        from: '40733000003',
        id: 'wamid.reply2',
        at: t.clock.now(),
        response: 'reject',
      }),
    );
    // Deliveries run in parallel, so they may arrive in either order.
    const events = (await voiceEvents())
      .filter((e) => e.body.type !== 'call_permission_requested')
      .sort((a, b) => a.body.customer_phone.localeCompare(b.body.customer_phone));
    const expiresAt = new Date(expirySeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    expect(events.map((e) => e.body)).toEqual([
      {
        event: 'whatsapp_voice',
        type: 'call_permission_granted',
        sender_id: sender.id,
        customer_phone: '+40733000002',
        conversation_id: expect.any(String),
        assistant_id: null,
        status: 'granted',
        expires_at: expiresAt,
        can_call: true,
      },
      {
        event: 'whatsapp_voice',
        type: 'call_permission_denied',
        sender_id: sender.id,
        customer_phone: '+40733000003',
        conversation_id: expect.any(String),
        assistant_id: null,
        status: 'rejected',
        expires_at: null,
        can_call: false,
      },
    ]);
    expect((await permission('+40733000002')).json()).toMatchObject({
      status: 'granted',
      can_call: true,
      can_request: false,
      expires_at: expiresAt,
    });
    // The platform retries: the same reply again changes nothing and sends nothing.
    const before = sink.requests.length;
    await postWebhook(
      t.app,
      permissionReply({
        phoneNumberId: sender.phone_number_id,
        from: '40733000003',
        id: 'wamid.reply2',
        at: t.clock.now(),
        response: 'reject',
      }),
    );
    await voiceEvents();
    expect(sink.requests.length).toBe(before);
    // Integer expiry (older payloads) is read the same way.
    await postWebhook(
      t.app,
      permissionReply({
        phoneNumberId: sender.phone_number_id,
        from: '40733000003',
        id: 'wamid.reply3',
        at: t.clock.now(),
        response: 'accept',
        expiration: expirySeconds,
      }),
    );
    expect((await voiceEvents()).at(-1)!.body).toMatchObject({
      type: 'call_permission_granted',
      customer_phone: '+40733000003',
      expires_at: expiresAt,
    });
  });

  it("answers every error code of the spec's table", async () => {
    const expectError = async (payload: Record<string, unknown>, status: number, code: string, as = token) => {
      t.clock.advance(60_000); // a fresh minute: each refusal counts toward the per-user limit
      const res = await askToCall(payload, as);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().error_code).toBe(code);
      expect(res.json().success).toBe(false);
      return res.json();
    };
    await customersWrite(sender.phone_number_id, ['40733000010']);
    const stranger = await createUser(t.deps);
    await expectError({ sender_id: sender.id, recipient_phone: '+40733000010' }, 404, 'SENDER_NOT_FOUND', stranger.token);
    expect(await expectError({ sender_id: sender.id, recipient_phone: '0733' }, 422, 'INVALID_PHONE')).toMatchObject({
      error: 'Invalid phone number format. Use E.164 format (e.g., +14155551234).',
    });

    const { token: other } = await createUser(t.deps);
    const disabled = await createCloudSender(t.app, graph, other, { voice_calling_enabled: false });
    await expectError({ sender_id: disabled.id, recipient_phone: '+40733000010' }, 422, 'VOICE_DISABLED', other);

    const us = await createCloudSender(t.app, graph, other, { phone_number: '+1 415 555 1234' });
    expect(await expectError({ sender_id: us.id, recipient_phone: '+40733000010' }, 422, 'REGION_NOT_SUPPORTED', other)).toMatchObject({
      error: 'Business-initiated calls are not available for senders in US.',
    });

    const noVoiceTemplate = await createCloudSender(t.app, graph, other, { waba_id: '808080' });
    graph.setTemplates('808080', [GRAPH_TEMPLATES[0]]);
    await t.app.inject({ method: 'POST', url: `/api/user/chatapp/senders/${noVoiceTemplate.id}/templates/sync`, headers: bearer(other) });
    await expectError({ sender_id: noVoiceTemplate.id, recipient_phone: '+40733000010' }, 422, 'TEMPLATE_NOT_FOUND', other);
    const templates = (
      await t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${sender.id}/templates`, headers: bearer(token) })
    ).json().data;
    const regular = templates.find((x: { name: string }) => x.name === 'appointment_reminder');
    await expectError({ sender_id: sender.id, recipient_phone: '+40733000010', template_id: regular.id }, 422, 'TEMPLATE_NOT_FOUND');

    expect(await expectError({ sender_id: sender.id, recipient_phone: '+40733000011' }, 422, 'SESSION_CLOSED')).toEqual({
      success: false,
      error_code: 'SESSION_CLOSED',
      error:
        'This contact has not messaged you in the last 24 hours. Send a regular template first and wait for their reply, then ask to call.',
    });
    await customersWrite(sender.phone_number_id, ['40733000012'], new Date(t.clock.now().getTime() - 25 * HOUR));
    await expectError({ sender_id: sender.id, recipient_phone: '+40733000012' }, 422, 'SESSION_CLOSED');

    graph.override((r) =>
      r.method === 'POST'
        ? { status: 400, body: graphErrorBody(131030, '(#131030) Recipient phone number not in allowed list') }
        : undefined,
    );
    expect(await expectError({ sender_id: sender.id, recipient_phone: '+40733000010' }, 422, 'SEND_FAILED')).toMatchObject({
      error: '(#131030) Recipient phone number not in allowed list',
    });
    graph.override((r) =>
      r.method === 'POST' ? { status: 400, body: graphErrorBody(138009, '(#138009) Call Permission Request Limit Hit') } : undefined,
    );
    await expectError({ sender_id: sender.id, recipient_phone: '+40733000010' }, 422, 'REQUEST_LIMIT');
    graph.override(undefined);
    // Neither refusal counted toward the contact's asks: it can still be asked.
    t.clock.advance(60_000);
    expect((await askToCall({ sender_id: sender.id, recipient_phone: '+40733000010' })).statusCode).toBe(200);
    expect(await expectError({ sender_id: sender.id, recipient_phone: '+40733000010' }, 422, 'REQUEST_LIMIT')).toMatchObject({
      error: 'A call permission request was already sent to this contact in the last 24 hours.',
    });
  });

  it('honours the platform caps: 1 per 24 hours, 2 per 7 days, reset by a connected call; none once granted', async () => {
    const phone = '40733000020';
    const ask = () => askToCall({ sender_id: sender.id, recipient_phone: `+${phone}` });
    await customersWrite(sender.phone_number_id, [phone]);
    expect((await ask()).statusCode).toBe(200);
    t.clock.advance(23 * HOUR);
    expect((await ask()).json().error_code).toBe('REQUEST_LIMIT');
    t.clock.advance(2 * HOUR);
    await customersWrite(sender.phone_number_id, [phone]);
    expect((await ask()).statusCode).toBe(200);
    t.clock.advance(25 * HOUR);
    await customersWrite(sender.phone_number_id, [phone]);
    expect((await ask()).json()).toMatchObject({
      error_code: 'REQUEST_LIMIT',
      error: 'The limit of 2 call permission requests per contact in 7 days has been reached.',
    });
    expect((await permission(`+${phone}`)).json()).toMatchObject({ can_request: false, session_open: true });

    await postWebhook(
      t.app,
      callTerminated({ phoneNumberId: sender.phone_number_id, customer: phone, at: t.clock.now(), pickedUp: false }),
    );
    await t.deps.jobs.drain();
    expect((await permission(`+${phone}`)).json().can_request).toBe(false);
    await postWebhook(t.app, callTerminated({ phoneNumberId: sender.phone_number_id, customer: phone, at: t.clock.now(), pickedUp: true }));
    await t.deps.jobs.drain();
    expect((await permission(`+${phone}`)).json().can_request).toBe(true);
    t.clock.advance(1_000);
    expect((await ask()).statusCode).toBe(200);

    await postWebhook(
      t.app,
      permissionReply({
        phoneNumberId: sender.phone_number_id,
        from: phone,
        id: 'wamid.caps-grant',
        at: t.clock.now(),
        response: 'accept',
        permanent: true,
      }),
    );
    await t.deps.jobs.drain();
    t.clock.advance(8 * 24 * HOUR);
    await customersWrite(sender.phone_number_id, [phone]);
    expect((await ask()).json()).toMatchObject({ error_code: 'REQUEST_LIMIT', error: 'This contact has already granted call permission.' });
    expect((await permission(`+${phone}`)).json()).toMatchObject({ status: 'granted', can_call: true, expires_at: null });
  });

  it('lets a contact be asked again once a temporary grant expired; trusts the platform when it knows better', async () => {
    const phone = '40733000030';
    await customersWrite(sender.phone_number_id, [phone]);
    await postWebhook(
      t.app,
      permissionReply({
        phoneNumberId: sender.phone_number_id,
        from: phone,
        id: 'wamid.exp-grant',
        at: t.clock.now(),
        response: 'accept',
        expiration: Math.floor(t.clock.now().getTime() / 1000) + 3600,
      }),
    );
    await t.deps.jobs.drain();
    expect((await askToCall({ sender_id: sender.id, recipient_phone: `+${phone}` })).json().error_code).toBe('REQUEST_LIMIT');
    t.clock.advance(2 * HOUR);
    expect((await permission(`+${phone}`)).json()).toMatchObject({ status: 'expired', can_call: false, can_request: true });
    // The platform says the customer granted permanently (e.g. from the business profile): we learn it and do not ask.
    graph.setCallPermission(phone, { messaging_product: 'whatsapp', permission: { status: 'permanent' }, actions: [] });
    expect((await askToCall({ sender_id: sender.id, recipient_phone: `+${phone}` })).json().error_code).toBe('REQUEST_LIMIT');
    expect(graph.sends()).toEqual([]);
    expect((await permission(`+${phone}`)).json()).toMatchObject({ status: 'granted', can_call: true, can_request: false });
  });

  it('sends exactly once when 20 requests for one contact race across two server processes', async () => {
    const phone = '40733000040';
    await customersWrite(sender.phone_number_id, [phone]);
    const other = await t.startAnotherInstance();
    graph.override((r) =>
      r.method === 'POST'
        ? { status: 200, body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.RACE' }] }, delayMs: 50 }
        : undefined,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        askToCall({ sender_id: sender.id, recipient_phone: `+${phone}` }, token, i % 2 === 0 ? t.app : other.app),
      ),
    );
    const codes = results.map((r) => (r.statusCode === 200 ? 'OK' : r.json().error_code));
    // The per-user limit lets 5 through to the contact's lock; one of them asks.
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'REQUEST_LIMIT')).toHaveLength(4);
    expect(codes.filter((c) => c === 'RATE_LIMIT_EXCEEDED')).toHaveLength(15);
    expect(graph.sends()).toHaveLength(1);
    const counted = await t.deps.db
      .selectFrom('rate_limit_counters')
      .select(['bucket', 'count'])
      .where('bucket', 'like', 'chatapp-voice-request:%:minute')
      .execute();
    expect(counted.reduce((sum, row) => sum + row.count, 0)).toBe(5);
  });
});

describe('per-user limits: 5 per minute, 20 per hour, 50 per day', () => {
  it('refuses with 429 and Retry-After; every answered request counts, a 429 counts nowhere and sends nothing', async () => {
    const { token: own } = await createUser(t.deps);
    const mine = await createCloudSender(t.app, graph, own);
    t.clock.set('2026-02-01T00:00:00Z');
    const contacts = Array.from({ length: 60 }, (_, i) => `4074400${String(i).padStart(4, '0')}`);
    await customersWrite(mine.phone_number_id, contacts);
    let next = 0;
    const ask = (phone = contacts[next]!) => askToCall({ sender_id: mine.id, recipient_phone: `+${phone}` }, own);
    const askNext = async () => {
      const res = await ask();
      if (res.statusCode === 200) next += 1;
      return res;
    };

    // Refusals count like successes, as a throttle middleware counts them: 4 + 1 use up the minute.
    for (let i = 0; i < 4; i++) expect((await ask('40745999999')).json().error_code).toBe('SESSION_CLOSED');
    graph.override((r) =>
      r.method === 'POST' ? { status: 400, body: graphErrorBody(131026, '(#131026) Message Undeliverable') } : undefined,
    );
    expect((await ask()).json().error_code).toBe('SEND_FAILED');
    graph.override(undefined);
    graph.reset();
    const spent = await ask();
    expect(spent.statusCode).toBe(429);
    expect(spent.headers['retry-after']).toBe('60');
    expect(graph.sends()).toHaveLength(0);
    t.clock.set('2026-02-01T00:01:00Z');

    for (let i = 0; i < 5; i++) expect((await askNext()).statusCode).toBe(200);
    const minute = await askNext();
    expect(minute.statusCode).toBe(429);
    expect(minute.headers['retry-after']).toBe('60');
    expect(minute.json()).toMatchObject({ success: false, error_code: 'RATE_LIMIT_EXCEEDED' });
    for (let i = 0; i < 3; i++) expect((await askNext()).statusCode).toBe(429);
    expect(graph.sends()).toHaveLength(5);

    // The first minute's 5 refusals count in the hour and the day too: 15 successes fit in this hour.
    for (let m = 2; m <= 3; m++) {
      t.clock.advance(60_000);
      for (let i = 0; i < 5; i++) expect((await askNext()).statusCode).toBe(200);
    }
    t.clock.advance(60_000);
    const hour = await askNext();
    expect(hour.statusCode).toBe(429);
    expect(hour.headers['retry-after']).toBe(String(3600 - 4 * 60));
    expect(next).toBe(15);

    t.clock.set('2026-02-01T01:00:00Z');
    for (let m = 0; m < 4; m++) {
      for (let i = 0; i < 5; i++) expect((await askNext()).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    t.clock.set('2026-02-01T02:00:00Z');
    for (let m = 0; m < 2; m++) {
      for (let i = 0; i < 5; i++) expect((await askNext()).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    expect(next).toBe(45);
    const day = await askNext();
    expect(day.statusCode).toBe(429);
    expect(day.headers['retry-after']).toBe(String(24 * 3600 - (2 * 3600 + 120)));
    expect(graph.sends()).toHaveLength(45);
  });

  it('is exact under concurrency: 12 parallel asks for 12 contacts across two processes send 5', async () => {
    const { token: own } = await createUser(t.deps);
    const mine = await createCloudSender(t.app, graph, own);
    t.clock.set('2026-02-03T00:00:00Z');
    const contacts = Array.from({ length: 12 }, (_, i) => `4074600${String(i).padStart(4, '0')}`);
    await customersWrite(mine.phone_number_id, contacts);
    const other = await t.startAnotherInstance();
    graph.reset();
    const results = await Promise.all(
      contacts.map((c, i) => askToCall({ sender_id: mine.id, recipient_phone: `+${c}` }, own, i % 2 === 0 ? t.app : other.app)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    expect(graph.sends()).toHaveLength(5);
  });

  it('lets the region list be configured', async () => {
    const local = await buildTestApp({ env: chatappEnv(graph, { CHATAPP_CALL_RESTRICTED_COUNTRIES: 'RO, gb' }) });
    try {
      const { token: own } = await createUser(local.deps);
      const ro = await createCloudSender(local.app, graph, own);
      const res = await askToCall({ sender_id: ro.id, recipient_phone: '+40733000001' }, own, local.app);
      expect(res.json()).toMatchObject({
        error_code: 'REGION_NOT_SUPPORTED',
        error: 'Business-initiated calls are not available for senders in RO.',
      });
      const perm = await local.app.inject({
        method: 'GET',
        url: `/api/user/chatapp/voice/permission?sender_id=${ro.id}&recipient_phone=%2B40733000001`,
        headers: bearer(own),
      });
      expect(perm.json()).toMatchObject({ can_call: false, can_request: false, status: null, conversation_id: null });
    } finally {
      await local.close();
    }
  });
});
