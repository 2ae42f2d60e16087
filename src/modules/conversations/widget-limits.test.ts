import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer } from '../../../test/helpers/factories.js';
import {
  balanceMicros,
  ledger,
  ownerWithAssistant,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import { testConfig } from '../../../test/helpers/test-app.js';
import { ConfigError } from '../../config.js';

const PROXY = '10.0.0.1';
let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp({
    WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: '3',
    WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: '4',
    WIDGET_MESSAGES_PER_IP_PER_MINUTE: '6',
    TRUST_PROXY: PROXY,
  });
});
afterAll(async () => {
  await ctx.close();
});

const TOO_MANY_CONVERSATIONS = { status: false, error: 'Too many conversations were started from your network. Please try again later.' };
const TOO_FAST = { status: false, error: 'You are sending messages too quickly. Please wait a moment and try again.' };
const TOO_MANY_FROM_NETWORK = {
  status: false,
  error: 'Too many messages were sent from your network. Please wait a moment and try again.',
};

function start(assistantUuid: string, from: string, headers: Record<string, string> = {}, body: Record<string, unknown> = {}) {
  return ctx.t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    remoteAddress: from,
    headers,
    payload: { assistant_id: assistantUuid, ...body },
  });
}

async function started(assistantUuid: string, from: string): Promise<string> {
  const res = await start(assistantUuid, from);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().conversation_id;
}

function send(conversationId: string, from: string, headers: Record<string, string> = {}) {
  return ctx.t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    remoteAddress: from,
    headers,
    payload: { message: 'hi' },
  });
}

function expectRefused(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  body: unknown,
  retryAfterSeconds: number,
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(body);
  expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
}

describe('new widget conversations per client network per hour', () => {
  it('allows exactly the limit, answers 429 with Retry-After, counts no refusal, and resets with the hour', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T10:00:20Z');
    const owner = await ownerWithAssistant(t);
    for (let i = 0; i < 3; i++) await started(owner.assistant.uuid, '192.0.2.10');
    expectRefused(await start(owner.assistant.uuid, '192.0.2.10'), TOO_MANY_CONVERSATIONS, 3580);
    expectRefused(await start(owner.assistant.uuid, '192.0.2.10'), TOO_MANY_CONVERSATIONS, 3580);
    // Another network is not affected; the owner's free test conversations are not counted.
    await started(owner.assistant.uuid, '192.0.2.11');
    const test = await start(owner.assistant.uuid, '192.0.2.10', bearer(owner.token), { type: 'test' });
    expect(test.statusCode).toBe(200);
    expect((await owner.api.get('/api/user/conversations?type=widget&per_page=100')).json().data).toHaveLength(4);

    t.clock.set('2026-01-16T11:00:00Z');
    for (let i = 0; i < 3; i++) await started(owner.assistant.uuid, '192.0.2.10');
    expectRefused(await start(owner.assistant.uuid, '192.0.2.10'), TOO_MANY_CONVERSATIONS, 3600);
  });

  it('counts an IPv6 client by its /64 network, and an IPv4-mapped address as the IPv4 one', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T12:00:00Z');
    const owner = await ownerWithAssistant(t);
    for (const from of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) await started(owner.assistant.uuid, from);
    expectRefused(await start(owner.assistant.uuid, '2001:db8:1:2::4'), TOO_MANY_CONVERSATIONS, 3600);
    await started(owner.assistant.uuid, '2001:db8:1:3::1');
    for (const from of ['192.0.2.20', '::ffff:192.0.2.20', '192.0.2.20']) await started(owner.assistant.uuid, from);
    expectRefused(await start(owner.assistant.uuid, '::ffff:192.0.2.20'), TOO_MANY_CONVERSATIONS, 3600);
  });
});

describe('widget messages per conversation and per client network per minute', () => {
  it('allows the per-conversation limit exactly, refuses without charging, and resets with the minute', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T14:00:20Z');
    const owner = await ownerWithAssistant(t);
    const first = await started(owner.assistant.uuid, '192.0.2.30');
    for (let i = 0; i < 4; i++) expect((await send(first, '192.0.2.30')).statusCode).toBe(200);
    expectRefused(await send(first, '192.0.2.30'), TOO_FAST, 40);
    // A stream is refused the same way, before any event.
    expectRefused(await send(first, '192.0.2.30', { accept: 'text/event-stream' }), TOO_FAST, 40);
    expect(await balanceMicros(t, owner.user.id)).toBe(10_000_000 - 4 * 10_000);
    // Refused messages counted against nothing: the network has used 4 of its 6.
    const second = await started(owner.assistant.uuid, '192.0.2.30');
    expect((await send(second, '192.0.2.30')).statusCode).toBe(200);
    expect((await send(second, '192.0.2.30')).statusCode).toBe(200);
    expectRefused(await send(second, '192.0.2.30'), TOO_MANY_FROM_NETWORK, 40);

    t.clock.set('2026-01-16T14:01:00Z');
    expect((await send(first, '192.0.2.30')).statusCode).toBe(200);
    expect(await balanceMicros(t, owner.user.id)).toBe(10_000_000 - 7 * 10_000);
  });

  it('a message refused for its price counts against no limit, takes no turn and leaves no charge', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T15:00:10Z');
    const owner = await ownerWithAssistant(t, { balanceUsd: 0.02 });
    const id = await started(owner.assistant.uuid, '192.0.2.50');
    for (let i = 0; i < 2; i++) expect((await send(id, '192.0.2.50')).statusCode).toBe(200);
    // The admission counted this message against both limits before the balance refused it.
    const refused = await send(id, '192.0.2.50');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: false, error: 'Insufficient balance. Please top up your account.' });
    const conversation = () =>
      t.deps.db.selectFrom('conversations').select(['turn_issued', 'turn_done']).where('uuid', '=', id).executeTakeFirstOrThrow();
    expect(await conversation()).toEqual({ turn_issued: 2, turn_done: 2 });
    const charges = await t.deps.db
      .selectFrom('conversation_charges')
      .select('status')
      .where('user_id', '=', owner.user.id)
      .orderBy('id')
      .execute();
    expect(charges).toEqual([{ status: 'captured' }, { status: 'captured' }]);
    expect((await ledger(t, owner.user.id)).filter((row) => row.amount_micros < 0)).toHaveLength(2);

    await t.deps.db.updateTable('users').set({ balance_micros: 1_000_000 }).where('id', '=', owner.user.id).execute();
    // 4 a minute per conversation: the refused message took none of them.
    for (let i = 0; i < 2; i++) expect((await send(id, '192.0.2.50')).statusCode).toBe(200);
    expectRefused(await send(id, '192.0.2.50'), TOO_FAST, 50);
    expect(await conversation()).toEqual({ turn_issued: 4, turn_done: 4 });
  });

  it('allows the per-network limit exactly across conversations; other networks and test conversations are not limited', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T16:00:00Z');
    const owner = await ownerWithAssistant(t);
    const ids = [
      await started(owner.assistant.uuid, '192.0.2.40'),
      await started(owner.assistant.uuid, '192.0.2.40'),
      await started(owner.assistant.uuid, '192.0.2.40'),
    ];
    for (const id of ids) for (let i = 0; i < 2; i++) expect((await send(id, '192.0.2.40')).statusCode).toBe(200);
    expectRefused(await send(ids[0]!, '192.0.2.40'), TOO_MANY_FROM_NETWORK, 60);
    // The same conversation from another network (a visitor whose phone changed networks) goes on.
    expect((await send(ids[0]!, '192.0.2.41')).statusCode).toBe(200);
    const test = await start(owner.assistant.uuid, '192.0.2.40', bearer(owner.token), { type: 'test' });
    for (let i = 0; i < 8; i++) expect((await send(test.json().conversation_id, '192.0.2.40', bearer(owner.token))).statusCode).toBe(200);
  });
});

describe('what a widget message is checked and charged with', () => {
  const messageCounters = (t: ConversationsTestApp['t']) =>
    t.deps.db
      .selectFrom('rate_limit_counters')
      .select(['bucket', 'count'])
      .where('bucket', 'like', 'widget:messages:%')
      .orderBy('bucket')
      .execute();

  it('counts nothing for a message to an ended conversation, and admits it once its assistant reopens ended ones', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T17:00:10Z');
    const owner = await ownerWithAssistant(t);
    const id = await started(owner.assistant.uuid, '192.0.2.60');
    const { id: conversationId } = await t.deps.db
      .updateTable('conversations')
      .set({ status: 'ended' })
      .where('uuid', '=', id)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db.deleteFrom('rate_limit_counters').execute();

    const ended = await send(id, '192.0.2.60');
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({
      status: false,
      error: 'This conversation has ended and cannot receive new messages. Start a new conversation.',
    });
    expect(await messageCounters(t)).toEqual([]);
    expect(await t.deps.db.selectFrom('conversation_charges').select('id').where('conversation_id', '=', conversationId).execute()).toEqual(
      [],
    );

    await t.deps.db
      .updateTable('assistants')
      .set({ conversation_ended_retrigger: true })
      .where('uuid', '=', owner.assistant.uuid)
      .execute();
    expect((await send(id, '192.0.2.60')).statusCode).toBe(200);
    expect(await messageCounters(t)).toEqual([
      { bucket: `widget:messages:conversation:${conversationId}`, count: 1 },
      { bucket: 'widget:messages:ip:192.0.2.60', count: 1 },
    ]);
  });

  it('counts nothing, takes no turn and charges nothing for a message while the assistant it was opened with is inactive', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T17:30:10Z');
    const owner = await ownerWithAssistant(t);
    const id = await started(owner.assistant.uuid, '192.0.2.62');
    expect((await send(id, '192.0.2.62')).statusCode).toBe(200);
    await t.deps.db.updateTable('assistants').set({ status: 'inactive' }).where('uuid', '=', owner.assistant.uuid).execute();
    await t.deps.db.deleteFrom('rate_limit_counters').execute();
    const state = () =>
      t.deps.db.selectFrom('conversations').select(['id', 'turn_issued', 'message_count']).where('uuid', '=', id).executeTakeFirstOrThrow();
    const before = await state();

    const refused = await send(id, '192.0.2.62');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: false,
      error: 'This assistant is not active. Its owner can activate it with PUT /api/user/assistant/{id} and the body {"status": "active"}.',
    });
    expect(await messageCounters(t)).toEqual([]);
    expect(await state()).toEqual(before);
    expect(await t.deps.db.selectFrom('conversation_charges').select('status').where('conversation_id', '=', before.id).execute()).toEqual([
      { status: 'captured' },
    ]);
  });

  it('answers "not found" for a conversation deleted after this process has seen it, counting nothing', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T17:40:10Z');
    const owner = await ownerWithAssistant(t);
    const id = await started(owner.assistant.uuid, '192.0.2.63');
    expect((await send(id, '192.0.2.63')).statusCode).toBe(200);
    await t.deps.db.deleteFrom('conversations').where('uuid', '=', id).execute();
    await t.deps.db.deleteFrom('rate_limit_counters').execute();

    const gone = await send(id, '192.0.2.63');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: false, error: 'Conversation not found' });
    expect(await messageCounters(t)).toEqual([]);
  });

  it("charges with the origin assistant's budget when it has one, and with none otherwise", async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T18:00:10Z');
    const budgeted = await ownerWithAssistant(t, { assistant: { widget_daily_budget_usd: 1 } });
    const unbudgeted = await ownerWithAssistant(t);
    const charged = async (owner: typeof budgeted) => {
      const id = await started(owner.assistant.uuid, '192.0.2.61');
      expect((await send(id, '192.0.2.61')).statusCode).toBe(200);
      const charges = await t.deps.db
        .selectFrom('conversation_charges as ch')
        .innerJoin('conversations as c', 'c.id', 'ch.conversation_id')
        .select([
          'ch.user_id',
          'ch.amount_micros',
          'ch.status',
          'ch.budget_assistant_id',
          sql<string | null>`ch.budget_day::text`.as('budget_day'),
        ])
        .where('c.uuid', '=', id)
        .execute();
      const reasons = (await ledger(t, owner.user.id)).filter((row) => row.amount_micros < 0).map((row) => row.reason);
      return { charges, reasons, id };
    };
    const withBudget = await charged(budgeted);
    const { id: budgetedAssistantId } = await t.deps.db
      .selectFrom('assistants')
      .select('id')
      .where('uuid', '=', budgeted.assistant.uuid)
      .executeTakeFirstOrThrow();
    expect(withBudget.charges).toEqual([
      {
        user_id: budgeted.user.id,
        amount_micros: 10_000,
        status: 'captured',
        budget_assistant_id: budgetedAssistantId,
        budget_day: '2026-01-16',
      },
    ]);
    expect(withBudget.reasons).toEqual([`Chat message, conversation ${withBudget.id}`]);
    const spend = await t.deps.db
      .selectFrom('widget_daily_spend')
      .select(['spent_micros'])
      .where('assistant_id', '=', budgetedAssistantId)
      .execute();
    expect(spend).toEqual([{ spent_micros: 10_000 }]);

    const withoutBudget = await charged(unbudgeted);
    expect(withoutBudget.charges).toEqual([
      { user_id: unbudgeted.user.id, amount_micros: 10_000, status: 'captured', budget_assistant_id: null, budget_day: null },
    ]);
    expect(withoutBudget.reasons).toEqual([`Chat message, conversation ${withoutBudget.id}`]);
  });
});

describe('the client address', () => {
  it('comes from X-Forwarded-For only when the request came through a trusted proxy', async () => {
    const { t } = ctx;
    t.clock.set('2026-01-16T18:00:00Z');
    const owner = await ownerWithAssistant(t);
    const via = (proxy: string, forwarded: string) => start(owner.assistant.uuid, proxy, { 'x-forwarded-for': forwarded });
    // Through the trusted proxy: four visitors, four networks.
    for (const visitor of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'])
      expect((await via(PROXY, visitor)).statusCode).toBe(200);
    // Straight from an untrusted address, the header is ignored: all four are that address.
    for (let i = 1; i <= 3; i++) expect((await via('198.51.100.7', `203.0.113.${10 + i}`)).statusCode).toBe(200);
    expectRefused(await via('198.51.100.7', '203.0.113.99'), TOO_MANY_CONVERSATIONS, 3600);
    // What a client wrote before the proxy's own entry is not believed either.
    for (let i = 1; i <= 3; i++) expect((await via(PROXY, `1.1.1.${i}, 203.0.113.50`)).statusCode).toBe(200);
    expectRefused(await via(PROXY, '1.1.1.9, 203.0.113.50'), TOO_MANY_CONVERSATIONS, 3600);
  });

  it('TRUST_PROXY accepts true, false and lists of addresses and ranges, and refuses hop counts and nonsense', () => {
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5, loopback, ::1, fd00::/8' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, 192.168.1.5, loopback, ::1, fd00::/8',
    );
    expect(testConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe('true');
    expect(testConfig().TRUST_PROXY).toBeUndefined();
    for (const bad of ['2', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/8', 'true,10.0.0.1', 'constructor']) {
      expect(() => testConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => testConfig({ TRUST_PROXY: '2' })).toThrow(
      'TRUST_PROXY must be true, false, or a comma list of proxy IP addresses and CIDR ranges; hop counts are not supported (got "2")',
    );
    expect(() => testConfig({ WIDGET_MESSAGES_PER_IP_PER_MINUTE: '0' })).toThrow(ConfigError);
  });
});
