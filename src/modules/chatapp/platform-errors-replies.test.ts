import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatappEnv, createCloudSender, inboundText, postWebhook } from '../../../test/helpers/chatapp.js';
import { bearer } from '../../../test/helpers/factories.js';
import { GRAPH_ERRORS, startFakeGraph, type FakeGraph } from '../../../test/helpers/fake-graph.js';
import { ownerWithAssistant, startConversationsApp, type ConversationsTestApp } from '../../../test/helpers/conversations.js';

let ctx: ConversationsTestApp;
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
  ctx = await startConversationsApp(chatappEnv(graph));
});
afterAll(async () => {
  await ctx.close();
  await graph.close();
});
beforeEach(() => graph.reset());

describe('platform throttles on the assistant\'s replies', () => {
  it.each([131056, 130429])('%i: the reply is sent again after the platform\'s wait, once, with one model answer', async (code) => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t, { balanceUsd: 10, assistant: { post_call_evaluation: false } });
    const sender = await createCloudSender(t.app, graph, owner.token, { assistant_id: owner.assistant.id });
    const customer = code === 131056 ? '40722333001' : '40722333002';
    let refused = 0;
    graph.override((r) => (r.method === 'POST' && refused++ === 0 ? GRAPH_ERRORS[code] : undefined));
    llm.reply({ content: 'Yes, we ship to Cluj.' });
    const llmCallsBefore = llm.requests.length;
    expect((await postWebhook(t.app, inboundText({ phoneNumberId: sender.phone_number_id, from: customer, id: `wamid.throttle${code}`, at: t.clock.now(), text: 'Do you ship to Cluj?' }))).statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect(graph.sends()).toHaveLength(1);
    // Past the Retry-After the platform gave (6 s for the pair limit, 1 s for throughput).
    t.clock.advance(7_000);
    await t.deps.jobs.drain();
    expect(graph.sends().map((s) => [s.body.to, s.body.text?.body])).toEqual([
      [customer, 'Yes, we ship to Cluj.'],
      [customer, 'Yes, we ship to Cluj.'],
    ]);
    expect(llm.requests.length - llmCallsBefore).toBe(1);
    const messages = await t.app.inject({ method: 'GET', url: `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=%2B${customer}`, headers: bearer(owner.token) });
    expect(messages.json().data.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
      ['inbound', 'Do you ship to Cluj?'],
      ['outbound', 'Yes, we ship to Cluj.'],
    ]);
  });
});
