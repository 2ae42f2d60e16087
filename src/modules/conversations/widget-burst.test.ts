import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceMicros,
  ownerWithAssistant,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import { testConfig } from '../../../test/helpers/test-app.js';

/**
 * The attack the hardening issue measured (300 charged messages in 2.1 s from one anonymous
 * client holding an assistant's UUID), replayed against the default limits. Prints the figures.
 */
const defaults = testConfig();
let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp({
    WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: String(defaults.WIDGET_CONVERSATIONS_PER_IP_PER_HOUR),
    WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: String(defaults.WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE),
    WIDGET_MESSAGES_PER_IP_PER_MINUTE: String(defaults.WIDGET_MESSAGES_PER_IP_PER_MINUTE),
  });
});
afterAll(async () => {
  await ctx.close();
});

const BURST = 300;

async function startFrom(assistantUuid: string, from: string): Promise<{ id?: string; status: number }> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    remoteAddress: from,
    payload: { assistant_id: assistantUuid },
  });
  return { id: res.statusCode === 200 ? res.json().conversation_id : undefined, status: res.statusCode };
}

/** Fires every message at once; returns how many were answered and refused, the time taken and what it cost. */
async function burst(targets: Array<{ id: string; from: string }>, ownerId: number) {
  const before = await balanceMicros(ctx.t, ownerId);
  const started = performance.now();
  const responses = await Promise.all(
    targets.map(({ id, from }, i) =>
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/conversations/${id}/messages`,
        remoteAddress: from,
        payload: { message: `spam ${i}` },
      }),
    ),
  );
  const ms = performance.now() - started;
  const answered = responses.filter((r) => r.statusCode === 200).length;
  const limited = responses.filter((r) => r.statusCode === 429 && r.headers['retry-after'] !== undefined).length;
  return {
    answered,
    limited,
    other: responses.length - answered - limited,
    ms,
    spentMicros: before - (await balanceMicros(ctx.t, ownerId)),
  };
}

function report(label: string, result: Awaited<ReturnType<typeof burst>>) {
  console.log(
    `widget burst, ${label}: ${result.answered}/${BURST} answered, ${result.limited} refused with 429, ${result.other} other, ` +
      `${(result.spentMicros / 1e6).toFixed(2)} USD spent, ${result.ms.toFixed(0)} ms`,
  );
}

describe(`a burst of ${BURST} anonymous messages with the default limits`, () => {
  it('from one client network, over as many conversations as it may open: the per-network minute limit lets 30 through', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-20T10:00:00Z');
    const owner = await ownerWithAssistant(t, { balanceUsd: 100 });
    const from = '203.0.113.7';
    const opened: string[] = [];
    for (let i = 0; i < 100; i++) {
      const { id } = await startFrom(owner.assistant.uuid, from);
      if (id) opened.push(id);
    }
    expect(opened).toHaveLength(defaults.WIDGET_CONVERSATIONS_PER_IP_PER_HOUR);
    const result = await burst(
      Array.from({ length: BURST }, (_, i) => ({ id: opened[i % opened.length]!, from })),
      owner.user.id,
    );
    report(`one network, ${opened.length} conversations`, result);
    expect(result).toMatchObject({
      answered: defaults.WIDGET_MESSAGES_PER_IP_PER_MINUTE,
      limited: BURST - defaults.WIDGET_MESSAGES_PER_IP_PER_MINUTE,
      other: 0,
    });
    expect(result.spentMicros).toBe(defaults.WIDGET_MESSAGES_PER_IP_PER_MINUTE * 10_000);
  }, 120_000);

  it('into one conversation: the per-conversation minute limit lets 12 through', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-20T12:00:00Z');
    const owner = await ownerWithAssistant(t, { balanceUsd: 100 });
    const { id } = await startFrom(owner.assistant.uuid, '203.0.113.8');
    const result = await burst(
      Array.from({ length: BURST }, () => ({ id: id!, from: '203.0.113.8' })),
      owner.user.id,
    );
    report('one conversation', result);
    expect(result).toMatchObject({
      answered: defaults.WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE,
      limited: BURST - defaults.WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE,
      other: 0,
    });
  }, 120_000);

  it(`from ${BURST} networks (a botnet), each its own conversation: only the assistant's daily budget stops it`, async () => {
    const { t } = ctx;
    t.clock.set('2026-01-20T14:00:00Z');
    const owner = await ownerWithAssistant(t, { balanceUsd: 100, assistant: { widget_daily_budget_usd: 1 } });
    const networks = Array.from({ length: BURST }, (_, i) => `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`);
    const targets = await Promise.all(networks.map(async (from) => ({ id: (await startFrom(owner.assistant.uuid, from)).id!, from })));
    const result = await burst(targets, owner.user.id);
    report(`${BURST} networks, budget 1 USD a day`, result);
    expect(result).toMatchObject({ answered: 100, limited: BURST - 100, other: 0, spentMicros: 1_000_000 });
  }, 120_000);
});
