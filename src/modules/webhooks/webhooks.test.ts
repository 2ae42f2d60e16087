import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { startWebhookSink, type ReceivedRequest, type SinkReply, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { inTransaction } from '../../core/db/transaction.js';
import { VERSION } from '../../version.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { WEBHOOK_DELIVERY_JOB } from './webhook-delivery.js';
import { enqueueWebhook } from './webhooks.service.js';

let t: TestApp;
let sink: WebhookSink;
beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOK_TIMEOUT_MS: '500', JOB_POLL_INTERVAL_MS: '20' } });
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

/** The receiver's check from docs/api/webhooks.md, with the injected clock in place of Date.now(). */
function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowSeconds: number,
): boolean {
  const timestamp = String(headers['x-switchboard-timestamp']);
  const signature = String(headers['x-switchboard-signature']);
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false; // stale: maybe a replay
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

type User = Awaited<ReturnType<typeof createUser>>;
const send = (user: User, payload: unknown = { hello: 'world' }, options: { event?: string; url?: string } = {}) =>
  inTransaction(t.deps.db, (tx) =>
    enqueueWebhook(tx, {
      userId: user.user.id,
      url: options.url ?? `${sink.url}/hook`,
      event: options.event ?? 'conversation_ended',
      payload,
      now: t.clock.now(),
    }),
  );
const api = async (user: User, method: 'GET' | 'POST', url: string) => {
  const res = await t.app.inject({ method, url, headers: bearer(user.token) });
  return { status: res.statusCode, body: res.json() };
};
const detail = async (user: User, id: number) => (await api(user, 'GET', `/api/user/webhook-deliveries/${id}`)).body;
const iso = (date: Date) => date.toISOString().replace('Z', '000Z');
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const deliveryIds = (requests: ReceivedRequest[]) => requests.map((r) => r.headers['x-switchboard-delivery']);
/** Earlier tests leave deliveries waiting for retries; count only this one's requests. */
const requestsFor = (delivery: { uuid: string }) => sink.requests.filter((r) => r.headers['x-switchboard-delivery'] === delivery.uuid);
/** A responder by attempt of the delivery at hand (0 for its first request). */
const byAttempt = (reply: (index: number, request: ReceivedRequest) => SinkReply) => (request: ReceivedRequest) =>
  reply(requestsFor({ uuid: String(request.headers['x-switchboard-delivery']) }).length - 1, request);

describe('a delivery', () => {
  it('is a signed JSON POST that a receiver verifies with the documented recipe', async () => {
    const user = await createUser(t.deps);
    const payload = { conversation_id: 'c-1', status: 'ended', note: 'héllo' };
    const delivery = await send(user, payload);
    await t.deps.jobs.drain();

    expect(requestsFor(delivery)).toHaveLength(1);
    const request = requestsFor(delivery)[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/hook');
    expect(request.body).toBe(JSON.stringify(payload));
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': `Switchboard-Webhooks/${VERSION}`,
      'x-switchboard-event': 'conversation_ended',
      'x-switchboard-delivery': delivery.uuid,
      'x-switchboard-timestamp': String(nowSeconds()),
      'x-switchboard-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
    });
    const { secret } = (await api(user, 'GET', '/api/user/webhook-secret')).body;
    expect(verifyWebhook(secret, request.headers, request.body, nowSeconds())).toBe(true);
    expect(verifyWebhook(secret, request.headers, request.body.replace('ended', 'ENDED'), nowSeconds())).toBe(false);
    expect(verifyWebhook(secret, request.headers, request.body, nowSeconds() + 301)).toBe(false);

    expect(await detail(user, delivery.id)).toEqual({
      id: delivery.id,
      delivery_id: delivery.uuid,
      event: 'conversation_ended',
      url: `${sink.url}/hook`,
      status: 'delivered',
      attempt_count: 1,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
      completed_at: iso(t.clock.now()),
      assistant_id: null,
      redelivery_of: null,
      created_at: iso(t.clock.now()),
      payload,
      request_body: JSON.stringify(payload),
      attempts: [
        {
          attempt: 1,
          request: {
            method: 'POST',
            url: `${sink.url}/hook`,
            // What was sent, less the signature.
            headers: {
              'content-type': 'application/json',
              'user-agent': `Switchboard-Webhooks/${VERSION}`,
              'x-switchboard-event': 'conversation_ended',
              'x-switchboard-delivery': delivery.uuid,
              'x-switchboard-timestamp': String(nowSeconds()),
            },
          },
          started_at: iso(t.clock.now()),
          duration_ms: expect.any(Number),
          status_code: 200,
          error: null,
          response_body: 'ok',
        },
      ],
    });
  });

  it('leaves nothing behind when the transaction that caused it rolls back', async () => {
    const user = await createUser(t.deps);
    await expect(
      inTransaction(t.deps.db, async (tx) => {
        await enqueueWebhook(tx, { userId: user.user.id, url: `${sink.url}/hook`, event: 'x', payload: {} });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    await t.deps.jobs.drain();
    expect(sink.requests).toHaveLength(0);
    expect((await api(user, 'GET', '/api/user/webhook-deliveries')).body.data).toEqual([]);
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'webhooks.deliver')
      .where('status', '=', 'pending')
      .execute();
    expect(jobs).toEqual([]);
  });

  it('is sent when claimed beside a job whose payload names no delivery, which finishes sending nothing', async () => {
    const user = await createUser(t.deps);
    const stray = await enqueueJob(t.deps.db, { kind: WEBHOOK_DELIVERY_JOB, payload: { deliveryId: 'not-a-number' } });
    const delivery = await send(user);
    await t.deps.jobs.drain();
    expect(deliveryIds(sink.requests)).toEqual([delivery.uuid]);
    expect(await t.deps.db.selectFrom('jobs').select('status').where('id', '=', stray).executeTakeFirst()).toEqual({ status: 'succeeded' });
  });
});

describe('retries', () => {
  it('follow 30 s, 2 min, 10 min, 1 h, 6 h under the injected clock, with a stable delivery id, then fail', async () => {
    const user = await createUser(t.deps);
    sink.respondWith(() => ({ status: 500, body: 'down' }));
    const delivery = await send(user);
    const start = t.clock.now().getTime();
    const schedule = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];
    await t.deps.jobs.drain();
    let elapsed = 0;
    for (const [i, delay] of schedule.entries()) {
      expect(await detail(user, delivery.id)).toMatchObject({
        status: 'pending',
        attempt_count: i + 1,
        last_status_code: 500,
        last_error: 'HTTP 500',
        next_attempt_at: iso(new Date(start + elapsed + delay)),
      });
      t.clock.advance(delay - 1);
      await t.deps.jobs.drain();
      expect(requestsFor(delivery)).toHaveLength(i + 1);
      t.clock.advance(1);
      elapsed += delay;
      await t.deps.jobs.drain();
      expect(requestsFor(delivery)).toHaveLength(i + 2);
    }
    const final = await detail(user, delivery.id);
    expect(final).toMatchObject({
      status: 'failed',
      attempt_count: 6,
      last_status_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: null,
      completed_at: iso(t.clock.now()),
    });
    expect(final.attempts.map((a: { attempt: number; started_at: string }) => [a.attempt, a.started_at])).toEqual(
      [0, 30_000, 150_000, 750_000, 4_350_000, 25_950_000].map((offset, i) => [i + 1, iso(new Date(start + offset))]),
    );

    expect(requestsFor(delivery).map((r) => Number(r.headers['x-switchboard-timestamp']))).toEqual(
      [0, 30_000, 150_000, 750_000, 4_350_000, 25_950_000].map((offset) => Math.floor((start + offset) / 1000)),
    );
    t.clock.advance(7 * 86_400_000);
    await t.deps.jobs.drain();
    expect(requestsFor(delivery)).toHaveLength(6);
  });

  it('stop at the first success', async () => {
    const user = await createUser(t.deps);
    sink.respondWith(byAttempt((index) => (index < 2 ? { status: 502 } : { status: 204 })));
    const delivery = await send(user);
    await t.deps.jobs.drain();
    t.clock.advance(30_000);
    await t.deps.jobs.drain();
    t.clock.advance(120_000);
    await t.deps.jobs.drain();
    expect(await detail(user, delivery.id)).toMatchObject({
      status: 'delivered',
      attempt_count: 3,
      last_status_code: 204,
      last_error: null,
    });
    t.clock.advance(86_400_000);
    await t.deps.jobs.drain();
    expect(requestsFor(delivery)).toHaveLength(3);
  });

  it.each([410, 400, 404, 422])('are not made after a %i', async (status) => {
    const user = await createUser(t.deps);
    sink.respondWith(() => ({ status, body: 'nope' }));
    const delivery = await send(user);
    await t.deps.jobs.drain();
    t.clock.advance(86_400_000);
    await t.deps.jobs.drain();
    expect(requestsFor(delivery)).toHaveLength(1);
    expect(await detail(user, delivery.id)).toMatchObject({
      status: 'failed',
      attempt_count: 1,
      last_status_code: status,
      last_error: `HTTP ${status}`,
      next_attempt_at: null,
    });
  });

  it('honour Retry-After on 429 and 503, in seconds or as a date', async () => {
    const user = await createUser(t.deps);
    const later = new Date(t.clock.now().getTime() + 300_000).toUTCString();
    sink.respondWith(
      byAttempt((index) =>
        index === 0 ? { status: 429, headers: { 'retry-after': '90' } } : { status: 503, headers: { 'retry-after': later } },
      ),
    );
    const delivery = await send(user);
    const start = t.clock.now().getTime();
    await t.deps.jobs.drain();
    expect(await detail(user, delivery.id)).toMatchObject({ last_status_code: 429, next_attempt_at: iso(new Date(start + 90_000)) });
    t.clock.advance(90_000);
    await t.deps.jobs.drain();
    expect(requestsFor(delivery)).toHaveLength(2);
    expect(await detail(user, delivery.id)).toMatchObject({ last_status_code: 503, next_attempt_at: iso(new Date(start + 300_000)) });
  });

  it('are made after a timeout, a dropped connection and a refused connection, and a 408', async () => {
    const user = await createUser(t.deps);
    sink.respondWith(byAttempt((index) => (index === 0 ? { hold: true } : index === 1 ? { destroy: true } : { status: 408 })));
    const timedOut = await send(user);
    await t.deps.jobs.drain();
    sink.releaseHeld();
    expect(await detail(user, timedOut.id)).toMatchObject({
      status: 'pending',
      last_status_code: null,
      last_error: 'The request timed out.',
    });
    t.clock.advance(30_000);
    await t.deps.jobs.drain();
    expect(await detail(user, timedOut.id)).toMatchObject({
      status: 'pending',
      attempt_count: 2,
      last_error: expect.stringMatching(/socket|closed|ECONNRESET/i),
    });
    t.clock.advance(120_000);
    await t.deps.jobs.drain();
    expect(await detail(user, timedOut.id)).toMatchObject({ status: 'pending', attempt_count: 3, last_status_code: 408 });

    const refused = await send(user, {}, { url: 'http://127.0.0.1:1/hook' });
    await t.deps.jobs.drain();
    expect(await detail(user, refused.id)).toMatchObject({ status: 'pending', last_error: expect.stringContaining('ECONNREFUSED') });
  });

  it('are not made for a redirect, which is not followed', async () => {
    const user = await createUser(t.deps);
    sink.respondWith((r) => (r.path === '/hook' ? { status: 302, headers: { location: `${sink.url}/moved` } } : { status: 200 }));
    const delivery = await send(user);
    await t.deps.jobs.drain();
    expect(requestsFor(delivery).map((r) => r.path)).toEqual(['/hook']);
    expect(await detail(user, delivery.id)).toMatchObject({
      status: 'failed',
      last_status_code: 302,
      last_error: `HTTP 302: redirects are not followed (Location: ${sink.url}/moved)`,
    });
  });
});

describe('redelivery', () => {
  it('sends a concluded delivery again as a new delivery, signed afresh, naming the original', async () => {
    const user = await createUser(t.deps);
    // The receiver turns the first request away; the redelivery (a new delivery id) gets through.
    sink.respondWith((_request, index) => (index === 0 ? { status: 410 } : { status: 200 }));
    const delivery = await send(user, { order: 7 });
    await t.deps.jobs.drain();
    t.clock.advance(90_000);
    const res = await api(user, 'POST', `/api/user/webhook-deliveries/${delivery.id}/redeliver`);
    expect(res.status).toBe(202);
    const copy = res.body.data;
    expect(res.body).toEqual({
      message: 'Webhook delivery scheduled for redelivery.',
      data: {
        id: copy.id,
        delivery_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        event: 'conversation_ended',
        url: `${sink.url}/hook`,
        status: 'pending',
        attempt_count: 0,
        last_status_code: null,
        last_error: null,
        next_attempt_at: null,
        completed_at: null,
        assistant_id: null,
        redelivery_of: delivery.id,
        created_at: iso(t.clock.now()),
      },
    });
    expect(copy.id).toBeGreaterThan(delivery.id);
    expect(copy.delivery_id).not.toBe(delivery.uuid);
    await t.deps.jobs.drain();

    const resent = requestsFor({ uuid: copy.delivery_id });
    expect(resent).toHaveLength(1);
    expect(resent[0]!.body).toBe(requestsFor(delivery)[0]!.body);
    expect(resent[0]!.headers).toMatchObject({
      'x-switchboard-redelivery-of': delivery.uuid,
      'x-switchboard-timestamp': String(nowSeconds()),
    });
    const { secret } = (await api(user, 'GET', '/api/user/webhook-secret')).body;
    expect(verifyWebhook(secret, resent[0]!.headers, resent[0]!.body, nowSeconds())).toBe(true);
    expect(await detail(user, copy.id)).toMatchObject({ status: 'delivered', attempt_count: 1, redelivery_of: delivery.id });
    // The original keeps its own log.
    expect(await detail(user, delivery.id)).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: 410 });
    expect(requestsFor(delivery)).toHaveLength(1);
  });

  it('refuses a delivery still waiting for a retry, so it is never sent twice', async () => {
    const user = await createUser(t.deps);
    sink.respondWith(byAttempt((index) => (index === 0 ? { status: 500 } : { status: 200 })));
    const delivery = await send(user);
    await t.deps.jobs.drain();
    expect(await api(user, 'POST', `/api/user/webhook-deliveries/${delivery.id}/redeliver`)).toEqual({
      status: 409,
      body: { message: 'This delivery is still being retried; redeliver it once it has been delivered or has failed.' },
    });
    t.clock.advance(86_400_000);
    await t.deps.jobs.drain();
    expect(requestsFor(delivery)).toHaveLength(2);
    expect(await detail(user, delivery.id)).toMatchObject({ status: 'delivered', attempt_count: 2 });
  });

  it('is limited to 10 a minute per account, in the plain shape with Retry-After', async () => {
    const user = await createUser(t.deps);
    const other = await createUser(t.deps);
    const delivery = await send(user);
    const others = await send(other);
    await t.deps.jobs.drain();
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 60_000) * 60_000 + 1_000));
    for (let i = 0; i < 10; i++) {
      expect((await api(user, 'POST', `/api/user/webhook-deliveries/${delivery.id}/redeliver`)).status).toBe(202);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/user/webhook-deliveries/${delivery.id}/redeliver`,
      headers: bearer(user.token),
    });
    expect([refused.statusCode, refused.json(), refused.headers['retry-after']]).toEqual([
      429,
      { message: 'Too many redeliveries. Please wait before trying again.' },
      '59',
    ]);
    // Another account has its own allowance.
    expect((await api(other, 'POST', `/api/user/webhook-deliveries/${others.id}/redeliver`)).status).toBe(202);
    t.clock.advance(60_000);
    expect((await api(user, 'POST', `/api/user/webhook-deliveries/${delivery.id}/redeliver`)).status).toBe(202);
    await t.deps.jobs.drain();
  });
});
