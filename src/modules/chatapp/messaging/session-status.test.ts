import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { chatappEnv, createCloudSender, inboundText, postWebhook } from '../../../../test/helpers/chatapp.js';
import { sessionStatus } from './session-window.js';

let graph: FakeGraph;
let t: TestApp;
let token: string;
let sender: { id: number; phone_number_id: string };
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
  sender = await createCloudSender(t.app, graph, token);
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const status = (recipient: string, senderId = sender.id, as = token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/user/chatapp/session-status?sender_id=${senderId}&recipient_phone=${encodeURIComponent(recipient)}`,
    headers: bearer(as),
  });

let messageSeq = 0;
async function customerWrites(from: string, at: Date, name = 'John Doe') {
  messageSeq += 1;
  const res = await postWebhook(
    t.app,
    inboundText({ phoneNumberId: sender.phone_number_id, from, name, id: `wamid.session${messageSeq}`, at }),
  );
  expect(res.statusCode).toBe(200);
  await t.deps.jobs.drain();
}

describe('GET /api/user/chatapp/session-status', () => {
  it('with no conversation: requires a template, says so, and carries no conversation fields', async () => {
    const res = await status('+40700000001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      has_conversation: false,
      session_status: {
        is_open: false,
        can_send_freeform: false,
        requires_template: true,
        message: 'No conversation exists with this recipient. Send a template message first.',
      },
    });
  });

  it('while open: minutes_remaining and expires_at follow from the last customer message', async () => {
    const lastMessage = new Date(t.clock.now().getTime() - 15 * MINUTE);
    await customerWrites('40700000002', lastMessage);
    const res = await status('+40700000002');
    const body = res.json();
    expect(body).toEqual({
      success: true,
      has_conversation: true,
      conversation_id: expect.any(Number),
      customer_name: 'John Doe',
      last_customer_message_at: '2026-01-15T09:45:00+00:00',
      session_status: {
        is_open: true,
        can_send_freeform: true,
        requires_template: false,
        message: 'Session open (23 hr 45 min remaining). Unlimited free-form messages allowed.',
        minutes_remaining: 1425,
        expires_at: '2026-01-16T09:45:00+00:00',
      },
    });
  });

  it("the window restarts with each customer message, from the message's own timestamp", async () => {
    const start = t.clock.now();
    await customerWrites('40700000003', new Date(start.getTime() - 23 * HOUR));
    expect((await status('+40700000003')).json().session_status.minutes_remaining).toBe(60);
    await customerWrites('40700000003', new Date(start.getTime() - 2 * HOUR));
    expect((await status('+40700000003')).json().session_status).toMatchObject({
      minutes_remaining: 22 * 60,
      expires_at: '2026-01-16T08:00:00+00:00',
    });
    // A late, older delivery does not move the window back.
    await customerWrites('40700000003', new Date(start.getTime() - 5 * HOUR));
    expect((await status('+40700000003')).json().last_customer_message_at).toBe('2026-01-15T08:00:00+00:00');
  });

  it('after 24 hours without a customer message: expired, with expired_at and nothing of the open state', async () => {
    await customerWrites('40700000004', new Date(t.clock.now().getTime() - 24 * HOUR - MINUTE));
    const body = (await status('+40700000004')).json();
    expect(body.has_conversation).toBe(true);
    expect(body.session_status).toEqual({
      is_open: false,
      can_send_freeform: false,
      requires_template: true,
      message: 'Session expired. Send a template or wait for customer to reply.',
      expired_at: '2026-01-15T09:59:00+00:00',
    });
    // ...until the customer replies.
    await customerWrites('40700000004', t.clock.now());
    expect((await status('+40700000004')).json().session_status).toMatchObject({ is_open: true, minutes_remaining: 1440 });
  });

  it('normalises the recipient to E.164 (missing plus, spaces, dashes) and refuses what is not a number', async () => {
    await customerWrites('40700000005', t.clock.now());
    for (const variant of ['+40700000005', '40700000005', '+40 700-000-005', '0040700000005', ' +40 (700) 000 005 ']) {
      const body = (await status(variant)).json();
      expect(body.has_conversation, variant).toBe(true);
    }
    for (const bad of ['hello', '+1234', '+40 700 000 005 ext 1', '+999999999999999999']) {
      const res = await status(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json(), bad).toEqual({
        success: false,
        error: 'Invalid phone number format. Use E.164 format (e.g., +14155551234).',
        error_code: 'INVALID_PHONE',
      });
    }
  });

  it("is SENDER_NOT_FOUND with the reference's wording for unknown and foreign senders", async () => {
    const stranger = await createUser(t.deps);
    for (const res of [await status('+40700000001', 999_999), await status('+40700000001', sender.id, stranger.token)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Sender not found', error_code: 'SENDER_NOT_FOUND' });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/user/chatapp/session-status', headers: bearer(token) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      success: false,
      error_code: 'VALIDATION_ERROR',
      errors: { sender_id: ['The sender id field is required.'], recipient_phone: ['The recipient phone field is required.'] },
    });
  });

  it('is read-only and free: no balance, no rows written', async () => {
    const { token: rich, user } = await createUser(t.deps, { balanceUsd: 5 });
    const own = await createCloudSender(t.app, graph, rich);
    const before = await t.deps.db
      .selectFrom('chatapp_conversations')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) expect((await status('+40700000099', own.id, rich)).statusCode).toBe(200);
    const after = await t.deps.db
      .selectFrom('chatapp_conversations')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    expect((await t.deps.services.accounts.getUser(user.id)).balance_micros).toBe(5_000_000);
  });
});

describe('sessionStatus (pure)', () => {
  const now = new Date('2026-02-24T10:30:00Z');
  it('has a conversation but no customer message yet: closed, expires_at null, no expired_at', () => {
    expect(sessionStatus({ hasConversation: true, lastCustomerMessageAt: null, now })).toEqual({
      is_open: false,
      can_send_freeform: false,
      requires_template: true,
      message: 'The customer has not replied yet. Send a template or wait for customer to reply.',
      expires_at: null,
    });
  });
  it('rounds the remaining minutes down and closes exactly at 24 hours', () => {
    const last = new Date(now.getTime() - 24 * HOUR + 59_999);
    expect(sessionStatus({ hasConversation: true, lastCustomerMessageAt: last, now })).toMatchObject({
      is_open: true,
      minutes_remaining: 0,
      message: 'Session open (0 hr 0 min remaining). Unlimited free-form messages allowed.',
    });
    expect(sessionStatus({ hasConversation: true, lastCustomerMessageAt: new Date(now.getTime() - 24 * HOUR), now })).toMatchObject({
      is_open: false,
      expired_at: '2026-02-24T10:30:00+00:00',
    });
  });
});
