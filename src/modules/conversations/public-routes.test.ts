import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import {
  balanceMicros,
  history,
  ledger,
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import type { ConversationType } from '../../core/db/schema.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

const NOT_FOUND = { status: false, error: 'Conversation not found' };
const INACTIVE = {
  status: false,
  error: 'This assistant is not active. Its owner can activate it with PUT /api/user/assistant/{id} and the body {"status": "active"}.',
};

/** A conversation of any type, opened by the service as its channel would (chatapp and api ones have no public create). */
async function conversationOfType(owner: Awaited<ReturnType<typeof ownerWithAssistant>>, type: ConversationType): Promise<string> {
  if (type === 'widget') return openConversation(ctx.t, owner.assistant.uuid);
  if (type === 'test') return openConversation(ctx.t, owner.assistant.uuid, { type: 'test' }, bearer(owner.token));
  const assistant = (await ctx.t.deps.services.assistants.getRuntimeByUuid(owner.assistant.uuid))!;
  const { conversation } = await ctx.t.deps.services.conversations.open({
    assistant,
    type,
    variables: { name: 'Jane' },
    externalIdentifier: type === 'api' ? 'crm-42' : null,
    customerPhone: type === 'whatsapp' ? '+14155550100' : null,
    customerName: type === 'whatsapp' ? 'Jane Doe' : null,
  });
  return conversation.uuid;
}

describe('public conversation routes: which conversation types they serve', () => {
  // [type, who calls, GET status, POST message status]
  const matrix: Array<[ConversationType, 'anonymous' | 'stranger' | 'owner', number, number]> = [
    ['widget', 'anonymous', 200, 200],
    ['widget', 'stranger', 200, 200],
    ['widget', 'owner', 200, 200],
    ['test', 'anonymous', 404, 404],
    ['test', 'stranger', 404, 404],
    ['test', 'owner', 200, 200],
    ['api', 'anonymous', 404, 404],
    ['api', 'stranger', 404, 404],
    ['api', 'owner', 200, 404],
    ['whatsapp', 'anonymous', 404, 404],
    ['whatsapp', 'stranger', 404, 404],
    ['whatsapp', 'owner', 200, 404],
  ];

  it('serves widget conversations to anyone, test ones to their owner, and api/chatapp ones to no one but their owner reading', async () => {
    const { t } = ctx;
    const owner = await ownerWithAssistant(t);
    const stranger = await createUser(t.deps);
    const headersOf = { anonymous: {}, stranger: bearer(stranger.token), owner: bearer(owner.token) };
    for (const type of ['widget', 'test', 'api', 'whatsapp'] as const) {
      const id = await conversationOfType(owner, type);
      for (const [rowType, who, getStatus, sendStatus] of matrix.filter(([rowType]) => rowType === type)) {
        const label = `${rowType} by ${who}`;
        const before = await balanceMicros(t, owner.user.id);
        const got = await t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: headersOf[who] });
        expect(got.statusCode, label).toBe(getStatus);
        if (getStatus === 404) expect(got.json(), label).toEqual(NOT_FOUND);
        else expect(got.json().history[0], label).toEqual({ role: 'assistant', content: 'Hello! How can I help you today?' });

        const sent = await sendMessage(t, id, `hello from ${who}`, headersOf[who]);
        expect(sent.statusCode, label).toBe(sendStatus);
        if (sendStatus === 404) {
          expect(sent.json(), label).toEqual(NOT_FOUND);
          // Nothing was charged or stored for a refused message.
          expect(await balanceMicros(t, owner.user.id), label).toBe(before);
        }
      }
    }
    // Only the widget's three messages cost money; the owner's test message was free.
    expect((await ledger(t, owner.user.id)).filter((e) => e.amount_micros === -10_000)).toHaveLength(3);
  });

  it('shows the owner the channel fields of their api and chatapp conversations, as the reference does', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const api = await conversationOfType(owner, 'api');
    const chatapp = await conversationOfType(owner, 'whatsapp');
    const read = async (id: string) =>
      (await ctx.t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: bearer(owner.token) })).json();
    expect(await read(api)).toMatchObject({ status: true, external_identifier: 'crm-42', variables: { name: 'Jane' } });
    expect(await read(chatapp)).toMatchObject({ status: true, customer: { name: 'Jane Doe', phone: '+14155550100' } });
  });

  it('refuses an invalid token instead of treating the caller as anonymous', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    const id = await conversationOfType(owner, 'test');
    const res = await ctx.t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: bearer('1|not-a-token') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('accepts only widget and test as the type of a new conversation', async () => {
    const owner = await ownerWithAssistant(ctx.t);
    for (const type of ['api', 'whatsapp', 'chatapp']) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: bearer(owner.token),
        payload: { assistant_id: owner.assistant.uuid, type },
      });
      expect(res.statusCode, type).toBe(422);
      expect(res.json(), type).toEqual({ message: 'The selected type is invalid.', errors: { type: ['The selected type is invalid.'] } });
    }
  });
});

describe('an inactive assistant', () => {
  it('takes no widget conversation or message, while its owner may still try it in test conversations', async () => {
    const { t } = ctx;
    const owner = await ownerWithAssistant(t, { assistant: { status: 'inactive' } });
    const created = await t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: owner.assistant.uuid } });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual(INACTIVE);
    expect((await owner.api.get('/api/user/conversations')).json().data).toEqual([]);

    const testId = await openConversation(t, owner.assistant.uuid, { type: 'test' }, bearer(owner.token));
    ctx.llm.reply({ content: 'Trying it out works.' });
    const tried = await sendMessage(t, testId, 'hello', bearer(owner.token));
    expect(tried.statusCode).toBe(200);
    expect(tried.json()).toEqual({ status: true, message: 'Trying it out works.', function_calls: [] });

    expect((await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { status: 'active' })).statusCode).toBe(200);
    const widget = await openConversation(t, owner.assistant.uuid);
    ctx.llm.reply({ content: 'Reply one.' });
    expect((await sendMessage(t, widget, 'one')).statusCode).toBe(200);
    // Deactivated again: the open widget conversation stops taking messages, at no cost, and stays readable.
    expect((await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { status: 'inactive' })).statusCode).toBe(200);
    const before = await balanceMicros(t, owner.user.id);
    const refused = await sendMessage(t, widget, 'two');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(INACTIVE);
    const streamed = await sendMessage(t, widget, 'two', { accept: 'text/event-stream' });
    expect(streamed.statusCode).toBe(403);
    expect(streamed.json()).toEqual(INACTIVE);
    expect(await balanceMicros(t, owner.user.id)).toBe(before);
    expect((await history(t, widget)).map((m) => m.content)).toEqual(['Hello! How can I help you today?', 'one', 'Reply one.']);
  });
});

describe('public error texts', () => {
  it('never pass on what the model provider said', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const id = await openConversation(t, owner.assistant.uuid);
    llm.reply({ status: 401, content: 'Incorrect API key provided: sk-live-0123456789' });
    const res = await sendMessage(t, id, 'hello');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, error: 'Failed to process message: The language model answered 401' });
  });

  it('never pass on a database error (a reply PostgreSQL cannot store)', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const id = await openConversation(t, owner.assistant.uuid);
    llm.reply({ content: 'broken \u0000 reply' });
    const res = await sendMessage(t, id, 'hello');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, error: 'Failed to process message: An internal error occurred.' });
    // The reservation was refunded.
    expect(await balanceMicros(t, owner.user.id)).toBe(10_000_000);
  });
});
