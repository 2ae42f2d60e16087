import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer } from '../../../test/helpers/numbers.js';
import { createTrunk, sipRequest } from '../../../test/helpers/sip-trunks.js';
import { startVoiceApp, type VoiceTestApp } from '../../../test/helpers/voice.js';
import { sipErrors } from '../../../test/helpers/fakes/twilio-sip.js';

/** A trunk's changes (here and at Twilio, under its lease) and its removal. */
let v: VoiceTestApp;
beforeAll(async () => {
  v = await startVoiceApp();
});
afterAll(async () => {
  await v.close();
});

const DUPLICATE = 'A SIP trunk with the same phone number, username, and address already exists.';
const since = () => {
  const start = v.twilio.sipRequests().length;
  return () => v.twilio.sipRequests().slice(start).map(sipRequest);
};

describe('GET and PUT /api/user/phone-numbers/sip-trunks/{id}', () => {
  it("is another account's trunk: not found", async () => {
    const owner = await buyer(v.t);
    const trunk = await createTrunk(owner.api, { phone_number: '+14155550166' });
    const other = await buyer(v.t);
    const notFound = { message: 'SIP trunk not found.', error: 'SIP trunk not found.' };
    const read = await other.client.get(`/api/user/phone-numbers/sip-trunks/${trunk.id}`);
    expect([read.statusCode, read.json()]).toEqual([404, notFound]);
    const put = await other.client.put(`/api/user/phone-numbers/sip-trunks/${trunk.id}`, { nickname: 'Mine now' });
    expect([put.statusCode, put.json()]).toEqual([404, notFound]);
    const deleted = await other.client.delete(`/api/user/phone-numbers/${trunk.id}`);
    expect(deleted.statusCode).toBe(404);
    expect((await owner.client.get(`/api/user/phone-numbers/sip-trunks/${trunk.id}`)).json().data.nickname).toBe('Main carrier');
  });

  it('changes Twilio only when the inbound authorization changes: password, username, addresses, kind', async () => {
    const { api, client } = await buyer(v.t);
    const trunk = await createTrunk(api, { phone_number: '+14155550155' });
    const put = (body: Record<string, unknown>) => client.put(`/api/user/phone-numbers/sip-trunks/${trunk.id}`, body);
    const domainOf = () => v.twilio.sip.snapshot(v.accountSid).domains.find((d) => d.domainName === trunk.inbound_sip_domain)!;

    let sent = since();
    v.t.clock.advance(60_000);
    const moved = await put({ sip_address: 'sip2.carrier.example', sip_calling_format: 'e164', nickname: null });
    expect([moved.statusCode, moved.json().message]).toEqual([200, 'SIP trunk updated successfully.']);
    expect(moved.json().data).toMatchObject({
      sip_address: 'sip2.carrier.example',
      sip_calling_format: 'e164',
      nickname: null,
      updated_at: '2026-01-15T10:01:00.000000Z',
    });
    expect(sent()).toEqual([]);

    sent = since();
    await put({ sip_password: 'Rotated-Pass-2027' });
    expect(sent()).toEqual([
      {
        method: 'POST',
        path: expect.stringMatching(/^\/SIP\/CredentialLists\/CL[0-9a-f]{32}\/Credentials\/CR[0-9a-f]{32}\.json$/),
        form: { Password: 'Rotated-Pass-2027' },
      },
    ]);
    expect(domainOf().credentials).toEqual([{ username: 'breadco', password: 'Rotated-Pass-2027' }]);

    sent = since();
    await put({ sip_username: 'breadco-new' });
    expect(sent().map((r) => `${r.method} ${r.path.replace(/[A-Z]{2}[0-9a-f]{32}/g, '{sid}')}`)).toEqual([
      'POST /SIP/CredentialLists/{sid}/Credentials.json',
      'DELETE /SIP/CredentialLists/{sid}/Credentials/{sid}.json',
    ]);
    expect(domainOf().credentials).toEqual([{ username: 'breadco-new', password: 'Rotated-Pass-2027' }]);

    sent = since();
    const toIp = await put({ inbound_authorization_type: 'ip', allowed_inbound_ips: ['203.0.113.10'] });
    expect(toIp.json().data).toMatchObject({
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.10'],
      sip_username: 'breadco-new',
    });
    expect(sent().map((r) => `${r.method} ${r.path.replace(/[A-Z]{2}[0-9a-f]{32}/g, '{sid}')}`)).toEqual([
      'POST /SIP/IpAccessControlLists.json',
      'POST /SIP/IpAccessControlLists/{sid}/IpAddresses.json',
      'POST /SIP/Domains/{sid}/Auth/Calls/IpAccessControlListMappings.json',
      'DELETE /SIP/Domains/{sid}/Auth/Calls/CredentialListMappings/{sid}.json',
      'DELETE /SIP/CredentialLists/{sid}.json',
    ]);
    expect(domainOf()).toMatchObject({ credentials: [], ipAddresses: ['203.0.113.10/32'] });

    sent = since();
    await put({ allowed_inbound_ips: ['203.0.113.10', '198.51.100.0/24'] });
    await put({ allowed_inbound_ips: ['198.51.100.0/24'] });
    expect(sent().map((r) => `${r.method} ${r.path.replace(/[A-Z]{2}[0-9a-f]{32}/g, '{sid}')}`)).toEqual([
      'POST /SIP/IpAccessControlLists/{sid}/IpAddresses.json',
      'DELETE /SIP/IpAccessControlLists/{sid}/IpAddresses/{sid}.json',
    ]);
    expect(domainOf().ipAddresses).toEqual(['198.51.100.0/24']);
    expect((await client.get(`/api/user/phone-numbers/sip-trunks/${trunk.id}`)).json().data.inbound_sip_domain).toBe(
      trunk.inbound_sip_domain,
    );
  });

  it('keeps the trunk as it was when Twilio refuses a change, undoing its part', async () => {
    const { api, client } = await buyer(v.t);
    const trunk = await createTrunk(api, {
      phone_number: '+14155550144',
      inbound_authorization_type: 'ip',
      allowed_inbound_ips: ['203.0.113.10'],
      sip_username: null,
      sip_password: undefined,
    });
    const before = (await client.get(`/api/user/phone-numbers/sip-trunks/${trunk.id}`)).json();
    const twilioBefore = v.twilio.sip.snapshot(v.accountSid);
    v.twilio.failOn(/\/Auth\/Calls\/CredentialListMappings\.json$/, 400, sipErrors.domainValidation().body!);
    const res = await client.put(`/api/user/phone-numbers/sip-trunks/${trunk.id}`, {
      inbound_authorization_type: 'auth',
      sip_username: 'breadco',
      sip_password: 'Carrier-Pass-2026',
      nickname: 'Renamed',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().carrier_error).toEqual({
      code: 21231,
      message: 'Domain Validation Error',
      more_info: 'https://www.twilio.com/docs/errors/21231',
    });
    expect((await client.get(`/api/user/phone-numbers/sip-trunks/${trunk.id}`)).json()).toEqual(before);
    expect(v.twilio.sip.snapshot(v.accountSid)).toEqual(twilioBefore);
    // Its lease was given back: the next change goes through.
    expect((await client.put(`/api/user/phone-numbers/sip-trunks/${trunk.id}`, { nickname: 'Renamed' })).statusCode).toBe(200);
  });

  it('refuses a change while another holds the trunk, until that lease runs out', async () => {
    const { api, client } = await buyer(v.t);
    const trunk = await createTrunk(api, { phone_number: '+14155550133' });
    await v.t.deps.db
      .updateTable('sip_trunks')
      .set({ changing_until: new Date(v.t.clock.now().getTime() + 60_000) })
      .where('phone_number_id', '=', trunk.id)
      .execute();
    const busy = await client.put(`/api/user/phone-numbers/sip-trunks/${trunk.id}`, { nickname: 'Later' });
    const message = 'This SIP trunk is being changed by another request; try again in a moment.';
    expect([busy.statusCode, busy.json()]).toEqual([409, { message, error: message }]);
    v.t.clock.advance(60_000);
    expect((await client.put(`/api/user/phone-numbers/sip-trunks/${trunk.id}`, { nickname: 'Later' })).statusCode).toBe(200);
    const duplicate = await createTrunk(api, { phone_number: '+14155550133', sip_username: 'other' });
    const taken = await client.put(`/api/user/phone-numbers/sip-trunks/${duplicate.id}`, { sip_username: 'breadco' });
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: DUPLICATE, error: DUPLICATE }]);
  });
});

describe('DELETE /api/user/phone-numbers/{id} of a SIP trunk', () => {
  it('removes it at once, and its domain, lists and BYOC trunk at Twilio by a job', async () => {
    const { api, client } = await buyer(v.t);
    const trunk = await createTrunk(api, { phone_number: '+14155550122' });
    const domain = v.twilio.sip.snapshot(v.accountSid).domains.find((d) => d.domainName === trunk.inbound_sip_domain)!;
    const res = await client.delete(`/api/user/phone-numbers/${trunk.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Phone number deleted successfully.' }]);
    expect((await client.get(`/api/user/phone-numbers/sip-trunks/${trunk.id}`)).statusCode).toBe(404);
    const sent = since();
    v.twilio.dropNext();
    await v.t.deps.jobs.drain();
    expect(sent()).toHaveLength(1);
    v.t.clock.advance(10 * 60_000);
    await v.t.deps.jobs.drain();
    expect(sent().map((r) => `${r.method} ${r.path.replace(/[A-Z]{2}[0-9a-f]{32}/g, '{sid}')}`)).toEqual([
      'DELETE /SIP/Domains/{sid}.json',
      'DELETE /SIP/Domains/{sid}.json',
      'DELETE /SIP/CredentialLists/{sid}.json',
      'DELETE /v1/ByocTrunks/{sid}',
    ]);
    expect(v.twilio.sip.snapshot(v.accountSid).domains.map((d) => d.sid)).not.toContain(domain.sid);
    expect(v.twilio.sip.snapshot(v.accountSid).byocTrunks.map((b) => b.sid)).not.toContain(domain.byocTrunkSid);
  });
});
