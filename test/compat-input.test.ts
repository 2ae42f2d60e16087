import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatappEnv, createCloudSender } from './helpers/chatapp.js';
import { createPhoneNumber, SEED_IDS } from './helpers/assistants.js';
import { startFakeGraph, type FakeGraph } from './helpers/fakes/graph.js';
import { ownerWithAssistant, startConversationsApp, type ConversationsTestApp } from './helpers/conversations.js';
import { referenceClient } from './helpers/reference-client.js';

/**
 * Drop-in compatibility, Laravel's input semantics: what a client of the reference (a Laravel
 * API) may send and how its throttle counts, as such clients send it (Accept and
 * Content-Type: application/json on every method, numbers as strings from form-like tools).
 */
let ctx: ConversationsTestApp;
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
  ctx = await startConversationsApp({ ...chatappEnv(graph), GENERATE_REPLY_PER_MINUTE: '5' });
});
afterAll(async () => {
  await ctx.close();
  await graph.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithAssistant>>;
const clientOf = (owner: Owner) => referenceClient(ctx.t.app, owner.token);
const assistantRow = (id: number) =>
  ctx.t.deps.db
    .selectFrom('assistants')
    .select(['is_webhook_active', 'webhook_url', 'phone_number_id', 'record', 'max_duration', 'speech_speed'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe("numeric strings and 0/1 booleans, as Laravel's integer, numeric and boolean rules take them", () => {
  it('generate-reply takes "assistant_id": "11" as the integer 11', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    ctx.llm.reply({ content: 'Hello from the string id.' });
    const res = await clientOf(owner).post('/api/user/ai/generate-reply', {
      assistant_id: String(owner.assistant.id),
      customer_identifier: 'crm-1',
      message: 'Hi',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, reply: 'Hello from the string id.', customer_identifier: 'crm-1' });
  });

  it('the webhook toggles take a string assistant_id', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const res = await clientOf(owner).post('/api/user/assistants/enable-conversation-ended-webhook', {
      assistant_id: String(owner.assistant.id),
      webhook_url: 'https://hooks.example.com/ended',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Conversation ended webhook enabled successfully', data: [] });
  });

  it('an assistant update takes "600", "1.1", 1, "0" and "true", and stores numbers and booleans', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    const res = await client.put(`/api/user/assistant/${owner.assistant.id}`, {
      max_duration: '600',
      speech_speed: '1.1',
      record: 1,
      fillers: '0',
      wait_for_customer: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await client.get(`/api/user/assistant/${owner.assistant.id}`)).json().data;
    expect(stored).toMatchObject({ max_duration: 600, speech_speed: 1.1, record: true, fillers: false, wait_for_customer: true });
  });

  it('keeps the messages for what is not a number, and checks the bounds of what is', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const res = await clientOf(owner).put(`/api/user/assistant/${owner.assistant.id}`, {
      max_duration: 'ten minutes',
      speech_speed: '2',
      record: 'yes',
      language_id: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: {
        max_duration: ['The max duration field must be an integer.'],
        speech_speed: ['The speech speed must be between 0.7 and 1.2.'],
        record: ['The record field must be true or false.'],
        language_id: ['The language id field must be an integer.'],
      },
    });
    expect(await assistantRow(owner.assistant.id)).toMatchObject({ max_duration: 600, record: false });
  });

  it('never reads null as 0: null on a required integer is still refused', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const res = await clientOf(owner).post('/api/user/ai/generate-reply', { assistant_id: null, customer_identifier: 'x', message: 'Hi' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.assistant_id).toContain('The assistant id field must be an integer.');
  });
});

describe('an empty body with Content-Type: application/json is no body', () => {
  it('DELETE answers as without a body, and a POST that needs fields names them', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    const created = (await client.post('/api/user/folder', { name: 'To remove' })).json().data;
    const removed = await client.delete(`/api/user/folder/${created.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const empty = await client.post('/api/user/assistants/disable-webhook');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { assistant_id: ['The assistant id field is required.'] },
    });
    const logout = await client.post('/api/auth/logout');
    expect(logout.statusCode, logout.body).toBe(200);
  });
});

describe('rate limits count every request, as a throttle middleware does', () => {
  it('generate-reply: 422s and 404s use up the 5 a minute; Retry-After is the seconds left in the window', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    ctx.t.clock.set('2026-03-02T10:00:15Z');
    const statuses = [];
    statuses.push((await client.post('/api/user/ai/generate-reply', { customer_identifier: 'x', message: 'Hi' })).statusCode);
    statuses.push(
      (await client.post('/api/user/ai/generate-reply', { assistant_id: 'abc', customer_identifier: 'x', message: 'Hi' })).statusCode,
    );
    statuses.push(
      (await client.post('/api/user/ai/generate-reply', { assistant_id: 999_999, customer_identifier: 'x', message: 'Hi' })).statusCode,
    );
    statuses.push((await client.post('/api/user/ai/generate-reply')).statusCode);
    ctx.llm.reply({ content: 'Fifth.' });
    statuses.push(
      (await client.post('/api/user/ai/generate-reply', { assistant_id: owner.assistant.id, customer_identifier: 'x', message: 'Hi' }))
        .statusCode,
    );
    expect(statuses).toEqual([422, 422, 404, 422, 200]);

    ctx.t.clock.set('2026-03-02T10:00:40Z');
    const limited = await client.post('/api/user/ai/generate-reply', {
      assistant_id: owner.assistant.id,
      customer_identifier: 'x',
      message: 'Hi',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too Many Attempts.', retry_after: 20 });
    expect(limited.headers['retry-after']).toBe('20');
    // A refused request does not push the window further: the next minute is open again.
    ctx.t.clock.set('2026-03-02T10:01:00Z');
    expect((await client.post('/api/user/ai/generate-reply', { customer_identifier: 'x', message: 'Hi' })).statusCode).toBe(422);
  });

  it('voice/request: invalid bodies and unknown senders count toward its 5 a minute', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    const sender = await createCloudSender(ctx.t.app, graph, owner.token);
    ctx.t.clock.set('2026-03-03T08:30:50Z');
    graph.reset();
    const codes = [];
    for (const body of [
      {},
      { sender_id: 'one', recipient_phone: '+40711222333' },
      { sender_id: 999_999, recipient_phone: '+40711222333' },
      { sender_id: sender.id, recipient_phone: 'nope' },
      { sender_id: sender.id, recipient_phone: '+40711222333' },
    ]) {
      const res = await client.post('/api/user/whatsapp/voice/request', body);
      codes.push(`${res.statusCode} ${res.json().error_code ?? ''}`.trim());
    }
    expect(codes).toEqual([
      '422 VALIDATION_ERROR',
      '422 VALIDATION_ERROR',
      '404 SENDER_NOT_FOUND',
      '422 INVALID_PHONE',
      '422 SESSION_CLOSED',
    ]);
    const limited = await client.post('/api/user/whatsapp/voice/request', { sender_id: sender.id, recipient_phone: '+40711222333' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('10');
    expect(limited.json()).toEqual({
      success: false,
      error: 'Too many call permission requests. Limits: 5 per minute, 20 per hour, 50 per day.',
      error_code: 'RATE_LIMIT_EXCEEDED',
    });
    expect(graph.sends()).toEqual([]);
  });
});

describe('null on a webhook URL turns its webhook off', () => {
  it('the reference\'s own "remove settings" body succeeds on an assistant whose webhook is active', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    const line = await createPhoneNumber(
      { post: (url, payload) => client.post(url, payload), put: client.put, get: client.get, delete: client.delete, patch: client.put },
      '+14155550900',
    );
    const id = owner.assistant.id;
    const setUp = await client.put(`/api/user/assistant/${id}`, {
      phone_number_id: line,
      is_webhook_active: true,
      webhook_url: 'https://hooks.example.com/post-call',
      secondary_language_ids: [SEED_IDS.romanian],
    });
    expect(setUp.statusCode, setUp.body).toBe(200);

    const res = await client.put(`/api/user/assistant/${id}`, {
      phone_number_id: null,
      webhook_url: null,
      tool_ids: [],
      secondary_language_ids: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Assistant updated successfully',
      data: { id, name: 'Sales Assistant', status: 'active', type: 'outbound', mode: 'pipeline' },
    });
    expect((await client.get(`/api/user/assistant/${id}`)).json().data).toMatchObject({
      phone_number_id: null,
      webhook_url: null,
      is_webhook_active: false,
      tool_ids: [],
      secondary_language_ids: [],
    });
  });

  it('only an explicit is_webhook_active: true beside a null URL is refused', async () => {
    const owner = await ownerWithAssistant(ctx.t, { assistant: { is_webhook_active: true, webhook_url: 'https://hooks.example.com/a' } });
    const res = await clientOf(owner).put(`/api/user/assistant/${owner.assistant.id}`, { is_webhook_active: true, webhook_url: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ webhook_url: ['The webhook url field is required when is webhook active is true.'] });
    expect(await assistantRow(owner.assistant.id)).toMatchObject({ is_webhook_active: true, webhook_url: 'https://hooks.example.com/a' });
  });
});
