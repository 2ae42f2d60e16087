import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers/factories.js';
import {
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

describe('GET /api/user/conversations/{uuid}', () => {
  it("gives the owner every message with its time and the conversation's state; another account's is not found", async () => {
    const { t } = ctx;
    const owner = await ownerWithAssistant(t, { balanceUsd: 5 });
    const stranger = await ownerWithAssistant(t, { balanceUsd: 5 });
    const uuid = await openConversation(t, owner.assistant.uuid, { type: 'test', variables: { name: 'Jane' } }, bearer(owner.token));
    expect((await sendMessage(t, uuid, 'Do you open on Sundays?', bearer(owner.token))).statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/conversations/${uuid.toUpperCase()}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: uuid,
      assistant_id: owner.assistant.uuid,
      type: 'test',
      status: 'active',
      end_reason: null,
      ai_enabled: true,
      variables: { name: 'Jane' },
      evaluation: null,
      chatapp: null,
    });
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(body.messages[1]).toMatchObject({ role: 'user', content: 'Do you open on Sundays?', function_calls: [] });
    expect(new Date(body.messages[1].created_at).toISOString()).toBe(body.messages[1].created_at);

    const foreign = await t.app.inject({ method: 'GET', url: `/api/user/conversations/${uuid}`, headers: bearer(stranger.token) });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { status: false, error: 'Conversation not found' }]);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/user/conversations/3f1c8a52-7b9e-4c2d-a6f0-1e8d7c5b4a39',
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/conversations/${uuid}` })).statusCode).toBe(401);
  });
});
