import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulatorSender } from './helpers/chatapp.js';
import { assistantBody } from './helpers/assistants.js';
import {
  balanceMicros,
  history,
  openConversation,
  ownerWithAssistant,
  startConversationsApp,
  type ConversationsTestApp,
} from './helpers/conversations.js';
import { referenceClient } from './helpers/reference-client.js';

/** Drop-in compatibility, missing routes: the reference's routes beyond the spec, as its clients call them. */
let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(() => {
  ctx.llm.requests.length = 0;
});

type Owner = Awaited<ReturnType<typeof ownerWithAssistant>>;
const clientOf = (owner: Owner) => referenceClient(ctx.t.app, owner.token);
const assistantRow = (id: number) =>
  ctx.t.deps.db
    .selectFrom('assistants')
    .select(['inbound_webhook_url', 'conversation_ended_webhook_url', 'is_webhook_active', 'webhook_url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('GET /api/user/assistants/outbound', () => {
  it("is a bare array of the caller's outbound assistants with the reference's fields, newest first", async () => {
    const owner = await ownerWithAssistant(ctx.t, { assistant: { name: 'Caller', variables: { plan: 'pro' } } });
    const client = clientOf(owner);
    await client.post('/api/user/assistant', assistantBody({ name: 'Receptionist', type: 'inbound' }));
    const second = (await client.post('/api/user/assistant', assistantBody({ name: 'Follow-up' }))).json().data;
    await ownerWithAssistant(ctx.t, { assistant: { name: "Someone else's" } });

    const res = await client.get('/api/user/assistants/outbound');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { name: string }) => a.name)).toEqual(['Follow-up', 'Caller']);
    expect(res.json()[1]).toEqual({
      id: owner.assistant.id,
      user_id: owner.user.id,
      name: 'Caller',
      type: 'outbound',
      mode: 'pipeline',
      status: 'active',
      voice_id: assistantBody().voice_id,
      language_id: assistantBody().language_id,
      timezone: 'Europe/Bucharest',
      initial_message: 'Hello! How can I help you today?',
      system_prompt: 'You are a helpful sales assistant.',
      variables: { plan: 'pro' },
      webhook_url: null,
      is_webhook_active: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      updated_at: expect.any(String),
    });
    expect(res.json()[0].id).toBe(second.id);
    expect((await referenceClient(ctx.t.app).get('/api/user/assistants/outbound')).statusCode).toBe(401);
  });
});

describe('assistant webhook toggles', () => {
  it("enables and disables the inbound and conversation-ended webhooks with the reference's messages", async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    const id = owner.assistant.id;
    const steps: Array<[string, Record<string, unknown>, string, Partial<Awaited<ReturnType<typeof assistantRow>>>]> = [
      [
        'enable-inbound-webhook',
        { webhook_url: 'https://hooks.example.com/inbound' },
        'Webhook enabled successfully',
        { inbound_webhook_url: 'https://hooks.example.com/inbound' },
      ],
      [
        'enable-conversation-ended-webhook',
        { webhook_url: 'https://hooks.example.com/ended' },
        'Conversation ended webhook enabled successfully',
        { conversation_ended_webhook_url: 'https://hooks.example.com/ended' },
      ],
      [
        'disable-inbound-webhook',
        {},
        'Inbound webhook disabled successfully',
        { inbound_webhook_url: null, conversation_ended_webhook_url: 'https://hooks.example.com/ended' },
      ],
      [
        'disable-conversation-ended-webhook',
        {},
        'Conversation ended webhook disabled successfully',
        { conversation_ended_webhook_url: null },
      ],
    ];
    for (const [path, body, message, row] of steps) {
      const res = await client.post(`/api/user/assistants/${path}`, { assistant_id: id, ...body });
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toEqual({ message, data: [] });
      expect(await assistantRow(id)).toMatchObject(row);
    }
  });

  it('disable-webhook turns the post-call webhook off and forgets its URL', async () => {
    const owner = await ownerWithAssistant(ctx.t, {
      assistant: { is_webhook_active: true, webhook_url: 'https://hooks.example.com/post-call' },
    });
    const res = await clientOf(owner).post('/api/user/assistants/disable-webhook', { assistant_id: owner.assistant.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Webhook disabled successfully', data: [] });
    expect(await assistantRow(owner.assistant.id)).toMatchObject({ is_webhook_active: false, webhook_url: null });
    const read = (await clientOf(owner).get(`/api/user/assistant/${owner.assistant.id}`)).json().data;
    expect(read).toMatchObject({ is_webhook_active: false, webhook_url: null });
  });

  it("answers another account's or an unknown assistant as not found, changing nothing", async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const stranger = await ownerWithAssistant(ctx.t);
    for (const assistantId of [owner.assistant.id, 2_000_000_000]) {
      const res = await clientOf(stranger).post('/api/user/assistants/enable-inbound-webhook', {
        assistant_id: assistantId,
        webhook_url: 'https://evil.example.com',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Assistant not found' });
    }
    expect(await assistantRow(owner.assistant.id)).toMatchObject({ inbound_webhook_url: null });
  });

  it('validates like the reference', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const missing = await clientOf(owner).post('/api/user/assistants/enable-conversation-ended-webhook', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { assistant_id: ['The assistant id field is required.'], webhook_url: ['The webhook url field is required.'] },
    });
    // A body-less POST with Content-Type: application/json is no body.
    const bare = await clientOf(owner).post('/api/user/assistants/disable-webhook');
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { assistant_id: ['The assistant id field is required.'] },
    });
    const badUrl = await clientOf(owner).post('/api/user/assistants/enable-inbound-webhook', {
      assistant_id: owner.assistant.id,
      webhook_url: 'not a url',
    });
    expect(badUrl.statusCode).toBe(422);
    expect(badUrl.json().errors).toEqual({ webhook_url: ['The webhook url field must be a valid URL.'] });
  });
});

describe('POST /api/automate/conversations/{uuid}/disable-ai and /enable-ai', () => {
  it("switches the AI of the caller's conversation, and the list shows it", async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const uuid = await openConversation(ctx.t, owner.assistant.uuid);
    const client = clientOf(owner);
    const off = await client.post(`/api/automate/conversations/${uuid}/disable-ai`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ status: true, ai_enabled: false });
    expect((await client.get('/api/user/conversations')).json().data[0]).toMatchObject({ id: uuid, ai_enabled: false });
    const on = await client.post(`/api/automate/conversations/${uuid}/enable-ai`);
    expect(on.json()).toEqual({ status: true, ai_enabled: true });
    expect((await client.get('/api/user/conversations')).json().data[0]).toMatchObject({ id: uuid, ai_enabled: true });
  });

  it('answers 401 {"error": "Unauthorized"} without a valid key, and not found for another account\'s conversation', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const stranger = await ownerWithAssistant(ctx.t);
    const uuid = await openConversation(ctx.t, owner.assistant.uuid);
    for (const client of [referenceClient(ctx.t.app), referenceClient(ctx.t.app, '1|not-a-real-key')]) {
      const res = await client.post(`/api/automate/conversations/${uuid}/disable-ai`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized' });
    }
    for (const target of [uuid, '7c9e6679-7425-40de-944b-e07fc1f90ae7', 'not-a-uuid']) {
      const res = await clientOf(stranger).post(`/api/automate/conversations/${target}/disable-ai`);
      expect(res.statusCode, target).toBe(404);
      expect(res.json()).toEqual({ status: false, error: 'Conversation not found' });
    }
    expect((await clientOf(owner).get('/api/user/conversations')).json().data[0]).toMatchObject({ id: uuid, ai_enabled: true });
  });

  it('widget: a message while the AI is off is stored, unanswered and free; after enable-ai the AI answers again', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const uuid = await openConversation(ctx.t, owner.assistant.uuid);
    await clientOf(owner).post(`/api/automate/conversations/${uuid}/disable-ai`);
    const before = await balanceMicros(ctx.t, owner.user.id);
    const visitor = referenceClient(ctx.t.app);
    const res = await visitor.post(`/api/conversations/${uuid}/messages`, { message: 'Is a human there?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: '', function_calls: [], ai_disabled: true });
    expect(ctx.llm.requests).toHaveLength(0);
    expect(await balanceMicros(ctx.t, owner.user.id)).toBe(before);
    expect(await history(ctx.t, uuid)).toEqual([
      { role: 'assistant', content: 'Hello! How can I help you today?' },
      { role: 'user', content: 'Is a human there?' },
    ]);
    expect((await clientOf(owner).get('/api/user/conversations')).json().data[0]).toMatchObject({ message_count: 2, total_cost: 0 });

    await clientOf(owner).post(`/api/automate/conversations/${uuid}/enable-ai`);
    ctx.llm.reply({ content: 'I can help!' });
    const answered = await visitor.post(`/api/conversations/${uuid}/messages`, { message: 'Hello?' });
    expect(answered.json()).toEqual({ status: true, message: 'I can help!', function_calls: [] });
    expect(await balanceMicros(ctx.t, owner.user.id)).toBe(before - 10_000);
  });

  it('api: generate-reply stores the message and answers reply "" with ai_disabled true', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    ctx.llm.reply({ content: 'Hi!' });
    const first = await client.post('/api/user/ai/generate-reply', {
      assistant_id: owner.assistant.id,
      customer_identifier: 'crm-7',
      message: 'Hello',
    });
    const uuid = first.json().conversation_id as string;
    await client.post(`/api/automate/conversations/${uuid}/disable-ai`);
    const res = await client.post('/api/user/ai/generate-reply', {
      assistant_id: owner.assistant.id,
      customer_identifier: 'crm-7',
      message: 'Cancel my order',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      conversation_id: uuid,
      customer_identifier: 'crm-7',
      reply: '',
      function_calls: [],
      ai_disabled: true,
    });
    expect(ctx.llm.requests).toHaveLength(1);
    expect((await client.get('/api/user/conversations?type=api')).json().data[0]).toMatchObject({
      id: uuid,
      ai_enabled: false,
      message_count: 4,
    });
  });

  it("chatapp: the customer's message is stored and nothing is sent until a human answers", async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    const sender = await createSimulatorSender(ctx.t.app, owner.token, { assistant_id: owner.assistant.id, phone_number: '+442071230021' });
    ctx.llm.reply({ content: 'Welcome!' });
    await client.post(`/api/user/whatsapp/senders/${sender.id}/simulate/inbound`, { from: '40766200001', text: 'Hi' });
    await ctx.t.deps.jobs.drain();
    const uuid = (await client.get('/api/user/conversations?type=whatsapp')).json().data[0].id as string;
    await client.post(`/api/automate/conversations/${uuid}/disable-ai`);

    await client.post(`/api/user/whatsapp/senders/${sender.id}/simulate/inbound`, { from: '40766200001', text: 'I want a person' });
    await ctx.t.deps.jobs.drain();
    expect(ctx.llm.requests).toHaveLength(1);
    const human = await client.post('/api/user/whatsapp/send-freeform', {
      sender_id: sender.id,
      recipient_phone: '+40766200001',
      message: 'Hi, Ana here.',
    });
    expect(human.statusCode).toBe(200);
    const messages = (await client.get(`/api/user/whatsapp/messages?sender_id=${sender.id}&recipient_phone=%2B40766200001`)).json().data;
    expect(messages.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
      ['inbound', 'Hi'],
      ['outbound', 'Welcome!'],
      ['inbound', 'I want a person'],
      ['outbound', 'Hi, Ana here.'],
    ]);
    expect((await client.get('/api/user/conversations?type=whatsapp')).json().data[0]).toMatchObject({
      id: uuid,
      ai_enabled: false,
      message_count: 3,
    });
  });
});
