import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/helpers/factories.js';
import { graphErrorBody } from '../../../../test/helpers/fakes/graph.js';
import { ACCESS_TOKEN, inboundText, postWebhook, statusUpdate } from '../../../../test/helpers/chatapp.js';
import { useCloudSenderApp } from '../../../../test/helpers/cloud-sender-app.js';
import { referenceClient } from '../../../../test/helpers/reference-client.js';

const { graph, t, owner, sender, templateIds } = useCloudSenderApp();

const send = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/chatapp/send', headers: bearer(owner.token), payload });
const freeform = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/chatapp/send-freeform', headers: bearer(owner.token), payload });

let seq = 0;
async function customerWrites(from: string, at = t.clock.now()) {
  seq += 1;
  expect(
    (await postWebhook(t.app, inboundText({ phoneNumberId: sender.phone_number_id, from, id: `wamid.send${seq}`, at }))).statusCode,
  ).toBe(200);
  await t.deps.jobs.drain();
}

describe('POST /api/user/chatapp/send (template)', () => {
  it('sends a positional template to the platform and records it in a new conversation', async () => {
    const res = await send({
      sender_id: sender.id,
      template_id: templateIds.appointment_reminder,
      recipient_phone: '+40 722 000 001',
      recipient_name: 'John',
      variables: { 1: 'John', 2: 'January 15, 2026', 3: '2:00 PM' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      conversation_id: expect.any(Number),
      message_id: expect.any(Number),
      whatsapp_message_id: body.message_id,
      message_sid: 'wamid.FAKE000001',
      status: 'queued',
    });
    const [request] = graph.sends();
    expect(request!.path).toBe(`/${sender.phone_number_id}/messages`);
    expect(request!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '40722000001',
      type: 'template',
      template: {
        name: 'appointment_reminder',
        language: { policy: 'deterministic', code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'John' },
              { type: 'text', text: 'January 15, 2026' },
              { type: 'text', text: '2:00 PM' },
            ],
          },
        ],
      },
    });
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=%2B40722000001`,
      headers: bearer(owner.token),
    });
    expect(messages.json()).toMatchObject({
      conversation_id: body.conversation_id,
      data: [
        {
          direction: 'outbound',
          kind: 'template',
          status: 'queued',
          message_sid: 'wamid.FAKE000001',
          body: 'Hi John, this is a reminder for your appointment on January 15, 2026 at 2:00 PM.',
        },
      ],
    });
    // A template opens no window: only the customer's reply does.
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/session-status?sender_id=${sender.id}&recipient_phone=40722000001`,
      headers: bearer(owner.token),
    });
    expect(session.json()).toMatchObject({
      has_conversation: true,
      conversation_id: body.conversation_id,
      customer_name: 'John',
      last_customer_message_at: null,
      session_status: { is_open: false },
    });
    // A later send without a name keeps the known one, in the same conversation.
    t.clock.advance(60_000);
    const again = await send({
      sender_id: sender.id,
      template_id: templateIds.coupon_named,
      recipient_phone: '+40722000001',
      variables: { code: 'a', date: 'b' },
    });
    expect(again.json()).toMatchObject({ success: true, conversation_id: body.conversation_id });
    const conversation = await t.deps.db
      .selectFrom('chatapp_conversations')
      .select(['customer_name', 'last_message_at'])
      .where('id', '=', body.conversation_id)
      .executeTakeFirstOrThrow();
    expect(conversation).toEqual({ customer_name: 'John', last_message_at: t.clock.now() });
  });

  it('sends named parameters by name, taking values by name or by placeholder number', async () => {
    const res = await send({
      sender_id: sender.id,
      template_id: templateIds.coupon_named,
      recipient_phone: '40722000002',
      variables: { code: 'SUMMER20', 2: 'Friday' },
    });
    expect(res.statusCode).toBe(200);
    expect(graph.sends()[0]!.body.template.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', parameter_name: 'code', text: 'SUMMER20' },
          { type: 'text', parameter_name: 'date', text: 'Friday' },
        ],
      },
    ]);
  });

  it('takes variables as a list in placeholder order (a Laravel array), for positional and named templates', async () => {
    const client = referenceClient(t.app, owner.token);
    const positional = await client.post('/api/user/whatsapp/send', {
      sender_id: sender.id,
      template_id: templateIds.appointment_reminder,
      recipient_phone: '+40722000011',
      variables: ['John', 'January 15, 2026', '2:00 PM'],
    });
    expect(positional.statusCode, positional.body).toBe(200);
    expect(graph.sends()[0]!.body.template.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'John' },
          { type: 'text', text: 'January 15, 2026' },
          { type: 'text', text: '2:00 PM' },
        ],
      },
    ]);
    t.clock.advance(60_000);
    const named = await client.post('/api/user/whatsapp/send', {
      sender_id: sender.id,
      template_id: templateIds.coupon_named,
      recipient_phone: '+40722000011',
      variables: ['SUMMER20', 7],
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(graph.sends()[1]!.body.template.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', parameter_name: 'code', text: 'SUMMER20' },
          { type: 'text', parameter_name: 'date', text: '7' },
        ],
      },
    ]);
    t.clock.advance(60_000);
    const short = await client.post('/api/user/whatsapp/send', {
      sender_id: sender.id,
      template_id: templateIds.appointment_reminder,
      recipient_phone: '+40722000011',
      variables: ['John'],
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      success: false,
      error: 'Missing values for template variables: 2, 3.',
      error_code: 'TEMPLATE_MISMATCH',
    });
    const nested = await client.post('/api/user/whatsapp/send', {
      sender_id: sender.id,
      template_id: templateIds.appointment_reminder,
      recipient_phone: '+40722000011',
      variables: [['John']],
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json()).toEqual({
      success: false,
      error: 'The variables.0 field must be a string.',
      error_code: 'VALIDATION_ERROR',
      errors: { 'variables.0': ['The variables.0 field must be a string.'] },
    });
    expect(graph.sends()).toHaveLength(2);
  });

  it('refuses missing values, unknown or unapproved templates, bad phones and offline senders before sending anything', async () => {
    const cases: Array<[Record<string, unknown>, number, Record<string, unknown>]> = [
      [
        { template_id: templateIds.appointment_reminder, variables: { 1: 'John', 3: ' ' } },
        422,
        { error_code: 'TEMPLATE_MISMATCH', error: 'Missing values for template variables: 2, 3.' },
      ],
      [{ template_id: 999_999 }, 404, { error_code: 'TEMPLATE_NOT_FOUND', error: 'Template not found or does not belong to this sender' }],
      [
        { template_id: templateIds.address_update },
        422,
        { error_code: 'TEMPLATE_NOT_APPROVED', error: 'Template is not approved. Current status: pending' },
      ],
      [{ template_id: templateIds.appointment_reminder, recipient_phone: '12' }, 422, { error_code: 'INVALID_PHONE' }],
      [{ sender_id: 424_242 }, 404, { error_code: 'SENDER_NOT_FOUND', error: 'Sender not found or does not belong to you' }],
    ];
    for (const [overrides, status, body] of cases) {
      t.clock.advance(1_000);
      const res = await send({
        sender_id: sender.id,
        recipient_phone: '+40722000003',
        template_id: templateIds.coupon_named,
        variables: { code: 'a', date: 'b' },
        ...overrides,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json()).toMatchObject({ success: false, ...body });
    }
    await t.deps.db.updateTable('chatapp_senders').set({ status: 'offline' }).where('id', '=', sender.id).execute();
    try {
      const offline = await send({
        sender_id: sender.id,
        recipient_phone: '+40722000003',
        template_id: templateIds.coupon_named,
        variables: { code: 'a', date: 'b' },
      });
      expect(offline.statusCode).toBe(422);
      expect(offline.json()).toEqual({
        success: false,
        error: 'Sender is not online. Current status: Offline',
        error_code: 'SENDER_OFFLINE',
      });
    } finally {
      await t.deps.db.updateTable('chatapp_senders').set({ status: 'online' }).where('id', '=', sender.id).execute();
    }
    expect(graph.sends()).toEqual([]);
  });

  it("turns a platform refusal into our code and keeps the platform's message", async () => {
    graph.override((r) =>
      r.method === 'POST'
        ? {
            status: 400,
            body: graphErrorBody(
              131030,
              '(#131030) Recipient phone number not in allowed list',
              'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
            ),
          }
        : undefined,
    );
    const res = await send({
      sender_id: sender.id,
      template_id: templateIds.coupon_named,
      recipient_phone: '+40722000004',
      variables: { code: 'a', date: 'b' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error: '(#131030) Recipient phone number not in allowed list',
      error_code: 'SEND_FAILED',
      platform_error: {
        code: 131030,
        message: '(#131030) Recipient phone number not in allowed list',
        details: 'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
      },
    });
    graph.override((r) =>
      r.method === 'POST'
        ? { status: 400, body: graphErrorBody(132000, '(#132000) Number of parameters does not match the expected number of params') }
        : undefined,
    );
    const mismatch = await send({
      sender_id: sender.id,
      template_id: templateIds.coupon_named,
      recipient_phone: '+40722000004',
      variables: { code: 'a', date: 'b' },
    });
    expect(mismatch.json()).toMatchObject({
      error_code: 'TEMPLATE_MISMATCH',
      error: '(#132000) Number of parameters does not match the expected number of params',
    });
  });

  it('allows 5 requests per second per user, then 429 with Retry-After', async () => {
    const codes: number[] = [];
    const coupon = { sender_id: sender.id, template_id: templateIds.coupon_named, variables: { code: 'a', date: 'b' } };
    for (let i = 0; i < 7; i++) codes.push((await send({ ...coupon, recipient_phone: `+4072200010${i}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await send({ ...coupon, recipient_phone: '+40722000200' });
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ success: false, error_code: 'RATE_LIMIT_EXCEEDED' });
    t.clock.advance(1_000);
    expect((await send({ ...coupon, recipient_phone: '+40722000201' })).statusCode).toBe(200);
  });
});

describe('POST /api/user/chatapp/send-freeform', () => {
  it('sends text inside the window and returns the session status', async () => {
    await customerWrites('40722000300', new Date(t.clock.now().getTime() - 60 * 60_000));
    const res = await freeform({ sender_id: sender.id, recipient_phone: '+40722000300', message: 'We have it in blue.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message_sid: expect.stringMatching(/^wamid\.FAKE/),
      session_status: { is_open: true, can_send_freeform: true, requires_template: false, minutes_remaining: 23 * 60 },
    });
    expect(graph.sends()[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '40722000300',
      type: 'text',
      text: { body: 'We have it in blue.', preview_url: false },
    });
  });

  it('sends media by link with the message as caption', async () => {
    await customerWrites('40722000301');
    const res = await freeform({
      sender_id: sender.id,
      recipient_phone: '+40722000301',
      message: 'Your invoice',
      media_url: 'https://cdn.example.com/files/x?id=1',
      filename: 'invoice.pdf',
    });
    expect(res.statusCode).toBe(200);
    expect(graph.sends()[0]!.body).toMatchObject({
      type: 'document',
      document: { link: 'https://cdn.example.com/files/x?id=1', caption: 'Your invoice', filename: 'invoice.pdf' },
    });
    const empty = await freeform({ sender_id: sender.id, recipient_phone: '+40722000301' });
    expect(empty.json()).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      errors: { message: ['The message field is required when media url is not present.'] },
    });
  });

  it("is 403 SESSION_EXPIRED with the window's state when closed or never opened", async () => {
    await customerWrites('40722000302', new Date(t.clock.now().getTime() - 25 * 60 * 60_000));
    const expired = await freeform({ sender_id: sender.id, recipient_phone: '+40722000302', message: 'hello?' });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      success: false,
      error: 'The 24-hour messaging window is closed. Customer must reply first, or use a template message.',
      error_code: 'SESSION_EXPIRED',
      session_status: {
        is_open: false,
        can_send_freeform: false,
        requires_template: true,
        message: 'Session expired. Send a template or wait for customer to reply.',
        expired_at: expect.any(String),
      },
    });
    const never = await freeform({ sender_id: sender.id, recipient_phone: '+40722000303', message: 'hello?' });
    expect(never.statusCode).toBe(403);
    expect(never.json().session_status.message).toBe('No conversation exists with this recipient. Send a template message first.');
    expect(graph.sends()).toEqual([]);
  });

  it('checks the sender before the phone, whatever the phone, and sends nothing', async () => {
    const notFound = { success: false, error: 'Sender not found or does not belong to you', error_code: 'SENDER_NOT_FOUND' };
    const unknownWithBadPhone = await freeform({ sender_id: 424_242, recipient_phone: '12', message: 'x' });
    expect([unknownWithBadPhone.statusCode, unknownWithBadPhone.json()]).toEqual([404, notFound]);
    await customerWrites('40722000306');
    const unknownWithOpenWindow = await freeform({ sender_id: 424_242, recipient_phone: '+40722000306', message: 'x' });
    expect([unknownWithOpenWindow.statusCode, unknownWithOpenWindow.json()]).toEqual([404, notFound]);
    const badPhone = await freeform({ sender_id: sender.id, recipient_phone: '12', message: 'x' });
    expect([badPhone.statusCode, badPhone.json()]).toEqual([
      422,
      { success: false, error: 'Invalid phone number format. Use E.164 format (e.g., +14155551234).', error_code: 'INVALID_PHONE' },
    ]);
    expect(graph.sends()).toEqual([]);
  });

  it('is 503 SENDER_OFFLINE for an offline sender', async () => {
    await t.deps.db.updateTable('chatapp_senders').set({ status: 'offline' }).where('id', '=', sender.id).execute();
    try {
      const res = await freeform({ sender_id: sender.id, recipient_phone: '+40722000304', message: 'x' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, error: 'Sender is not online. Current status: Offline', error_code: 'SENDER_OFFLINE' });
    } finally {
      await t.deps.db.updateTable('chatapp_senders').set({ status: 'online' }).where('id', '=', sender.id).execute();
    }
  });

  it("follows the platform's status webhooks forward only, keeping the platform error of a failure", async () => {
    await customerWrites('40722000305');
    const res = await freeform({ sender_id: sender.id, recipient_phone: '+40722000305', message: 'Tracking' });
    const wamid = res.json().message_sid as string;
    const post = async (status: string, error?: { code: number; title: string; details: string }) => {
      await postWebhook(
        t.app,
        statusUpdate({ phoneNumberId: sender.phone_number_id, id: wamid, status, at: t.clock.now(), recipient: '40722000305', error }),
      );
      await t.deps.jobs.drain();
      const messages = await t.app.inject({
        method: 'GET',
        url: `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=40722000305`,
        headers: bearer(owner.token),
      });
      return messages.json().data.at(-1);
    };
    expect((await post('read')).status).toBe('read');
    expect((await post('delivered')).status).toBe('read');
    expect((await post('sent')).status).toBe('read');
    const failed = await post('failed', {
      code: 131047,
      title: 'Re-engagement message',
      details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    });
    expect(failed).toMatchObject({
      status: 'failed',
      error_code: 131047,
      error_message:
        'Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    });
  });
});
