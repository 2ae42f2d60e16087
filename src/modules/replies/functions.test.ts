import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  history,
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type Api,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { createTool } from '../../../test/helpers/assistants.js';
import { MAX_TOOL_ROUNDS } from './reply-engine.js';

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
  sink.respondWith(() => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'shipped', eta_days: 2 }),
  }));
});

/** The lookup_order tool, calling the sink with a secret header. */
function createSinkTool(api: Api, overrides: Record<string, unknown> = {}): Promise<number> {
  return createTool(api, { endpoint: `${sink.url}/orders`, headers: [{ name: 'X-Api-Key', value: 'secret-123' }], ...overrides });
}

async function assistantWithTool(toolOverrides: Record<string, unknown> = {}, assistant: Record<string, unknown> = {}) {
  const owner = await ownerWithAssistant(ctx.t, { assistant });
  const toolId = await createSinkTool(owner.api, toolOverrides);
  const res = await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tool_ids: [toolId] });
  expect(res.statusCode, res.body).toBe(200);
  return { ...owner, conversation: await openConversation(ctx.t, owner.assistant.uuid) };
}

describe('custom tools', () => {
  it('calls a POST tool with its headers and JSON arguments, and records the call', async () => {
    const { t, llm } = ctx;
    const { conversation } = await assistantWithTool();
    llm.reply({ toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'A-17' } }] }, { content: 'Your order has shipped.' });
    const res = await sendMessage(t, conversation, 'Where is order A-17?');
    const call = { name: 'lookup_order', arguments: { order_id: 'A-17' }, result: { status: 'shipped', eta_days: 2 } };
    expect(res.json()).toEqual({ status: true, message: 'Your order has shipped.', function_calls: [call] });
    expect(sink.requests).toHaveLength(1);
    expect(sink.requests[0]).toMatchObject({ method: 'POST', path: '/orders', body: '{"order_id":"A-17"}' });
    expect(sink.requests[0]!.headers['x-api-key']).toBe('secret-123');
    expect(sink.requests[0]!.headers['content-type']).toBe('application/json');

    const [first, second] = llm.requests.slice(-2);
    expect(first!.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'lookup_order',
          description: 'Looks up an order by its id.',
          parameters: {
            type: 'object',
            properties: { order_id: { type: 'string', description: 'The order number' } },
            required: ['order_id'],
            additionalProperties: false,
          },
        },
      },
    ]);
    const toolMessage = second!.body.messages.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', content: JSON.stringify(call.result) });
    expect((await history(t, conversation)).at(-1)).toEqual({
      role: 'assistant',
      content: 'Your order has shipped.',
      function_calls: [call],
    });
  });

  it('sends GET arguments as the query string', async () => {
    const { t, llm } = ctx;
    const { conversation } = await assistantWithTool({
      method: 'GET',
      schema: [
        { name: 'city', type: 'string', description: 'City name' },
        { name: 'days', type: 'number', description: 'How many days' },
      ],
    });
    llm.reply({ toolCalls: [{ name: 'lookup_order', arguments: { city: 'São Paulo', days: 3 } }] }, { content: 'ok' });
    await sendMessage(t, conversation, 'weather?');
    expect(sink.requests[0]).toMatchObject({ method: 'GET', path: '/orders?city=S%C3%A3o+Paulo&days=3', body: '' });
  });

  it('gives failures back to the model as error results instead of failing the message', async () => {
    const { t, llm } = ctx;
    const { conversation } = await assistantWithTool();
    sink.respondWith(() => ({ status: 500, body: 'database down' }));
    llm.reply(
      {
        toolCalls: [
          { name: 'lookup_order', arguments: { order_id: 'A-1' } },
          { name: 'lookup_order', arguments: { order: 'A-1' } },
          { name: 'lookup_order', arguments: '{not json' },
          { name: 'cancel_everything', arguments: {} },
        ],
      },
      { content: 'Sorry, I cannot look that up right now.' },
    );
    const res = await sendMessage(t, conversation, 'Where is A-1?');
    expect(res.statusCode).toBe(200);
    expect(res.json().function_calls).toEqual([
      { name: 'lookup_order', arguments: { order_id: 'A-1' }, result: { error: "The tool's endpoint answered HTTP 500: database down" } },
      {
        name: 'lookup_order',
        arguments: { order: 'A-1' },
        result: {
          error: "Invalid arguments: arguments must have required property 'order_id'; arguments must NOT have additional properties.",
        },
      },
      { name: 'lookup_order', arguments: { raw: '{not json' }, result: { error: 'The arguments are not valid JSON.' } },
      { name: 'cancel_everything', arguments: {}, result: { error: 'There is no function named cancel_everything.' } },
    ]);
    // Only the well-formed call reached the endpoint.
    expect(sink.requests).toHaveLength(1);
  });

  it('stops waiting for a tool after its timeout', async () => {
    const { t, llm } = ctx;
    const { conversation } = await assistantWithTool({ timeout: 1 });
    sink.respondWith(() => ({ hold: true }));
    llm.reply({ toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'slow' } }] }, { content: 'It is taking too long.' });
    const res = await sendMessage(t, conversation, 'check slow');
    sink.releaseHeld();
    expect(res.json().function_calls[0].result).toEqual({ error: 'The tool did not answer within 1 s.' });
  });

  it(`allows at most ${MAX_TOOL_ROUNDS} rounds of calls, then asks for an answer without tools`, async () => {
    const { t, llm } = ctx;
    const { conversation } = await assistantWithTool();
    const before = llm.requests.length;
    llm.setFallback((request) =>
      request.body.tools ? { toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'loop' } }] } : { content: 'Final answer.' },
    );
    try {
      const res = await sendMessage(t, conversation, 'loop forever');
      expect(res.json().message).toBe('Final answer.');
      expect(res.json().function_calls).toHaveLength(MAX_TOOL_ROUNDS);
    } finally {
      llm.setFallback(undefined);
    }
    const calls = llm.requests.slice(before);
    expect(calls).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(calls.map((c) => c.body.tools === undefined)).toEqual([false, false, false, false, false, true]);
  });
});

describe('URLs of custom tools are user input', () => {
  it('refuses private addresses unless ALLOW_PRIVATE_URLS is set', async () => {
    const strict = await startConversationsApp({ ALLOW_PRIVATE_URLS: 'false' });
    try {
      const owner = await ownerWithAssistant(strict.t);
      const toolId = await createSinkTool(owner.api);
      await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tool_ids: [toolId] });
      const conversation = await openConversation(strict.t, owner.assistant.uuid);
      strict.llm.reply({ toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'x' } }] }, { content: 'no' });
      const res = await sendMessage(strict.t, conversation, 'go');
      expect(res.json().function_calls[0].result.error).toMatch(
        /127\.0\.0\.1 is a loopback address; requests to private networks are refused\./,
      );
      expect(sink.requests).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});
