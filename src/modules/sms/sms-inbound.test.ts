import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAssistant } from '../../../test/helpers/assistants.js';
import { newAccountSid } from '../../../test/helpers/fakes/twilio.js';
import { balanceOf, ledger } from '../../../test/helpers/numbers.js';
import {
  deliver,
  EMPTY_TWIML,
  HELP_TEXT,
  SEGMENT_MICROS,
  smsOwner,
  smsRows,
  startSmsApp,
  type SmsTestApp,
} from '../../../test/helpers/sms.js';

let v: SmsTestApp;
beforeAll(async () => {
  v = await startSmsApp();
});
afterAll(async () => {
  await v.close();
});
beforeEach(() => {
  v.llm.requests.length = 0;
});

const CUSTOMER = '+14155550199';
type Owner = Awaited<ReturnType<typeof smsOwner>>;

/** The customer texts the owner's number; Twilio's webhook reaches us signed. */
async function customerTexts(owner: Owner, body: string, from = CUSTOMER) {
  const webhook = v.twilio.sign(v.twilio.messages.inbound({ from, to: owner.number.phone_number, body }));
  const res = await deliver(v.t.app, webhook);
  expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: EMPTY_TWIML });
  return webhook;
}

/** What went out to the customer through Twilio since `before`. */
const sentSince = (before: number) => v.twilio.messages.sent.slice(before).map((m) => ({ from: m.from, to: m.to, body: m.body }));

const withAssistant = () => smsOwner(v, { assistant: { name: 'Front desk', system_prompt: 'You book dental appointments.' } });

describe('an SMS to a number an assistant answers', () => {
  it('becomes an sms conversation answered by that assistant, the reply sent back by SMS and both billed', async () => {
    const owner = await withAssistant();
    const before = v.twilio.messages.sent.length;
    const balance = await balanceOf(v.t, owner.userId);
    v.llm.reply({ content: 'We have 10:00 or 14:30 tomorrow. Which suits you?' });
    await customerTexts(owner, 'Can I book a cleaning tomorrow?');
    await v.t.deps.jobs.drain();
    expect(v.llm.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Can I book a cleaning tomorrow?' });
    expect(sentSince(before)).toEqual([
      { from: owner.number.phone_number, to: CUSTOMER, body: 'We have 10:00 or 14:30 tomorrow. Which suits you?' },
    ]);
    // A chat message (0.01 USD, as the widget's) and one segment of SMS.
    expect(await balanceOf(v.t, owner.userId)).toBe(balance - 10_000 - SEGMENT_MICROS);

    v.llm.reply({ content: 'Booked: tomorrow 10:00.' });
    await customerTexts(owner, '10 please');
    await v.t.deps.jobs.drain();
    const list = (await owner.api.get('/api/user/conversations?type=sms')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'sms',
      assistant_id: owner.assistant!.uuid,
      message_count: 4,
      total_cost: 0.02,
      customer: { name: null, phone: CUSTOMER },
    });
    const record = (await owner.api.get(`/api/user/conversations/${list[0].id}`)).json();
    expect(record.sms).toEqual({ phone_number_id: owner.number.id, customer_phone: CUSTOMER });
    expect(record.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Can I book a cleaning tomorrow?'],
      ['assistant', 'We have 10:00 or 14:30 tomorrow. Which suits you?'],
      ['user', '10 please'],
      ['assistant', 'Booked: tomorrow 10:00.'],
    ]);
    const messages = (await owner.api.get('/api/user/sms')).json().data;
    expect(
      messages.map((m: Record<string, unknown>) => [m.direction, m.origin, m.from, m.body, m.status, m.total_cost, m.conversation_id]),
    ).toEqual([
      ['outbound', 'assistant', owner.number.phone_number, 'Booked: tomorrow 10:00.', 'sent', 0.0075, list[0].id],
      ['inbound', 'customer', CUSTOMER, '10 please', 'received', 0, list[0].id],
      ['outbound', 'assistant', owner.number.phone_number, 'We have 10:00 or 14:30 tomorrow. Which suits you?', 'sent', 0.0075, list[0].id],
      ['inbound', 'customer', CUSTOMER, 'Can I book a cleaning tomorrow?', 'received', 0, list[0].id],
    ]);
  });

  it('is stored and answered once when Twilio repeats its webhook', async () => {
    const owner = await withAssistant();
    const before = v.twilio.messages.sent.length;
    const webhook = await customerTexts(owner, 'Are you open on Saturday?');
    expect((await deliver(v.t.app, webhook)).statusCode).toBe(200);
    await v.t.deps.jobs.drain();
    expect((await deliver(v.t.app, webhook)).statusCode).toBe(200);
    await v.t.deps.jobs.drain();
    expect(v.llm.requests).toHaveLength(1);
    expect(sentSince(before)).toHaveLength(1);
    expect((await smsRows(v, owner.userId)).map((r) => r.direction)).toEqual(['inbound', 'outbound']);
  });

  it('is refused unsigned or wrongly signed (403), and nothing is stored or answered', async () => {
    const owner = await withAssistant();
    const webhook = v.twilio.sign(v.twilio.messages.inbound({ from: CUSTOMER, to: owner.number.phone_number, body: 'Hi' }));
    for (const signature of ['', webhook.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const res = await deliver(v.t.app, webhook, signature);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { message: 'Invalid Twilio signature.' } });
    }
    await v.t.deps.jobs.drain();
    expect(await smsRows(v, owner.userId)).toEqual([]);
    expect(v.llm.requests).toHaveLength(0);
  });

  it("to a number on the owner's own Twilio account is proven with that account's token and answered through it", async () => {
    const owner = await smsOwner(v);
    const tenantSid = newAccountSid();
    v.twilio.addAccount(tenantSid, 'tenant-token');
    v.twilio.addIncomingNumber(tenantSid, '+14155550177');
    const line = await owner.api.post('/api/user/phone-numbers', {
      phone_number: '+14155550177',
      provider: 'twilio',
      twilio_account_sid: tenantSid,
      twilio_auth_token: 'tenant-token',
      sms_capable: true,
    });
    expect(line.statusCode, line.body).toBe(201);
    await createAssistant(owner.api, { type: 'inbound', status: 'active', phone_number_id: line.json().data.id });
    const url = 'https://voice.switchboard.test/api/sms/twilio/incoming';
    const inbound = v.twilio.messages.inbound({ from: CUSTOMER, to: '+14155550177', body: 'Hi there', url });
    // Signed by the service's account instead: not the account holding this number.
    const misattributed = v.twilio.sign({ ...inbound, accountSid: v.accountSid, params: { ...inbound.params, AccountSid: v.accountSid } });
    expect((await deliver(v.t.app, misattributed)).statusCode).toBe(200);
    await v.t.deps.jobs.drain();
    expect(await smsRows(v, owner.userId)).toEqual([]);
    const before = v.twilio.smsRequests().length;
    v.llm.reply({ content: 'Hello from your own line.' });
    expect((await deliver(v.t.app, v.twilio.sign(inbound))).statusCode).toBe(200);
    await v.t.deps.jobs.drain();
    const requests = v.twilio.smsRequests().slice(before);
    expect(requests.map((r) => [r.path, r.headers.authorization, r.form.From, r.form.To, r.form.Body])).toEqual([
      [
        `/2010-04-01/Accounts/${tenantSid}/Messages.json`,
        `Basic ${Buffer.from(`${tenantSid}:tenant-token`).toString('base64')}`,
        '+14155550177',
        CUSTOMER,
        'Hello from your own line.',
      ],
    ]);
  });

  it('to a number no assistant answers is stored, and not answered', async () => {
    const owner = await smsOwner(v);
    const before = v.twilio.messages.sent.length;
    await customerTexts(owner, 'Hello?');
    await v.t.deps.jobs.drain();
    expect(sentSince(before)).toEqual([]);
    expect((await smsRows(v, owner.userId)).map((r) => [r.direction, r.body, r.status])).toEqual([['inbound', 'Hello?', 'received']]);
  });

  it("to a suspended account's number is stored, and not answered nor billed", async () => {
    const owner = await withAssistant();
    await v.t.deps.db
      .updateTable('users')
      .set({ suspended_at: v.t.clock.now(), suspension_reason: 'Spam' })
      .where('id', '=', owner.userId)
      .execute();
    const before = v.twilio.messages.sent.length;
    const balance = await balanceOf(v.t, owner.userId);
    await customerTexts(owner, 'Hello?');
    await v.t.deps.jobs.drain();
    expect(v.llm.requests).toEqual([]);
    expect(sentSince(before)).toEqual([]);
    expect(await balanceOf(v.t, owner.userId)).toBe(balance);
    expect((await smsRows(v, owner.userId)).map((r) => [r.direction, r.body, r.status])).toEqual([['inbound', 'Hello?', 'received']]);
  });
});

describe('STOP, START and HELP', () => {
  it('STOP puts the sender on the do-not-call list: no reply then or ever, and the API refuses to text them', async () => {
    const owner = await withAssistant();
    const before = v.twilio.messages.sent.length;
    await customerTexts(owner, ' Stop ');
    await v.t.deps.jobs.drain();
    expect((await owner.api.get('/api/user/do-not-call')).json().data).toEqual([
      { phone_number: CUSTOMER, source: 'sms_stop', reason: 'Replied STOP by SMS', created_at: expect.any(String) },
    ]);
    await customerTexts(owner, 'Actually, what are your hours?');
    await v.t.deps.jobs.drain();
    expect(v.llm.requests).toHaveLength(0);
    const refused = await owner.client.post('/api/user/sms', { from: owner.number.id, to: CUSTOMER, body: 'We miss you!' });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: {
        message: 'The recipient has opted out of SMS from this account (they replied STOP). They can opt in again by replying START.',
        error_code: 'RECIPIENT_OPTED_OUT',
      },
    });
    expect(sentSince(before)).toEqual([]);
    expect(v.twilio.smsRequests().filter((r) => r.form.To === CUSTOMER && r.form.From === owner.number.phone_number)).toEqual([]);
  });

  it('STOP while the assistant is answering: the reply already produced is never sent', async () => {
    const owner = await withAssistant();
    const before = v.twilio.messages.sent.length;
    const balance = await balanceOf(v.t, owner.userId);
    let answering!: () => void;
    const asked = new Promise<void>((resolve) => {
      answering = resolve;
    });
    v.llm.reply(() => {
      answering();
      return { content: 'Sure, here is our price list…', delayMs: 300 };
    });
    await customerTexts(owner, 'How much is a filling?');
    const draining = v.t.deps.jobs.drain();
    await asked;
    await customerTexts(owner, 'STOP');
    await draining;
    await v.t.deps.jobs.drain();
    expect(v.llm.requests).toHaveLength(1);
    expect(sentSince(before)).toEqual([]);
    // Refused here, not by Twilio's own STOP filtering: nothing was even asked of Twilio.
    expect(v.twilio.smsRequests().filter((r) => r.form.From === owner.number.phone_number)).toEqual([]);
    // The chat message was answered (and billed); no SMS segment was.
    expect(await balanceOf(v.t, owner.userId)).toBe(balance - 10_000);
  });

  it('START takes the SMS opt-out off; the assistant answers again and the API may text them', async () => {
    const owner = await withAssistant();
    await customerTexts(owner, 'UNSUBSCRIBE');
    await customerTexts(owner, 'start');
    await v.t.deps.jobs.drain();
    expect((await owner.api.get('/api/user/do-not-call')).json().total).toBe(0);
    const before = v.twilio.messages.sent.length;
    v.llm.reply({ content: 'Welcome back!' });
    await customerTexts(owner, 'Hi again');
    await v.t.deps.jobs.drain();
    expect(sentSince(before)).toEqual([{ from: owner.number.phone_number, to: CUSTOMER, body: 'Welcome back!' }]);
    expect((await owner.client.post('/api/user/sms', { from: owner.number.id, to: CUSTOMER, body: 'Thanks!' })).statusCode).toBe(201);
  });

  it('START leaves a number the account listed itself on the list', async () => {
    const owner = await withAssistant();
    expect((await owner.api.post('/api/user/do-not-call', { phone_number: CUSTOMER, reason: 'Asked by phone' })).statusCode).toBe(201);
    await customerTexts(owner, 'START');
    await customerTexts(owner, 'Hello');
    await v.t.deps.jobs.drain();
    expect((await owner.api.get('/api/user/do-not-call')).json().data[0]).toMatchObject({ phone_number: CUSTOMER, source: 'api' });
    expect(v.llm.requests).toHaveLength(0);
    const refused = await owner.client.post('/api/user/sms', { from: owner.number.id, to: CUSTOMER, body: 'Hi' });
    expect(refused.json()).toEqual({
      message: "The recipient is on the account's do-not-call list; take them off it to send them SMS.",
      error_code: 'RECIPIENT_DO_NOT_CALL',
    });
  });

  it('HELP is answered with SMS_HELP_TEXT, billed per segment, without the assistant', async () => {
    const owner = await withAssistant();
    const before = v.twilio.messages.sent.length;
    await customerTexts(owner, 'help');
    await v.t.deps.jobs.drain();
    expect(v.llm.requests).toHaveLength(0);
    expect(sentSince(before)).toEqual([{ from: owner.number.phone_number, to: CUSTOMER, body: HELP_TEXT }]);
    const rows = await smsRows(v, owner.userId);
    expect(rows.map((r) => [r.direction, r.origin, r.body, r.total_cost_micros])).toEqual([
      ['inbound', 'customer', 'help', 0],
      ['outbound', 'help', HELP_TEXT, SEGMENT_MICROS],
    ]);
    expect((await ledger(v.t, owner.userId)).at(-1)!.amount_micros).toBe(-SEGMENT_MICROS);
  });
});
