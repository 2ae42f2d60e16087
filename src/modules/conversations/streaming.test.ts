import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceMicros,
  history,
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import type { FakeCompletionRequest } from '../../../test/helpers/fakes/openai.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

const SSE = { accept: 'text/event-stream' };

function parseEvents(body: string): Array<{ event: string; data: any }> {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null');
      return { event, data };
    });
}

describe('Accept: text/event-stream', () => {
  it('streams tokens and function calls, then the full record', async () => {
    const { t, llm } = ctx;
    const { assistant } = await ownerWithAssistant(t, { assistant: { tools: [{ type: 'end_call' }] } });
    const id = await openConversation(t, assistant.uuid);
    llm.reply({ toolCalls: [{ name: 'end_conversation', arguments: { reason: 'done' } }] }, { content: 'Thanks for chatting, bye!' });
    const res = await sendMessage(t, id, 'bye', SSE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const call = { name: 'end_conversation', arguments: { reason: 'done' }, result: { ended: true } };
    expect(parseEvents(res.body)).toEqual([
      { event: 'function_call', data: call },
      { event: 'token', data: { content: 'Thanks ' } },
      { event: 'token', data: { content: 'for ' } },
      { event: 'token', data: { content: 'chatting, ' } },
      { event: 'token', data: { content: 'bye!' } },
      { event: 'done', data: { status: true, message: 'Thanks for chatting, bye!', function_calls: [call] } },
    ]);
    // The model was asked to stream, and the tool call arrived in fragments.
    expect(llm.requests.at(-2)!.body.stream).toBe(true);
    expect((await history(t, id)).at(-1)).toEqual({ role: 'assistant', content: 'Thanks for chatting, bye!', function_calls: [call] });
  });

  it('answers errors found before the stream starts as ordinary JSON', async () => {
    const { t } = ctx;
    const unknown = await sendMessage(t, '7c9e6679-7425-40de-944b-e07fc1f90ae7', 'hi', SSE);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, error: 'Conversation not found' });
    const { assistant } = await ownerWithAssistant(t, { balanceUsd: 0.01 });
    const id = await openConversation(t, assistant.uuid);
    await sendMessage(t, id, 'spend the cent');
    const broke = await sendMessage(t, id, 'hi', SSE);
    expect(broke.statusCode).toBe(400);
    expect(broke.json()).toEqual({ status: false, error: 'Insufficient balance. Please top up your account.' });
  });

  it('ends the stream with an error event when the model fails mid-way, and refunds', async () => {
    const { t, llm } = ctx;
    const { assistant, user } = await ownerWithAssistant(t, { balanceUsd: 1 });
    const id = await openConversation(t, assistant.uuid);
    llm.reply({ status: 500, content: 'boom' });
    const res = await sendMessage(t, id, 'hi', SSE);
    expect(res.statusCode).toBe(200);
    expect(parseEvents(res.body)).toEqual([
      { event: 'error', data: { status: false, error: 'Failed to process message: The language model answered 500' } },
    ]);
    expect(await balanceMicros(t, user.id)).toBe(1_000_000);
  });
});

describe('ordering', () => {
  it('processes the messages of one conversation one at a time, in arrival order, across instances', async () => {
    const { t, llm } = ctx;
    const other = await t.startAnotherInstance();
    const { assistant } = await ownerWithAssistant(t);
    const id = await openConversation(t, assistant.uuid);
    const lastUser = (r: FakeCompletionRequest) => r.body.messages.filter((m) => m.role === 'user').at(-1)!.content;
    llm.setFallback((request) => ({ content: `re: ${lastUser(request)}`, delayMs: lastUser(request) === 'first' ? 300 : 0 }));
    const before = llm.requests.length;
    try {
      const post = (app: typeof t.app, message: string) =>
        app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: { message } });
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const first = post(t.app, 'first');
      await pause(60);
      const second = post(other.app, 'second');
      await pause(60);
      const third = post(t.app, 'third');
      const replies = await Promise.all([first, second, third]);
      expect(replies.map((r) => r.json().message)).toEqual(['re: first', 're: second', 're: third']);
    } finally {
      llm.setFallback(undefined);
    }
    expect((await history(t, id)).map((m) => m.content)).toEqual([
      'Hello! How can I help you today?',
      'first',
      're: first',
      'second',
      're: second',
      'third',
      're: third',
    ]);
    // The second message was not sent to the model until the first reply was stored.
    const secondCall = llm.requests.slice(before)[1]!.body.messages.map((m) => m.content);
    expect(secondCall.slice(-3)).toEqual(['first', 're: first', 'second']);
  });
});
