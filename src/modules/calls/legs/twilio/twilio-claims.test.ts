import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccountSid, newCallSid } from '../../../../../test/helpers/fakes/twilio.js';
import { apiFor, createAssistant, type Api } from '../../../../../test/helpers/assistants.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { ownerWithOperatorLine, postTwilio, PUBLIC_HOST, startVoiceApp, type VoiceTestApp } from '../../../../../test/helpers/voice.js';

/**
 * Nobody can squat a Twilio account or a number: a tenant's own credentials are proven with
 * Twilio before they are stored, signatures are checked with the token Twilio accepted, one
 * Account SID belongs to one account, a number is accepted only when its Twilio account lists
 * it and no other account holds it, and a number of the service's own account is assigned by the
 * operator only.
 */
let v: VoiceTestApp;
beforeAll(async () => {
  v = await startVoiceApp();
});
afterAll(async () => {
  await v.close();
});

const POLITE_HANGUP =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry, this number is not available right now. Goodbye.</Say><Hangup/></Response>';
const streams = (body: string) => body.includes(`<Stream url="wss://${PUBLIC_HOST}/api/voice/twilio/stream">`);
let numberSequence = 0;
const nextNumber = () => `+1628555${String(1000 + ++numberSequence)}`;

async function tenant(): Promise<{ userId: number; api: Api }> {
  const user = await createUser(v.t.deps, { balanceUsd: 10 });
  return { userId: user.user.id, api: apiFor(v.t, user.token) };
}

/** A Twilio account of a tenant's own, known to the fake, with one number. */
function ownAccount(status: 'active' | 'suspended' | 'closed' = 'active') {
  const sid = newAccountSid();
  const token = `own-${sid.slice(2, 14)}`;
  const number = nextNumber();
  v.twilio.addAccount(sid, token, status);
  v.twilio.addIncomingNumber(sid, number);
  return { sid, token, number };
}

const register = (api: Api, body: Record<string, unknown>) => api.post('/api/user/phone-numbers', body);
const withOwnAccount = (account: { sid: string; token: string }, phone_number: string) => ({
  phone_number,
  provider: 'twilio',
  twilio_account_sid: account.sid,
  twilio_auth_token: account.token,
});

const incoming = (accountSid: string, to: string, token: string) =>
  postTwilio(
    v.t,
    '/api/voice/twilio/incoming',
    { AccountSid: accountSid, CallSid: newCallSid(), From: '+40711222333', To: to, Direction: 'inbound' },
    { token },
  );

async function stored(userId: number) {
  const numbers = await v.t.deps.db
    .selectFrom('phone_numbers')
    .select(['phone_number', 'provider', 'twilio_account_sid', 'claim'])
    .where('user_id', '=', userId)
    .execute();
  const accounts = await v.t.deps.db.selectFrom('twilio_accounts').selectAll().where('user_id', '=', userId).execute();
  return { numbers, accounts };
}

describe("a tenant's own Twilio account", () => {
  it('is proven with Twilio before anything is stored: a refused token, a suspended account, a number it lacks, Twilio out of reach', async () => {
    const { userId, api } = await tenant();
    const account = ownAccount();
    const before = v.twilio.lookups().length;

    const madeUp = await register(api, withOwnAccount({ sid: account.sid, token: 'made-up-token' }, account.number));
    expect([madeUp.statusCode, madeUp.json()]).toEqual([
      422,
      {
        message: 'Twilio did not accept this account SID and auth token.',
        errors: { twilio_auth_token: ['Twilio did not accept this account SID and auth token.'] },
      },
    ]);
    const [probe] = v.twilio.lookups().slice(before);
    expect(probe!.path).toBe(`/2010-04-01/Accounts/${account.sid}.json`);
    expect(probe!.headers.authorization).toBe(`Basic ${Buffer.from(`${account.sid}:made-up-token`).toString('base64')}`);

    const unknown = await register(api, withOwnAccount({ sid: newAccountSid(), token: 'x' }, account.number));
    expect(unknown.json().errors).toEqual({ twilio_auth_token: ['Twilio did not accept this account SID and auth token.'] });

    const suspended = ownAccount('suspended');
    const refused = await register(api, withOwnAccount(suspended, suspended.number));
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { twilio_account_sid: ['This Twilio account is suspended.'] }]);

    const elsewhere = await register(api, withOwnAccount(account, '+16285559999'));
    expect([elsewhere.statusCode, elsewhere.json().errors]).toEqual([
      422,
      { phone_number: [`The Twilio account ${account.sid} has no phone number +16285559999.`] },
    ]);
    expect(v.twilio.lookups().at(-1)!.path).toBe(
      `/2010-04-01/Accounts/${account.sid}/IncomingPhoneNumbers.json?PhoneNumber=%2B16285559999`,
    );

    v.twilio.dropNext();
    const offline = await register(api, withOwnAccount(account, account.number));
    expect([offline.statusCode, offline.json()]).toEqual([
      502,
      { message: 'Twilio could not be reached to check the number; please try again.' },
    ]);

    // The service's own account is not a tenant's to register, even with its real token.
    const operator = await register(api, withOwnAccount({ sid: v.accountSid, token: v.authToken }, nextNumber()));
    expect(operator.json().errors).toEqual({
      twilio_account_sid: ["This is the service's own Twilio account; only an administrator can assign its numbers."],
    });
    expect(await stored(userId)).toEqual({ numbers: [], accounts: [] });

    const ok = await register(api, withOwnAccount(account, account.number));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ phone_number: account.number, provider: 'twilio', twilio_account_sid: account.sid });
    expect(ok.body).not.toContain(account.token);
    const { numbers, accounts } = await stored(userId);
    expect(numbers).toEqual([{ phone_number: account.number, provider: 'twilio', twilio_account_sid: account.sid, claim: 'own_account' }]);
    expect(accounts).toEqual([expect.objectContaining({ account_sid: account.sid, verified_at: v.t.clock.now() })]);
    expect(accounts[0]!.auth_token_sealed).not.toContain(account.token);
  });

  it('checks signatures with the token Twilio accepted; another tenant cannot register the same SID, with a made-up token or the real one', async () => {
    const owner = await tenant();
    const squatter = await tenant();
    const account = ownAccount();
    const id = (await register(owner.api, withOwnAccount(account, account.number))).json().data.id;
    await createAssistant(owner.api, { type: 'inbound', status: 'active', phone_number_id: id });

    const madeUp = await register(squatter.api, withOwnAccount({ sid: account.sid, token: 'squatter-token' }, account.number));
    expect(madeUp.json().errors).toEqual({ twilio_auth_token: ['Twilio did not accept this account SID and auth token.'] });
    const secondNumber = nextNumber();
    v.twilio.addIncomingNumber(account.sid, secondNumber);
    const realToken = await register(squatter.api, withOwnAccount(account, secondNumber));
    expect([realToken.statusCode, realToken.json().errors]).toEqual([
      422,
      { twilio_account_sid: ['This Twilio account is registered by another account.'] },
    ]);
    expect(await stored(squatter.userId)).toEqual({ numbers: [], accounts: [] });

    // Twilio's genuine webhook reaches the owner's assistant; one signed with the squatter's token is forged.
    expect(streams((await incoming(account.sid, account.number, account.token)).body)).toBe(true);
    expect((await incoming(account.sid, account.number, 'squatter-token')).statusCode).toBe(403);
    // The owner proving a newer token replaces the old one for signatures.
    v.twilio.addAccount(account.sid, 'rotated-token');
    const rotatedNumber = nextNumber();
    v.twilio.addIncomingNumber(account.sid, rotatedNumber);
    expect((await register(owner.api, withOwnAccount({ sid: account.sid, token: 'rotated-token' }, rotatedNumber))).statusCode).toBe(201);
    expect(streams((await incoming(account.sid, account.number, 'rotated-token')).body)).toBe(true);
    expect((await incoming(account.sid, account.number, account.token)).statusCode).toBe(403);
  });

  it('a claim nobody proved (carried over from before) goes to the tenant who proves the account, with the numbers registered on it', async () => {
    const squatter = await tenant();
    const owner = await tenant();
    const account = ownAccount();
    // What the migration leaves of a squat: the SID claimed, unproven, with the squatter's token, and their number on it.
    const sealed = v.t.deps.secrets.seal('squatter-token');
    const now = v.t.clock.now();
    await v.t.deps.db
      .insertInto('twilio_accounts')
      .values({
        account_sid: account.sid,
        user_id: squatter.userId,
        auth_token_sealed: sealed,
        verified_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const squatted = await v.t.deps.db
      .insertInto('phone_numbers')
      .values({
        user_id: squatter.userId,
        phone_number: account.number,
        country_code: 'US',
        type: 'normal',
        sms_capable: false,
        region: '',
        has_active_subscription: true,
        provider: 'twilio',
        twilio_account_sid: account.sid,
        claim: 'carried_over',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createAssistant(squatter.api, { type: 'inbound', status: 'active', phone_number_id: squatted.id });
    expect((await incoming(account.sid, account.number, account.token)).statusCode).toBe(403);

    const taken = await register(owner.api, withOwnAccount(account, account.number));
    expect(taken.statusCode, taken.body).toBe(201);
    await createAssistant(owner.api, { type: 'inbound', status: 'active', phone_number_id: taken.json().data.id });
    expect((await stored(squatter.userId)).numbers).toEqual([expect.objectContaining({ phone_number: account.number, claim: null })]);
    expect((await stored(squatter.userId)).accounts).toEqual([]);
    const genuine = await incoming(account.sid, account.number, account.token);
    expect(streams(genuine.body)).toBe(true);
    const [call] = await v.t.deps.db.selectFrom('calls').select(['user_id']).where('provider_account_id', '=', account.sid).execute();
    expect(call).toEqual({ user_id: owner.userId });
    expect((await incoming(account.sid, account.number, 'squatter-token')).statusCode).toBe(403);
  });
});

describe('numbers', () => {
  it("of the service's own account cannot be registered by a tenant; the operator assigns them, and they ring only there", async () => {
    const squatter = await tenant();
    const operatorLine = await ownerWithOperatorLine(v, { assistant: { type: 'inbound', status: 'active' } });
    for (const type of ['normal', 'caller_id', 'sip']) {
      const res = await register(squatter.api, { phone_number: operatorLine.number, type });
      expect([res.statusCode, res.json().errors], type).toEqual([
        422,
        { phone_number: ["This phone number is on the service's own Twilio account; only an administrator can assign it."] },
      ]);
    }
    expect(v.twilio.lookups().at(-1)!.path).toBe(
      `/2010-04-01/Accounts/${v.accountSid}/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(operatorLine.number)}`,
    );
    expect(streams((await incoming(v.accountSid, operatorLine.number, v.authToken)).body)).toBe(true);
    const [call] = await v.t.deps.db.selectFrom('calls').select('user_id').where('to_number', '=', operatorLine.number).execute();
    expect(call).toEqual({ user_id: operatorLine.user.id });
  });

  it('held by one account cannot be registered by another, on its own Twilio account or without one, unless the hold was never proven', async () => {
    const holder = await tenant();
    const other = await tenant();
    const account = ownAccount();
    expect((await register(holder.api, withOwnAccount(account, account.number))).statusCode).toBe(201);
    // The number moved to another Twilio account, which the other tenant proves: still held.
    const moved = ownAccount();
    v.twilio.addIncomingNumber(moved.sid, account.number);
    const res = await register(other.api, withOwnAccount(moved, account.number));
    expect([res.statusCode, res.json().errors]).toEqual([422, { phone_number: ['This phone number is registered by another account.'] }]);
    expect((await register(other.api, { phone_number: account.number })).json().errors).toEqual({
      phone_number: ['This phone number is registered by another account.'],
    });

    // A claim carried over from before claims were proven (here a number without an account of its
    // own) yields to a tenant whose own Twilio account is proven to list the number.
    const earlier = await tenant();
    const listed = ownAccount();
    const now = v.t.clock.now();
    await v.t.deps.db
      .insertInto('phone_numbers')
      .values({
        user_id: earlier.userId,
        phone_number: listed.number,
        country_code: 'US',
        type: 'normal',
        sms_capable: false,
        region: '',
        has_active_subscription: true,
        claim: 'carried_over',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await register(other.api, { phone_number: listed.number })).json().errors).toEqual({
      phone_number: ['This phone number is registered by another account.'],
    });
    expect((await register(other.api, withOwnAccount(listed, listed.number))).statusCode).toBe(201);
    expect((await stored(earlier.userId)).numbers).toEqual([expect.objectContaining({ phone_number: listed.number, claim: null })]);
    expect((await stored(other.userId)).numbers).toEqual([expect.objectContaining({ phone_number: listed.number, claim: 'own_account' })]);
  });

  it('registered before claims existed ring only where they are claimed, and an unclaimed copy cannot dial out as the holder', async () => {
    const holder = await ownerWithOperatorLine(v, { assistant: { type: 'inbound', status: 'active' } });
    const copier = await tenant();
    const now = v.t.clock.now();
    // A legacy row of the same number (registered before numbers were checked), with its own inbound and outbound assistants.
    const copy = await v.t.deps.db
      .insertInto('phone_numbers')
      .values({
        user_id: copier.userId,
        phone_number: holder.number,
        country_code: 'US',
        type: 'normal',
        sms_capable: false,
        region: '',
        has_active_subscription: true,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dialer = await createAssistant(copier.api, { phone_number_id: copy.id });
    const dial = await copier.api.post('/api/user/make_call', { phone_number: '+14155550199', assistant_id: dialer.id });
    expect([dial.statusCode, dial.json()]).toEqual([
      422,
      { message: `The number ${holder.number} is registered by another account; the assistant cannot call from it.` },
    ]);
    const unknownTo = await incoming(v.accountSid, '+16285550000', v.authToken);
    expect(unknownTo.body).toBe(POLITE_HANGUP);
    expect(streams((await incoming(v.accountSid, holder.number, v.authToken)).body)).toBe(true);
    expect(await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', copier.userId).execute()).toEqual([]);
  });
});
