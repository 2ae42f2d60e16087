import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../../test/helpers/assistants.js';
import { newCallSid } from '../../../test/helpers/fakes/twilio.js';
import { balanceOf, buy, buyer, forSale, GB_PRICE_MICROS, ledger, PRICE_MICROS, startNumbersApp } from '../../../test/helpers/numbers.js';
import { buildTestApp } from '../../../test/helpers/test-app.js';
import { postTwilio, PUBLIC_URL, type VoiceTestApp } from '../../../test/helpers/voice.js';

let v: VoiceTestApp;
beforeAll(async () => {
  v = await startNumbersApp();
});
afterAll(async () => {
  await v.close();
});

const purchase = (client: Awaited<ReturnType<typeof buyer>>['client'], phone_number: string, extra: Record<string, unknown> = {}) =>
  client.post('/api/user/phone-numbers/purchase', { phone_number, ...extra });
const listed = async (client: Awaited<ReturnType<typeof buyer>>['client']) => (await client.get('/api/user/phone-numbers/all')).json().data;
const refusedWith = (error: string, extra: Record<string, unknown> = {}) => ({ message: error, error, ...extra });
const NOT_AVAILABLE = 'This phone number is not available for purchase. Please search for available numbers first.';

describe('POST /api/user/phone-numbers/purchase', () => {
  it('buys the number at Twilio with our webhooks, charges its first month exactly, and it takes calls', async () => {
    const { userId, client, api } = await buyer(v.t);
    const phone = forSale(v);
    const res = await purchase(client, phone, { nickname: 'Front desk', webhook_url: 'https://hooks.example.com/numbers' });
    expect(res.statusCode).toBe(201);
    const sold = v.twilio.purchases().at(-1)!;
    expect(sold.form).toEqual({
      PhoneNumber: phone,
      VoiceUrl: `${PUBLIC_URL}/api/voice/twilio/incoming`,
      VoiceMethod: 'POST',
      SmsUrl: `${PUBLIC_URL}/api/sms/twilio/incoming`,
      SmsMethod: 'POST',
    });
    expect(res.json()).toEqual({
      message: 'Phone number purchased successfully.',
      data: {
        id: expect.any(Number),
        phone_number: phone,
        nickname: 'Front desk',
        country_code: 'US',
        type: 'normal',
        type_label: 'Dedicated Number',
        sms_capable: true,
        region: '',
        has_active_subscription: true,
        monthly_price: 3.99,
        paid_until: '2026-02-15T10:00:00.000000Z',
        renewal_failed_at: null,
        webhook_url: 'https://hooks.example.com/numbers',
        created_at: '2026-01-15T10:00:00.000000Z',
      },
    });
    expect(await balanceOf(v.t, userId)).toBe(10_000_000 - PRICE_MICROS);
    expect(await ledger(v.t, userId)).toEqual([
      { amount_micros: 10_000_000, balance_after_micros: 10_000_000, reason: 'Opening balance' },
      { amount_micros: -PRICE_MICROS, balance_after_micros: 6_010_000, reason: `Phone number ${phone}: first month` },
    ]);
    const id = res.json().data.id;
    expect(await listed(client)).toEqual([res.json().data]);
    const row = await v.t.deps.db
      .selectFrom('phone_numbers')
      .select(['claim', 'carrier_sid'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ claim: 'purchased', carrier_sid: sold.sid });

    // Twilio now sends its calls to us: the inbound assistant answers.
    await createAssistant(api, { type: 'inbound', status: 'active', phone_number_id: id });
    const call = await postTwilio(
      v.t,
      '/api/voice/twilio/incoming',
      { AccountSid: v.accountSid, CallSid: newCallSid(), From: '+40711222333', To: phone, Direction: 'inbound' },
      { token: v.authToken },
    );
    expect(call.body).toContain('<Connect><Stream url="wss://');
  });

  it("refuses a number Twilio wants an address or a regulatory bundle for, in Twilio's words, and gives the month back", async () => {
    const { userId, client } = await buyer(v.t);
    const london = await purchase(client, '+44 20 7183 8750');
    expect([london.statusCode, london.json()]).toEqual([
      400,
      refusedWith(
        'This phone number needs an address registered with Twilio before it can be bought: Phone Number Requires an Address (Twilio error 21631).',
        {
          carrier_error: {
            code: 21631,
            message: 'Phone Number Requires an Address',
            more_info: 'https://www.twilio.com/docs/errors/21631',
          },
        },
      ),
    ]);
    const berlin = await purchase(client, '+4930609859300');
    forSale(v, { phoneNumber: '+4930609859301', isoCountry: 'DE', addressRequirements: 'none', bundleRequired: true });
    const regulated = await purchase(client, '+4930609859301');
    expect([regulated.statusCode, regulated.json()]).toEqual([
      400,
      refusedWith(
        'This phone number needs an approved regulatory bundle before it can be bought: Phone Number Requires a Bundle (Twilio error 21649).',
        {
          carrier_error: { code: 21649, message: 'Phone Number Requires a Bundle', more_info: 'https://www.twilio.com/docs/errors/21649' },
        },
      ),
    ]);
    expect(berlin.statusCode).toBe(400);
    expect(await balanceOf(v.t, userId)).toBe(10_000_000);
    // Each attempt: the month taken, then given back.
    expect((await ledger(v.t, userId)).slice(1).map((row) => [row.amount_micros, row.reason])).toEqual([
      [-GB_PRICE_MICROS, 'Phone number +442071838750: first month'],
      [GB_PRICE_MICROS, 'Refund: phone number +442071838750 not bought: Twilio refused it (21631)'],
      [-PRICE_MICROS, 'Phone number +4930609859300: first month'],
      [PRICE_MICROS, 'Refund: phone number +4930609859300 not bought: Twilio refused it (21631)'],
      [-PRICE_MICROS, 'Phone number +4930609859301: first month'],
      [PRICE_MICROS, 'Refund: phone number +4930609859301 not bought: Twilio refused it (21649)'],
    ]);
    expect(await listed(client)).toEqual([]);
  });

  it("answers a number Twilio does not sell with the reference's message, and one already held as in use", async () => {
    const { userId, client } = await buyer(v.t);
    const other = await buyer(v.t);
    const gone = await purchase(client, '+16285559999');
    expect([gone.statusCode, gone.json()]).toEqual([
      400,
      refusedWith(NOT_AVAILABLE, {
        carrier_error: { code: 21422, message: 'PhoneNumber is not available', more_info: 'https://www.twilio.com/docs/errors/21422' },
      }),
    ]);
    const phone = forSale(v);
    await buy(other.api, phone);
    const creates = v.twilio.purchases().length;
    for (const who of [client, other.client]) {
      const taken = await purchase(who, phone);
      expect([taken.statusCode, taken.json()]).toEqual([400, refusedWith('This phone number is already in use.')]);
    }
    expect(v.twilio.purchases()).toHaveLength(creates);
    expect(await balanceOf(v.t, userId)).toBe(10_000_000);
  });

  it('refuses a balance that cannot pay the first month (402) and an unparsable number (422), asking Twilio nothing', async () => {
    const poor = await buyer(v.t, 3.98);
    const creates = v.twilio.purchases().length;
    const broke = await purchase(poor.client, forSale(v));
    expect([broke.statusCode, broke.json()]).toEqual([
      402,
      refusedWith('Insufficient balance. Please top up your account.', { error_code: 'INSUFFICIENT_BALANCE' }),
    ]);
    const unparsable = 'Unable to parse phone number. Please provide a valid E.164 format number.';
    const bad = await purchase(poor.client, '+1234567890');
    expect([bad.statusCode, bad.json()]).toEqual([422, { ...refusedWith(unparsable), errors: { phone_number: [unparsable] } }]);
    // A price of one's own is no field of the body: dropped, and the balance still cannot pay.
    expect((await purchase(poor.client, forSale(v), { price: 0 })).statusCode).toBe(402);
    expect(v.twilio.purchases()).toHaveLength(creates);
    expect(await ledger(v.t, poor.userId)).toHaveLength(1);
    expect(await listed(poor.client)).toEqual([]);
  });

  it("settles a purchase whose answer was lost by what Twilio's account lists: bought, or refunded", async () => {
    const { userId, client } = await buyer(v.t);
    const bought = forSale(v);
    v.twilio.loseNextAnswer();
    const res = await purchase(client, bought);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ phone_number: bought, monthly_price: 3.99 });
    expect(v.twilio.requests.at(-1)!.path).toContain(`/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(bought)}`);

    const unsold = forSale(v);
    v.twilio.dropNext();
    const failed = await purchase(client, unsold);
    expect([failed.statusCode, failed.json()]).toEqual([
      502,
      refusedWith('Failed to purchase phone number from provider. Please contact support.'),
    ]);
    expect(v.twilio.numbers.isAvailable(unsold)).toBe(true);
    expect(await balanceOf(v.t, userId)).toBe(10_000_000 - PRICE_MICROS);
    expect((await ledger(v.t, userId)).at(-1)).toEqual({
      amount_micros: PRICE_MICROS,
      balance_after_micros: 10_000_000 - PRICE_MICROS,
      reason: `Refund: phone number ${unsold} not bought: Twilio did not sell it`,
    });
  });

  it('leaves a purchase Twilio cannot be asked about to the settling job, which decides once Twilio answers', async () => {
    const { userId, client } = await buyer(v.t);
    const phone = forSale(v);
    v.twilio.loseNextAnswer();
    v.twilio.dropNext();
    const res = await purchase(client, phone);
    expect(res.statusCode).toBe(502);
    // Charged, unconfirmed, not listed yet.
    expect(await balanceOf(v.t, userId)).toBe(10_000_000 - PRICE_MICROS);
    expect(await listed(client)).toEqual([]);
    await v.t.deps.jobs.drain();
    expect(await listed(client)).toEqual([]);
    v.t.clock.advance(10 * 60_000);
    await v.t.deps.jobs.drain();
    expect(await listed(client)).toEqual([expect.objectContaining({ phone_number: phone, has_active_subscription: true })]);
    expect(await balanceOf(v.t, userId)).toBe(10_000_000 - PRICE_MICROS);
  });

  it("is 503 on a server that cannot buy numbers, and another account's number stays theirs", async () => {
    const bare = await buildTestApp({
      env: { TWILIO_ACCOUNT_SID: v.accountSid, TWILIO_AUTH_TOKEN: v.authToken, TWILIO_API_URL: v.twilio.url },
    });
    try {
      const res = await purchase((await buyer(bare)).client, '+14155550101');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/^Buying phone numbers is not set up on this server/);
    } finally {
      await bare.close();
    }
    const owner = await buyer(v.t);
    const stranger = await buyer(v.t);
    const number = await buy(owner.api, forSale(v));
    expect(await listed(stranger.client)).toEqual([]);
    expect((await stranger.client.delete(`/api/user/phone-numbers/${number.id}`)).statusCode).toBe(404);
    expect((await stranger.client.put(`/api/user/phone-numbers/${number.id}`, { webhook_url: 'https://evil.example/' })).statusCode).toBe(
      404,
    );
    expect(await listed(owner.client)).toEqual([expect.objectContaining({ id: number.id, webhook_url: null })]);
    // Nor can an administrator hand it to someone else while its buyer pays for it.
    await expect(
      v.t.deps.services.phoneNumbers.assignOperatorNumber({ userId: stranger.userId, phoneNumber: number.phone_number, reassign: true }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: `${number.phone_number} was bought by user ${owner.userId}; it cannot be assigned.`,
    });
  });
});
