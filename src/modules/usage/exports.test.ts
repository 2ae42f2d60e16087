import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';
import { insertCall, insertConversation, insertManyCalls, moveBalance } from '../../../test/helpers/usage-records.js';
import { statementRecorder } from '../../../test/helpers/statements.js';
import { EXPORT_COLUMNS } from './csv-export.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof createUser>>;
const exportOf = async (user: User | null, kind: string, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/user/exports/${kind}.csv?${query}`, headers: user ? bearer(user.token) : {} });
  return { status: res.statusCode, headers: res.headers, body: res.body };
};

describe('GET /api/user/exports/{kind}.csv', () => {
  it("writes the calls of the range as RFC 4180 CSV, quoting what needs it, and nothing of another account's", async () => {
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const assistant = await createAssistant(apiFor(t, alice.token), { name: 'Front desk, "main"' });
    const first = await insertCall(t.deps.db, {
      userId: alice.user.id,
      assistantId: assistant.id,
      at: '2026-03-01T09:00:00.123456Z',
      seconds: 61,
      costMicros: 200_000,
      endReason: 'line 1\nline 2',
    });
    const second = await insertCall(t.deps.db, {
      userId: alice.user.id,
      assistantId: null,
      at: '2026-03-02T23:59:59.999Z',
      status: 'no-answer',
      fromNumber: '=HYPERLINK("http://evil.example")',
    });
    await insertCall(t.deps.db, { userId: alice.user.id, assistantId: null, at: '2026-03-03T00:00:00Z' });
    await insertCall(t.deps.db, { userId: bob.user.id, assistantId: null, at: '2026-03-01T10:00:00Z' });

    const res = await exportOf(alice, 'calls', 'date_from=2026-03-01&date_to=2026-03-02');
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="calls-2026-03-01-to-2026-03-02.csv"',
      'cache-control': 'no-store',
    });
    const uuids = await t.deps.db.selectFrom('calls').select(['id', 'uuid']).where('id', 'in', [first, second]).orderBy('id').execute();
    expect(res.body).toBe(
      [
        'id,uuid,created_at,assistant_id,assistant_name,type,direction,status,is_test,from_number,to_number,duration_seconds,cost_usd,answered_at,ended_at,end_reason,campaign_id',
        `${first},${uuids[0]!.uuid},2026-03-01T09:00:00.123000Z,${assistant.id},"Front desk, ""main""",inbound,inbound,completed,false,+14155550100,+14155550199,61,0.200000,,,"line 1\nline 2",`,
        `${second},${uuids[1]!.uuid},2026-03-02T23:59:59.999000Z,,,inbound,inbound,no-answer,false,"'=HYPERLINK(""http://evil.example"")",+14155550199,,0.000000,,,,`,
        '',
      ].join('\r\n'),
    );
  });

  it('writes conversations and the ledger with their own columns', async () => {
    const user = await createUser(t.deps, { balanceUsd: 5 });
    const assistant = await createAssistant(apiFor(t, user.token), { name: 'Chat' });
    const id = await insertConversation(t.deps.db, {
      userId: user.user.id,
      assistantId: assistant.id,
      at: '2026-03-01T08:00:00Z',
      costMicros: 20_000,
      customerName: '@Ana',
      messages: [['user', '2026-03-01T08:00:00Z']],
    });
    await moveBalance(t.deps.db, { userId: user.user.id, micros: -10_000, at: '2026-03-01T08:00:01Z', kind: 'usage' });
    await moveBalance(t.deps.db, {
      userId: user.user.id,
      micros: 2_500_000,
      at: '2026-03-01T09:00:00Z',
      kind: 'adjustment',
      reason: '-promo',
    });

    const conversations = parse((await exportOf(user, 'conversations', 'date_from=2026-03-01&date_to=2026-03-01')).body, { columns: true });
    expect(conversations).toEqual([
      expect.objectContaining({
        id: String(id),
        assistant_name: 'Chat',
        type: 'widget',
        customer_name: "'@Ana",
        message_count: '1',
        cost_usd: '0.020000',
      }),
    ]);
    const ledger = await exportOf(user, 'ledger', 'date_from=2026-03-01&date_to=2026-03-01');
    expect(
      (parse(ledger.body, { columns: true }) as Array<Record<string, string>>).map((row) => [
        row.kind,
        row.amount_usd,
        row.balance_after_usd,
        row.reason,
      ]),
    ).toEqual([
      ['usage', '-0.010000', '4.990000', 'Chat message, conversation test'],
      ['adjustment', '2.500000', '7.490000', "'-promo"],
    ]);
    expect(ledger.body.split('\r\n')[0]).toBe(EXPORT_COLUMNS.ledger.map(([header]) => header).join(','));
  });

  it('answers a range without rows with the header alone, and refuses a bad one', async () => {
    const user = await createUser(t.deps);
    expect((await exportOf(user, 'ledger', 'date_from=2020-01-01&date_to=2020-01-01')).body).toBe(
      'id,created_at,kind,amount_usd,balance_after_usd,reason\r\n',
    );
    const bad = await exportOf(user, 'calls', 'date_from=2026-03-02&date_to=2026-03-01');
    expect([bad.status, JSON.parse(bad.body)]).toEqual([
      422,
      {
        message: 'The date to must be a date after or equal to date from.',
        errors: { date_to: ['The date to must be a date after or equal to date from.'] },
      },
    ]);
    expect((await exportOf(null, 'calls', 'date_from=2026-03-01&date_to=2026-03-01')).status).toBe(401);
  });

  it('streams keyset pages as the reader takes them: every row once, never the whole range in memory', async () => {
    const user = await createUser(t.deps);
    const ROWS = 25_000;
    // Seven calls in each second, at .999997: pages split rows of equal created_at (by id), in microseconds.
    await insertManyCalls(t.deps.db, { userId: user.user.id, assistantId: null, count: ROWS, lastDay: '2026-04-01' });
    await insertCall(t.deps.db, { userId: user.user.id, assistantId: null, at: '2026-04-01T12:00:00.000001Z' });
    await insertCall(t.deps.db, { userId: user.user.id, assistantId: null, at: '2026-04-01T12:00:00.000001Z' });
    const recorder = statementRecorder();
    const other = await t.startAnotherInstance({ plugins: [recorder.plugin] });
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/user/exports/calls.csv?date_from=2026-03-01&date_to=2026-04-01`;

    // The service's stream: one chunk taken, then the reader waits; the server has read a page or two, not the range.
    const csv = other.deps.services.usage.exportCsv(user.user.id, 'calls', { date_from: '2026-03-01', date_to: '2026-04-01' }, () => {});
    await once(csv.stream, 'readable');
    expect(csv.stream.read()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pages = () => recorder.statements.filter((s) => s.startsWith('select calls')).length;
    expect(pages()).toBeGreaterThanOrEqual(1);
    expect(pages()).toBeLessThanOrEqual(2);
    csv.stream.destroy();
    recorder.statements.length = 0;

    // Through HTTP, to the end.
    const response = await fetch(url, { headers: bearer(user.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    const first = await reader.read();
    const chunks = [Buffer.from(first.value!)];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(Buffer.from(next.value));
    const rows = parse(Buffer.concat(chunks).toString('utf8'), { columns: true }) as Array<{ id: string; end_reason: string }>;
    expect(rows).toHaveLength(ROWS + 2);
    expect(new Set(rows.map((row) => row.id)).size).toBe(ROWS + 2);
    expect(rows[rows.length - 1]!.end_reason).toBe('hangup, "by customer"');
    expect(recorder.statements.filter((s) => s.startsWith('select calls'))).toHaveLength(Math.ceil((ROWS + 2) / 1000));
  });
});

describe('export links', () => {
  const link = async (user: User, kind: string, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/exports/${kind}.csv/link`,
      headers: bearer(user.token),
      payload: body,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('download the same file without a token for a minute, and are useless changed or late', async () => {
    const user = await createUser(t.deps);
    await insertCall(t.deps.db, { userId: user.user.id, assistantId: null, at: '2026-03-01T09:00:00Z' });
    const made = await link(user, 'calls', { date_from: '2026-03-01', date_to: '2026-03-01' });
    expect(made).toEqual({
      status: 200,
      body: { url: expect.stringMatching(/^\/api\/exports\/download\?token=[A-Za-z0-9_-]+$/), expires_at: expect.any(String) },
    });
    expect(new Date(made.body.expires_at).getTime() - t.clock.now().getTime()).toBe(60_000);

    const viaLink = await t.app.inject({ method: 'GET', url: made.body.url });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.headers['content-disposition']).toBe('attachment; filename="calls-2026-03-01-to-2026-03-01.csv"');
    expect(viaLink.body).toBe((await exportOf(user, 'calls', 'date_from=2026-03-01&date_to=2026-03-01')).body);

    const token = made.body.url.split('token=')[1] as string;
    const changed = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const invalid = { message: 'This download link is not valid or has expired; export again.' };
    for (const bad of [changed, 'garbage', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/exports/download?token=${bad}` });
      expect([res.statusCode, res.json()], bad).toEqual(bad === '' ? [422, expect.anything()] : [404, invalid]);
    }
    t.clock.advance(60_000);
    const late = await t.app.inject({ method: 'GET', url: made.body.url });
    expect([late.statusCode, late.json()]).toEqual([404, invalid]);
  });

  it('check the range when made, and are always for the caller', async () => {
    const user = await createUser(t.deps);
    expect(await link(user, 'ledger', { date_from: '2026-03-02', date_to: '2026-03-01' })).toEqual({
      status: 422,
      body: {
        message: 'The date to must be a date after or equal to date from.',
        errors: { date_to: ['The date to must be a date after or equal to date from.'] },
      },
    });
    const other = await createUser(t.deps);
    await moveBalance(t.deps.db, { userId: other.user.id, micros: 1_000_000, at: '2026-03-01T10:00:00Z', kind: 'adjustment' });
    // An unknown key is dropped: naming another account changes nothing.
    const made = await link(user, 'ledger', { date_from: '2026-03-01', date_to: '2026-03-01', user_id: other.user.id });
    expect(made.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: made.body.url })).body).toBe(
      'id,created_at,kind,amount_usd,balance_after_usd,reason\r\n',
    );
  });
});
