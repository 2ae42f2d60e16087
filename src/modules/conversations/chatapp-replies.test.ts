import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatappEnv, createCloudSender, createSimulatorSender, inboundText, postWebhook } from '../../../test/helpers/chatapp.js';
import { createAssistant } from '../../../test/helpers/assistants.js';
import { bearer } from '../../../test/helpers/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../test/helpers/fakes/graph.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { ownerWithAssistant, startConversationsApp, type ConversationsTestApp } from '../../../test/helpers/conversations.js';
import { isJobRunnerStatement, statementRecorder } from '../../../test/helpers/statements.js';
import { INBOUND_MESSAGE_JOB } from '../chatapp/inbound/inbound.service.js';

let ctx: ConversationsTestApp;
let graph: FakeGraph;
let sink: WebhookSink;
beforeAll(async () => {
  graph = await startFakeGraph();
  sink = await startWebhookSink();
  ctx = await startConversationsApp(chatappEnv(graph));
});
afterAll(async () => {
  await ctx.close();
  await graph.close();
  await sink.close();
});
beforeEach(() => {
  graph.reset();
  sink.requests.length = 0;
});

const HOUR = 3_600_000;

async function senderWithAssistant(kind: 'cloud' | 'simulator', balanceUsd = 10) {
  const owner = await ownerWithAssistant(ctx.t, {
    balanceUsd,
    assistant: { conversation_ended_webhook_url: `${sink.url}/ended`, post_call_evaluation: false },
  });
  const sender =
    kind === 'cloud'
      ? await createCloudSender(ctx.t.app, graph, owner.token, { assistant_id: owner.assistant.id })
      : await createSimulatorSender(ctx.t.app, owner.token, { assistant_id: owner.assistant.id });
  return { ...owner, sender };
}

const chatMessages = async (token: string, senderId: number, phone: string) =>
  (
    await ctx.t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/messages?sender_id=${senderId}&recipient_phone=${encodeURIComponent(phone)}`,
      headers: bearer(token),
    })
  ).json().data as Array<{ direction: string; body: string }>;

describe('AI replies on the chatapp', () => {
  it('answers an inbound customer message through the platform, in one AI conversation per customer', async () => {
    const { t, llm } = ctx;
    const { sender, token, api, user } = await senderWithAssistant('cloud');
    llm.reply({ content: 'Yes, we ship to Cluj.' }, { content: 'Two days.' });
    const first = await postWebhook(
      t.app,
      inboundText({
        phoneNumberId: String(sender.phone_number_id),
        from: '40722333444',
        id: 'wamid.IN1',
        at: t.clock.now(),
        text: 'Do you ship to Cluj?',
      }),
    );
    expect(first.statusCode).toBe(200);
    await t.deps.jobs.drain();
    await postWebhook(
      t.app,
      inboundText({
        phoneNumberId: String(sender.phone_number_id),
        from: '40722333444',
        id: 'wamid.IN2',
        at: t.clock.now(),
        text: 'How long?',
      }),
    );
    await t.deps.jobs.drain();

    const sends = graph.sends();
    expect(sends.map((s) => [s.body.to, s.body.type, s.body.text?.body])).toEqual([
      ['40722333444', 'text', 'Yes, we ship to Cluj.'],
      ['40722333444', 'text', 'Two days.'],
    ]);
    // The customer wrote first: no greeting is sent; the model saw the earlier exchange.
    expect(
      llm.requests
        .at(-1)!
        .body.messages.slice(1)
        .map((m) => m.content),
    ).toEqual(['Do you ship to Cluj?', 'Yes, we ship to Cluj.', 'How long?']);
    expect((await chatMessages(token, sender.id, '+40722333444')).map((m) => [m.direction, m.body])).toEqual([
      ['inbound', 'Do you ship to Cluj?'],
      ['outbound', 'Yes, we ship to Cluj.'],
      ['inbound', 'How long?'],
      ['outbound', 'Two days.'],
    ]);
    const listed = (await api.get('/api/user/conversations?type=whatsapp')).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      type: 'whatsapp',
      message_count: 4,
      total_cost: 0.02,
      whatsapp_sender: { name: 'Acme Support', phone: '+40711000111' },
      customer: { name: 'Sheena Nelson', phone: '+40722333444' },
    });
    expect((await t.deps.services.accounts.getUser(user.id)).balance_micros).toBe(9_980_000);

    // The conversation-ended webhook names the customer and the sender.
    t.clock.advance(31 * 60_000);
    await t.deps.jobs.drain();
    expect(JSON.parse(sink.requests[0]!.body)).toMatchObject({
      type: 'whatsapp',
      message_count: 4,
      customer_phone: '+40722333444',
      customer_name: 'Sheena Nelson',
      sender: { phone_number: '+40711000111', display_name: 'Acme Support' },
    });
  });

  it("answers every customer even past the owner's 5 sends per second API limit", async () => {
    const { t, llm } = ctx;
    const { sender } = await senderWithAssistant('cloud');
    const customers = ['40722000001', '40722000002', '40722000003', '40722000004', '40722000005', '40722000006'];
    llm.reply(...customers.map((_, i) => ({ content: `Reply ${i + 1}` })));
    for (const [i, from] of customers.entries()) {
      await postWebhook(
        t.app,
        inboundText({ phoneNumberId: String(sender.phone_number_id), from, id: `wamid.BURST${i}`, at: t.clock.now(), text: 'Hello?' }),
      );
    }
    await t.deps.jobs.drain();
    expect(
      graph
        .sends()
        .map((s) => s.body.to)
        .sort(),
    ).toEqual(customers);
  });

  it("reads the answering assistant once per inbound message, and a transferred conversation's own", async () => {
    const { t, llm } = ctx;
    const { sender, token, api, assistant, user } = await senderWithAssistant('simulator');
    const inbound = async (text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/chatapp/senders/${sender.id}/simulate/inbound`,
        headers: bearer(token),
        payload: { from: '+40733000222', text },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Every read of an assistant by the conversations module, by how it asked.
    const assistants = t.deps.services.assistants;
    const reads: string[] = [];
    const { getRuntime, getRuntimeByUuid } = assistants;
    assistants.getRuntime = (userId, id) => (reads.push(`id ${id}`), getRuntime(userId, id));
    assistants.getRuntimeByUuid = (uuid) => (reads.push(`uuid ${uuid}`), getRuntimeByUuid(uuid));
    try {
      llm.reply({ content: 'Hello there!' }, { content: 'Sure.' });
      for (const text of ['hi', 'one more thing']) {
        await inbound(text);
        await t.deps.jobs.drain();
      }
      expect(reads).toEqual([`id ${assistant.id}`, `id ${assistant.id}`]);

      // Moved to another assistant: the conversation's own is read for the message.
      const other = await createAssistant(api, { name: 'Night shift', system_prompt: 'You answer at night.' });
      await t.deps.db.updateTable('conversations').set({ assistant_id: other.id }).where('user_id', '=', user.id).execute();
      reads.length = 0;
      llm.reply({ content: 'Good evening.' });
      await inbound('still there?');
      await t.deps.jobs.drain();
      expect(reads).toEqual([`id ${assistant.id}`, `uuid ${other.uuid}`]);
      expect(llm.requests.at(-1)!.body.messages[0]!.content).toContain('You answer at night.');
    } finally {
      assistants.getRuntime = getRuntime;
      assistants.getRuntimeByUuid = getRuntimeByUuid;
    }
  });

  /**
   * A customer of a simulator sender, answered by another process that records its statements;
   * the first message is answered already, so the process has loaded what it loads once.
   */
  async function answeredOnceByAnotherProcess(phone: string) {
    const { t, llm } = ctx;
    const { sender, token } = await senderWithAssistant('simulator');
    const inbound = async (text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/chatapp/senders/${sender.id}/simulate/inbound`,
        headers: bearer(token),
        payload: { from: phone, text },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const recorder = statementRecorder();
    const other = await t.startAnotherInstance({ plugins: [recorder.plugin] });
    llm.reply({ content: 'Hello there!' });
    await inbound('hi');
    await other.deps.jobs.drain();
    return { t, llm, sender, token, inbound, recorder, other };
  }

  it('reads what an inbound message needs in three statements before its admission', async () => {
    const { llm, sender, token, inbound, recorder, other } = await answeredOnceByAnotherProcess('+40733000333');
    // These reach the database before the model is called for the next message, after the job
    // runner's own statements.
    let beforeModel: string[] = [];
    llm.reply(
      () => (
        (beforeModel = recorder.statements.slice(recorder.statements.findIndex((s) => !isJobRunnerStatement(s)))), { content: 'Sure.' }
      ),
    );
    await inbound('one more thing');
    recorder.statements.length = 0;
    await other.deps.jobs.drain();
    expect(beforeModel).toEqual([
      // Whether it was answered already, and the customer's conversation.
      'select conversation_messages conversations assistants',
      // The message as it is now, and its sender's owner (suspended or not).
      'select chatapp_messages chatapp_senders users',
      // The sender's assistant.
      'select assistants',
      // The admission.
      'prepared',
    ]);
    expect((await chatMessages(token, sender.id, '+40733000333')).map((m) => m.body)).toEqual([
      'hi',
      'Hello there!',
      'one more thing',
      'Sure.',
    ]);
  });

  it('sends a reply with one read of its sender and window and one write of the conversation and message', async () => {
    const { t, llm, sender, token, inbound, recorder, other } = await answeredOnceByAnotherProcess('+40733000444');
    let atModel = -1;
    llm.reply(() => ((atModel = recorder.statements.length), { content: 'Sure.' }));
    await inbound('one more thing');
    recorder.statements.length = 0;
    t.clock.advance(5_000);
    await other.deps.jobs.drain();
    expect(recorder.statements.slice(atModel).filter((statement) => !isJobRunnerStatement(statement))).toEqual([
      // After the answer job's store (prepared) and its send's enqueue, and leaving out the job
      // runner's own statements, the send job reads its sender and the customer's window, then
      // writes the conversation and the message.
      'select chatapp_senders chatapp_conversations',
      'insert chatapp_messages chatapp_conversations',
    ]);
    const conversation = await t.deps.db
      .selectFrom('chatapp_conversations')
      .select(['id', 'last_message_at'])
      .where('sender_id', '=', sender.id)
      .executeTakeFirstOrThrow();
    expect(conversation.last_message_at).toEqual(t.clock.now());
    const sent = await t.deps.db
      .selectFrom('chatapp_messages')
      .select(['conversation_id', 'direction', 'kind', 'body', 'status', 'template_id', 'platform_timestamp'])
      .where('sender_id', '=', sender.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({
      conversation_id: conversation.id,
      direction: 'outbound',
      kind: 'text',
      body: 'Sure.',
      status: 'queued',
      template_id: null,
      platform_timestamp: t.clock.now(),
    });
    expect((await chatMessages(token, sender.id, '+40733000444')).map((m) => m.body)).toEqual([
      'hi',
      'Hello there!',
      'one more thing',
      'Sure.',
    ]);
  });

  it('answers a repeated inbound job only once', async () => {
    const { t, llm } = ctx;
    const { sender, token } = await senderWithAssistant('simulator');
    llm.reply({ content: 'Hello there!' });
    const inbound = await t.app.inject({
      method: 'POST',
      url: `/api/user/chatapp/senders/${sender.id}/simulate/inbound`,
      headers: bearer(token),
      payload: { from: '+40733000111', text: 'hi' },
    });
    expect(inbound.statusCode, inbound.body).toBe(200);
    await t.deps.jobs.drain();
    const job = await t.deps.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', INBOUND_MESSAGE_JOB)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = llm.requests.length;
    await t.deps.db
      .insertInto('jobs')
      .values({ kind: INBOUND_MESSAGE_JOB, payload: JSON.stringify(job.payload), max_attempts: 1, run_at: t.clock.now() })
      .execute();
    await t.deps.jobs.drain();
    expect(llm.requests.length).toBe(before);
    expect((await chatMessages(token, sender.id, '+40733000111')).filter((m) => m.direction === 'outbound')).toHaveLength(1);
  });

  it('sends nothing once the 24-hour window has closed', async () => {
    const { t, llm } = ctx;
    const { sender, token } = await senderWithAssistant('simulator');
    llm.reply({ content: 'Too late.' });
    await t.app.inject({
      method: 'POST',
      url: `/api/user/chatapp/senders/${sender.id}/simulate/inbound`,
      headers: bearer(token),
      payload: { from: '+40733000222', text: 'hello?' },
    });
    t.clock.advance(25 * HOUR);
    await t.deps.jobs.drain();
    expect((await chatMessages(token, sender.id, '+40733000222')).map((m) => m.direction)).toEqual(['inbound']);
    const dead = await t.deps.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', 'conversations.chatapp-send-reply')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(dead.status).toBe('dead');
    expect(dead.last_error).toContain('SESSION_EXPIRED');
  });

  it('leaves the customer unanswered while the operator has suspended the account', async () => {
    const { t, llm } = ctx;
    const { sender, token, user } = await senderWithAssistant('simulator');
    const before = llm.requests.length;
    const suspended = (at: Date | null) =>
      t.deps.db
        .updateTable('users')
        .set({ suspended_at: at, suspension_reason: at && 'Spam' })
        .where('id', '=', user.id)
        .execute();
    // The message is stored and its job queued; the account is suspended before the job runs.
    await t.app.inject({
      method: 'POST',
      url: `/api/user/chatapp/senders/${sender.id}/simulate/inbound`,
      headers: bearer(token),
      payload: { from: '+40733000555', text: 'anyone?' },
    });
    await suspended(t.clock.now());
    await t.deps.jobs.drain();
    expect(llm.requests.length).toBe(before);
    await suspended(null);
    expect((await chatMessages(token, sender.id, '+40733000555')).map((m) => m.direction)).toEqual(['inbound']);
  });

  it('leaves the customer unanswered when the owner has no balance', async () => {
    const { t, llm } = ctx;
    const { sender, token } = await senderWithAssistant('simulator', 0);
    const before = llm.requests.length;
    await t.app.inject({
      method: 'POST',
      url: `/api/user/chatapp/senders/${sender.id}/simulate/inbound`,
      headers: bearer(token),
      payload: { from: '+40733000333', text: 'anyone?' },
    });
    await t.deps.jobs.drain();
    expect(llm.requests.length).toBe(before);
    expect((await chatMessages(token, sender.id, '+40733000333')).map((m) => m.direction)).toEqual(['inbound']);
  });
});
