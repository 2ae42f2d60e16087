import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCallSid, signTwilio } from '../../../../../test/helpers/fakes/twilio.js';
import {
  balanceMicros,
  callRow,
  makeCall,
  ownerWithLine,
  ownerWithOperatorLine,
  postTwilio,
  PRICE_MICROS,
  PUBLIC_HOST,
  PUBLIC_URL,
  startVoiceApp,
  type VoiceTestApp,
} from '../../../../../test/helpers/voice.js';
import { isValidTwilioSignature, twilioSignature } from './twilio-signature.js';
import { twilioCallControl } from './twilio.js';

let v: VoiceTestApp;
beforeAll(async () => {
  v = await startVoiceApp();
});
afterAll(async () => {
  await v.close();
});

const POLITE_HANGUP =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry, this number is not available right now. Goodbye.</Say><Hangup/></Response>';
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const streamTwiml = (callId: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://${PUBLIC_HOST}/api/voice/twilio/stream">` +
  `<Parameter name="call_id" value="${callId}"/></Stream></Connect></Response>`;

const incomingForm = (to: string, overrides: Record<string, string> = {}) => ({
  AccountSid: v.accountSid,
  ApiVersion: '2010-04-01',
  CallSid: newCallSid(),
  CallStatus: 'ringing',
  Called: to,
  Caller: '+40711222333',
  Direction: 'inbound',
  From: '+40711222333',
  To: to,
  CalledCountry: 'US',
  CallerCountry: 'RO',
  ...overrides,
});

describe('X-Twilio-Signature', () => {
  it("matches Twilio's published example and the variants twilio-node accepts", () => {
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(isValidTwilioSignature('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, params)).toBe(true);
    // Twilio signed the URL with the default port; we see it without (and the other way round).
    expect(
      isValidTwilioSignature('12345', twilioSignature('12345', 'https://mycompany.com:443/myapp.php?foo=1&bar=2', params), url, params),
    ).toBe(true);
    expect(isValidTwilioSignature('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, { ...params, Digits: '1235' })).toBe(false);
    expect(isValidTwilioSignature('54321', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, params)).toBe(false);
    expect(isValidTwilioSignature('12345', undefined, url, params)).toBe(false);
    // Repeated keys: values sorted, each appended after its key.
    expect(twilioSignature('t', 'https://x.test/a', { E: ['b', 'a'] })).toBe(signTwilio('t', 'https://x.test/a', { E: ['a', 'b'] }));
  });
});

describe('POST /api/voice/twilio/incoming', () => {
  it("streams a call to the number's active inbound assistant, reserving a minute of its owner's balance", async () => {
    const owner = await ownerWithOperatorLine(v, { balanceUsd: 1, assistant: { type: 'inbound', status: 'active' } });
    const form = incomingForm(owner.number);
    const res = await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token: v.authToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    const [call] = await v.t.deps.db.selectFrom('calls').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(res.body).toBe(streamTwiml(call!.id));
    expect(call).toMatchObject({
      type: 'inbound',
      direction: 'inbound',
      status: 'ringing',
      from_number: '+40711222333',
      to_number: owner.number,
      provider_call_id: form.CallSid,
      provider_account_id: v.accountSid,
      assistant_id: owner.assistant.id,
      reserved_micros: PRICE_MICROS,
    });
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000 - PRICE_MICROS);

    // Twilio retries the same webhook: the same call, nothing reserved twice.
    const again = await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token: v.authToken });
    expect(again.body).toBe(streamTwiml(call!.id));
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000 - PRICE_MICROS);
  });

  it('politely hangs up on unknown numbers, inactive or outbound assistants, and owners without balance', async () => {
    const inactive = await ownerWithOperatorLine(v, { assistant: { type: 'inbound' } });
    const outbound = await ownerWithOperatorLine(v, { assistant: { type: 'outbound', status: 'active' } });
    const broke = await ownerWithOperatorLine(v, { balanceUsd: 0.05, assistant: { type: 'inbound', status: 'active' } });
    for (const to of ['+14155550999', inactive.number, outbound.number, broke.number]) {
      const res = await postTwilio(v.t, '/api/voice/twilio/incoming', incomingForm(to), { token: v.authToken });
      expect(res.statusCode, to).toBe(200);
      expect(res.body).toBe(POLITE_HANGUP);
    }
    const calls = await v.t.deps.db.selectFrom('calls').select('id').where('user_id', 'in', [inactive.user.id, outbound.user.id]).execute();
    expect(calls).toEqual([]);
    expect(await balanceMicros(v.t, broke.user.id)).toBe(50_000);
  });

  it('keeps an inbound call refused for balance as a failed call the owner can list, charged nothing, once per CallSid', async () => {
    const broke = await ownerWithOperatorLine(v, { balanceUsd: 0.05, assistant: { type: 'inbound', status: 'active' } });
    const form = incomingForm(broke.number);
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token: v.authToken });
      expect(res.body).toBe(POLITE_HANGUP);
    }
    const list = await broke.api.get('/api/user/calls');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    const [item] = list.json().data;
    expect(item).toMatchObject({
      assistant_id: broke.assistant.id,
      type: 'inbound',
      status: 'failed',
      end_reason: 'insufficient_balance',
      duration: 0,
      total_cost: 0,
      assistant_phone_number: broke.number,
      client_phone_number: '+40711222333',
      transcript: [],
    });
    const failed = await broke.api.get('/api/user/calls?status=failed');
    expect(failed.json().data.map((c: { id: number }) => c.id)).toEqual([item.id]);
    const row = await callRow(v.t, item.id);
    expect(row).toMatchObject({ provider_call_id: form.CallSid, reserved_micros: 0, cost_micros: 0, lease_holder: null });
    expect(row.ended_at).not.toBeNull();
    expect(await balanceMicros(v.t, broke.user.id)).toBe(50_000);
    // Twilio's final status callback for the refused call changes nothing.
    const status = await postTwilio(
      v.t,
      '/api/voice/twilio/status',
      { ...form, CallStatus: 'completed', CallDuration: '3' },
      { token: v.authToken },
    );
    expect(status.statusCode).toBe(200);
    expect(await callRow(v.t, item.id)).toMatchObject({ status: 'failed', end_reason: 'insufficient_balance', duration_seconds: 0 });
  });

  it("refuses a suspended account's inbound calls as one without balance: kept as failed, charged nothing", async () => {
    const owner = await ownerWithOperatorLine(v, { balanceUsd: 1, assistant: { type: 'inbound', status: 'active' } });
    await v.t.deps.db
      .updateTable('users')
      .set({ suspended_at: v.t.clock.now(), suspension_reason: 'Chargeback' })
      .where('id', '=', owner.user.id)
      .execute();
    const form = incomingForm(owner.number);
    const res = await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token: v.authToken });
    expect(res.body).toBe(POLITE_HANGUP);
    const calls = await v.t.deps.db
      .selectFrom('calls')
      .select(['status', 'end_reason', 'provider_call_id', 'reserved_micros'])
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(calls).toEqual([{ status: 'failed', end_reason: 'account_suspended', provider_call_id: form.CallSid, reserved_micros: 0 }]);
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000);

    await v.t.deps.db.updateTable('users').set({ suspended_at: null, suspension_reason: null }).where('id', '=', owner.user.id).execute();
    const restored = await postTwilio(v.t, '/api/voice/twilio/incoming', incomingForm(owner.number), { token: v.authToken });
    expect(restored.body).toContain('<Connect><Stream');
  });

  it('validates Twilio credentials on a number', async () => {
    const owner = await ownerWithLine(v.t);
    const res = await owner.api.post('/api/user/phone-numbers', { phone_number: '+14155550666', provider: 'twilio' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      twilio_account_sid: ['The twilio account sid field is required when provider is twilio.'],
      twilio_auth_token: ['The twilio auth token field is required when provider is twilio.'],
    });
  });
});

describe('signatures on every Twilio route', () => {
  it('refuses a bad or missing signature with 403 and changes nothing', async () => {
    const owner = await ownerWithOperatorLine(v, { assistant: { type: 'inbound', status: 'active' } });
    const form = incomingForm(owner.number);
    const wrongToken = await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token: 'not-the-token' });
    const wrongUrl = await postTwilio(v.t, '/api/voice/twilio/incoming', form, {
      signature: signTwilio(v.authToken, 'https://evil.test/api/voice/twilio/incoming', form),
    });
    const tampered = await postTwilio(v.t, '/api/voice/twilio/incoming', form, {
      signature: signTwilio(v.authToken, `${PUBLIC_URL}/api/voice/twilio/incoming`, { ...form, To: '+14155550000' }),
    });
    const missing = await v.t.app.inject({
      method: 'POST',
      url: '/api/voice/twilio/incoming',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    for (const res of [wrongToken, wrongUrl, tampered, missing]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid Twilio signature.' });
    }
    expect(await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', owner.user.id).execute()).toEqual([]);

    const dialer = await ownerWithLine(v.t);
    const callId = await makeCall(dialer.api, dialer.assistant.id);
    const path = `/api/voice/twilio/status?call_id=${callId}`;
    const status = {
      AccountSid: v.accountSid,
      CallSid: (await callRow(v.t, callId)).provider_call_id!,
      CallStatus: 'busy',
      Direction: 'outbound-api',
    };
    const refused = await postTwilio(v.t, path, status, { token: 'not-the-token' });
    expect(refused.statusCode).toBe(403);
    // The signature covers the query: the same body for another call id is refused.
    const moved = await postTwilio(v.t, path, status, {
      signature: signTwilio(v.authToken, `${PUBLIC_URL}/api/voice/twilio/status?call_id=${callId + 1}`, status),
    });
    expect(moved.statusCode).toBe(403);
    expect((await callRow(v.t, callId)).status).toBe('initiated');
  });

  it('refuses JSON and other bodies on the Twilio routes, and form bodies elsewhere', async () => {
    const json = await v.t.app.inject({ method: 'POST', url: '/api/voice/twilio/status', payload: { CallStatus: 'busy' } });
    expect(json.statusCode).toBe(403);
    const owner = await ownerWithLine(v.t);
    const form = await v.t.app.inject({
      method: 'POST',
      url: '/api/user/make_call',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phone_number=%2B14155550199&assistant_id=${owner.assistant.id}`,
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('POST /api/voice/twilio/status', () => {
  const post = (callId: number | null, params: Record<string, string>) =>
    postTwilio(
      v.t,
      callId === null ? '/api/voice/twilio/status' : `/api/voice/twilio/status?call_id=${callId}`,
      { AccountSid: v.accountSid, ApiVersion: '2010-04-01', ...params },
      { token: v.authToken },
    );

  it('moves a call forward through ringing and in-progress, never back', async () => {
    const owner = await ownerWithLine(v.t);
    const callId = await makeCall(owner.api, owner.assistant.id);
    const CallSid = (await callRow(v.t, callId)).provider_call_id!;
    for (const [CallStatus, expected] of [
      ['initiated', 'initiated'],
      ['ringing', 'ringing'],
      ['in-progress', 'in-progress'],
      ['ringing', 'in-progress'],
    ] as const) {
      const res = await post(callId, { CallSid, CallStatus, SequenceNumber: '0' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(EMPTY);
      expect((await callRow(v.t, callId)).status, CallStatus).toBe(expected);
    }
    expect((await callRow(v.t, callId)).answered_at).toEqual(v.t.clock.now());
  });

  it('ends a call that never connected as busy, no-answer or failed, returning the whole reservation', async () => {
    for (const [CallStatus, expected] of [
      ['busy', 'busy'],
      ['no-answer', 'no-answer'],
      ['failed', 'failed'],
      ['canceled', 'failed'],
    ] as const) {
      const owner = await ownerWithLine(v.t, { balanceUsd: 1 });
      const callId = await makeCall(owner.api, owner.assistant.id);
      const CallSid = (await callRow(v.t, callId)).provider_call_id!;
      await post(callId, { CallSid, CallStatus: 'ringing' });
      await post(callId, { CallSid, CallStatus, CallDuration: '0' });
      expect(await callRow(v.t, callId)).toMatchObject({ status: expected, duration_seconds: 0, cost_micros: 0 });
      expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000);
      // A late "completed" changes nothing.
      await post(callId, { CallSid, CallStatus: 'completed', CallDuration: '0' });
      expect((await callRow(v.t, callId)).status).toBe(expected);
    }
  });

  it('records answering-machine detection and finds inbound calls by CallSid', async () => {
    const owner = await ownerWithOperatorLine(v, { assistant: { type: 'inbound', status: 'active' } });
    const form = incomingForm(owner.number);
    await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token: v.authToken });
    const [call] = await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', owner.user.id).execute();
    await post(null, { CallSid: form.CallSid, CallStatus: 'in-progress' });
    expect((await callRow(v.t, call!.id)).status).toBe('in-progress');

    const dialer = await ownerWithLine(v.t);
    const callId = await makeCall(dialer.api, dialer.assistant.id);
    const CallSid = (await callRow(v.t, callId)).provider_call_id!;
    await post(callId, { CallSid, AnsweredBy: 'machine_end_beep', MachineDetectionDuration: '4200' });
    expect((await callRow(v.t, callId)).answered_by).toBe('machine');
    await post(callId, { CallSid, AnsweredBy: 'human' });
    expect((await callRow(v.t, callId)).answered_by).toBe('human');
  });

  it('treats a CallStatus or a form key named after an Object.prototype member as unknown: nothing changes, nothing fails', async () => {
    const owner = await ownerWithLine(v.t);
    const callId = await makeCall(owner.api, owner.assistant.id);
    const CallSid = (await callRow(v.t, callId)).provider_call_id!;
    for (const CallStatus of Object.getOwnPropertyNames(Object.prototype)) {
      const res = await post(callId, { CallSid, CallStatus, constructor: 'x', toString: 'y' });
      expect([res.statusCode, res.body], CallStatus).toEqual([200, EMPTY]);
    }
    const supervisor = await postTwilio(
      v.t,
      `/api/voice/twilio/status?call_id=${callId}&leg=supervisor`,
      { AccountSid: v.accountSid, CallSid: newCallSid(), CallStatus: 'constructor' },
      { token: v.authToken },
    );
    expect([supervisor.statusCode, supervisor.body]).toEqual([200, EMPTY]);
    expect(await callRow(v.t, callId)).toMatchObject({ status: 'initiated', supervisor_status: null });
    // A __proto__ field is a field: signed over by Twilio like any other, it is checked like any other.
    const signed = signTwilio(v.authToken, `${PUBLIC_URL}/api/voice/twilio/status?call_id=${callId}`, {
      AccountSid: v.accountSid,
      CallSid,
      CallStatus: 'ringing',
      ['__proto__']: 'x',
    });
    const proto = await v.t.app.inject({
      method: 'POST',
      url: `/api/voice/twilio/status?call_id=${callId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signed },
      payload: `AccountSid=${v.accountSid}&CallSid=${CallSid}&CallStatus=ringing&__proto__=x`,
    });
    expect([proto.statusCode, proto.body]).toEqual([200, EMPTY]);
    expect((await callRow(v.t, callId)).status).toBe('ringing');
  });

  it("ignores callbacks about another account's call or another CallSid", async () => {
    const owner = await ownerWithLine(v.t);
    const callId = await makeCall(owner.api, owner.assistant.id);
    const res = await post(callId, { CallSid: newCallSid(), CallStatus: 'busy' });
    expect(res.statusCode).toBe(200);
    expect((await callRow(v.t, callId)).status).toBe('initiated');
  });
});

describe('hang-up and transfer through the REST call update', () => {
  it('hangs up with Status=completed, tolerates a call already gone, and transfers by replacing the TwiML with <Dial>', async () => {
    const { rest } = v.t.deps.services.callsModule;
    const callSid = newCallSid();
    const control = twilioCallControl(rest, { accountSid: v.accountSid, authToken: v.authToken }, callSid, '+14155550100');
    await control.transfer('+14155550123', { announcement: 'Transferring you to a colleague & friend.' });
    await control.hangUp();
    const [transfer, hangUp] = v.twilio.updates().slice(-2);
    expect(transfer!.path).toBe(`/2010-04-01/Accounts/${v.accountSid}/Calls/${callSid}.json`);
    expect(transfer!.form).toEqual({
      Twiml:
        '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Transferring you to a colleague &amp; friend.</Say>' +
        '<Dial callerId="+14155550100">+14155550123</Dial></Response>',
    });
    expect(hangUp!.form).toEqual({ Status: 'completed' });
    v.twilio.failNext(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    await expect(control.hangUp()).resolves.toBeUndefined();
    v.twilio.failNext(500, { code: 20500, message: 'Internal Server Error', status: 500 });
    await expect(control.hangUp()).rejects.toThrow('Twilio refused the request: Internal Server Error');
  });
});
