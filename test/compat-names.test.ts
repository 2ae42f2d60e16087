import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulatorSender } from './helpers/chatapp.js';
import { startWebhookSink, type WebhookSink } from './helpers/webhook-sink.js';
import { openConversation, ownerWithAssistant, startConversationsApp, type ConversationsTestApp } from './helpers/conversations.js';
import { referenceClient } from './helpers/reference-client.js';

/**
 * Drop-in compatibility, names: bodies and events carry the reference's `whatsapp` names, and
 * filters accept our `chatapp` spelling as a synonym. Conversations are made as clients make them.
 */
let ctx: ConversationsTestApp;
let sink: WebhookSink;
beforeAll(async () => {
  sink = await startWebhookSink();
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
beforeEach(() => {
  sink.requests.length = 0;
});

type Owner = Awaited<ReturnType<typeof ownerWithAssistant>>;

/** A customer writes to a simulator sender that has the owner's assistant: an AI conversation of type whatsapp. */
async function customerWrites(owner: Owner, senderId: number, from: string) {
  const res = await referenceClient(ctx.t.app, owner.token).post(`/api/user/whatsapp/senders/${senderId}/simulate/inbound`, {
    from,
    name: 'Jane',
    text: 'Hi there',
  });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.t.deps.jobs.drain();
}

describe('names in bodies and events', () => {
  it('sends whatsapp_voice events to the voice webhook', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = referenceClient(ctx.t.app, owner.token);
    const sender = await createSimulatorSender(ctx.t.app, owner.token, { voice_webhook_url: `${sink.url}/voice` });
    await client.post(`/api/user/whatsapp/senders/${sender.id}/simulate/inbound`, { from: '40766100001', text: 'Hello' });
    expect(
      (await client.post('/api/user/whatsapp/voice/request', { sender_id: sender.id, recipient_phone: '+40766100001' })).statusCode,
    ).toBe(200);
    await ctx.t.deps.jobs.drain();
    expect(sink.requests).toHaveLength(1);
    expect(sink.requests[0]!.headers['x-switchboard-event']).toBe('whatsapp_voice');
    expect(JSON.parse(sink.requests[0]!.body)).toMatchObject({
      event: 'whatsapp_voice',
      type: 'call_permission_requested',
      sender_id: sender.id,
      customer_phone: '+40766100001',
    });
    // The delivery log filters by the reference's event name, or by our spelling of it.
    for (const event of ['whatsapp_voice', 'chatapp_voice']) {
      const log = await client.get(`/api/user/webhook-deliveries?event=${event}`);
      expect(
        log.json().data.map((d: { event: string; status: string }) => [d.event, d.status]),
        event,
      ).toEqual([['whatsapp_voice', 'delivered']]);
    }
  });

  it('lists chatapp conversations as type whatsapp with their whatsapp_sender', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const sender = await createSimulatorSender(ctx.t.app, owner.token, {
      assistant_id: owner.assistant.id,
      phone_number: '+442071230001',
      display_name: 'Acme Sales',
    });
    await customerWrites(owner, sender.id, '40766100002');
    const listed = await referenceClient(ctx.t.app, owner.token).get('/api/user/conversations');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        type: 'whatsapp',
        ai_enabled: true,
        whatsapp_sender: { name: 'Acme Sales', phone: '+442071230001' },
        customer: { name: 'Jane', phone: '+40766100002' },
      }),
    ]);
  });
});

describe('GET /api/user/conversations filters', () => {
  let owner: Owner;
  let ids: Record<'widget' | 'salesA' | 'salesB' | 'support', string>;
  beforeAll(async () => {
    owner = await ownerWithAssistant(ctx.t);
    const sales = await createSimulatorSender(ctx.t.app, owner.token, {
      assistant_id: owner.assistant.id,
      phone_number: '+442071230011',
      display_name: 'Sales',
    });
    const support = await createSimulatorSender(ctx.t.app, owner.token, {
      assistant_id: owner.assistant.id,
      phone_number: '+442071230012',
      display_name: 'Support',
    });
    // Another account's sender on the sales number: never in this owner's results.
    const stranger = await ownerWithAssistant(ctx.t);
    const strangers = await createSimulatorSender(ctx.t.app, stranger.token, {
      assistant_id: stranger.assistant.id,
      phone_number: '+442071230011',
    });
    await customerWrites(stranger, strangers.id, '40766100010');

    const widget = await openConversation(ctx.t, owner.assistant.uuid);
    await customerWrites(owner, sales.id, '40766100011');
    await customerWrites(owner, sales.id, '40766100012');
    await customerWrites(owner, support.id, '40766100013');
    const all = (await referenceClient(ctx.t.app, owner.token).get('/api/user/conversations')).json().data as Array<{
      id: string;
      customer?: { phone: string };
    }>;
    const byCustomer = (phone: string) => all.find((c) => c.customer?.phone === phone)!.id;
    ids = { widget, salesA: byCustomer('+40766100011'), salesB: byCustomer('+40766100012'), support: byCustomer('+40766100013') };
  });

  const listIds = async (query: string) => {
    const res = await referenceClient(ctx.t.app, owner.token).get(`/api/user/conversations?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Array<{ id: string }>).map((c) => c.id);
  };

  it('applies whatsapp_sender_phone (and its chatapp spelling), with or without the + encoded', async () => {
    expect(await listIds('whatsapp_sender_phone=%2B442071230011')).toEqual([ids.salesB, ids.salesA]);
    // An unencoded + arrives as a space.
    expect(await listIds('whatsapp_sender_phone=+442071230011')).toEqual([ids.salesB, ids.salesA]);
    expect(await listIds('chatapp_sender_phone=%2B442071230012')).toEqual([ids.support]);
    expect(await listIds('whatsapp_sender_phone=%2B442071239999')).toEqual([]);
    // Both given: both apply.
    expect(await listIds('whatsapp_sender_phone=%2B442071230011&chatapp_sender_phone=%2B442071230012')).toEqual([]);
    expect(await listIds('whatsapp_sender_phone=%2B442071230011&customer_phone=%2B40766100012')).toEqual([ids.salesB]);
  });

  it('takes type=chatapp as type=whatsapp', async () => {
    const whatsapp = await listIds('type=whatsapp');
    expect(whatsapp).toEqual([ids.support, ids.salesB, ids.salesA]);
    expect(await listIds('type=chatapp')).toEqual(whatsapp);
    expect(await listIds('type=widget')).toEqual([ids.widget]);
    const bad = await referenceClient(ctx.t.app, owner.token).get('/api/user/conversations?type=telegram');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'The selected type is invalid.', errors: { type: ['The selected type is invalid.'] } });
  });

  it('refuses a query key it does not know instead of ignoring it (and listing everything)', async () => {
    const res = await referenceClient(ctx.t.app, owner.token).get(
      '/api/user/conversations?whatsapp_phone=%2B442071230011&date_from=2026-01-01',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The whatsapp_phone filter is not supported. (and 1 more error)',
      errors: { whatsapp_phone: ['The whatsapp_phone filter is not supported.'], date_from: ['The date_from filter is not supported.'] },
    });
  });
});
