import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant, createPhoneNumber, readAssistant } from '../../../test/helpers/assistants.js';
import { buy, buyer, forSale, ledger, PRICE_MICROS, startNumbersApp } from '../../../test/helpers/numbers.js';
import { referenceClient } from '../../../test/helpers/reference-client.js';
import type { VoiceTestApp } from '../../../test/helpers/voice.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { billingPeriodEnd } from './phone-number-release.js';

let v: VoiceTestApp;
let sink: WebhookSink;
beforeAll(async () => {
  v = await startNumbersApp();
  sink = await startWebhookSink();
});
afterAll(async () => {
  await v.close();
  await sink.close();
});

const RELEASED = { message: 'Phone number released successfully. It will be removed at the end of the billing period.' };
const DELETED = { message: 'Phone number deleted successfully.' };
const ALREADY = { message: 'Phone number is already scheduled for release.', error: 'Phone number is already scheduled for release.' };

type Client = ReturnType<typeof referenceClient>;
const listed = async (client: Client) => (await client.get('/api/user/phone-numbers/all')).json().data;
const givenBack = () => v.twilio.releases().map((r) => r.path.replace(/^.*\/IncomingPhoneNumbers\//, ''));

describe('DELETE /api/user/phone-numbers/{id}: release as the reference does it', () => {
  it('keeps a bought number until the end of the month paid for, refuses a second release with 400, then gives it back to Twilio', async () => {
    const { userId, api, client } = await buyer(v.t);
    const phone = forSale(v);
    const number = await buy(api, phone, { webhook_url: `${sink.url}/numbers` });
    const sid = v.twilio.purchases().at(-1)!.sid!;
    const { id: assistant } = await createAssistant(api, { type: 'inbound', phone_number_id: number.id });
    v.t.clock.advance(10 * 24 * 3_600_000);

    const first = await client.delete(`/api/user/phone-numbers/${number.id}`);
    expect([first.statusCode, first.json()]).toEqual([200, RELEASED]);
    const second = await client.delete(`/api/user/phone-numbers/${number.id}`);
    expect([second.statusCode, second.json()]).toEqual([400, ALREADY]);

    // Until then it still works and is listed, its subscription cancelled and its end shown.
    const paidUntil = new Date(number.paid_until.replace('000Z', 'Z'));
    expect(await listed(client)).toEqual([
      expect.objectContaining({ id: number.id, has_active_subscription: false, release_at: number.paid_until }),
    ]);
    expect((await readAssistant(api, assistant)).phone_number_id).toBe(number.id);

    v.t.clock.set(new Date(paidUntil.getTime() - 1000));
    await v.t.deps.jobs.drain();
    expect(await listed(client)).toHaveLength(1);
    expect(givenBack()).not.toContain(`${sid}.json`);
    v.t.clock.set(paidUntil);
    await v.t.deps.jobs.drain();
    expect(givenBack()).toContain(`${sid}.json`);
    expect(v.twilio.numbers.incoming(v.accountSid).map((n) => n.phone_number)).not.toContain(phone);
    expect(await listed(client)).toEqual([]);
    expect((await readAssistant(api, assistant)).phone_number_id).toBeNull();
    expect((await client.delete(`/api/user/phone-numbers/${number.id}`)).statusCode).toBe(404);
    // The released month was not renewed: only the first month was ever charged.
    expect((await ledger(v.t, userId)).map((row) => row.amount_micros)).toEqual([10_000_000, -PRICE_MICROS]);

    const event = sink.requests.find((r) => r.headers['x-switchboard-event'] === 'phone_number_released')!;
    expect(JSON.parse(event.body)).toEqual({
      event: 'phone_number_released',
      phone_number_id: number.id,
      phone_number: phone,
      reason: 'released',
      created_at: isoTimestamp(paidUntil),
    });
    const { secret } = await v.t.deps.services.webhooks.getSigningSecret(userId);
    const signed = `${event.headers['x-switchboard-timestamp']}.${event.body}`;
    expect(event.headers['x-switchboard-signature']).toBe(`sha256=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  });

  it('removes imported, SIP and Caller ID numbers at once, leaving Twilio alone', async () => {
    const { api, client } = await buyer(v.t);
    const imported = await createPhoneNumber(api, '+14155550511');
    const sip = await createPhoneNumber(api, '+14155550512', 'sip');
    const callerId = await createPhoneNumber(api, '+14155550513', 'caller_id');
    const deletes = v.twilio.releases().length;
    for (const id of [imported, sip, callerId]) {
      const res = await client.delete(`/api/user/phone-numbers/${id}`);
      expect([res.statusCode, res.json()]).toEqual([200, DELETED]);
    }
    expect(await listed(client)).toEqual([]);
    expect(v.twilio.releases()).toHaveLength(deletes);
  });

  it("answers another account's number as not found and leaves it alone", async () => {
    const mine = await buyer(v.t);
    const theirs = await buyer(v.t);
    const number = await buy(theirs.api, forSale(v));
    const res = await mine.client.delete(`/api/user/phone-numbers/${number.id}`);
    expect(res.statusCode).toBe(404);
    expect(await listed(theirs.client)).toEqual([expect.objectContaining({ id: number.id, has_active_subscription: true })]);
    expect((await listed(theirs.client))[0].release_at).toBeUndefined();
  });

  it('releases once when two releases race, on two server processes', async () => {
    const { token, api, client } = await buyer(v.t);
    const number = await buy(api, forSale(v));
    const other = await v.t.startAnotherInstance();
    const results = await Promise.all([
      client.delete(`/api/user/phone-numbers/${number.id}`),
      referenceClient(other.app, token).delete(`/api/user/phone-numbers/${number.id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const jobs = await v.t.deps.db.selectFrom('jobs').select('id').where('dedupe_key', '=', `phone-number-release:${number.id}`).execute();
    expect(jobs).toHaveLength(1);
  });

  it('keeps the number while Twilio cannot be reached to take it back, and gives it back on a later try', async () => {
    const { api, client } = await buyer(v.t);
    v.t.clock.advance(60_000);
    const number = await buy(api, forSale(v));
    const sid = v.twilio.purchases().at(-1)!.sid!;
    await client.delete(`/api/user/phone-numbers/${number.id}`);
    // Every number due before this one goes first: only this one's try is dropped.
    v.t.clock.set(new Date(new Date(number.paid_until.replace('000Z', 'Z')).getTime() - 1));
    await v.t.deps.jobs.drain();
    v.t.clock.advance(1);
    v.twilio.dropNext();
    await v.t.deps.jobs.drain();
    expect(givenBack().filter((path) => path === `${sid}.json`)).toHaveLength(1);
    expect(await listed(client)).toHaveLength(1);
    v.t.clock.advance(3_600_000);
    await v.t.deps.jobs.drain();
    expect(givenBack().filter((path) => path === `${sid}.json`)).toHaveLength(2);
    expect(await listed(client)).toEqual([]);
  });

  it('refuses to release a purchase Twilio has not confirmed yet (409)', async () => {
    const { userId, client } = await buyer(v.t);
    const phone = forSale(v);
    v.twilio.loseNextAnswer();
    v.twilio.dropNext();
    expect((await client.post('/api/user/phone-numbers/purchase', { phone_number: phone })).statusCode).toBe(502);
    const pending = await v.t.deps.db.selectFrom('phone_numbers').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const res = await client.delete(`/api/user/phone-numbers/${pending.id}`);
    const message = 'The purchase of this phone number is still being confirmed.';
    expect([res.statusCode, res.json()]).toEqual([409, { message, error: message }]);
  });
});

describe('billingPeriodEnd', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    ['2026-01-15T10:00:00Z', '2026-01-20T00:00:00Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-15T10:00:00Z', '2026-02-15T10:00:00Z', '2026-03-15T10:00:00.000Z'],
    ['2026-01-15T10:00:00Z', '2026-02-15T09:59:59Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T08:00:00Z', '2026-02-10T00:00:00Z', '2026-02-28T08:00:00.000Z'],
    ['2026-01-31T08:00:00Z', '2026-03-01T00:00:00Z', '2026-03-31T08:00:00.000Z'],
    ['2028-01-31T08:00:00Z', '2028-02-01T00:00:00Z', '2028-02-29T08:00:00.000Z'],
    ['2025-11-30T00:00:00Z', '2026-11-30T12:00:00Z', '2026-12-30T00:00:00.000Z'],
  ])('registered %s, released %s: goes %s', (since, now, end) => {
    expect(billingPeriodEnd(at(since), at(now)).toISOString()).toBe(end);
  });
});
