import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccountSid, signTwilio } from '../../../test/helpers/fakes/twilio.js';
import { balanceOf, ledger } from '../../../test/helpers/numbers.js';
import { deliver, EMPTY_TWIML, SEGMENT_MICROS, sendSms, smsOwner, startSmsApp, type SmsTestApp } from '../../../test/helpers/sms.js';

let v: SmsTestApp;
beforeAll(async () => {
  v = await startSmsApp();
});
afterAll(async () => {
  await v.close();
});

const CUSTOMER = '+14155550199';
const statusOf = async (owner: Awaited<ReturnType<typeof smsOwner>>, id: number) => {
  const data = (await owner.api.get(`/api/user/sms/${id}`)).json().data;
  return { status: data.status, error_code: data.error_code, refunded: data.refunded };
};

describe("Twilio's status callbacks", () => {
  it('move a message from sent to delivered, never back', async () => {
    const owner = await smsOwner(v);
    const sent = await sendSms(owner.api, { from: owner.number.id, to: CUSTOMER, body: 'Hello' });
    const callback = (status: string) => v.twilio.sign(v.twilio.messages.statusCallback(sent.sms_sid, status));
    const res = await deliver(v.t.app, callback('sent'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(res.body).toBe(EMPTY_TWIML);
    expect(await statusOf(owner, sent.id)).toEqual({ status: 'sent', error_code: null, refunded: false });
    await deliver(v.t.app, callback('delivered'));
    expect(await statusOf(owner, sent.id)).toEqual({ status: 'delivered', error_code: null, refunded: false });
    // A late `sent` (callbacks may arrive out of order) changes nothing; nor does another final status.
    await deliver(v.t.app, callback('sent'));
    await deliver(v.t.app, v.twilio.sign(v.twilio.messages.statusCallback(sent.sms_sid, 'undelivered', 30003)));
    expect(await statusOf(owner, sent.id)).toEqual({ status: 'delivered', error_code: null, refunded: false });
  });

  it("record Twilio's error code on an undelivered message (billed), and refund a failed one (not billed) once", async () => {
    const owner = await smsOwner(v);
    const lost = await sendSms(owner.api, { from: owner.number.id, to: CUSTOMER, body: 'Hello' });
    const failed = await sendSms(owner.api, { from: owner.number.id, to: '+14155550198', body: 'Hello again' });
    const balance = await balanceOf(v.t, owner.userId);
    await deliver(v.t.app, v.twilio.sign(v.twilio.messages.statusCallback(lost.sms_sid, 'undelivered', 30003)));
    const failure = v.twilio.sign(v.twilio.messages.statusCallback(failed.sms_sid, 'failed', 30008));
    await deliver(v.t.app, failure);
    await deliver(v.t.app, failure);
    expect(await statusOf(owner, lost.id)).toEqual({ status: 'undelivered', error_code: 30003, refunded: false });
    expect(await statusOf(owner, failed.id)).toEqual({ status: 'failed', error_code: 30008, refunded: true });
    expect(await balanceOf(v.t, owner.userId)).toBe(balance + SEGMENT_MICROS);
    expect((await ledger(v.t, owner.userId)).at(-1)).toEqual({
      amount_micros: SEGMENT_MICROS,
      balance_after_micros: balance + SEGMENT_MICROS,
      reason: `Refund: SMS ${failed.id} failed at Twilio`,
    });
  });

  it('are refused unsigned or wrongly signed (403, nothing changes), and ignored from another Twilio account', async () => {
    const owner = await smsOwner(v);
    const sent = await sendSms(owner.api, { from: owner.number.id, to: CUSTOMER, body: 'Hello' });
    const callback = v.twilio.sign(v.twilio.messages.statusCallback(sent.sms_sid, 'failed', 30008));
    for (const signature of ['', 'bm90IGEgc2lnbmF0dXJl', signTwilio('another-token', callback.url, callback.params)]) {
      const res = await deliver(v.t.app, callback, signature);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { message: 'Invalid Twilio signature.' } });
    }
    // A tenant's own Twilio account can sign, but not for a message the service's account sent.
    const tenantSid = newAccountSid();
    v.twilio.addAccount(tenantSid, 'tenant-token');
    v.twilio.addIncomingNumber(tenantSid, '+14155550166');
    const registered = await owner.api.post('/api/user/phone-numbers', {
      phone_number: '+14155550166',
      provider: 'twilio',
      twilio_account_sid: tenantSid,
      twilio_auth_token: 'tenant-token',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const forged = v.twilio.sign({ ...callback, accountSid: tenantSid, params: { ...callback.params, AccountSid: tenantSid } });
    expect((await deliver(v.t.app, forged)).statusCode).toBe(200);
    expect(await statusOf(owner, sent.id)).toEqual({ status: 'sent', error_code: null, refunded: false });
  });
});

describe('GET /api/user/sms and /api/user/sms/{id}', () => {
  it("lists the account's messages newest first, page-paginated and filtered; another account's are not found", async () => {
    const owner = await smsOwner(v);
    const second = await v.t.app.inject({ method: 'GET', url: '/api/user/sms' });
    expect(second.statusCode).toBe(401);
    const a = await sendSms(owner.api, { from: owner.number.id, to: CUSTOMER, body: 'One' });
    v.t.clock.advance(86_400_000);
    const b = await sendSms(owner.api, { from: owner.number.id, to: '+14155550198', body: 'Two' });
    const c = await sendSms(owner.api, { from: owner.number.id, to: CUSTOMER, body: 'Three' });
    await deliver(v.t.app, v.twilio.sign(v.twilio.messages.statusCallback(c.sms_sid, 'delivered')));
    const ids = async (query: string) => {
      const res = await owner.api.get(`/api/user/sms${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((m: { id: number }) => m.id);
    };
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=delivered')).toEqual([c.id]);
    expect(await ids('?contact=%2B1%20415%20555%200199')).toEqual([c.id, a.id]);
    expect(await ids(`?phone_number_id=${owner.number.id}&direction=outbound`)).toEqual([c.id, b.id, a.id]);
    expect(await ids('?direction=inbound')).toEqual([]);
    const day = (offset: number) => new Date(v.t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`?date_from=${day(0)}`)).toEqual([c.id, b.id]);
    expect(await ids(`?date_to=${day(-1)}`)).toEqual([a.id]);
    const page = (await owner.api.get('/api/user/sms?per_page=2&page=2')).json();
    expect({ ...page, data: page.data.map((m: { id: number }) => m.id), links: undefined }).toEqual({
      current_page: 2,
      data: [a.id],
      first_page_url: 'http://localhost:80/api/user/sms?page=1',
      from: 3,
      last_page: 2,
      last_page_url: 'http://localhost:80/api/user/sms?page=2',
      links: undefined,
      next_page_url: null,
      path: 'http://localhost:80/api/user/sms',
      per_page: 2,
      prev_page_url: 'http://localhost:80/api/user/sms?page=1',
      to: 3,
      total: 3,
    });
    const bad = await owner.api.get('/api/user/sms?status=lost');
    expect(bad.statusCode).toBe(422);
    const read = await owner.api.get(`/api/user/sms/${c.id}`);
    expect(read.json()).toEqual({ data: { ...c, status: 'delivered', updated_at: read.json().data.updated_at } });
    const other = await smsOwner(v);
    const foreign = await other.api.get(`/api/user/sms/${c.id}`);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: 404, body: { message: 'SMS not found' } });
    expect((await other.api.get('/api/user/sms')).json().total).toBe(0);
  });
});
