import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../core/http/fastify-types.js';
import { balanceOf, ledger, PRICE_MICROS } from '../../../test/helpers/numbers.js';
import { referenceClient } from '../../../test/helpers/reference-client.js';
import { deliver, SEGMENT_MICROS, smsOwner, startSmsApp, type SmsTestApp } from '../../../test/helpers/sms.js';

/**
 * Money stays exact when SMS are sent at once from two server processes sharing one database
 * (on PostgreSQL, two connection pools): each message's price is the balance's conditional
 * update, in the transaction that records it; a refusal and a failure give it back once.
 */
let v: SmsTestApp;
let other: App;
beforeAll(async () => {
  v = await startSmsApp();
  other = (await v.t.startAnotherInstance()).app;
});
afterAll(async () => {
  await v.close();
});

/** An owner whose balance, once the number's first month is paid, holds `segments` segments. */
const ownerFor = (segments: number) => smsOwner(v, { balanceUsd: (PRICE_MICROS + segments * SEGMENT_MICROS) / 1_000_000 });
const sendOn = (app: App, token: string, body: Record<string, unknown>) => referenceClient(app, token).post('/api/user/sms', body);

async function expectExact(userId: number, balanceMicros: number) {
  const rows = await ledger(v.t, userId);
  expect(rows.reduce((sum, row) => sum + row.amount_micros, 0)).toBe(await balanceOf(v.t, userId));
  expect(await balanceOf(v.t, userId)).toBe(balanceMicros);
}

describe('concurrent sends on two processes', () => {
  it('lets a balance pay for as many segments as it holds, and sends no more', async () => {
    const owner = await ownerFor(3);
    const before = v.twilio.smsRequests().length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sendOn(i % 2 ? other : v.t.app, owner.token, { from: owner.number.id, to: `+1415555020${i}`, body: 'Hi' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(refused.json()).toEqual({ message: 'Insufficient balance' });
    const sent = v.twilio.smsRequests().slice(before);
    expect(sent).toHaveLength(3);
    expect(sent.map((r) => r.form.To).sort()).toEqual(
      answers
        .filter((a) => a.statusCode === 201)
        .map((a) => a.json().data.to)
        .sort(),
    );
    await expectExact(owner.userId, 0);
  });

  it('keeps money exact when Twilio refuses some of the racing sends: each refusal gives back what it took', async () => {
    const owner = await ownerFor(6);
    const refused = Array.from({ length: 5 }, (_, i) => `+4420718387${60 + i}`);
    for (const to of refused) v.twilio.messages.refuseTo(to, 'region');
    const accepted = Array.from({ length: 5 }, (_, i) => `+1415555021${i}`);
    const recipients = refused.flatMap((to, i) => [to, accepted[i]!]);
    const before = v.twilio.messages.sent.length;
    const answers = await Promise.all(
      recipients.map((to, i) => sendOn(i % 2 ? other : v.t.app, owner.token, { from: owner.number.id, to, body: 'Your code is 1234' })),
    );
    recipients.forEach((to, i) => expect([refused.includes(to) ? 400 : 201, 400], to).toContain(answers[i]!.statusCode));
    const delivered = answers.filter((a) => a.statusCode === 201).length;
    // 6 segments fit; a refusal holds one until Twilio says no, so fewer may go out.
    expect(delivered).toBeGreaterThanOrEqual(1);
    expect(delivered).toBeLessThanOrEqual(5);
    expect(v.twilio.messages.sent.length - before).toBe(delivered);
    await expectExact(owner.userId, (6 - delivered) * SEGMENT_MICROS);
  });

  it('refunds a failed message once when Twilio reports it to both processes at once', async () => {
    const owner = await ownerFor(2);
    const sent = (await sendOn(v.t.app, owner.token, { from: owner.number.id, to: '+14155550230', body: 'Hi' })).json().data;
    const failure = v.twilio.sign(v.twilio.messages.statusCallback(sent.sms_sid, 'failed', 30008));
    const answers = await Promise.all([v.t.app, other, v.t.app, other].map((app) => deliver(app, failure)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    await expectExact(owner.userId, 2 * SEGMENT_MICROS);
    expect((await ledger(v.t, owner.userId)).filter((row) => row.reason.startsWith('Refund:'))).toHaveLength(1);
  });
});
