import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsSignalForText } from '../../audio/test-signal.js';
import { createAssistant } from '../../../../../test/helpers/assistants.js';
import { addLead, createCampaign, setStatus } from '../../../../../test/helpers/campaigns.js';
import { callIdOf } from '../../../../../test/helpers/campaign-dialer.js';
import { connectFakeCaller, newCallSid, type FakeCaller } from '../../../../../test/helpers/fakes/twilio.js';
import { buyer } from '../../../../../test/helpers/numbers.js';
import { createTrunk } from '../../../../../test/helpers/sip-trunks.js';
import {
  balanceMicros,
  callRow,
  postTwilio,
  PRICE_MICROS,
  PUBLIC_HOST,
  PUBLIC_URL,
  startVoiceApp,
  type VoiceTestApp,
} from '../../../../../test/helpers/voice.js';

/**
 * Calls over a business's own carrier, Twilio carrying the media: a call out from a trunk's
 * number is a SIP call to the carrier's address, a call in through the trunk's SIP domain reaches
 * the trunk number's inbound assistant; both stream to the assistant as every Twilio call does.
 */
let v: VoiceTestApp;
let port: number;
const callers = new Map<string, FakeCaller>();

beforeAll(async () => {
  v = await startVoiceApp({ engine: 'hangUp' });
  // Twilio ends the stream (stop) when the call is hung up through the REST API.
  v.twilio.onUpdate((callSid, form) => {
    if (form.Status === 'completed') callers.get(callSid)?.hangUp();
  });
  await v.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (v.t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const caller of callers.values()) caller.close();
  await v.close();
});

const POLITE_HANGUP =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry, this number is not available right now. Goodbye.</Say><Hangup/></Response>';
const streamTwiml = (callId: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://${PUBLIC_HOST}/api/voice/twilio/stream">` +
  `<Parameter name="call_id" value="${callId}"/></Stream></Connect></Response>`;

let sequence = 0;
/** A user with a trunk (overrides go to it) and an assistant on its number. */
async function trunkOwner(trunk: Record<string, unknown> = {}, assistant: Record<string, unknown> = {}) {
  const owner = await buyer(v.t, 1);
  const created = await createTrunk(owner.api, { phone_number: `+1415555${String(300 + ++sequence).padStart(4, '0')}`, ...trunk });
  const made = await createAssistant(owner.api, { phone_number_id: created.id, ...assistant });
  return { ...owner, trunk: created, assistant: made };
}

/** Twilio's side of the call's media: the stream opens, the assistant speaks, and hangs up. */
async function streamCall(callSid: string, callId: number) {
  const run = v.engine.nextRun();
  const caller = await connectFakeCaller({
    port,
    publicHost: PUBLIC_HOST,
    authToken: v.authToken,
    accountSid: v.accountSid,
    callSid,
    callId,
  });
  callers.set(callSid, caller);
  expect(caller.opened).toBe(true);
  caller.start();
  const session = await run;
  v.t.clock.advance(7_400);
  await session.outcome;
  return { caller, session };
}

async function ended(callId: number) {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const row = await callRow(v.t, callId);
    if (!['initiated', 'ringing', 'in-progress'].includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`call ${callId} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a call out from a SIP trunk number', () => {
  it("dials the carrier's SIP address in the trunk's calling format with its credentials, and streams like any call", async () => {
    const owner = await trunkOwner(
      { sip_calling_format: 'national', sip_address: 'sip:sip.carrier.example:5060;transport=tcp' },
      { end_call_on_voicemail: false },
    );
    const res = await owner.api.post('/api/user/make_call', { phone_number: '+14155550123', assistant_id: owner.assistant.id });
    expect(res.statusCode, res.body).toBe(200);
    const callId = res.json().call_id;

    const create = v.twilio.creates().at(-1)!;
    expect(create.path).toBe(`/2010-04-01/Accounts/${v.accountSid}/Calls.json`);
    expect(create.form).toEqual({
      To: 'sip:4155550123@sip.carrier.example:5060;transport=tcp',
      From: owner.trunk.phone_number.slice(2),
      Twiml: streamTwiml(callId),
      StatusCallback: `${PUBLIC_URL}/api/voice/twilio/status?call_id=${callId}`,
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      Timeout: '30',
      SipAuthUsername: 'breadco',
      SipAuthPassword: 'Carrier-Pass-2026',
    });
    expect(await callRow(v.t, callId)).toMatchObject({
      type: 'outbound',
      from_number: owner.trunk.phone_number,
      to_number: '+14155550123',
      phone_number_id: owner.trunk.id,
      provider: 'twilio',
      provider_account_id: v.accountSid,
      provider_call_id: create.sid,
      reserved_micros: PRICE_MICROS,
    });

    const { caller, session } = await streamCall(create.sid!, callId);
    expect(session.session.call).toMatchObject({
      id: callId,
      type: 'outbound',
      toNumber: '+14155550123',
      fromNumber: owner.trunk.phone_number,
    });
    expect(containsSignalForText(caller.heard(), 8_000, 'Hello! How can I help you today?')).toBe(true);
    expect(await ended(callId)).toMatchObject({ status: 'ended_by_assistant', duration_seconds: 8 });
    expect(v.twilio.updates().at(-1)!.path).toBe(`/2010-04-01/Accounts/${v.accountSid}/Calls/${create.sid}.json`);
  });

  it('goes through the outbound proxy when there is one, and refuses a number the national format cannot write', async () => {
    const owner = await trunkOwner({ sip_calling_format: 'e164', outbound_proxy: 'sbc.carrier.example:5070' });
    const callId = (await owner.api.post('/api/user/make_call', { phone_number: '+442079460958', assistant_id: owner.assistant.id })).json()
      .call_id;
    expect(v.twilio.creates().at(-1)!.form).toMatchObject({ To: 'sip:442079460958@sbc.carrier.example:5070', SipAuthUsername: 'breadco' });
    expect(callId).toEqual(expect.any(Number));

    const national = await trunkOwner({ sip_calling_format: 'national' });
    const creates = v.twilio.creates().length;
    const refused = await national.api.post('/api/user/make_call', { phone_number: '+442079460958', assistant_id: national.assistant.id });
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { message: 'This SIP trunk dials numbers in the national format of US only; +442079460958 is not one of them.' },
    ]);
    expect(v.twilio.creates()).toHaveLength(creates);
    expect(await v.t.deps.db.selectFrom('calls').select('id').where('user_id', '=', national.user.id).execute()).toEqual([]);
    expect(await balanceMicros(v.t, national.user.id)).toBe(1_000_000);
  });

  it("dials a campaign's leads through the trunk of the campaign's number", async () => {
    const owner = await trunkOwner({ sip_calling_format: 'e164', sip_trunk_type: 'extension', phone_number: '201', country_code: 'US' });
    const campaign = await createCampaign(owner.api, owner.assistant.id, { phone_number_ids: [owner.trunk.id] });
    await addLead(owner.api, campaign.id, '+14155550211');
    await setStatus(owner.api, campaign.id, 'start');
    await v.t.deps.jobs.drain();
    const dial = v.twilio.creates().at(-1)!;
    expect(dial.form).toMatchObject({
      To: 'sip:14155550211@sip.carrier.example:5060',
      From: '201',
      SipAuthUsername: 'breadco',
      SipAuthPassword: 'Carrier-Pass-2026',
    });
    expect(await callRow(v.t, callIdOf(dial))).toMatchObject({ campaign_id: campaign.id, from_number: '201', to_number: '+14155550211' });
  });
});

describe("a call in through a SIP trunk's domain", () => {
  const incoming = (domainSid: string, domain: string, to: string, overrides: Record<string, string> = {}) => ({
    AccountSid: v.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: newCallSid(),
    CallStatus: 'ringing',
    Direction: 'inbound',
    From: 'sip:+40711222333@203.0.113.10',
    To: `sip:${to}@${domain}`,
    SipDomain: domain,
    SipDomainSid: domainSid,
    SipCallId: 'b6e1c2a0@203.0.113.10',
    SipSourceIp: '203.0.113.10',
    ...overrides,
  });
  const domainOf = (name: string) => v.twilio.sip.snapshot(v.accountSid).domains.find((d) => d.domainName === name)!;

  it("reaches the trunk number's inbound assistant and streams to it", async () => {
    const owner = await trunkOwner({}, { type: 'inbound', status: 'active', initial_message: 'Thanks for calling Bread & Co!' });
    const domain = domainOf(owner.trunk.inbound_sip_domain);
    const form = incoming(domain.sid, domain.domainName, owner.trunk.phone_number);
    const twiml = await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token: v.authToken });
    const [call] = await v.t.deps.db.selectFrom('calls').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(twiml.body).toBe(streamTwiml(call!.id));
    expect(call).toMatchObject({
      type: 'inbound',
      status: 'ringing',
      assistant_id: owner.assistant.id,
      phone_number_id: owner.trunk.id,
      from_number: '+40711222333',
      to_number: owner.trunk.phone_number,
      provider_call_id: form.CallSid,
      provider_account_id: v.accountSid,
      reserved_micros: PRICE_MICROS,
    });

    const { caller, session } = await streamCall(form.CallSid, call!.id);
    expect(session.session.call).toMatchObject({ type: 'inbound', fromNumber: '+40711222333', toNumber: owner.trunk.phone_number });
    expect(containsSignalForText(caller.heard(), 8_000, 'Thanks for calling Bread & Co!')).toBe(true);
    expect(await ended(call!.id)).toMatchObject({ status: 'ended_by_assistant', type: 'inbound' });
  });

  it('hangs up politely on a domain of no trunk, of a trunk gone, or named by another Twilio account', async () => {
    const owner = await trunkOwner(
      { sip_trunk_type: 'extension', phone_number: '305', country_code: 'US' },
      { type: 'inbound', status: 'active' },
    );
    const domain = domainOf(owner.trunk.inbound_sip_domain);
    const other = { sid: `AC${'1'.repeat(32)}`, token: 'other-token' };
    v.twilio.addAccount(other.sid, other.token);
    await v.t.deps.db
      .insertInto('twilio_accounts')
      .values({
        account_sid: other.sid,
        user_id: owner.user.id,
        auth_token_sealed: v.t.deps.secrets.seal(other.token),
        verified_at: new Date(),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const refused = [
      [incoming(`SD${'0'.repeat(32)}`, domain.domainName, '305'), v.authToken],
      [incoming(domain.sid, domain.domainName, '305', { AccountSid: other.sid }), other.token],
    ] as const;
    for (const [form, token] of refused)
      expect((await postTwilio(v.t, '/api/voice/twilio/incoming', form, { token })).body).toBe(POLITE_HANGUP);

    // An extension's caller: the From user as it is when it is no phone number.
    const extensionCall = incoming(domain.sid, domain.domainName, '305', { From: 'sip:reception@pbx.carrier.example;tag=1' });
    expect((await postTwilio(v.t, '/api/voice/twilio/incoming', extensionCall, { token: v.authToken })).body).toContain('<Stream');
    expect(
      await v.t.deps.db
        .selectFrom('calls')
        .select(['from_number', 'to_number'])
        .where('provider_call_id', '=', extensionCall.CallSid)
        .executeTakeFirst(),
    ).toEqual({
      from_number: 'reception',
      to_number: '305',
    });

    // Without SipDomainSid, the To URI's host names the domain (a localized host included).
    const { SipDomainSid: _, ...byHost } = incoming(domain.sid, domain.domainName.replace('.sip.', '.sip.us1.'), '305');
    expect((await postTwilio(v.t, '/api/voice/twilio/incoming', byHost, { token: v.authToken })).body).toContain('<Stream');
    const strangerHost = { ...byHost, CallSid: newCallSid(), To: 'sip:305@sbt-00000000000000000000.sip.twilio.com' };
    expect((await postTwilio(v.t, '/api/voice/twilio/incoming', strangerHost, { token: v.authToken })).body).toBe(POLITE_HANGUP);

    expect((await owner.api.delete(`/api/user/phone-numbers/${owner.trunk.id}`)).statusCode).toBe(200);
    const afterDelete = await postTwilio(v.t, '/api/voice/twilio/incoming', incoming(domain.sid, domain.domainName, '305'), {
      token: v.authToken,
    });
    expect(afterDelete.body).toBe(POLITE_HANGUP);
  });
});
