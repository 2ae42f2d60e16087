import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import {
  history,
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('POST /api/conversations', () => {
  it('starts a widget conversation with the greeting, variables filled in, and needs no credentials', async () => {
    const { t } = ctx;
    const { assistant } = await ownerWithAssistant(t, {
      assistant: { initial_message: 'Hello {{user_name}}! Welcome to {{company}}.', variables: { company: 'Acme' } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { assistant_id: assistant.uuid, variables: { user_name: 'Jane Smith' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      history: [{ role: 'assistant', content: 'Hello Jane Smith! Welcome to Acme.' }],
    });
    const got = await t.app.inject({ method: 'GET', url: `/api/conversations/${res.json().conversation_id}` });
    expect(got.json()).toEqual({
      status: true,
      history: [{ role: 'assistant', content: 'Hello Jane Smith! Welcome to Acme.' }],
      variables: { user_name: 'Jane Smith' },
    });
  });

  it('answers an unknown assistant with 404 in the conversation shape', async () => {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: UNKNOWN } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, error: 'Assistant not found' });
  });

  it('validates the body in the validation shape', async () => {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: 'nope', type: 'fax' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      assistant_id: ['The assistant id field must be a valid UUID.'],
      type: ['The selected type is invalid.'],
    });
  });

  it("creates a free test conversation only with the owner's Bearer credentials", async () => {
    const { t } = ctx;
    const { assistant, token } = await ownerWithAssistant(t);
    const stranger = await createUser(t.deps);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { assistant_id: assistant.uuid, type: 'test' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    const badToken = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer('1|nope'),
      payload: { assistant_id: assistant.uuid, type: 'test' },
    });
    expect(badToken.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(stranger.token),
      payload: { assistant_id: assistant.uuid, type: 'test' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ status: false, error: 'Assistant not found' });
    await openConversation(t, assistant.uuid, { type: 'test' }, bearer(token));
  });

  it('refuses a widget conversation when the owner cannot pay for one message', async () => {
    const { assistant } = await ownerWithAssistant(ctx.t, { balanceUsd: 0 });
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: assistant.uuid } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, error: 'Insufficient balance. Please top up your account.' });
  });
});

describe('POST /api/conversations/{uuid}/messages and GET /api/conversations/{uuid}', () => {
  it('replies and keeps the history oldest first', async () => {
    const { t, llm } = ctx;
    const { assistant } = await ownerWithAssistant(t, {
      assistant: { system_prompt: 'You sell {{product}}.', variables: { product: 'widgets' } },
    });
    const id = await openConversation(t, assistant.uuid);
    llm.reply({ content: 'We sell widgets.' }, { content: 'They cost 5 USD.' });
    const first = await sendMessage(t, id, 'What do you sell?');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: 'We sell widgets.', function_calls: [] });
    await sendMessage(t, id, 'How much?');
    expect(await history(t, id)).toEqual([
      { role: 'assistant', content: 'Hello! How can I help you today?' },
      { role: 'user', content: 'What do you sell?' },
      { role: 'assistant', content: 'We sell widgets.' },
      { role: 'user', content: 'How much?' },
      { role: 'assistant', content: 'They cost 5 USD.' },
    ]);
    // The model saw the variables filled in, the assistant's time zone and the whole history.
    const last = llm.requests.at(-1)!.body;
    expect(last.model).toBe('gpt-4o-mini');
    expect(last.temperature).toBe(0.1);
    expect(last.messages[0]!.content).toContain('You sell widgets.');
    expect(last.messages[0]!.content).toContain('Current date and time: 2026-01-15T12:00:00+02:00 (time zone Europe/Bucharest)');
    expect(last.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['assistant', 'Hello! How can I help you today?'],
      ['user', 'What do you sell?'],
      ['assistant', 'We sell widgets.'],
      ['user', 'How much?'],
    ]);
    expect(llm.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test');
  });

  it('answers the spec 7 errors exactly', async () => {
    const { t } = ctx;
    const unknown = await sendMessage(t, UNKNOWN, 'hi');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, error: 'Conversation not found' });
    const malformed = await sendMessage(t, 'not-a-uuid', 'hi');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ status: false, error: 'Conversation not found' });
    const get = await t.app.inject({ method: 'GET', url: `/api/conversations/${UNKNOWN}` });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ status: false, error: 'Conversation not found' });

    const { assistant } = await ownerWithAssistant(t);
    const id = await openConversation(t, assistant.uuid);
    const missing = await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'The message field is required.', errors: { message: ['The message field is required.'] } });
    const long = await sendMessage(t, id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ message: ['The message field must not be greater than 2000 characters.'] });
    expect((await sendMessage(t, id, 'x'.repeat(2000))).statusCode).toBe(200);
  });

  it('reports a failing model as "Failed to process message: <details>"', async () => {
    const { t, llm } = ctx;
    const { assistant } = await ownerWithAssistant(t);
    const id = await openConversation(t, assistant.uuid);
    llm.reply({ status: 500, content: 'upstream exploded' });
    const res = await sendMessage(t, id, 'hello');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, error: 'Failed to process message: The language model answered 500' });
    // Nothing of the failed turn is kept; the next message is answered normally.
    expect(await history(t, id)).toHaveLength(1);
    expect((await sendMessage(t, id, 'again')).statusCode).toBe(200);
  });
});

describe('GET /api/user/conversations', () => {
  it("lists only the caller's conversations, newest first, with filters and cursors", async () => {
    const { t } = ctx;
    const { assistant, api, token } = await ownerWithAssistant(t);
    const other = await ownerWithAssistant(t);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await openConversation(t, assistant.uuid, { variables: { n: i } }));
    const testId = await openConversation(t, assistant.uuid, { type: 'test' }, bearer(token));
    await openConversation(t, other.assistant.uuid);

    const page1 = (await api.get('/api/user/conversations?per_page=2')).json();
    expect(page1.data.map((c: { id: string }) => c.id)).toEqual([testId, ids[2]]);
    expect(page1.data[1]).toEqual({
      id: ids[2],
      assistant_id: assistant.uuid,
      assistant_name: 'Sales Assistant',
      type: 'widget',
      variables: { n: 2 },
      message_count: 1,
      total_cost: 0,
      ai_enabled: true,
      status: 'active',
      created_at: '2026-01-15 10:00:00',
      updated_at: '2026-01-15 10:00:00',
    });
    expect(page1.path).toBe('http://localhost:80/api/user/conversations');
    const page2 = (await api.get(`/api/user/conversations?per_page=2&cursor=${page1.next_cursor}`)).json();
    expect(page2.data.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[0]]);
    expect(page2.next_cursor).toBeNull();
    const back = (await api.get(`/api/user/conversations?per_page=2&cursor=${page2.prev_cursor}`)).json();
    expect(back.data.map((c: { id: string }) => c.id)).toEqual([testId, ids[2]]);

    const tests = (await api.get('/api/user/conversations?type=test')).json();
    expect(tests.data.map((c: { id: string }) => c.id)).toEqual([testId]);
    const byUuid = (await api.get(`/api/user/conversations?assistant_id=${assistant.uuid}`)).json();
    expect(byUuid.data).toHaveLength(4);
    const byId = (await api.get(`/api/user/conversations?assistant_id=${assistant.id}`)).json();
    expect(byId.data).toHaveLength(4);
    const bad = await api.get('/api/user/conversations?per_page=101&type=fax');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'type']);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/conversations' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the conversation routes with their error shapes', async () => {
    const doc = (await ctx.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const send = doc.paths['/api/conversations/{uuid}/messages'].post;
    expect(Object.keys(send.responses).sort()).toEqual(['200', '400', '403', '404', '413', '415', '422', '429', '500']);
    expect(send.security).toEqual([]);
    expect(doc.paths['/api/user/conversations'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(doc.paths['/api/user/ai/generate-reply'].post.responses)).toEqual(
      expect.arrayContaining(['200', '401', '402', '404', '422', '429']),
    );
  });
});
