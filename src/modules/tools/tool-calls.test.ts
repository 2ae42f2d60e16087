import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';

/** Header values are sealed and shown masked, yet the tool's endpoint must receive the real ones. */
let ctx: ConversationsTestApp;
let sink: WebhookSink;
beforeAll(async () => {
  ctx = await startConversationsApp();
  sink = await startWebhookSink();
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
beforeEach(() => {
  sink.requests.length = 0;
  sink.respondWith(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"status":"shipped"}' }));
});

const API_KEY = 'sk_live_4f9a8b7c6d5e1234567890';

async function conversationWithTool(
  prepare: (api: Awaited<ReturnType<typeof ownerWithAssistant>>['api'], toolId: number) => Promise<void>,
) {
  const owner = await ownerWithAssistant(ctx.t);
  const created = await owner.api.post('/api/user/tools', {
    name: 'lookup_order',
    description: 'Looks up an order by its id.',
    endpoint: `${sink.url}/orders`,
    method: 'POST',
    timeout: 5,
    headers: [
      { name: 'X-Api-Key', value: API_KEY },
      { name: 'Authorization', value: 'Bearer tok-9f8e7d6c' },
    ],
    schema: [{ name: 'order_id', type: 'string', description: 'The order number' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const toolId = created.json().data.id as number;
  await prepare(owner.api, toolId);
  expect((await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tool_ids: [toolId] })).statusCode).toBe(200);
  return openConversation(ctx.t, owner.assistant.uuid);
}

async function callTool(conversation: string) {
  ctx.llm.reply({ toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'A-17' } }] }, { content: 'Shipped.' });
  const res = await sendMessage(ctx.t, conversation, 'Where is order A-17?');
  expect(res.statusCode, res.body).toBe(200);
  expect(sink.requests).toHaveLength(1);
  return sink.requests[0]!.headers;
}

describe('a custom tool called in a conversation', () => {
  it('sends the real header values, after a round trip of the masked ones', async () => {
    const conversation = await conversationWithTool(async (api, id) => {
      const read = (await api.get(`/api/user/tools/${id}`)).json().data;
      expect(read.headers).toEqual([
        { name: 'X-Api-Key', value: 'sk_l…7890' },
        { name: 'Authorization', value: 'Bear…7d6c' },
      ]);
      expect((await api.put(`/api/user/tools/${id}`, { headers: read.headers })).statusCode).toBe(200);
    });
    const headers = await callTool(conversation);
    expect([headers['x-api-key'], headers.authorization]).toEqual([API_KEY, 'Bearer tok-9f8e7d6c']);
  });

  it('sends a value stored in plain text before sealing as it is', async () => {
    const conversation = await conversationWithTool(async (_api, id) => {
      const legacy = [{ name: 'X-Api-Key', value: 'legacy-plain-key-1' }];
      await ctx.t.deps.db
        .updateTable('custom_tools')
        .set({ headers: JSON.stringify(legacy) })
        .where('id', '=', id)
        .execute();
    });
    expect((await callTool(conversation))['x-api-key']).toBe('legacy-plain-key-1');
  });
});
