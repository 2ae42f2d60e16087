import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, buyer, forSale, ledger, PRICE_MICROS, startNumbersApp } from '../../../test/helpers/numbers.js';
import { referenceClient } from '../../../test/helpers/reference-client.js';
import type { App } from '../../core/http/fastify-types.js';
import type { VoiceTestApp } from '../../../test/helpers/voice.js';

/**
 * Money stays exact when purchases race on two server processes sharing one database (on
 * PostgreSQL, two connection pools): the first month is the balance's conditional update, and a
 * number is reserved by one buyer at a time through the claim index.
 */
let v: VoiceTestApp;
let other: App;
beforeAll(async () => {
  v = await startNumbersApp();
  other = (await v.t.startAnotherInstance()).app;
});
afterAll(async () => {
  await v.close();
});

const purchaseOn = (app: App, token: string, phone_number: string) =>
  referenceClient(app, token).post('/api/user/phone-numbers/purchase', { phone_number });

/** The balance equals the sum of the ledger, and what the answers say was bought was charged. */
async function expectExact(userId: number, openingMicros: number, bought: number) {
  const rows = await ledger(v.t, userId);
  const balance = await balanceOf(v.t, userId);
  expect(rows.reduce((sum, row) => sum + row.amount_micros, 0)).toBe(balance);
  expect(balance).toBe(openingMicros - bought * PRICE_MICROS);
}

describe('concurrent purchases on two processes', () => {
  it('lets a balance pay for as many first months as it holds, and no more', async () => {
    const { userId, token } = await buyer(v.t, 10);
    const creates = v.twilio.purchases().length;
    const phones = Array.from({ length: 6 }, () => forSale(v));
    const answers = await Promise.all(phones.map((phone, i) => purchaseOn(i % 2 ? other : v.t.app, token, phone)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 402, 402, 402, 402]);
    expect(v.twilio.purchases()).toHaveLength(creates + 2);
    await expectExact(userId, 10_000_000, 2);
    expect(await balanceOf(v.t, userId)).toBe(2_020_000);
    const owned = await v.t.deps.db.selectFrom('phone_numbers').select('phone_number').where('user_id', '=', userId).execute();
    expect(owned.map((n) => n.phone_number).sort()).toEqual(
      answers
        .filter((a) => a.statusCode === 201)
        .map((a) => a.json().data.phone_number)
        .sort(),
    );
  });

  it('sells one number to one of two buyers racing for it; the other is told it is in use and charged nothing', async () => {
    const first = await buyer(v.t, 10);
    const second = await buyer(v.t, 10);
    const phone = forSale(v);
    const creates = v.twilio.purchases().length;
    const answers = await Promise.all([purchaseOn(v.t.app, first.token, phone), purchaseOn(other, second.token, phone)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().error).toBe('This phone number is already in use.');
    expect(v.twilio.purchases()).toHaveLength(creates + 1);
    const winner = answers[0]!.statusCode === 201 ? first : second;
    const loser = winner === first ? second : first;
    await expectExact(winner.userId, 10_000_000, 1);
    await expectExact(loser.userId, 10_000_000, 0);
    expect(await ledger(v.t, loser.userId)).toHaveLength(1);
  });

  it('keeps money exact when Twilio refuses some of the racing purchases: each refusal gives back what it took', async () => {
    const { userId, token } = await buyer(v.t, 12);
    const refused = Array.from({ length: 4 }, () => forSale(v, { addressRequirements: 'any' }));
    const sold = Array.from({ length: 4 }, () => forSale(v));
    const phones = refused.flatMap((phone, i) => [phone, sold[i]!]);
    const answers = await Promise.all(phones.map((phone, i) => purchaseOn(i % 2 ? other : v.t.app, token, phone)));
    const bought = answers.filter((a) => a.statusCode === 201).length;
    // 3 months fit in the balance; a refusal holds a month until Twilio says no, so fewer may sell.
    expect(bought).toBeGreaterThanOrEqual(1);
    expect(bought).toBeLessThanOrEqual(3);
    phones.forEach((phone, i) => expect([refused.includes(phone) ? 400 : 201, 402], phone).toContain(answers[i]!.statusCode));
    await expectExact(userId, 12_000_000, bought);
    const refunds = (await ledger(v.t, userId)).filter((row) => row.reason.startsWith('Refund:'));
    expect(refunds.length).toBe(v.twilio.purchases().filter((p) => refused.includes(String(p.form.PhoneNumber))).length);
  });
});
