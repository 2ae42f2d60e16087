import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';
import { createUser } from '../../../test/helpers/factories.js';
import {
  balanceMicros,
  callRow,
  makeCall,
  ownerWithLine,
  postTwilio,
  PRICE_MICROS,
  PUBLIC_HOST,
  startVoiceApp,
  type VoiceTestApp,
} from '../../../test/helpers/voice.js';

let v: VoiceTestApp;
beforeAll(async () => {
  v = await startVoiceApp();
});
afterAll(async () => {
  await v.close();
});

const streamTwiml = (callId: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://${PUBLIC_HOST}/api/voice/twilio/stream">` +
  `<Parameter name="call_id" value="${callId}"/></Stream></Connect></Response>`;

describe('POST /api/user/make_call', () => {
  it('reserves a minute, dials through Twilio with our TwiML and callbacks, and records the call', async () => {
    const owner = await ownerWithLine(v.t, { balanceUsd: 1, assistant: { end_call_on_voicemail: false } });
    const res = await owner.api.post('/api/user/make_call', {
      phone_number: '+14155550199',
      assistant_id: owner.assistant.id,
      variables: { name: 'Jane' },
    });
    expect(res.statusCode).toBe(200);
    const callId = res.json().call_id;
    expect(res.json()).toEqual({ message: 'Call initiated successfully', call_id: callId, status: 'initiated' });

    const create = v.twilio.creates().at(-1)!;
    expect(create.path).toBe(`/2010-04-01/Accounts/${v.accountSid}/Calls.json`);
    expect(create.headers.authorization).toBe(`Basic ${Buffer.from(`${v.accountSid}:${v.authToken}`).toString('base64')}`);
    expect(create.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(create.form).toEqual({
      To: '+14155550199',
      From: owner.number,
      Twiml: streamTwiml(callId),
      StatusCallback: `https://${PUBLIC_HOST}/api/voice/twilio/status?call_id=${callId}`,
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      Timeout: '30',
    });

    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000 - PRICE_MICROS);
    const row = await callRow(v.t, callId);
    expect(row).toMatchObject({
      status: 'initiated',
      type: 'outbound',
      direction: 'outbound',
      reserved_micros: PRICE_MICROS,
      provider_account_id: v.accountSid,
    });
    expect(row.provider_call_id).toMatch(/^CA[0-9a-f]{32}$/);

    const item = await owner.api.get(`/api/user/calls/${callId}`);
    expect(item.statusCode).toBe(200);
    expect(item.json()).toEqual({
      id: callId,
      assistant_id: owner.assistant.id,
      assistant_name: 'Sales Assistant',
      campaign_name: null,
      type: 'outbound',
      direction: 'outbound',
      duration: 0,
      assistant_phone_number: owner.number,
      client_phone_number: '+14155550199',
      status: 'initiated',
      end_reason: null,
      transcript: [],
      variables: { name: 'Jane' },
      evaluation: null,
      webhook_response: null,
      carrier_cost: 0,
      total_cost: 0,
      answered_by: null,
      recording_url: null,
      created_at: '2026-01-15 10:00:00',
      updated_at: '2026-01-15 10:00:00',
      answered_at: null,
      ended_at: null,
    });
  });

  it('asks Twilio for asynchronous answering-machine detection when the assistant handles voicemail', async () => {
    const owner = await ownerWithLine(v.t, { assistant: { end_call_on_voicemail: true } });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const status = `https://${PUBLIC_HOST}/api/voice/twilio/status?call_id=${callId}`;
    expect(v.twilio.creates().at(-1)!.form).toMatchObject({
      MachineDetection: 'DetectMessageEnd',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: status,
      AsyncAmdStatusCallbackMethod: 'POST',
    });
  });

  it("refuses a number that is not E.164, and another account's assistant, with the reference messages", async () => {
    const owner = await ownerWithLine(v.t);
    const other = await ownerWithLine(v.t);
    const before = v.twilio.creates().length;
    for (const phone of ['0711222333', '+1 415 555 0199', '+12', 'call me']) {
      const res = await owner.api.post('/api/user/make_call', { phone_number: phone, assistant_id: owner.assistant.id });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid phone number format. Please use E.164 format (e.g. +1234567890)' });
    }
    for (const id of [other.assistant.id, 999_999]) {
      const res = await owner.api.post('/api/user/make_call', { phone_number: '+14155550199', assistant_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Assistant not found or does not belong to the authenticated user' });
    }
    const missing = await owner.api.post('/api/user/make_call', { assistant_id: owner.assistant.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The phone number field is required.',
      errors: { phone_number: ['The phone number field is required.'] },
    });
    expect(v.twilio.creates().length).toBe(before);
  });

  it('refuses with 422 when the balance cannot pay a minute: nothing dialed, nothing recorded', async () => {
    const owner = await ownerWithLine(v.t, { balanceUsd: 0.1 });
    const before = v.twilio.creates().length;
    const res = await owner.api.post('/api/user/make_call', { phone_number: '+14155550199', assistant_id: owner.assistant.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Insufficient balance to make call. Please top up your account.' });
    expect(v.twilio.creates().length).toBe(before);
    expect(await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', owner.user.id).execute()).toEqual([]);
    expect(await balanceMicros(v.t, owner.user.id)).toBe(100_000);
  });

  it('records a dial Twilio refuses as failed and returns the reserved minute', async () => {
    const owner = await ownerWithLine(v.t, { balanceUsd: 1 });
    v.twilio.failNext(400, { code: 21211, message: "The 'To' number +14155550199 is not a valid phone number.", status: 400 });
    const res = await owner.api.post('/api/user/make_call', { phone_number: '+14155550199', assistant_id: owner.assistant.id });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: "The call could not be placed. Twilio refused the request: The 'To' number +14155550199 is not a valid phone number.",
    });
    const [call] = await v.t.deps.db.selectFrom('calls').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(call).toMatchObject({ status: 'failed', cost_micros: 0, duration_seconds: 0 });
    expect(call!.end_reason).toBe('provider_error: 21211');
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000);
  });

  it('never answers with internal text, and follows a call Twilio accepted to its real end when noting its CallSid failed', async () => {
    const owner = await ownerWithLine(v.t, { balanceUsd: 1 });
    const { db } = v.t.deps;
    // The database refuses the CallSid's update, with a message of its own, right after Twilio accepted the dial.
    await sql`CREATE FUNCTION refuse_provider_call() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'relation "calls" is locked for maintenance (internal detail)'; END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_provider_call BEFORE UPDATE OF provider_call_id ON calls FOR EACH ROW EXECUTE FUNCTION refuse_provider_call()`.execute(
      db,
    );
    let res;
    try {
      res = await owner.api.post('/api/user/make_call', { phone_number: '+14155550199', assistant_id: owner.assistant.id });
    } finally {
      await sql`DROP TRIGGER refuse_provider_call ON calls`.execute(db);
      await sql`DROP FUNCTION refuse_provider_call()`.execute(db);
    }
    expect(res.statusCode).toBe(200);
    const callId = res.json().call_id;
    expect(res.json()).toEqual({ message: 'Call initiated successfully', call_id: callId, status: 'initiated' });
    expect(res.body).not.toContain('internal detail');
    // Twilio is dialling it: still live, the minute still reserved.
    expect(await callRow(v.t, callId)).toMatchObject({ status: 'initiated', provider_call_id: null, reserved_micros: PRICE_MICROS });
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000 - PRICE_MICROS);

    // Its status callbacks name the call id: they note the CallSid and carry it to its end.
    const CallSid = v.twilio.creates().at(-1)!.sid!;
    const status = (params: Record<string, string>) =>
      postTwilio(
        v.t,
        `/api/voice/twilio/status?call_id=${callId}`,
        { AccountSid: v.accountSid, CallSid, Direction: 'outbound-api', ...params },
        { token: v.authToken },
      );
    await status({ CallStatus: 'ringing' });
    expect(await callRow(v.t, callId)).toMatchObject({ status: 'ringing', provider_call_id: CallSid });
    const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
    const answeredAt = stamp(v.t.clock.now());
    await status({ CallStatus: 'in-progress' });
    v.t.clock.advance(42_000);
    await status({ CallStatus: 'completed', CallDuration: '42' });
    expect(await callRow(v.t, callId)).toMatchObject({ status: 'completed', duration_seconds: 42, cost_micros: 84_000 });
    // The item says when it was answered and when it ended, for how long it rang and lasted.
    expect((await owner.api.get(`/api/user/calls/${callId}`)).json()).toMatchObject({
      direction: 'outbound',
      answered_at: answeredAt,
      ended_at: stamp(v.t.clock.now()),
    });
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000 - 84_000);
  });

  it("a dial Twilio could not be reached for fails cleanly, without the network error's text", async () => {
    const owner = await ownerWithLine(v.t, { balanceUsd: 1 });
    v.twilio.dropNext();
    const res = await owner.api.post('/api/user/make_call', { phone_number: '+14155550199', assistant_id: owner.assistant.id });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The call could not be placed. Twilio could not be reached; please try again.' });
    const [call] = await v.t.deps.db.selectFrom('calls').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(call).toMatchObject({ status: 'failed', end_reason: 'provider_unreachable', cost_micros: 0 });
    expect(await balanceMicros(v.t, owner.user.id)).toBe(1_000_000);
  });

  it('needs a number on the assistant to call from', async () => {
    const owner = await createUser(v.t.deps, { balanceUsd: 1 });
    const api = apiFor(v.t, owner.token);
    const assistant = await createAssistant(api);
    const res = await api.post('/api/user/make_call', { phone_number: '+14155550199', assistant_id: assistant.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The assistant has no phone number to call from. Assign one with phone_number_id.' });
  });
});

describe('GET /api/user/calls', () => {
  it('pages newest first and filters by status, type, number, assistant and day', async () => {
    const owner = await ownerWithLine(v.t);
    const second = await createAssistant(owner.api, { name: 'Second', phone_number_id: owner.phoneNumberId });
    const a = await makeCall(owner.api, owner.assistant.id, '+14155550101');
    v.t.clock.advance(24 * 3_600_000);
    const b = await makeCall(owner.api, second.id, '+14155550102');
    const c = await makeCall(owner.api, owner.assistant.id, '+14155550103');
    await v.t.deps.db.updateTable('calls').set({ status: 'busy' }).where('id', '=', c).execute();

    const page = await owner.api.get('/api/user/calls?per_page=2');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.data.map((x: { id: number }) => x.id)).toEqual([c, b]);
    expect(body).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2, from: 1, to: 2 });
    expect(body.next_page_url).toBe('http://localhost:80/api/user/calls?page=2');

    const ids = async (query: string) => (await owner.api.get(`/api/user/calls?${query}`)).json().data.map((x: { id: number }) => x.id);
    expect(await ids('status=busy')).toEqual([c]);
    expect(await ids('status=initiated')).toEqual([b, a]);
    expect(await ids('type=outbound')).toEqual([c, b, a]);
    expect(await ids('type=inbound')).toEqual([]);
    expect(await ids('phone_number=%2B14155550102')).toEqual([b]);
    expect(await ids(`assistant_id=${second.id}`)).toEqual([b]);
    expect(await ids('date_from=2026-01-16')).toEqual([c, b]);
    expect(await ids('date_to=2026-01-15')).toEqual([a]);
    expect(await ids('date_from=2026-01-15&date_to=2026-01-15')).toEqual([a]);

    const bad = await owner.api.get('/api/user/calls?per_page=101');
    expect(bad.statusCode).toBe(422);
  });

  it("never shows another account's calls: list, get and delete", async () => {
    const owner = await ownerWithLine(v.t);
    const other = await ownerWithLine(v.t);
    const theirs = await makeCall(other.api, other.assistant.id);
    expect((await owner.api.get('/api/user/calls')).json().data).toEqual([]);
    for (const res of [
      await owner.api.get(`/api/user/calls/${theirs}`),
      await owner.api.delete(`/api/user/calls/${theirs}`),
      await owner.api.get('/api/user/calls/99999999'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Call not found' });
    }
    expect((await other.api.get(`/api/user/calls/${theirs}`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/user/calls/{id}', () => {
  it('deletes a finished call with its recording file; a live call must end first', async () => {
    const owner = await ownerWithLine(v.t);
    const callId = await makeCall(owner.api, owner.assistant.id);
    const live = await owner.api.delete(`/api/user/calls/${callId}`);
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ message: 'The call is still in progress; it can be deleted once it has ended.' });

    mkdirSync(join(v.dataDir, 'recordings'), { recursive: true });
    const file = join(v.dataDir, 'recordings', `${callId}.wav`);
    writeFileSync(file, 'RIFF');
    await v.t.deps.db
      .updateTable('calls')
      .set({ status: 'completed', recording_path: `recordings/${callId}.wav` })
      .where('id', '=', callId)
      .execute();

    const res = await owner.api.delete(`/api/user/calls/${callId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Call deleted successfully' });
    expect(existsSync(file)).toBe(false);
    expect((await owner.api.get(`/api/user/calls/${callId}`)).statusCode).toBe(404);
  });
});
