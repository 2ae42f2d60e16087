import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatappEnv, createCloudSender, inboundText, postWebhook } from '../../../../test/helpers/chatapp.js';
import { bearer } from '../../../../test/helpers/factories.js';
import { GRAPH_ERRORS, startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { ownerWithAssistant, startConversationsApp, type ConversationsTestApp } from '../../../../test/helpers/conversations.js';

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

describe("platform throttles on the assistant's replies", () => {
  it.each([131056, 130429])("%i: the reply is sent again after the platform's wait, once, with one model answer", async (code) => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t, { balanceUsd: 10, assistant: { post_call_evaluation: false } });
    const sender = await createCloudSender(t.app, graph, owner.token, { assistant_id: owner.assistant.id });
    const customer = code === 131056 ? '40722333001' : '40722333002';
    let refused = 0;
    graph.override((r) => (r.method === 'POST' && refused++ === 0 ? GRAPH_ERRORS[code] : undefined));
    llm.reply({ content: 'Yes, we ship to Cluj.' });
    const llmCallsBefore = llm.requests.length;
    expect(
      (
        await postWebhook(
          t.app,
          inboundText({
            phoneNumberId: sender.phone_number_id,
            from: customer,
            id: `wamid.throttle${code}`,
            at: t.clock.now(),
            text: 'Do you ship to Cluj?',
          }),
        )
      ).statusCode,
    ).toBe(200);
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
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=%2B${customer}`,
      headers: bearer(owner.token),
    });
    expect(messages.json().data.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
      ['inbound', 'Do you ship to Cluj?'],
      ['outbound', 'Yes, we ship to Cluj.'],
    ]);
  });

  it('190: the reply is given up at once (the sender is offline until its owner acts), not retried', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t, { balanceUsd: 10, assistant: { post_call_evaluation: false } });
    const sender = await createCloudSender(t.app, graph, owner.token, { assistant_id: owner.assistant.id });
    // The token is revoked: every Graph request with it is refused, the 5-minute poll's included.
    graph.override(() => GRAPH_ERRORS[190]);
    llm.reply({ content: 'Yes, we ship to Iasi.' });
    expect(
      (
        await postWebhook(
          t.app,
          inboundText({
            phoneNumberId: sender.phone_number_id,
            from: '40722333003',
            id: 'wamid.revoked190',
            at: t.clock.now(),
            text: 'Do you ship to Iasi?',
          }),
        )
      ).statusCode,
    ).toBe(200);
    await t.deps.jobs.drain();
    expect(graph.sends()).toHaveLength(1);
    // Long past every retry of the schedule: nothing is tried again.
    t.clock.advance(24 * 3600_000);
    await t.deps.jobs.drain();
    expect(graph.sends()).toHaveLength(1);
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'conversations.chatapp-send-reply')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(jobs).toEqual([{ status: 'dead', attempts: 1 }]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${sender.id}`, headers: bearer(owner.token) });
    expect(detail.json().data.status).toBe('offline');
  });
});
