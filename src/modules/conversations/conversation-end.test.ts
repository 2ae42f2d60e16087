import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';

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
});

const MINUTE = 60_000;
const SCHEMA = [
  { name: 'budget', type: 'number', description: 'The budget the customer named' },
  { name: 'wants_demo', type: 'bool', description: 'Whether the customer wants a demo' },
  { name: 'company', type: 'string', description: 'The customer company' },
];

async function setup(assistant: Record<string, unknown> = {}) {
  const owner = await ownerWithAssistant(ctx.t, {
    assistant: { conversation_ended_webhook_url: `${sink.url}/ended`, post_call_schema: SCHEMA, ...assistant },
  });
  return { ...owner, id: await openConversation(ctx.t, owner.assistant.uuid, { variables: { plan: 'pro' } }) };
}

const statusOf = async (uuid: string) =>
  (await ctx.t.deps.db.selectFrom('conversations').select('status').where('uuid', '=', uuid).executeTakeFirstOrThrow()).status;

/** Moves the clock and runs every job that became due. */
async function after(ms: number) {
  ctx.t.clock.advance(ms);
  await ctx.t.deps.jobs.drain();
}

describe('inactivity end', () => {
  it('ends after the timeout without activity, evaluates, and sends the conversation-ended webhook', async () => {
    const { t, llm } = ctx;
    const { id, assistant } = await setup();
    expect(t.clock.now().toISOString()).toBe('2026-01-15T10:00:00.000Z');
    llm.reply({ content: 'Our pro plan costs 500.' });
    await sendMessage(t, id, 'Budget: 500. I work at Acme and want a demo.');
    await after(29 * MINUTE);
    expect(await statusOf(id)).toBe('active');
    llm.reply({ content: 'Sure.' });
    await sendMessage(t, id, 'Still there?');
    await after(29 * MINUTE);
    // 58 minutes after the start, but only 29 after the last activity.
    expect(await statusOf(id)).toBe('active');

    llm.reply({
      content: '```json\n{"status": "true", "summary": "Wants the pro plan", "budget": "500", "wants_demo": true, "company": "Acme"}\n```',
    });
    await after(2 * MINUTE);
    expect(await statusOf(id)).toBe('ended');

    const evaluation = llm.requests.at(-1)!.body;
    expect(evaluation.response_format).toEqual({ type: 'json_object' });
    expect(evaluation.temperature).toBe(0);
    expect(evaluation.tools).toBeUndefined();
    expect(evaluation.messages[0]!.content).toContain('- "budget" (number): The budget the customer named');
    expect(evaluation.messages[0]!.content).toContain('- "status" (boolean): Whether the conversation objective was achieved or not');
    expect(evaluation.messages[1]!.content).toBe(
      'AI: Hello! How can I help you today?\nCustomer: Budget: 500. I work at Acme and want a demo.\nAI: Our pro plan costs 500.\nCustomer: Still there?\nAI: Sure.',
    );

    expect(sink.requests).toHaveLength(1);
    const delivery = sink.requests[0]!;
    expect(delivery.path).toBe('/ended');
    expect(delivery.headers['x-switchboard-event']).toBe('conversation_ended');
    expect(JSON.parse(delivery.body)).toEqual({
      conversation_id: id,
      assistant_id: assistant.uuid,
      type: 'widget',
      message_count: 5,
      status: 'ended',
      extracted_variables: { status: true, summary: 'Wants the pro plan', budget: 500, wants_demo: true, company: 'Acme' },
      input_variables: { plan: 'pro' },
      transcript: [
        { role: 'assistant', content: 'Hello! How can I help you today?' },
        { role: 'user', content: 'Budget: 500. I work at Acme and want a demo.' },
        { role: 'assistant', content: 'Our pro plan costs 500.' },
        { role: 'user', content: 'Still there?' },
        { role: 'assistant', content: 'Sure.' },
      ],
      formatted_transcript: evaluation.messages[1]!.content,
      customer_phone: null,
      customer_name: null,
      sender: null,
      created_at: '2026-01-15T12:00:00+02:00',
      ended_at: '2026-01-15T13:00:00+02:00',
    });
    // At most once per end: running the jobs again sends nothing more.
    await after(MINUTE);
    expect(sink.requests).toHaveLength(1);
  });

  it('forces every evaluated field to its declared type, null when unusable', async () => {
    const { t, llm } = ctx;
    const { id } = await setup();
    llm.reply({ content: 'Hi' });
    await sendMessage(t, id, 'hello');
    llm.reply({ content: 'Here you go: {"status": "maybe", "summary": 42, "budget": "lots", "wants_demo": "no"}' });
    await after(31 * MINUTE);
    expect(JSON.parse(sink.requests[0]!.body).extracted_variables).toEqual({
      status: null,
      summary: '42',
      budget: null,
      wants_demo: false,
      company: null,
    });
  });

  it('sends the webhook without evaluation when post_call_evaluation is off', async () => {
    const { llm } = ctx;
    const { id } = await setup({ post_call_evaluation: false });
    const before = llm.requests.length;
    await after(31 * MINUTE);
    expect(await statusOf(id)).toBe('ended');
    expect(llm.requests.length).toBe(before);
    expect(JSON.parse(sink.requests[0]!.body)).toMatchObject({ conversation_id: id, extracted_variables: null, message_count: 1 });
  });

  it('after repeated evaluation failures still sends the webhook, without extracted variables', async () => {
    const { llm } = ctx;
    const { id } = await setup();
    llm.setFallback({ status: 500, content: 'down' });
    try {
      await after(31 * MINUTE);
      for (let i = 0; i < 6 && sink.requests.length === 0; i++) await after(2 * 60 * MINUTE);
    } finally {
      llm.setFallback(undefined);
    }
    expect(JSON.parse(sink.requests[0]!.body)).toMatchObject({ conversation_id: id, extracted_variables: null });
  });

  it('never ends when the timeout is null', async () => {
    const { id } = await setup({ conversation_inactivity_timeout: null });
    await after(10 * 24 * 60 * MINUTE);
    expect(await statusOf(id)).toBe('active');
    expect(sink.requests).toHaveLength(0);
  });
});

describe('conversation_ended_retrigger', () => {
  it('false: a message to an ended conversation is refused and costs nothing', async () => {
    const { t } = ctx;
    const { id, user } = await setup({ post_call_evaluation: false });
    await after(31 * MINUTE);
    const balance = (await t.deps.services.accounts.getUser(user.id)).balance_micros;
    const res = await sendMessage(t, id, 'hello again');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: false,
      error: 'This conversation has ended and cannot receive new messages. Start a new conversation.',
    });
    expect((await t.deps.services.accounts.getUser(user.id)).balance_micros).toBe(balance);
  });

  it('true: a message reopens it, and the next inactivity ends it (and notifies) again', async () => {
    const { t, llm } = ctx;
    const { id } = await setup({ post_call_evaluation: false, conversation_ended_retrigger: true });
    await after(31 * MINUTE);
    expect(await statusOf(id)).toBe('ended');
    llm.reply({ content: 'Welcome back!' });
    const res = await sendMessage(t, id, 'I am back');
    expect(res.json()).toMatchObject({ status: true, message: 'Welcome back!' });
    expect(await statusOf(id)).toBe('active');
    await after(31 * MINUTE);
    expect(await statusOf(id)).toBe('ended');
    expect(sink.requests.map((r) => JSON.parse(r.body).message_count)).toEqual([1, 3]);
  });
});
