import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer } from '../../../test/helpers/numbers.js';
import { createTrunk, sipRequest, trunkBody } from '../../../test/helpers/sip-trunks.js';
import { PUBLIC_URL, startVoiceApp, type VoiceTestApp } from '../../../test/helpers/voice.js';
import { sipErrors } from '../../../test/helpers/fakes/twilio-sip.js';

let v: VoiceTestApp;
beforeAll(async () => {
  v = await startVoiceApp();
});
afterAll(async () => {
  await v.close();
});

const DOMAIN = expect.stringMatching(/^sbt-[0-9a-f]{20}\.sip\.twilio\.com$/);
const STAMP = '2026-01-15T10:00:00.000000Z';
const DUPLICATE = 'A SIP trunk with the same phone number, username, and address already exists.';
const since = () => {
  const start = v.twilio.sipRequests().length;
  return () => v.twilio.sipRequests().slice(start).map(sipRequest);
};
const sealedPassword = (id: number) =>
  v.t.deps.db.selectFrom('sip_trunks').select('sip_password_sealed').where('phone_number_id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/user/phone-numbers/sip-trunks', () => {
  it('creates a BYOC trunk, a SIP domain on it and a credential list at Twilio, and answers the trunk without its password', async () => {
    const { userId, api, client } = await buyer(v.t);
    const sent = since();
    const res = await client.post('/api/user/phone-numbers/sip-trunks', trunkBody());
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(res.json()).toEqual({
      message: 'SIP trunk created successfully.',
      data: {
        id: expect.any(Number),
        phone_number: '+14155550177',
        nickname: 'Main carrier',
        country_code: 'US',
        type: 'sip',
        type_label: 'SIP',
        sip_trunk_type: 'number',
        sip_username: 'breadco',
        has_sip_password: true,
        sip_address: 'sip.carrier.example:5060',
        sip_calling_format: '+e164',
        inbound_authorization_type: 'auth',
        allowed_inbound_ips: [],
        outbound_proxy: null,
        inbound_sip_domain: DOMAIN,
        created_at: STAMP,
        updated_at: STAMP,
      },
    });
    const label = `SIP trunk ${data.id} of user ${userId}`;
    const requests = sent();
    const [byoc, domain, list] = v.twilio.sipRequests().slice(-5);
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/v1/ByocTrunks',
        form: { FriendlyName: label, VoiceUrl: `${PUBLIC_URL}/api/voice/twilio/incoming`, VoiceMethod: 'POST' },
      },
      {
        method: 'POST',
        path: '/SIP/Domains.json',
        form: { DomainName: data.inbound_sip_domain, FriendlyName: label, ByocTrunkSid: byoc!.sid },
      },
      { method: 'POST', path: '/SIP/CredentialLists.json', form: { FriendlyName: label } },
      {
        method: 'POST',
        path: `/SIP/CredentialLists/${list!.sid}/Credentials.json`,
        form: { Username: 'breadco', Password: 'Carrier-Pass-2026' },
      },
      {
        method: 'POST',
        path: `/SIP/Domains/${domain!.sid}/Auth/Calls/CredentialListMappings.json`,
        form: { CredentialListSid: list!.sid },
      },
    ]);
    expect(v.twilio.sip.snapshot(v.accountSid).domains.find((d) => d.sid === domain!.sid)).toEqual({
      sid: domain!.sid,
      domainName: data.inbound_sip_domain,
      byocTrunkSid: byoc!.sid,
      voiceUrl: `${PUBLIC_URL}/api/voice/twilio/incoming`,
      credentials: [{ username: 'breadco', password: 'Carrier-Pass-2026' }],
      ipAddresses: [],
    });
    // Sealed at rest, never returned.
    const { sip_password_sealed } = await sealedPassword(data.id);
    expect(sip_password_sealed).not.toContain('Carrier-Pass-2026');
    expect(v.t.deps.secrets.open(sip_password_sealed!)).toBe('Carrier-Pass-2026');
    expect(JSON.stringify((await client.get('/api/user/phone-numbers/sip-trunks')).json())).not.toContain('Carrier-Pass');

    expect((await client.get('/api/user/phone-numbers/sip-trunks')).json()).toEqual({ data: [data] });
    expect((await client.get(`/api/user/phone-numbers/sip-trunks/${data.id}`)).json()).toEqual({ data });
    expect((await api.get('/api/user/phone-numbers/all')).json().data).toEqual([
      {
        id: data.id,
        phone_number: '+14155550177',
        nickname: 'Main carrier',
        country_code: 'US',
        type: 'sip',
        type_label: 'SIP',
        sms_capable: false,
        region: '',
        has_active_subscription: true,
        created_at: STAMP,
      },
    ]);
  });

  it('authorizes the carrier by its addresses with an IP access control list', async () => {
    const { api } = await buyer(v.t);
    const sent = since();
    const trunk = await createTrunk(api, {
      sip_trunk_type: 'extension',
      phone_number: '201',
      country_code: 'gb',
      sip_username: null,
      sip_password: undefined,
      sip_calling_format: 'national',
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.10', '198.51.100.0/24', '203.0.113.10'],
      outbound_proxy: 'sbc.carrier.example;transport=tcp',
    });
    expect(trunk).toMatchObject({
      phone_number: '201',
      country_code: 'GB',
      sip_trunk_type: 'extension',
      sip_username: null,
      has_sip_password: false,
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.10', '198.51.100.0/24'],
      outbound_proxy: 'sbc.carrier.example;transport=tcp',
    });
    const acl = v.twilio.sipRequests().find((r) => r.path.endsWith('/SIP/IpAccessControlLists.json') && r.sid)!;
    expect(sent().slice(2)).toEqual([
      {
        method: 'POST',
        path: '/SIP/IpAccessControlLists.json',
        form: { FriendlyName: expect.stringMatching(/^SIP trunk \d+ of user \d+$/) },
      },
      {
        method: 'POST',
        path: `/SIP/IpAccessControlLists/${acl.sid}/IpAddresses.json`,
        form: { FriendlyName: '203.0.113.10', IpAddress: '203.0.113.10', CidrPrefixLength: '32' },
      },
      {
        method: 'POST',
        path: `/SIP/IpAccessControlLists/${acl.sid}/IpAddresses.json`,
        form: { FriendlyName: '198.51.100.0/24', IpAddress: '198.51.100.0', CidrPrefixLength: '24' },
      },
      {
        method: 'POST',
        path: expect.stringMatching(/^\/SIP\/Domains\/SD[0-9a-f]{32}\/Auth\/Calls\/IpAccessControlListMappings\.json$/),
        form: { IpAccessControlListSid: acl.sid },
      },
    ]);
  });

  it('answers 409 for a second trunk with the same number, username and address, before asking Twilio', async () => {
    const { api, client } = await buyer(v.t);
    await createTrunk(api, { phone_number: '+1 415 555 0188' });
    const sent = since();
    const again = await client.post(
      '/api/user/phone-numbers/sip-trunks',
      trunkBody({ phone_number: '+14155550188', sip_address: 'SIP.carrier.example:5060' }),
    );
    expect([again.statusCode, again.json()]).toEqual([409, { message: DUPLICATE, error: DUPLICATE }]);
    expect(sent()).toEqual([]);
    // Another username, another address, or another account: a trunk of its own.
    await createTrunk(api, { phone_number: '+14155550188', sip_username: 'breadco-2' });
    await createTrunk(api, { phone_number: '+14155550188', sip_address: 'backup.carrier.example' });
    await createTrunk((await buyer(v.t)).api, { phone_number: '+14155550188' });
    expect((await api.get('/api/user/phone-numbers/sip-trunks')).json().data).toHaveLength(3);
  });

  it('lets one of two processes creating the same trunk at once have it, the other 409, and Twilio one trunk', async () => {
    const { token } = await buyer(v.t);
    const other = await v.t.startAnotherInstance();
    const domainsBefore = v.twilio.sip.snapshot(v.accountSid).domains.length;
    const post = (app: typeof other.app) =>
      app.inject({
        method: 'POST',
        url: '/api/user/phone-numbers/sip-trunks',
        headers: { authorization: `Bearer ${token}` },
        payload: trunkBody({ phone_number: '+14155550111' }),
      });
    const answers = await Promise.all([post(v.t.app), post(other.app)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ message: DUPLICATE, error: DUPLICATE });
    expect(v.twilio.sip.snapshot(v.accountSid).domains).toHaveLength(domainsBefore + 1);
  });

  it('checks every field at once and names each failure', async () => {
    const { client } = await buyer(v.t);
    const sent = since();
    const res = await client.post('/api/user/phone-numbers/sip-trunks', {
      phone_number: '12',
      sip_username: 'a'.repeat(33),
      sip_password: 'weakpass',
      sip_address: 'sip:trunk@10.0.0.5',
      outbound_proxy: 'localhost',
      country_code: 'GB',
      sip_calling_format: 'national',
      allowed_inbound_ips: ['2001:db8::1', '10.0.0.0/8'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Unable to parse phone number. Please provide a valid E.164 format number. (and 6 more errors)',
      errors: {
        phone_number: ['Unable to parse phone number. Please provide a valid E.164 format number.'],
        sip_address: ['The sip address must not contain a user part: the number dialled is put there.'],
        outbound_proxy: ['The outbound proxy must be a SIP address such as sip.carrier.example:5060 or sip:203.0.113.10.'],
        'allowed_inbound_ips.0': ["The allowed inbound ips.0 must be an IPv4 address: Twilio's SIP access control lists take IPv4 only."],
        'allowed_inbound_ips.1': ["The allowed inbound ips.1 must not be a private address: Twilio sees the carrier's public address."],
        sip_username: ['The sip username may not be greater than 32 characters when inbound authorization type is auth.'],
        sip_password: [
          'The sip password must have at least 12 characters, with a digit, an upper-case and a lower-case letter (Twilio checks the carrier with it).',
        ],
      },
    });
    const schema = await client.post('/api/user/phone-numbers/sip-trunks', {
      ...trunkBody(),
      sip_calling_format: 'E164',
      inbound_authorization_type: 'password',
      allowed_inbound_ips: 'all',
      sip_domain: 'x',
    });
    expect([schema.statusCode, schema.json()]).toEqual([
      422,
      {
        message: 'The selected sip calling format is invalid. (and 2 more errors)',
        errors: {
          sip_calling_format: ['The selected sip calling format is invalid.'],
          inbound_authorization_type: ['The selected inbound authorization type is invalid.'],
          allowed_inbound_ips: ['The allowed inbound ips field must be an array.'],
        },
      },
    ]);
    const required = await client.post('/api/user/phone-numbers/sip-trunks', {
      ...trunkBody(),
      sip_username: null,
      sip_password: undefined,
    });
    expect(required.json().errors).toEqual({
      sip_username: ['The sip username field is required when inbound authorization type is auth.'],
    });
    const ips = await client.post('/api/user/phone-numbers/sip-trunks', { ...trunkBody(), inbound_authorization_type: 'ip' });
    expect(ips.json().errors).toEqual({
      allowed_inbound_ips: ['The allowed inbound ips field is required when inbound authorization type is ip.'],
    });
    const country = await client.post('/api/user/phone-numbers/sip-trunks', { ...trunkBody(), country_code: 'GB' });
    expect(country.json().errors).toEqual({ country_code: ["The country code must be the phone number's country (US)."] });
    const national = await client.post('/api/user/phone-numbers/sip-trunks', {
      ...trunkBody({ sip_trunk_type: 'extension', phone_number: '201', sip_calling_format: 'national' }),
    });
    expect(national.json().errors).toEqual({ country_code: ['The country code field is required when sip calling format is national.'] });
    expect(sent()).toEqual([]);
    expect((await client.get('/api/user/phone-numbers/sip-trunks')).json()).toEqual({ data: [] });
  });

  it("keeps nothing when Twilio refuses, undoing what it had created there, and answers in Twilio's words", async () => {
    const { client } = await buyer(v.t);
    const before = v.twilio.sip.snapshot(v.accountSid);
    v.twilio.failOn(/\/SIP\/Domains\.json$/, 400, sipErrors.invalidDomain().body!);
    const refused = await client.post('/api/user/phone-numbers/sip-trunks', trunkBody({ phone_number: '+14155550199' }));
    const message = 'Twilio refused to set up the SIP trunk: Invalid Domain (Twilio error 21232).';
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      {
        message,
        error: message,
        carrier_error: { code: 21232, message: 'Invalid Domain', more_info: 'https://www.twilio.com/docs/errors/21232' },
      },
    ]);
    expect(v.twilio.sipRequests().slice(-3).map(sipRequest)).toEqual([
      { method: 'POST', path: '/v1/ByocTrunks', form: expect.any(Object) },
      { method: 'POST', path: '/SIP/Domains.json', form: expect.any(Object) },
      { method: 'DELETE', path: expect.stringMatching(/^\/v1\/ByocTrunks\/BY[0-9a-f]{32}$/), form: {} },
    ]);
    expect(v.twilio.sip.snapshot(v.accountSid)).toEqual(before);
    expect((await client.get('/api/user/phone-numbers/sip-trunks')).json()).toEqual({ data: [] });
    expect((await client.get('/api/user/phone-numbers/all')).json()).toEqual({ data: [] });

    // Out of reach midway: 502, and nothing is kept either.
    v.twilio.dropNext();
    const sent = since();
    v.twilio.failOn(/\/Credentials\.json$/, 503, { code: 20500, message: 'Internal Server Error', more_info: '', status: 503 });
    const unreachable = await client.post('/api/user/phone-numbers/sip-trunks', trunkBody({ phone_number: '+14155550199' }));
    const down = 'Twilio could not be reached to set up the SIP trunk; nothing was changed. Please try again.';
    expect([unreachable.statusCode, unreachable.json()]).toEqual([502, { message: down, error: down }]);
    expect(sent()).toHaveLength(1);
    const midway = await client.post('/api/user/phone-numbers/sip-trunks', trunkBody({ phone_number: '+14155550199' }));
    expect(midway.statusCode).toBe(502);
    expect(v.twilio.sip.snapshot(v.accountSid)).toEqual(before);
    expect((await client.get('/api/user/phone-numbers/all')).json()).toEqual({ data: [] });
    // The number is free again: the same trunk can be created now.
    expect((await client.post('/api/user/phone-numbers/sip-trunks', trunkBody({ phone_number: '+14155550199' }))).statusCode).toBe(201);
  });

  it('answers 503 on a server without a Twilio account', async () => {
    const { buildTestApp } = await import('../../../test/helpers/test-app.js');
    const t = await buildTestApp();
    try {
      const { client } = await buyer(t);
      const res = await client.post('/api/user/phone-numbers/sip-trunks', trunkBody());
      const message = 'SIP trunks are not set up on this server: it needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and PUBLIC_URL.';
      expect([res.statusCode, res.json()]).toEqual([503, { message, error: message }]);
    } finally {
      await t.close();
    }
  });
});
