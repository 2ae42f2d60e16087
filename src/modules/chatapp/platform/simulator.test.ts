import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { startWebhookSink, type WebhookSink } from '../../../../test/helpers/webhook-sink.js';
import { chatappEnv, createCloudSender, createSimulatorSender } from '../../../../test/helpers/chatapp.js';

let graph: FakeGraph;
let sink: WebhookSink;
let t: TestApp;
let token: string;
beforeAll(async () => {
  graph = await startFakeGraph();
  sink = await startWebhookSink();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
});
afterAll(async () => {
  await t.close();
  await graph.close();
  await sink.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('the simulator platform (embedded default, no account)', () => {
  it('plays a whole conversation: customer writes, business replies, asks to call, customer allows', async () => {
    const sender = await createSimulatorSender(t.app, token, { voice_webhook_url: `${sink.url}/voice` });
    const templates = (await call('GET', `/api/user/chatapp/senders/${sender.id}/templates?status=all`)).json().data;
    expect(templates.map((x: { name: string; status: string }) => `${x.name}:${x.status}`)).toEqual([
      'appointment_reminder:approved',
      'welcome_message:approved',
      'voice_call_request:approved',
      'order_update:pending',
    ]);

    const inbound = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/inbound`, {
      from: '40766000001',
      name: 'Ioana',
      text: 'Hello, is anyone there?',
    });
    expect(inbound.statusCode).toBe(200);
    expect(inbound.json()).toEqual({
      success: true,
      conversation_id: expect.any(Number),
      message_id: expect.any(Number),
      session_status: {
        is_open: true,
        can_send_freeform: true,
        requires_template: false,
        message: 'Session open (24 hr 0 min remaining). Unlimited free-form messages allowed.',
        minutes_remaining: 1440,
        expires_at: '2026-01-16T10:00:00+00:00',
      },
    });

    const reply = await call('POST', '/api/user/chatapp/send-freeform', {
      sender_id: sender.id,
      recipient_phone: '+40766000001',
      message: 'Yes! How can we help?',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message_sid).toMatch(/^sim\./);

    const ask = await call('POST', '/api/user/chatapp/voice/request', { sender_id: sender.id, recipient_phone: '+40766000001' });
    expect(ask.json()).toMatchObject({ success: true, status: 'pending', can_call: false, can_request: false, session_open: true });

    const allow = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/call-permission-reply`, {
      from: '+40766000001',
      accept: true,
    });
    expect(allow.json()).toMatchObject({ status: 'granted', can_call: true, expires_at: '2026-01-22T10:00:00+00:00' });

    const messages = (await call('GET', `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=%2B40766000001`)).json().data;
    expect(messages.map((m: { direction: string; kind: string; body: string }) => [m.direction, m.kind, m.body])).toEqual([
      ['inbound', 'text', 'Hello, is anyone there?'],
      ['outbound', 'text', 'Yes! How can we help?'],
      ['outbound', 'call_permission_request', 'Hi Ioana, we would like to call you to help with your request. Is that okay?'],
      ['inbound', 'call_permission_reply', '[Call permission granted]'],
    ]);

    await t.deps.jobs.drain();
    // Deliveries run in parallel: order by type, not by arrival.
    const events = sink.requests.map((r) => JSON.parse(r.body)).sort((a, b) => a.type.localeCompare(b.type));
    expect(events.map((e) => e.type)).toEqual(['call_permission_granted', 'call_permission_requested']);
    expect(events[0]).toMatchObject({
      event: 'whatsapp_voice',
      sender_id: sender.id,
      customer_phone: '+40766000001',
      status: 'granted',
      can_call: true,
    });
  });

  it('takes the message time from the simulated timestamp, and permanent or declined answers', async () => {
    const sender = await createSimulatorSender(t.app, token);
    const twoHoursAgo = Math.floor(t.clock.now().getTime() / 1000) - 7200;
    const inbound = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/inbound`, {
      from: '40766000002',
      text: 'hi',
      timestamp: twoHoursAgo,
    });
    expect(inbound.json().session_status.minutes_remaining).toBe(22 * 60);
    const iso = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/inbound`, {
      from: '40766000002',
      text: 'hi',
      timestamp: '2026-01-15T09:30:00Z',
    });
    expect(iso.json().session_status.minutes_remaining).toBe(23 * 60 + 30);
    const permanent = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/call-permission-reply`, {
      from: '40766000002',
      accept: true,
      permanent: true,
    });
    expect(permanent.json()).toMatchObject({ status: 'granted', expires_at: null, can_call: true });
    t.clock.advance(1_000);
    const declined = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/call-permission-reply`, {
      from: '40766000002',
      accept: false,
    });
    expect(declined.json()).toMatchObject({ status: 'rejected', can_call: false });
  });

  it('refuses to simulate for a cloud_api sender', async () => {
    const cloud = await createCloudSender(t.app, graph, token);
    for (const [path, body] of [
      ['inbound', { from: '40766000003', text: 'x' }],
      ['call-permission-reply', { from: '40766000003', accept: true }],
    ] as const) {
      const res = await call('POST', `/api/user/chatapp/senders/${cloud.id}/simulate/${path}`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        error: 'Simulation is only available for simulator senders.',
        error_code: 'SIMULATOR_ONLY',
      });
    }
  });

  it('validates simulated input', async () => {
    const sender = await createSimulatorSender(t.app, token);
    const res = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/inbound`, { from: 'nobody', text: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'VALIDATION_ERROR', errors: { text: ['The text field is required.'] } });
    const phone = await call('POST', `/api/user/chatapp/senders/${sender.id}/simulate/inbound`, { from: 'nobody', text: 'x' });
    expect(phone.json().error_code).toBe('INVALID_PHONE');
  });
});
