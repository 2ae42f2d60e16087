import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantBody } from './helpers/assistants.js';
import { ownerWithAssistant, openConversation, startConversationsApp, type ConversationsTestApp } from './helpers/conversations.js';
import { referenceClient } from './helpers/reference-client.js';

/**
 * Drop-in compatibility, exact texts: every message the reference quotes for a request we answer,
 * compared verbatim, from requests as its clients send them.
 */
let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithAssistant>>;
const clientOf = (owner: Owner) => referenceClient(ctx.t.app, owner.token);
const expectAnswer = (res: { statusCode: number; json(): unknown }, status: number, body: unknown) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(body);
};

describe("the reference's quoted messages, verbatim", () => {
  it('custom tools: the name rule has its own top-level message', async () => {
    const client = clientOf(await ownerWithAssistant(ctx.t));
    const res = await client.post('/api/user/tools', {
      name: 'Check-Order',
      description: 'Checks an order',
      endpoint: 'https://api.yourstore.com/orders/status',
      method: 'GET',
    });
    expectAnswer(res, 422, {
      message: 'The name field must contain only lowercase letters and underscores, and start with a letter.',
      errors: { name: ['Tool name must contain only lowercase letters and underscores, and start with a letter.'] },
    });
  });

  it('knowledge bases: "The name may not be greater than 255 characters."', async () => {
    const client = clientOf(await ownerWithAssistant(ctx.t));
    const created = await client.post('/api/user/knowledgebases', { name: 'Product docs' });
    expect(created.statusCode, created.body).toBe(201);
    const res = await client.put(`/api/user/knowledgebases/${created.json().data.id}`, { name: 'x'.repeat(256) });
    expectAnswer(res, 422, {
      message: 'The name may not be greater than 255 characters.',
      errors: { name: ['The name may not be greater than 255 characters.'] },
    });
  });

  it('assistants: "Validation failed" with the name and speech speed messages', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    const { name: _name, ...withoutName } = assistantBody();
    expectAnswer(await client.post('/api/user/assistant', withoutName), 422, {
      message: 'Validation failed',
      errors: { name: ['The name field is required.'] },
    });
    expectAnswer(await client.put(`/api/user/assistant/${owner.assistant.id}`, { speech_speed: 1.5 }), 422, {
      message: 'Validation failed',
      errors: { speech_speed: ['The speech speed must be between 0.7 and 1.2.'] },
    });
    expectAnswer(await client.put('/api/user/assistant/999999', { name: 'x' }), 404, { message: 'Assistant not found' });
  });

  it('webhook toggles: "The given data was invalid." naming both fields', async () => {
    const client = clientOf(await ownerWithAssistant(ctx.t));
    expectAnswer(await client.post('/api/user/assistants/enable-inbound-webhook', {}), 422, {
      message: 'The given data was invalid.',
      errors: { assistant_id: ['The assistant id field is required.'], webhook_url: ['The webhook url field is required.'] },
    });
  });

  it('generate-reply, the widget message and login name their missing field', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const client = clientOf(owner);
    expectAnswer(await client.post('/api/user/ai/generate-reply', { customer_identifier: 'x', message: 'Hi' }), 422, {
      message: 'The assistant id field is required.',
      errors: { assistant_id: ['The assistant id field is required.'] },
    });
    const conversation = await openConversation(ctx.t, owner.assistant.uuid);
    expectAnswer(await referenceClient(ctx.t.app).post(`/api/conversations/${conversation}/messages`, {}), 422, {
      message: 'The message field is required.',
      errors: { message: ['The message field is required.'] },
    });
    expectAnswer(await referenceClient(ctx.t.app).post('/api/white-label/login', { password: 'x' }), 422, {
      message: 'The email field is required.',
      errors: { email: ['The email field is required.'] },
    });
  });

  it('folders: "The name has already been taken."', async () => {
    const client = clientOf(await ownerWithAssistant(ctx.t));
    expect((await client.post('/api/user/folder', { name: 'Sales' })).statusCode).toBe(201);
    const res = await client.post('/api/user/folder', { name: 'Sales' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'The name has already been taken.' });
  });
});
