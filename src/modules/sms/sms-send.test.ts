import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, forSale, ledger } from '../../../test/helpers/numbers.js';
import { SEGMENT_MICROS, smsOwner, smsRows, startSmsApp, type SmsTestApp } from '../../../test/helpers/sms.js';

let v: SmsTestApp;
beforeAll(async () => {
  v = await startSmsApp();
});
afterAll(async () => {
  await v.close();
});

const now = () => v.t.clock.now().toISOString().slice(0, 19).replace('T', ' ');
const CUSTOMER = '+14155550199';

describe('POST /api/user/sms', () => {
  it('sends from an SMS-capable number of the account, charged per segment before Twilio is asked', async () => {
    const owner = await smsOwner(v);
    const before = v.twilio.smsRequests().length;
    const res = await owner.client.post('/api/user/sms', {
      from: owner.number.id,
      to: '+1 (415) 555-0199',
      body: 'Hello! Your table is ready.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = v.twilio.messages.sent.at(-1)!;
    expect(res.json()).toEqual({
      message: 'SMS sent successfully',
      data: {
        id: expect.any(Number),
        phone_number_id: owner.number.id,
        direction: 'outbound',
        origin: 'api',
        from: owner.number.phone_number,
        to: CUSTOMER,
        body: 'Hello! Your table is ready.',
        user_id: owner.userId,
        encoding: 'GSM-7',
        segments: 1,
        segment_price: 0.0075,
        total_cost: 0.0075,
        status: 'sent',
        sms_sid: sent.sid,
        error_code: null,
        error_message: null,
        refunded: false,
        conversation_id: null,
        created_at: now(),
        updated_at: now(),
      },
    });
    const requests = v.twilio.smsRequests().slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe(`/2010-04-01/Accounts/${v.accountSid}/Messages.json`);
    expect(requests[0]!.form).toEqual({
      To: CUSTOMER,
      From: owner.number.phone_number,
      Body: 'Hello! Your table is ready.',
      StatusCallback: `https://voice.switchboard.test/api/sms/twilio/status?sms_id=${res.json().data.id}`,
    });
    expect(await balanceOf(v.t, owner.userId)).toBe(10_000_000 - 3_990_000 - SEGMENT_MICROS);
    expect((await ledger(v.t, owner.userId)).at(-1)).toEqual({
      amount_micros: -SEGMENT_MICROS,
      balance_after_micros: 10_000_000 - 3_990_000 - SEGMENT_MICROS,
      reason: `SMS ${res.json().data.id} to ${CUSTOMER}: 1 segment`,
    });
  });

  it('counts segments as Twilio does: the extension table twice in GSM-7, 67 per part in UCS-2', async () => {
    const owner = await smsOwner(v);
    const cases: Array<[string, 'GSM-7' | 'UCS-2', number]> = [
      [`${'a'.repeat(159)}€`, 'GSM-7', 2],
      [`Price: {10} [EUR] ~ ${'x'.repeat(140)}`, 'GSM-7', 2],
      ['Programare confirmată mâine la ora 10. Vă așteptăm! '.repeat(3), 'UCS-2', 3],
      [`See you soon ${'😀'.repeat(3)}`, 'UCS-2', 1],
    ];
    for (const [body, encoding, segments] of cases) {
      const data = (await owner.api.post('/api/user/sms', { from: owner.number.id, to: CUSTOMER, body })).json().data;
      expect({ encoding: data.encoding, segments: data.segments, total_cost: data.total_cost }, body).toEqual({
        encoding,
        segments,
        total_cost: (segments * SEGMENT_MICROS) / 1_000_000,
      });
      expect(v.twilio.messages.sent.at(-1)!.segments, body).toBe(segments);
    }
    const charged = (await ledger(v.t, owner.userId)).slice(-4).map((row) => row.amount_micros);
    expect(charged).toEqual([-15_000, -15_000, -22_500, -7_500]);
  });

  it('refuses what the reference refuses, with its messages, charging and sending nothing', async () => {
    const owner = await smsOwner(v);
    const other = await smsOwner(v);
    const mute = await owner.api.post('/api/user/phone-numbers/purchase', { phone_number: forSale(v, { sms: false }) });
    const typedIn = await owner.api.post('/api/user/phone-numbers', { phone_number: '+14155550177', sms_capable: true });
    expect(typedIn.statusCode, typedIn.body).toBe(201);
    const poor = await smsOwner(v, { balanceUsd: 3.99 });
    const before = { requests: v.twilio.smsRequests().length, balance: await balanceOf(v.t, owner.userId) };
    const refusals: Array<[typeof owner, Record<string, unknown>, number, Record<string, unknown>]> = [
      [owner, { from: other.number.id, to: CUSTOMER, body: 'Hi' }, 400, { message: 'From number not found' }],
      [owner, { from: 999_999, to: CUSTOMER, body: 'Hi' }, 400, { message: 'From number not found' }],
      [owner, { from: mute.json().data.id, to: CUSTOMER, body: 'Hi' }, 400, { message: 'From number is not SMS capable' }],
      [
        owner,
        { from: typedIn.json().data.id, to: CUSTOMER, body: 'Hi' },
        400,
        {
          message: 'From number is not SMS capable',
          error: 'The number is on no Twilio account this service sends from: buy it here, or register it with your own Twilio account.',
        },
      ],
      [owner, { from: owner.number.id, to: '12345', body: 'Hi' }, 400, { message: 'Invalid to phone number' }],
      [owner, { from: owner.number.id, to: '+1 415 555 01', body: 'Hi' }, 400, { message: 'Invalid to phone number' }],
      [poor, { from: poor.number.id, to: CUSTOMER, body: 'Hi' }, 400, { message: 'Insufficient balance' }],
      [
        owner,
        { from: owner.number.id, to: CUSTOMER, body: 'x'.repeat(301) },
        422,
        {
          message: 'The body field must not be greater than 300 characters.',
          errors: { body: ['The body field must not be greater than 300 characters.'] },
        },
      ],
      [
        owner,
        { from: owner.number.id, to: CUSTOMER },
        422,
        { message: 'The body field is required.', errors: { body: ['The body field is required.'] } },
      ],
    ];
    for (const [who, body, status, answer] of refusals) {
      const res = await who.client.post('/api/user/sms', body);
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(body)).toEqual({ status, body: answer });
    }
    expect(v.twilio.smsRequests()).toHaveLength(before.requests);
    expect(await balanceOf(v.t, owner.userId)).toBe(before.balance);
    expect(await balanceOf(v.t, poor.userId)).toBe(0);
    expect(await smsRows(v, owner.userId)).toEqual([]);
    const fine = { from: owner.number.id, to: CUSTOMER, body: 'Hi' };
    expect((await v.t.app.inject({ method: 'POST', url: '/api/user/sms', payload: fine })).statusCode).toBe(401);
    expect((await owner.client.post('/api/user/sms', fine)).statusCode).toBe(201);
  });
});

describe("Twilio's refusals", () => {
  const cases = [
    ['unsubscribed', 21610, 'Attempt to send to unsubscribed recipient'],
    ['region', 21408, "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +442071838751."],
    ['unreachable', 21612, "The 'To' phone number: +442071838752, is not currently reachable using the 'From' phone number: FROM via SMS."],
    ['invalid', 21211, "The 'To' number +442071838753 is not a valid phone number."],
    ['not_mobile', 21614, "'To' number is not a valid mobile number"],
  ] as const;

  it("answers each with Twilio's reason in the reference's shape, and gives the price back", async () => {
    const owner = await smsOwner(v);
    const opening = await balanceOf(v.t, owner.userId);
    for (const [i, [kind, code, said]] of cases.entries()) {
      const to = `+44207183875${i}`;
      v.twilio.messages.refuseTo(to, kind);
      const reason = said.replace('FROM', owner.number.phone_number);
      const res = await owner.client.post('/api/user/sms', { from: owner.number.id, to, body: 'Your code is 123456' });
      expect(res.statusCode, kind).toBe(400);
      expect(res.json()).toEqual({
        message: 'Failed to send SMS',
        error: `${reason} (Twilio error ${code})`,
        carrier_error: { code, message: reason, more_info: `https://www.twilio.com/docs/errors/${code}` },
      });
    }
    expect(await balanceOf(v.t, owner.userId)).toBe(opening);
    const rows = await smsRows(v, owner.userId);
    expect(rows.map((r) => [r.status, r.error_code, r.sms_sid, r.refunded_at !== null])).toEqual(
      cases.map(([, code]) => ['failed', code, null, true]),
    );
    const moves = (await ledger(v.t, owner.userId)).slice(-10).map((row) => [row.amount_micros, row.reason]);
    expect(moves).toEqual(
      rows.flatMap((row, i) => [
        [-SEGMENT_MICROS, `SMS ${row.id} to ${row.to_number}: 1 segment`],
        [SEGMENT_MICROS, `Refund: SMS ${row.id} refused by Twilio (${cases[i]![1]})`],
      ]),
    );
    // Twilio's word that the person unsubscribed puts them on the do-not-call list: no second try.
    const listed = (await owner.api.get('/api/user/do-not-call')).json().data;
    expect(listed).toEqual([
      { phone_number: '+442071838750', source: 'sms_stop', reason: 'Twilio: unsubscribed recipient', created_at: now() },
    ]);
    const again = await owner.client.post('/api/user/sms', { from: owner.number.id, to: '+442071838750', body: 'Hi' });
    expect(again.json().error_code).toBe('RECIPIENT_OPTED_OUT');
  });

  it('gives the price back when Twilio cannot be reached, and says so', async () => {
    const owner = await smsOwner(v);
    const opening = await balanceOf(v.t, owner.userId);
    v.twilio.dropNext();
    const res = await owner.client.post('/api/user/sms', { from: owner.number.id, to: CUSTOMER, body: 'Hi' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Failed to send SMS',
      error: 'Twilio could not be reached; nothing was charged. Please try again.',
    });
    expect(await balanceOf(v.t, owner.userId)).toBe(opening);
    const [row] = await smsRows(v, owner.userId);
    expect([row!.status, row!.error_message, row!.refunded_at !== null]).toEqual(['failed', 'No answer from Twilio', true]);
  });
});
