import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers/factories.js';
import { ledger, ownerWithAssistant, startConversationsApp, type ConversationsTestApp } from '../../../test/helpers/conversations.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp({ GENERATE_REPLY_PER_MINUTE: '5' });
});
afterAll(async () => {
  await ctx.close();
});

const generate = (token: string, payload: Record<string, unknown>) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/user/ai/generate-reply', headers: bearer(token), payload });

describe('POST /api/user/ai/generate-reply', () => {
  it('finds or creates one conversation per assistant and customer identifier, and charges the message', async () => {
    const { t, llm } = ctx;
    const { assistant, token, user, api } = await ownerWithAssistant(t, {
      assistant: { system_prompt: 'Customer {{name}} on plan {{plan}}.' },
    });
    llm.reply({ content: 'Hi John!' }, { content: 'Sure.' }, { content: 'Hello stranger.' });
    const first = await generate(token, {
      assistant_id: assistant.id,
      customer_identifier: '+14155551234',
      message: 'Hello',
      variables: { name: 'John' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customer_identifier: '+14155551234',
      reply: 'Hi John!',
      function_calls: [],
      ai_disabled: false,
    });
    const again = await generate(token, {
      assistant_id: assistant.uuid,
      customer_identifier: '+14155551234',
      message: 'Book me',
      variables: { plan: 'pro' },
    });
    expect(again.json().conversation_id).toBe(first.json().conversation_id);
    // Variables are merged into the conversation; the model saw the previous exchange.
    expect(llm.requests.at(-1)!.body.messages[0]!.content).toContain('Customer John on plan pro.');
    expect(
      llm.requests
        .at(-1)!
        .body.messages.map((m) => m.content)
        .slice(1),
    ).toEqual(['Hello! How can I help you today?', 'Hello', 'Hi John!', 'Book me']);
    const other = await generate(token, { assistant_id: assistant.id, customer_identifier: 'crm-42', message: 'Hi' });
    expect(other.json().conversation_id).not.toBe(first.json().conversation_id);

    const listed = (await api.get('/api/user/conversations?type=api')).json().data;
    expect(listed.map((c: { external_identifier: string; variables: unknown }) => [c.external_identifier, c.variables])).toEqual([
      ['crm-42', null],
      ['+14155551234', { name: 'John', plan: 'pro' }],
    ]);
    // The public get route shows an api conversation to its owner's token only.
    const detail = await t.app.inject({ method: 'GET', url: `/api/conversations/${first.json().conversation_id}`, headers: bearer(token) });
    expect(detail.json()).toMatchObject({ external_identifier: '+14155551234', variables: { name: 'John', plan: 'pro' } });
    expect((await ledger(t, user.id)).filter((e) => e.amount_micros === -10_000)).toHaveLength(3);
  });

  it("answers another account's assistant, and an unknown one, as not found (coded shape)", async () => {
    const { t } = ctx;
    const mine = await ownerWithAssistant(t);
    const theirs = await ownerWithAssistant(t);
    for (const assistantId of [theirs.assistant.id, theirs.assistant.uuid, 999_999]) {
      const res = await generate(mine.token, { assistant_id: assistantId, customer_identifier: 'x', message: 'hi' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        error: 'Assistant not found or does not belong to you',
        error_code: 'ASSISTANT_NOT_FOUND',
      });
    }
  });

  it('answers a low balance with 402 INSUFFICIENT_BALANCE', async () => {
    const { assistant, token } = await ownerWithAssistant(ctx.t, { balanceUsd: 0 });
    const res = await generate(token, { assistant_id: assistant.id, customer_identifier: 'x', message: 'hi' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      error: 'Insufficient balance. Please top up your account.',
      error_code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('validates like the reference and limits each token to 5 calls a minute', async () => {
    const { t } = ctx;
    const { assistant, token } = await ownerWithAssistant(t);
    const missing = await generate(token, { customer_identifier: 'x', message: 'hi' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The assistant id field is required.',
      errors: { assistant_id: ['The assistant id field is required.'] },
    });
    const long = await generate(token, { assistant_id: assistant.id, customer_identifier: 'x'.repeat(256), message: 'hi' });
    expect(long.json().errors).toEqual({ customer_identifier: ['The customer identifier field must not be greater than 255 characters.'] });

    t.clock.advance(60_000);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await generate(token, { assistant_id: assistant.id, customer_identifier: 'rate', message: `m${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await generate(token, { assistant_id: assistant.id, customer_identifier: 'rate', message: 'again' });
    expect(limited.json()).toEqual({ message: 'Too Many Attempts.', retry_after: expect.any(Number) });
    expect(Number(limited.headers['retry-after'])).toBe(limited.json().retry_after);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/ai/generate-reply', payload: {} })).statusCode).toBe(401);
  });
});
