import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers/factories.js';
import {
  balanceMicros,
  history,
  ledger,
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import type { FakeCompletionRequest } from '../../../test/helpers/fakes/openai.js';
import { admitMessage } from './admission.js';
import { budgetDay, type ReservationInput } from './billing.js';
import { createTurnQueue } from './turns.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

/** A message's admission with no limits, which takes its ticket and reserves `reservation`, as production reserves. */
async function reserveThroughAdmission(t: ConversationsTestApp['t'], reservation: ReservationInput) {
  const turns = createTurnQueue({ clock: t.clock, leaseMs: 60_000 });
  const admitted = await admitMessage(t.deps.db, turns, {
    conversationId: reservation.conversationId,
    limits: [],
    reservation,
    historyMessages: 10,
    now: reservation.now,
  });
  if (typeof admitted === 'string') throw new Error(`not admitted: ${admitted}`);
  return admitted;
}

const INSUFFICIENT = { status: false, error: 'Insufficient balance. Please top up your account.' };
const lastUserText = (request: FakeCompletionRequest) => request.body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';

describe('billing per user message', () => {
  it('charges a widget message 0.01 USD with a ledger row and keeps test conversations free', async () => {
    const { t } = ctx;
    const { assistant, user, token } = await ownerWithAssistant(t, { balanceUsd: 1 });
    const widget = await openConversation(t, assistant.uuid);
    const test = await openConversation(t, assistant.uuid, { type: 'test' }, bearer(token));
    expect((await sendMessage(t, widget, 'one')).statusCode).toBe(200);
    expect((await sendMessage(t, widget, 'two')).statusCode).toBe(200);
    expect((await sendMessage(t, test, 'free', bearer(token))).statusCode).toBe(200);
    expect(await balanceMicros(t, user.id)).toBe(980_000);
    expect(await ledger(t, user.id)).toEqual([
      { amount_micros: 1_000_000, reason: 'Opening balance' },
      { amount_micros: -10_000, reason: `Chat message, conversation ${widget}` },
      { amount_micros: -10_000, reason: `Chat message, conversation ${widget}` },
    ]);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/user/conversations', headers: bearer(token) })).json().data;
    expect(listed.map((c: { total_cost: number; message_count: number }) => [c.total_cost, c.message_count])).toEqual([
      [0, 3],
      [0.02, 5],
    ]);
  });

  it('refunds the reservation when the reply fails', async () => {
    const { t, llm } = ctx;
    const { assistant, user } = await ownerWithAssistant(t, { balanceUsd: 0.01 });
    const id = await openConversation(t, assistant.uuid);
    llm.reply({ status: 503, content: 'overloaded' });
    const failed = await sendMessage(t, id, 'hello');
    expect(failed.json()).toEqual({ status: false, error: 'Failed to process message: The language model answered 503' });
    expect(await balanceMicros(t, user.id)).toBe(10_000);
    expect((await ledger(t, user.id)).slice(1)).toEqual([
      { amount_micros: -10_000, reason: `Chat message, conversation ${id}` },
      { amount_micros: 10_000, reason: 'Refund: chat message could not be processed' },
    ]);
    const charges = await t.deps.db.selectFrom('conversation_charges').select('status').where('user_id', '=', user.id).execute();
    expect(charges).toEqual([{ status: 'refunded' }]);
    // The refunded cent pays for the next message.
    expect((await sendMessage(t, id, 'again')).statusCode).toBe(200);
    expect(await balanceMicros(t, user.id)).toBe(0);
    const refused = await sendMessage(t, id, 'one more');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(INSUFFICIENT);
  });

  it('50 parallel messages on two instances against a balance for 7: exactly 7 replies, 43 refusals', async () => {
    const { t } = ctx;
    const { assistant, user } = await ownerWithAssistant(t, { balanceUsd: 0.07 });
    const other = await t.startAnotherInstance();
    const apps = [t.app, other.app];
    const ids = await Promise.all(Array.from({ length: 50 }, () => openConversation(t, assistant.uuid)));
    const responses = await Promise.all(
      ids.map((id, i) =>
        apps[i % 2]!.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: { message: `message ${i}` } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(7);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(43);
    for (const r of refused) expect(r.json()).toEqual(INSUFFICIENT);
    expect(await balanceMicros(t, user.id)).toBe(0);
    const entries = await ledger(t, user.id);
    expect(entries.filter((e) => e.amount_micros === -10_000)).toHaveLength(7);
    expect(entries.reduce((sum, e) => sum + e.amount_micros, 0)).toBe(0);
  });

  it('50 parallel messages to one conversation: 7 replies, one at a time, each seeing the previous ones', async () => {
    const { t, llm } = ctx;
    const { assistant, user } = await ownerWithAssistant(t, { balanceUsd: 0.07 });
    const other = await t.startAnotherInstance();
    const apps = [t.app, other.app];
    const id = await openConversation(t, assistant.uuid);
    const before = llm.requests.length;
    llm.setFallback((request) => ({ content: `echo: ${lastUserText(request)}`, delayMs: 5 }));
    try {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          apps[i % 2]!.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: { message: `m${i}` } }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(7);
      expect(responses.filter((r) => r.statusCode === 400).every((r) => r.json().error === INSUFFICIENT.error)).toBe(true);
    } finally {
      llm.setFallback(undefined);
    }
    // Each model call saw every earlier exchange: the turns never overlapped.
    const seen = llm.requests.slice(before).map((r) => r.body.messages.length);
    expect(seen).toEqual([3, 5, 7, 9, 11, 13, 15]);
    const items = await history(t, id);
    expect(items).toHaveLength(15);
    for (let i = 1; i < items.length; i += 2) expect(items[i + 1]!.content).toBe(`echo: ${items[i]!.content}`);
    expect(await balanceMicros(t, user.id)).toBe(0);
  });

  it('stores nothing of a reply whose turn was given away while the model worked, and refunds it', async () => {
    const { t, llm } = ctx;
    const { assistant, user } = await ownerWithAssistant(t, { balanceUsd: 1 });
    const id = await openConversation(t, assistant.uuid);
    const before = await history(t, id);
    // What a waiting message does once the head's lease has run out: it gives the turn away.
    let stolen: Promise<unknown> = Promise.resolve();
    llm.reply(() => {
      stolen = t.deps.db.updateTable('conversations').set({ turn_done: sql<number>`turn_done + 1` }).where('uuid', '=', id).execute();
      return { content: 'too late', delayMs: 2_000 };
    });
    const late = await sendMessage(t, id, 'late');
    await stolen;
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ status: false, error: 'Failed to process message: The message took too long and lost its turn' });
    // The messages were written in the statement that found the turn gone: rolled back with it.
    expect(await history(t, id)).toEqual(before);
    expect(await balanceMicros(t, user.id)).toBe(1_000_000);
    const charges = await t.deps.db.selectFrom('conversation_charges').select('status').where('user_id', '=', user.id).execute();
    expect(charges).toEqual([{ status: 'refunded' }]);
    expect((await sendMessage(t, id, 'next')).statusCode).toBe(200);
    expect(await balanceMicros(t, user.id)).toBe(990_000);
  });

  it("the admission's reservation on its own: the exact charge, then the balance and the daily budget refusals, each writing nothing", async () => {
    const { t } = ctx;
    const { assistant, user } = await ownerWithAssistant(t, { balanceUsd: 0.015 });
    const id = await openConversation(t, assistant.uuid);
    const { db } = t.deps;
    const conversation = await db.selectFrom('conversations').select('id').where('uuid', '=', id).executeTakeFirstOrThrow();
    const { id: assistantId } = await db.selectFrom('assistants').select('id').where('uuid', '=', assistant.uuid).executeTakeFirstOrThrow();
    const now = t.clock.now();
    const input: ReservationInput = {
      userId: user.id,
      conversationId: conversation.id,
      conversationUuid: id,
      amountMicros: 10_000,
      now,
      dailyBudget: { assistantId },
    };
    // The cap is the assistant's own, read by the reservation.
    const reserve = async (capMicros: number) => {
      await db.updateTable('assistants').set({ widget_daily_budget_micros: capMicros }).where('id', '=', assistantId).execute();
      return (await reserveThroughAdmission(t, input)).charge;
    };
    const written = async () => ({
      ticket: (await db.selectFrom('conversations').select('turn_issued').where('id', '=', conversation.id).executeTakeFirstOrThrow())
        .turn_issued,
      balance: await balanceMicros(t, user.id),
      ledger: await ledger(t, user.id),
      charges: await db
        .selectFrom('conversation_charges')
        .select(['amount_micros', 'status', 'budget_assistant_id', sql<string>`budget_day::text`.as('budget_day')])
        .where('user_id', '=', user.id)
        .execute(),
      spent: await db
        .selectFrom('widget_daily_spend')
        .select([sql<string>`day::text`.as('day'), 'spent_micros'])
        .where('assistant_id', '=', assistantId)
        .execute(),
    });

    const charge = await reserve(20_000);
    const [chargeRow] = await db.selectFrom('conversation_charges').select('id').where('user_id', '=', user.id).execute();
    expect(charge).toEqual({ id: chargeRow!.id, userId: user.id, amountMicros: 10_000 });
    const day = budgetDay(now);
    const after = await written();
    expect(after).toEqual({
      ticket: 1,
      balance: 5_000,
      ledger: [
        { amount_micros: 15_000, reason: 'Opening balance' },
        { amount_micros: -10_000, reason: `Chat message, conversation ${id}` },
      ],
      charges: [{ amount_micros: 10_000, status: 'reserved', budget_assistant_id: assistantId, budget_day: day }],
      spent: [{ day, spent_micros: 10_000 }],
    });

    // Within the budget (10_000 + 10_000 <= 20_000), over the balance (5_000).
    await expect(reserve(20_000)).rejects.toMatchObject({
      statusCode: 402,
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance. Please top up your account.',
    });
    expect(await written()).toEqual(after);
    // Over the budget (10_000 + 10_000 > 15_000): refused before the balance is looked at.
    await expect(reserve(15_000)).rejects.toMatchObject({ statusCode: 429, code: 'DAILY_BUDGET_SPENT' });
    expect(await written()).toEqual(after);
  });

  it('refunds a reservation nobody settled (a process died mid-reply) in the periodic sweep', async () => {
    const { t } = ctx;
    const { assistant, user } = await ownerWithAssistant(t, { balanceUsd: 1 });
    const id = await openConversation(t, assistant.uuid);
    const conversation = await t.deps.db.selectFrom('conversations').select('id').where('uuid', '=', id).executeTakeFirstOrThrow();
    await reserveThroughAdmission(t, {
      userId: user.id,
      conversationId: conversation.id,
      conversationUuid: id,
      amountMicros: 10_000,
      now: t.clock.now(),
    });
    expect(await balanceMicros(t, user.id)).toBe(990_000);
    await t.deps.jobs.drain();
    expect(await balanceMicros(t, user.id)).toBe(990_000);
    t.clock.advance(60 * 60_000);
    await t.deps.jobs.drain();
    expect(await balanceMicros(t, user.id)).toBe(1_000_000);
    expect((await ledger(t, user.id)).at(-1)).toEqual({ amount_micros: 10_000, reason: 'Refund: chat message was not answered' });
  });
});
