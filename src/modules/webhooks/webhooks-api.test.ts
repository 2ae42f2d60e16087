import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { inTransaction } from '../../core/db/transaction.js';
import { signPayload } from '../../core/net/signing.js';
import { enqueueWebhook } from './webhooks.service.js';

let t: TestApp;
let sink: WebhookSink;
beforeAll(async () => {
  t = await buildTestApp({ env: { JOB_POLL_INTERVAL_MS: '20' } });
  sink = await startWebhookSink();
});
beforeEach(() => {
  sink.requests.length = 0;
  sink.respondWith(() => ({ status: 200, body: 'ok' }));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

type User = Awaited<ReturnType<typeof createUser>>;
const send = (
  app: TestApp,
  user: User,
  options: { event?: string; url?: string; payload?: unknown; assistantId?: number; assistantUuid?: string } = {},
) =>
  inTransaction(app.deps.db, (tx) =>
    enqueueWebhook(tx, {
      userId: user.user.id,
      url: options.url ?? `${sink.url}/hook`,
      event: options.event ?? 'call_ended',
      payload: options.payload ?? {},
      now: app.clock.now(),
      assistantId: options.assistantId,
      assistantUuid: options.assistantUuid,
    }),
  );
const get = async (app: TestApp, user: User, url: string, method: 'GET' | 'POST' = 'GET') => {
  const res = await app.app.inject({ method, url, headers: bearer(user.token) });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/user/webhook-deliveries', () => {
  it("lists only the caller's deliveries, newest first, with cursor pages both ways", async () => {
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await send(t, alice, { event: `e${i}` })).id);
    await send(t, bob);

    const first = await get(t, alice, '/api/user/webhook-deliveries?per_page=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((d: { id: number }) => d.id)).toEqual([ids[4], ids[3]]);
    expect(first.body).toMatchObject({ path: 'http://localhost:80/api/user/webhook-deliveries', per_page: 2, prev_cursor: null });
    expect(first.body.data[0]).toEqual({
      id: ids[4],
      delivery_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      event: 'e4',
      url: `${sink.url}/hook`,
      status: 'pending',
      attempt_count: 0,
      last_status_code: null,
      last_error: null,
      next_attempt_at: null,
      completed_at: null,
      assistant_id: null,
      redelivery_of: null,
      created_at: t.clock.now().toISOString().replace('Z', '000Z'),
    });
    const second = await get(t, alice, `/api/user/webhook-deliveries?per_page=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((d: { id: number }) => d.id)).toEqual([ids[2], ids[1]]);
    const third = await get(t, alice, `/api/user/webhook-deliveries?per_page=2&cursor=${second.body.next_cursor}`);
    expect(third.body.data.map((d: { id: number }) => d.id)).toEqual([ids[0]]);
    expect(third.body.next_cursor).toBeNull();
    const back = await get(t, alice, `/api/user/webhook-deliveries?per_page=2&cursor=${third.body.prev_cursor}`);
    expect(back.body.data.map((d: { id: number }) => d.id)).toEqual([ids[2], ids[1]]);
    const backAgain = await get(t, alice, `/api/user/webhook-deliveries?per_page=2&cursor=${back.body.prev_cursor}`);
    expect(backAgain.body.data.map((d: { id: number }) => d.id)).toEqual([ids[4], ids[3]]);
    expect(backAgain.body.prev_cursor).toBeNull();
  });

  it('filters by status and event', async () => {
    const user = await createUser(t.deps);
    sink.respondWith((r) => (r.path === '/gone' ? { status: 410 } : { status: 200 }));
    const delivered = await send(t, user, { event: 'call_ended' });
    const failed = await send(t, user, { event: 'call_ended', url: `${sink.url}/gone` });
    await t.deps.jobs.drain();
    const pending = await send(t, user, { event: 'whatsapp_voice' });
    const ids = async (query: string) =>
      (await get(t, user, `/api/user/webhook-deliveries?${query}`)).body.data.map((d: { id: number }) => d.id);
    expect(await ids('status=delivered')).toEqual([delivered.id]);
    expect(await ids('status=failed')).toEqual([failed.id]);
    expect(await ids('status=pending')).toEqual([pending.id]);
    expect(await ids('event=call_ended')).toEqual([failed.id, delivered.id]);
    expect(await ids('event=call_ended&status=failed')).toEqual([failed.id]);
  });

  it("filters by assistant (an id, or a payload's uuid among the owner's) and by UTC day", async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps);
    const front = await createAssistant(apiFor(t, user.token), { name: 'Front desk' });
    const back = await createAssistant(apiFor(t, user.token), { name: 'Back office' });
    const foreign = await createAssistant(apiFor(t, other.token), { name: 'Not yours' });
    t.clock.set('2026-03-01T23:59:59.000Z');
    const byId = await send(t, user, { assistantId: front.id });
    t.clock.set('2026-03-02T00:00:00.000Z');
    const byUuid = await send(t, user, { assistantUuid: front.uuid });
    const backs = await send(t, user, { assistantId: back.id });
    // Another account's assistant uuid names nothing here; a malformed one neither.
    const foreignUuid = await send(t, user, { assistantUuid: foreign.uuid });
    t.clock.set('2026-03-03T12:00:00.000Z');
    const plain = await send(t, user, { assistantUuid: 'not-a-uuid' });
    const othersOwn = await send(t, other, { assistantId: foreign.id });
    const ids = async (query: string) =>
      (await get(t, user, `/api/user/webhook-deliveries?${query}`)).body.data.map((d: { id: number }) => d.id);

    expect(await ids(`assistant_id=${front.id}`)).toEqual([byUuid.id, byId.id]);
    expect(await ids(`assistant_id=${back.id}`)).toEqual([backs.id]);
    expect(await ids(`assistant_id=${foreign.id}`)).toEqual([]);
    expect(await ids('date_from=2026-03-02&date_to=2026-03-02')).toEqual([foreignUuid.id, backs.id, byUuid.id]);
    expect(await ids('date_from=2026-03-02')).toEqual([plain.id, foreignUuid.id, backs.id, byUuid.id]);
    expect(await ids('date_to=2026-03-01')).toEqual([byId.id]);
    expect(await ids(`assistant_id=${front.id}&date_from=2026-03-02`)).toEqual([byUuid.id]);
    expect((await get(t, user, `/api/user/webhook-deliveries/${plain.id}`)).body.assistant_id).toBeNull();
    expect((await get(t, other, `/api/user/webhook-deliveries?assistant_id=${front.id}`)).body.data).toEqual([]);
    expect((await get(t, other, '/api/user/webhook-deliveries')).body.data.map((d: { id: number }) => d.id)).toEqual([othersOwn.id]);
    expect(await get(t, user, '/api/user/webhook-deliveries?date_from=2026-03-05&date_to=2026-03-04')).toEqual({
      status: 422,
      body: {
        message: 'The date to must be a date after or equal to date from.',
        errors: { date_to: ['The date to must be a date after or equal to date from.'] },
      },
    });
    expect(await get(t, user, '/api/user/webhook-deliveries?date_from=2026-02-30')).toEqual({
      status: 422,
      body: { message: 'The date from is not a valid date.', errors: { date_from: ['The date from is not a valid date.'] } },
    });
  });

  it('rejects an unknown status, a bad per_page and a forged cursor with the validation shape', async () => {
    const user = await createUser(t.deps);
    expect(await get(t, user, '/api/user/webhook-deliveries?status=lost')).toEqual({
      status: 422,
      body: { message: 'The selected status is invalid.', errors: { status: ['The selected status is invalid.'] } },
    });
    expect(await get(t, user, '/api/user/webhook-deliveries?per_page=101')).toEqual({
      status: 422,
      body: { message: 'The per page must be between 1 and 100.', errors: { per_page: ['The per page must be between 1 and 100.'] } },
    });
    expect(await get(t, user, '/api/user/webhook-deliveries?cursor=garbage')).toEqual({
      status: 422,
      body: { message: 'The cursor is invalid.', errors: { cursor: ['The cursor is invalid.'] } },
    });
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/webhook-deliveries' });
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Unauthenticated.' }]);
  });
});

describe("another account's delivery", () => {
  it('is not found, cannot be redelivered and is never sent again', async () => {
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const bobs = await send(t, bob);
    await t.deps.jobs.drain();
    for (const [url, method] of [
      [`/api/user/webhook-deliveries/${bobs.id}`, 'GET'],
      [`/api/user/webhook-deliveries/${bobs.id}/redeliver`, 'POST'],
      ['/api/user/webhook-deliveries/abc', 'GET'],
    ] as const) {
      expect(await get(t, alice, url, method)).toEqual({ status: 404, body: { message: 'Webhook delivery not found.' } });
    }
    await t.deps.jobs.drain();
    expect(sink.requests.filter((r) => r.headers['x-switchboard-delivery'] === bobs.uuid)).toHaveLength(1);
  });
});

describe('the signing secret', () => {
  it('is created once, shown to its owner only, and rotation signs later deliveries with the new one', async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps);
    const shown = await get(t, user, '/api/user/webhook-secret');
    expect(shown).toEqual({
      status: 200,
      body: { secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/), created_at: expect.any(String) },
    });
    expect((await get(t, user, '/api/user/webhook-secret')).body.secret).toBe(shown.body.secret);
    expect((await get(t, other, '/api/user/webhook-secret')).body.secret).not.toBe(shown.body.secret);

    const rotated = await get(t, user, '/api/user/webhook-secret/rotate', 'POST');
    expect(rotated).toEqual({
      status: 200,
      body: { message: 'Webhook secret rotated successfully.', secret: expect.stringMatching(/^whsec_/), created_at: expect.any(String) },
    });
    expect(rotated.body.secret).not.toBe(shown.body.secret);
    expect((await get(t, user, '/api/user/webhook-secret')).body.secret).toBe(rotated.body.secret);

    const delivery = await send(t, user, { payload: { n: 1 } });
    await t.deps.jobs.drain();
    const request = sink.requests.find((r) => r.headers['x-switchboard-delivery'] === delivery.uuid)!;
    const timestamp = Number(request.headers['x-switchboard-timestamp']);
    expect(request.headers['x-switchboard-signature']).toBe(signPayload(rotated.body.secret, timestamp, request.body));
    expect(request.headers['x-switchboard-signature']).not.toBe(signPayload(shown.body.secret, timestamp, request.body));
  });

  it('is stored sealed, never in plaintext', async () => {
    const user = await createUser(t.deps);
    const { secret } = (await get(t, user, '/api/user/webhook-secret')).body;
    const row = await t.deps.db
      .selectFrom('webhook_signing_secrets')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.secret_sealed.startsWith('v1:')).toBe(true);
  });
});

describe('the SSRF guard, with ALLOW_PRIVATE_URLS=false', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp({ env: { ALLOW_PRIVATE_URLS: 'false' } });
  });
  afterAll(async () => {
    await strict.close();
  });

  it.each([
    ['http://127.0.0.1:{port}/hook', 'URL refused: 127.0.0.1 is a loopback address; requests to private networks are refused.'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'URL refused: 169.254.169.254 is the cloud metadata service; requests to private networks are refused.',
    ],
    ['http://[::1]:{port}/hook', 'URL refused: ::1 is a loopback address; requests to private networks are refused.'],
    ['http://10.0.0.8/hook', 'URL refused: 10.0.0.8 is a private address; requests to private networks are refused.'],
    ['ftp://example.com/hook', 'URL refused: Only http and https URLs can be called (got ftp:).'],
  ])('records a refusal on the delivery for %s, sends nothing and does not retry', async (template, error) => {
    const user = await createUser(strict.deps);
    const delivery = await send(strict, user, { url: template.replace('{port}', String(sink.port)) });
    await strict.deps.jobs.drain();
    strict.clock.advance(86_400_000);
    await strict.deps.jobs.drain();
    const detail = await get(strict, user, `/api/user/webhook-deliveries/${delivery.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: null, last_error: error });
    expect(detail.body.attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: null, error, response_body: null })]);
    expect(sink.requests).toHaveLength(0);
  });
});

describe('two server instances on one database', () => {
  it('deliver every webhook exactly once between them', async () => {
    const user = await createUser(t.deps);
    const other = await t.startAnotherInstance();
    sink.respondWith(() => ({ status: 200 }));
    const deliveries = await inTransaction(t.deps.db, async (tx) => {
      const created = [];
      for (let i = 0; i < 60; i++) {
        created.push(await enqueueWebhook(tx, { userId: user.user.id, url: `${sink.url}/hook`, event: 'load', payload: { i } }));
      }
      return created;
    });
    t.deps.jobs.start();
    other.deps.jobs.start();
    const ours = new Set(deliveries.map((d) => d.uuid));
    const received = () => sink.requests.map((r) => String(r.headers['x-switchboard-delivery'])).filter((id) => ours.has(id));
    try {
      for (const deadline = Date.now() + 20_000; received().length < 60 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200)); // room for a duplicate to show up
    } finally {
      await Promise.all([t.deps.jobs.stop(), other.deps.jobs.stop()]);
    }
    expect(received().sort()).toEqual([...ours].sort());
    const rows = await t.deps.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempt_count'])
      .where(
        'id',
        'in',
        deliveries.map((d) => d.id),
      )
      .execute();
    expect(rows.filter((r) => r.status !== 'delivered' || r.attempt_count !== 1)).toEqual([]);
  });
});
