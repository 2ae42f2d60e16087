import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant, readAssistant } from '../../../test/helpers/assistants.js';
import { balanceOf, buy, buyer, forSale, ledger, PRICE_MICROS, startNumbersApp } from '../../../test/helpers/numbers.js';
import type { VoiceTestApp } from '../../../test/helpers/voice.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { isoTimestamp } from '../../core/http/schemas.js';

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

const DAY_MS = 24 * 3_600_000;
const at = (wire: string) => new Date(wire.replace(/000Z$/, 'Z'));
const listed = async (api: Awaited<ReturnType<typeof buyer>>['api']) => (await api.get('/api/user/phone-numbers/all')).json().data;
/** The number's events as its webhook received them, in order. */
const eventsOf = (phone: string) =>
  sink.requests
    .map((r) => ({ event: r.headers['x-switchboard-event'], body: JSON.parse(r.body) }))
    .filter((r) => r.body.phone_number === phone);

/** A buyer whose number is bought now (each test a minute apart, so their months end apart). */
async function owner(balanceUsd: number) {
  v.t.clock.advance(60_000);
  const who = await buyer(v.t, balanceUsd);
  const phone = forSale(v);
  const number = await buy(who.api, phone, { webhook_url: `${sink.url}/numbers` });
  return { ...who, phone, number, sid: v.twilio.purchases().at(-1)!.sid!, paidUntil: at(number.paid_until) };
}

describe('monthly renewal of a bought number', () => {
  it('takes the next month from the balance when the paid one ends, once however often the job runs', async () => {
    const { userId, api, phone, number, paidUntil } = await owner(10);
    v.t.clock.set(new Date(paidUntil.getTime() - 1));
    await v.t.deps.jobs.drain();
    expect(await balanceOf(v.t, userId)).toBe(10_000_000 - PRICE_MICROS);
    v.t.clock.set(paidUntil);
    await v.t.deps.jobs.drain();
    await v.t.deps.jobs.drain();
    const next = new Date(paidUntil);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect((await ledger(v.t, userId)).slice(1)).toEqual([
      { amount_micros: -PRICE_MICROS, balance_after_micros: 6_010_000, reason: `Phone number ${phone}: first month` },
      {
        amount_micros: -PRICE_MICROS,
        balance_after_micros: 2_020_000,
        reason: `Phone number ${phone}: ${isoTimestamp(paidUntil)} to ${isoTimestamp(next)}`,
      },
    ]);
    expect(await listed(api)).toEqual([
      expect.objectContaining({ id: number.id, paid_until: isoTimestamp(next), renewal_failed_at: null, has_active_subscription: true }),
    ]);
    const renewals = await v.t.deps.db
      .selectFrom('jobs')
      .select(['run_at'])
      .where('dedupe_key', '=', `phone-number-renew:${number.id}`)
      .where('status', '=', 'pending')
      .execute();
    expect(renewals.map((job) => job.run_at.toISOString())).toEqual([next.toISOString()]);
    expect(eventsOf(phone)).toEqual([]);
  });

  it('warns through the webhook when the balance runs out, keeps the number for the grace period, then releases it at Twilio', async () => {
    const { userId, api, phone, number, sid, paidUntil } = await owner(5);
    const { id: assistant } = await createAssistant(api, { type: 'inbound', phone_number_id: number.id });
    v.t.clock.set(paidUntil);
    await v.t.deps.jobs.drain();
    const graceEnd = new Date(paidUntil.getTime() + 7 * DAY_MS);
    expect(eventsOf(phone)).toEqual([
      {
        event: 'phone_number_renewal_failed',
        body: {
          event: 'phone_number_renewal_failed',
          phone_number_id: number.id,
          phone_number: phone,
          message: `The balance cannot pay the next month of ${phone}. Top up before ${isoTimestamp(graceEnd)} or the number is released.`,
          monthly_price: 3.99,
          paid_until: isoTimestamp(paidUntil),
          release_at: isoTimestamp(graceEnd),
          created_at: isoTimestamp(paidUntil),
        },
      },
    ]);
    expect(await listed(api)).toEqual([expect.objectContaining({ id: number.id, renewal_failed_at: isoTimestamp(paidUntil) })]);

    // A day before the end: tried every day, warned once, still working.
    for (let day = 1; day <= 6; day++) {
      v.t.clock.set(new Date(paidUntil.getTime() + day * DAY_MS));
      await v.t.deps.jobs.drain();
    }
    expect(eventsOf(phone)).toHaveLength(1);
    expect(await listed(api)).toHaveLength(1);
    expect(v.twilio.releases().some((r) => r.path.endsWith(`/${sid}.json`))).toBe(false);

    v.t.clock.set(graceEnd);
    await v.t.deps.jobs.drain();
    expect(v.twilio.releases().filter((r) => r.path.endsWith(`/${sid}.json`))).toHaveLength(1);
    expect(await listed(api)).toEqual([]);
    expect((await readAssistant(api, assistant)).phone_number_id).toBeNull();
    expect(eventsOf(phone).map((e) => e.body)).toEqual([
      expect.objectContaining({ event: 'phone_number_renewal_failed' }),
      {
        event: 'phone_number_released',
        phone_number_id: number.id,
        phone_number: phone,
        reason: 'unpaid',
        created_at: isoTimestamp(graceEnd),
      },
    ]);
    // Nothing was charged for the month it did not get.
    expect((await ledger(v.t, userId)).map((row) => row.amount_micros)).toEqual([5_000_000, -PRICE_MICROS]);
  });

  it('renews from the end of the paid month when the balance is topped up during the grace period', async () => {
    const { userId, email, api, phone, number, sid, paidUntil } = await owner(5);
    v.t.clock.set(paidUntil);
    await v.t.deps.jobs.drain();
    v.t.clock.set(new Date(paidUntil.getTime() + 2.5 * DAY_MS));
    await v.t.deps.services.accounts.creditBalance({ email, amountUsd: 5, reason: 'Top-up' });
    v.t.clock.set(new Date(paidUntil.getTime() + 3 * DAY_MS));
    await v.t.deps.jobs.drain();
    const next = new Date(paidUntil);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(await listed(api)).toEqual([
      expect.objectContaining({ id: number.id, paid_until: isoTimestamp(next), renewal_failed_at: null }),
    ]);
    expect(await balanceOf(v.t, userId)).toBe(10_000_000 - 2 * PRICE_MICROS);

    v.t.clock.set(new Date(paidUntil.getTime() + 8 * DAY_MS));
    await v.t.deps.jobs.drain();
    expect(await listed(api)).toHaveLength(1);
    expect(v.twilio.releases().some((r) => r.path.endsWith(`/${sid}.json`))).toBe(false);
    expect(eventsOf(phone).map((e) => e.event)).toEqual(['phone_number_renewal_failed']);
  });
});
