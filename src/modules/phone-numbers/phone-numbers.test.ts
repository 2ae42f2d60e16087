import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, createPhoneNumber, type Api } from '../../../test/helpers/assistants.js';
import { normalizePhone } from './phone-format.js';

let t: TestApp;
let api: Api;
let other: Api;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiFor(t, (await createUser(t.deps)).token);
  other = apiFor(t, (await createUser(t.deps)).token);
});
afterAll(async () => {
  await t.close();
});

const UNPARSABLE = 'Unable to parse phone number. Please provide a valid E.164 format number.';
const NOT_FOUND = { message: 'Phone number not found.', error: 'Phone number not found.' };

describe('normalizePhone', () => {
  it.each([
    ['+14155551234', '+14155551234', 'US'],
    ['+1 (415) 555-1234', '+14155551234', 'US'],
    ['14155551234', '+14155551234', 'US'],
    ['0040 721 234 567', '+40721234567', 'RO'],
    ['+44 20 7946 0958', '+442079460958', 'GB'],
  ])('%s -> %s (%s)', (input, e164, country) => {
    expect(normalizePhone(input)).toEqual({ e164, countryCode: country });
  });

  it.each(['+1234567890', '12', 'call me', '+1415555123456789', ''])('refuses %s', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('POST /api/user/phone-numbers', () => {
  it('registers a number in E.164 with its country', async () => {
    const res = await api.post('/api/user/phone-numbers', {
      phone_number: '+1 (415) 555-0400',
      nickname: 'Sales line',
      sms_capable: true,
      region: 'us1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Phone number created successfully.',
      data: {
        id: expect.any(Number),
        phone_number: '+14155550400',
        nickname: 'Sales line',
        country_code: 'US',
        type: 'normal',
        type_label: 'Dedicated Number',
        sms_capable: true,
        region: 'us1',
        has_active_subscription: true,
        created_at: '2026-01-15T10:00:00.000000Z',
      },
    });
  });

  it('refuses an unparsable number with the reference message, and a duplicate', async () => {
    const bad = await api.post('/api/user/phone-numbers', { phone_number: '+1234567890' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: UNPARSABLE, errors: { phone_number: [UNPARSABLE] }, error: UNPARSABLE });
    await createPhoneNumber(api, '+14155550401');
    const dup = await api.post('/api/user/phone-numbers', { phone_number: '14155550401' });
    expect(dup.json()).toEqual({
      message: 'The phone number has already been taken.',
      errors: { phone_number: ['The phone number has already been taken.'] },
    });
    expect((await api.post('/api/user/phone-numbers', { phone_number: '+14155550402', type: 'landline' })).statusCode).toBe(422);
  });
});

describe('listing', () => {
  it('/all lists every number; the legacy list only SMS-capable numbers with an active subscription', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    await a.post('/api/user/phone-numbers', { phone_number: '+14155550410', sms_capable: true });
    await a.post('/api/user/phone-numbers', { phone_number: '+14155550411', sms_capable: false });
    await a.post('/api/user/phone-numbers', { phone_number: '+14155550412', sms_capable: true, has_active_subscription: false });
    await a.post('/api/user/phone-numbers', { phone_number: '+442079460958', type: 'sip' });
    const all = (await a.get('/api/user/phone-numbers/all')).json().data;
    expect(all.map((n: { phone_number: string }) => n.phone_number)).toEqual([
      '+14155550410',
      '+14155550411',
      '+14155550412',
      '+442079460958',
    ]);
    expect(all[3]).toMatchObject({ country_code: 'GB', type: 'sip', type_label: 'SIP' });
    const legacy = (await a.get('/api/user/phone-numbers')).json().data;
    expect(legacy.map((n: { phone_number: string }) => n.phone_number)).toEqual(['+14155550410']);
  });

  it('numbers assignable to assistants: inbound leaves out Caller ID and marks numbers held by inbound assistants', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    const free = await createPhoneNumber(a, '+14155550420');
    const held = await createPhoneNumber(a, '+14155550421');
    const callerId = await createPhoneNumber(a, '+14155550422', 'caller_id');
    await createAssistant(a, { type: 'inbound', phone_number_id: held });
    const inbound = (await a.get('/api/user/assistants/phone-numbers?type=inbound')).json();
    expect(inbound).toEqual([
      { id: free, phone_number: '+14155550420', country_code: 'US', type_label: 'Normal', is_available: true },
      { id: held, phone_number: '+14155550421', country_code: 'US', type_label: 'Normal', is_available: false },
    ]);
    const outbound = (await a.get('/api/user/assistants/phone-numbers?type=outbound')).json();
    expect(outbound.map((n: { id: number; is_available: boolean }) => [n.id, n.is_available])).toEqual([
      [free, true],
      [held, true],
      [callerId, true],
    ]);
  });
});

describe('PUT and DELETE /api/user/phone-numbers/:id', () => {
  it('updates the nickname; null or "" clears it; 50 characters at most', async () => {
    const id = await createPhoneNumber(api, '+14155550430');
    const res = await api.put(`/api/user/phone-numbers/${id}`, { nickname: 'Support' });
    expect(res.json()).toEqual({
      message: 'Phone number updated successfully.',
      data: { id, phone_number: '+14155550430', nickname: 'Support', country_code: 'US', type: 'normal' },
    });
    expect((await api.put(`/api/user/phone-numbers/${id}`, { nickname: '' })).json().data.nickname).toBeNull();
    await api.put(`/api/user/phone-numbers/${id}`, { nickname: 'x'.repeat(50) });
    expect((await api.put(`/api/user/phone-numbers/${id}`, { nickname: null })).json().data.nickname).toBeNull();
    expect((await api.put(`/api/user/phone-numbers/${id}`, { nickname: 'x'.repeat(51) })).statusCode).toBe(422);
  });

  it("is 404 for another account's number, which stays", async () => {
    const id = await createPhoneNumber(other, '+14155550431');
    expect((await api.put(`/api/user/phone-numbers/${id}`, { nickname: 'Mine' })).json()).toEqual(NOT_FOUND);
    expect((await api.delete(`/api/user/phone-numbers/${id}`)).json()).toEqual(NOT_FOUND);
    expect((await other.get('/api/user/phone-numbers/all')).json().data.map((n: { id: number }) => n.id)).toContain(id);
  });

  it('deletes a SIP number at once (a dedicated one: phone-number-release.test.ts)', async () => {
    const id = await createPhoneNumber(api, '+14155550432', 'sip');
    expect((await api.delete(`/api/user/phone-numbers/${id}`)).json()).toEqual({ message: 'Phone number deleted successfully.' });
    expect((await api.delete(`/api/user/phone-numbers/${id}`)).statusCode).toBe(404);
  });
});
