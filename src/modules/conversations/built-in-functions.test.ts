import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../../test/helpers/assistants.js';
import {
  history,
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type Api,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

const systemOf = (i: number) => ctx.llm.requests.at(i)!.body.messages[0]!.content ?? '';

async function withBilling(api: Api, transfer: Record<string, unknown>) {
  const billing = await createAssistant(api, {
    name: 'Billing Desk',
    system_prompt: 'You are the billing desk.',
    initial_message: 'Billing here, {{name}}.',
  });
  return { billing, tool: { type: 'assistant_transfer', assistant_id: billing.id, description: 'Invoices and refunds', ...transfer } };
}

describe('assistant_transfer', () => {
  it('hands the conversation to the target, which answers this message and the next ones', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const { billing, tool } = await withBilling(owner.api, {
      speak_transfer_greeting: false,
      message_before_transfer: 'Let me transfer you.',
    });
    expect((await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tools: [tool] })).statusCode).toBe(200);
    const id = await openConversation(t, owner.assistant.uuid);

    llm.reply(
      { toolCalls: [{ name: 'transfer_to_assistant', arguments: { assistant_id: billing.id } }] },
      { content: 'I can help with your invoice.' },
    );
    const res = await sendMessage(t, id, 'I have a billing question');
    expect(res.json()).toEqual({
      status: true,
      message: 'Let me transfer you.\n\nI can help with your invoice.',
      function_calls: [
        {
          name: 'transfer_to_assistant',
          arguments: { assistant_id: billing.id },
          result: { transferred: true, assistant_id: billing.id, assistant_name: 'Billing Desk' },
        },
      ],
    });
    const offered = llm.requests.at(-2)!.body.tools!.map((f) => f.function);
    expect(offered).toEqual([
      {
        name: 'transfer_to_assistant',
        description: expect.stringContaining(`${billing.id} = Billing Desk: Invoices and refunds`),
        parameters: expect.objectContaining({
          properties: { assistant_id: expect.objectContaining({ type: 'integer', enum: [billing.id] }) },
        }),
      },
    ]);
    expect(systemOf(-2)).toContain('You are a helpful sales assistant.');
    expect(systemOf(-1)).toContain('You are the billing desk.');

    llm.reply({ content: 'Refund issued.' });
    await sendMessage(t, id, 'Refund please');
    expect(systemOf(-1)).toContain('You are the billing desk.');
    const listed = (await owner.api.get('/api/user/conversations')).json().data[0];
    expect(listed).toMatchObject({ assistant_id: billing.uuid, assistant_name: 'Billing Desk' });
  });

  it("has the target's row sent again only when it changed, once a message has read it", async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const { billing, tool } = await withBilling(owner.api, { speak_transfer_greeting: false });
    expect((await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tools: [tool] })).statusCode).toBe(200);
    const id = await openConversation(t, owner.assistant.uuid);
    llm.reply({ toolCalls: [{ name: 'transfer_to_assistant', arguments: { assistant_id: billing.id } }] }, { content: 'Billing here.' });
    expect((await sendMessage(t, id, 'I have a billing question')).statusCode).toBe(200);

    // What each admission read of the answering assistant: its id and whether its row came along.
    const runtimes = t.deps.services.conversationsModule.assistantRuntimes;
    const reads: { id: number; rowSent: boolean }[] = [];
    const fromRead = runtimes.fromRead.bind(runtimes);
    runtimes.fromRead = (read) => (reads.push({ id: read.id, rowSent: read.row !== null }), fromRead(read));
    for (const text of ['First', 'Second']) {
      llm.reply({ content: 'Noted.' });
      expect((await sendMessage(t, id, text)).statusCode).toBe(200);
    }
    expect((await owner.api.put(`/api/user/assistant/${billing.id}`, { system_prompt: 'You are the new billing desk.' })).statusCode).toBe(
      200,
    );
    llm.reply({ content: 'Noted.' });
    expect((await sendMessage(t, id, 'Third')).statusCode).toBe(200);
    expect(systemOf(-1)).toContain('You are the new billing desk.');
    // The first message after the transfer reads the target (this process had loaded it otherwise).
    expect(reads).toEqual([
      { id: billing.id, rowSent: true },
      { id: billing.id, rowSent: false },
      { id: billing.id, rowSent: true },
    ]);
  });

  it('lets the target greet instead, without another model call', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const { billing, tool } = await withBilling(owner.api, { speak_transfer_greeting: true });
    await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tools: [tool] });
    const id = await openConversation(t, owner.assistant.uuid, { variables: { name: 'Ana' } });
    const before = llm.requests.length;
    llm.reply({ toolCalls: [{ name: 'transfer_to_assistant', arguments: { assistant_id: billing.id } }] });
    const res = await sendMessage(t, id, 'billing please');
    expect(res.json().message).toBe('Billing here, Ana.');
    expect(llm.requests.length - before).toBe(1);
  });

  it('refuses a target that is not offered', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const { billing, tool } = await withBilling(owner.api, {});
    await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tools: [tool] });
    const id = await openConversation(t, owner.assistant.uuid);
    llm.reply({ toolCalls: [{ name: 'transfer_to_assistant', arguments: { assistant_id: billing.id + 1000 } }] }, { content: 'ok' });
    const res = await sendMessage(t, id, 'x');
    expect(res.json().function_calls[0].result.error).toMatch(
      /^Invalid arguments: assistant_id must be equal to one of the allowed values/,
    );
  });
});

describe('end_conversation', () => {
  it('ends the conversation after the goodbye; with retrigger off, later messages are refused', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t, { assistant: { tools: [{ type: 'end_call' }] } });
    const id = await openConversation(t, owner.assistant.uuid);
    llm.reply({ toolCalls: [{ name: 'end_conversation', arguments: { reason: 'customer is done' } }] }, { content: 'Goodbye!' });
    const res = await sendMessage(t, id, 'Thanks, bye');
    expect(res.json()).toEqual({
      status: true,
      message: 'Goodbye!',
      function_calls: [{ name: 'end_conversation', arguments: { reason: 'customer is done' }, result: { ended: true } }],
    });
    const row = await t.deps.db
      .selectFrom('conversations')
      .select(['status', 'end_reason'])
      .where('uuid', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ended', end_reason: 'customer is done' });
    const refused = await sendMessage(t, id, 'one more thing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: false,
      error: 'This conversation has ended and cannot receive new messages. Start a new conversation.',
    });
  });
});

describe('knowledge base', () => {
  async function knowledgeBase(api: Api): Promise<number> {
    const kb = await api.post('/api/user/knowledgebases', { name: 'Shop FAQ' });
    expect(kb.statusCode, kb.body).toBe(201);
    const kbId = kb.json().data.id;
    const doc = await api.post(`/api/user/knowledgebases/${kbId}/documents`, {
      name: 'Returns',
      type: 'txt',
      content:
        '# Returns\n\nUnworn shoes can be returned within 30 days for a full refund.\n\n# Shipping\n\nParcels ship within two working days.',
    });
    expect(doc.statusCode, doc.body).toBe(201);
    await ctx.t.deps.jobs.drain();
    return kbId;
  }

  it('function_call mode: the model searches when it needs to', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const kbId = await knowledgeBase(owner.api);
    await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { knowledgebase_id: kbId, knowledgebase_mode: 'function_call' });
    const id = await openConversation(t, owner.assistant.uuid);
    llm.reply(
      { toolCalls: [{ name: 'search_knowledge_base', arguments: { query: 'return shoes refund' } }] },
      { content: 'Within 30 days.' },
    );
    const res = await sendMessage(t, id, 'Can I return shoes?');
    const [call] = res.json().function_calls;
    expect(call.name).toBe('search_knowledge_base');
    expect(call.result.results[0].content).toBe('Returns: Unworn shoes can be returned within 30 days for a full refund.');
    expect(call.result.results[0].source).toBe('Returns');
  });

  it('prompt mode: passages for the message are in the system prompt, with no function offered', async () => {
    const { t, llm } = ctx;
    const owner = await ownerWithAssistant(t);
    const kbId = await knowledgeBase(owner.api);
    await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { knowledgebase_id: kbId, knowledgebase_mode: 'prompt' });
    const id = await openConversation(t, owner.assistant.uuid);
    llm.reply({ content: 'Two working days.' });
    await sendMessage(t, id, 'How fast do parcels ship?');
    const request = llm.requests.at(-1)!.body;
    expect(request.tools).toBeUndefined();
    expect(request.messages[0]!.content).toContain(
      'Relevant passages from the knowledge base:\n- Shipping: Parcels ship within two working days.',
    );
    expect((await history(t, id)).at(-1)).toEqual({ role: 'assistant', content: 'Two working days.' });
  });
});
