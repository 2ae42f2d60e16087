import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers/factories.js';
import {
  balanceMicros,
  ledger,
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

const SPENT = { status: false, error: 'This assistant has answered all the messages it can today. Please try again tomorrow.' };

async function spendRows(assistantId: number) {
  return ctx.t.deps.db
    .selectFrom('widget_daily_spend')
    .select([sql<string>`day::text`.as('day'), 'spent_micros'])
    .where('assistant_id', '=', assistantId)
    .orderBy('day')
    .execute();
}

/** Charges counted in a day's budget that still hold money (reserved or captured), summed per day. */
async function chargedPerDay(assistantId: number) {
  const { rows } = await sql<{ day: string; micros: number }>`
    SELECT budget_day::text AS day, sum(amount_micros)::bigint AS micros FROM conversation_charges
    WHERE budget_assistant_id = ${assistantId} AND status IN ('reserved', 'captured') GROUP BY budget_day ORDER BY budget_day`.execute(
    ctx.t.deps.db,
  );
  return rows.map((r) => ({ day: r.day, spent_micros: Number(r.micros) }));
}

describe('widget_daily_budget_usd on the assistant', () => {
  it('is a USD number or null, stored in micro-USD', async () => {
    const owner = await ownerWithAssistant(ctx.t, { assistant: { widget_daily_budget_usd: 12.34 } });
    const read = async () => (await owner.api.get(`/api/user/assistant/${owner.assistant.id}`)).json().data.widget_daily_budget_usd;
    expect(await read()).toBe(12.34);
    const stored = await ctx.t.deps.db
      .selectFrom('assistants')
      .select('widget_daily_budget_micros')
      .where('id', '=', owner.assistant.id)
      .executeTakeFirstOrThrow();
    expect(stored.widget_daily_budget_micros).toBe(12_340_000);
    expect((await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { widget_daily_budget_usd: null })).statusCode).toBe(200);
    expect(await read()).toBeNull();
    const bad = await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { widget_daily_budget_usd: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'Validation failed',
      errors: { widget_daily_budget_usd: ['The widget daily budget usd must be between 0 and 1000000.'] },
    });
    const fresh = await ownerWithAssistant(ctx.t);
    expect((await fresh.api.get(`/api/user/assistant/${fresh.assistant.id}`)).json().data.widget_daily_budget_usd).toBeNull();
  });
});

describe('the daily widget budget', () => {
  it('40 simultaneous messages on two instances against a budget for 7: exactly 7 answered, spend and ledger agree', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-17T20:00:00Z');
    const owner = await ownerWithAssistant(t, { assistant: { widget_daily_budget_usd: 0.07 } });
    const other = await t.startAnotherInstance();
    const apps = [t.app, other.app];
    const ids = await Promise.all(Array.from({ length: 40 }, () => openConversation(t, owner.assistant.uuid)));
    const responses = await Promise.all(
      ids.map((id, i) =>
        apps[i % 2]!.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: { message: `message ${i}` } }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(7);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(33);
    for (const r of refused) {
      expect(r.json()).toEqual(SPENT);
      expect(r.headers['retry-after']).toBe(String(4 * 3600));
    }
    expect(await spendRows(owner.assistant.id)).toEqual([{ day: '2026-01-17', spent_micros: 70_000 }]);
    expect(await chargedPerDay(owner.assistant.id)).toEqual([{ day: '2026-01-17', spent_micros: 70_000 }]);
    expect(await balanceMicros(t, owner.user.id)).toBe(10_000_000 - 70_000);
    const entries = await ledger(t, owner.user.id);
    expect(entries.filter((e) => e.amount_micros === -10_000)).toHaveLength(7);
    expect(entries.reduce((sum, e) => sum + e.amount_micros, 0)).toBe(10_000_000 - 70_000);
  });

  it("gives a failed reply's share back, refuses new conversations once spent, spares test conversations, and starts again the next UTC day", async () => {
    const { t, llm } = ctx;
    t.clock.set('2026-01-18T23:59:30Z');
    const owner = await ownerWithAssistant(t, { assistant: { widget_daily_budget_usd: 0.02 } });
    const id = await openConversation(t, owner.assistant.uuid);
    expect((await sendMessage(t, id, 'one')).statusCode).toBe(200);
    llm.reply({ status: 500, content: 'down' });
    expect((await sendMessage(t, id, 'fails')).statusCode).toBe(400);
    expect(await spendRows(owner.assistant.id)).toEqual([{ day: '2026-01-18', spent_micros: 10_000 }]);
    expect((await sendMessage(t, id, 'two')).statusCode).toBe(200);
    const refused = await sendMessage(t, id, 'three');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(SPENT);
    expect(refused.headers['retry-after']).toBe('30');
    const created = await t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: owner.assistant.uuid } });
    expect(created.statusCode).toBe(429);
    expect(created.json()).toEqual(SPENT);
    expect(created.headers['retry-after']).toBe('30');
    // The owner's test conversations cost nothing and are not capped.
    const test = await openConversation(t, owner.assistant.uuid, { type: 'test' }, bearer(owner.token));
    expect((await sendMessage(t, test, 'free', bearer(owner.token))).statusCode).toBe(200);

    t.clock.set('2026-01-19T00:00:00Z');
    expect((await sendMessage(t, id, 'new day')).statusCode).toBe(200);
    expect(await spendRows(owner.assistant.id)).toEqual([
      { day: '2026-01-18', spent_micros: 20_000 },
      { day: '2026-01-19', spent_micros: 10_000 },
    ]);
    expect(await chargedPerDay(owner.assistant.id)).toEqual(await spendRows(owner.assistant.id));
    expect(await balanceMicros(t, owner.user.id)).toBe(10_000_000 - 30_000);
  });

  it('a budget of 0 closes the widget', async () => {
    const owner = await ownerWithAssistant(ctx.t, { assistant: { widget_daily_budget_usd: 0 } });
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: owner.assistant.uuid } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(SPENT);
  });
});
