import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoTimestamp } from '../src/core/http/schemas.js';
import { addLead, createCampaign, setStatus } from './helpers/campaigns.js';
import { dialsFrom } from './helpers/campaign-dialer.js';
import { openConversation, ownerWithAssistant, sendMessage } from './helpers/conversations.js';
import { bearer, createUser } from './helpers/factories.js';
import { balanceOf, buy, buyer, forSale, ledger, PRICE_MICROS } from './helpers/numbers.js';
import { deliver, EMPTY_TWIML, smsOwner, smsRows, startSmsApp, type SmsTestApp } from './helpers/sms.js';
import { ownerWithLine } from './helpers/voice.js';

/**
 * A suspended account spends nothing in the background either: no campaign dial, no renewal
 * charge, no automatic SMS, no answer in a widget conversation opened before the suspension.
 * Each is checked where it would have reached a provider (the fake Twilio, the fake model).
 */
let v: SmsTestApp;
let operator: { email: string; password: string };
beforeAll(async () => {
  v = await startSmsApp();
  operator = await createUser(v.t.deps);
  await v.t.deps.services.accounts.setOperator({ email: operator.email, isOperator: true });
});
afterAll(async () => {
  await v.close();
});
beforeEach(() => {
  v.llm.requests.length = 0;
});

const DAY_MS = 24 * 3_600_000;
const drain = () => v.t.deps.jobs.drain();

/** Signed in afresh each time: the tests move the clock past a session's lifetime. */
async function operatorDoes(action: 'suspend' | 'restore', userId: number) {
  const login = await v.t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: operator.email, password: operator.password },
  });
  const operatorSession = login.json().token as string;
  const res = await v.t.app.inject({
    method: 'POST',
    url: `/api/operator/accounts/${userId}/${action}`,
    headers: bearer(operatorSession),
    ...(action === 'suspend' ? { payload: { reason: 'Chargeback' } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a suspended account', () => {
  it('dials no lead of a running campaign; the campaign dials again once restored', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: 1 });
    await addLead(o.api, campaign.id, '+14155550301');
    // Started just before the suspension: the start's dial round runs after it.
    await setStatus(o.api, campaign.id, 'start');
    await operatorDoes('suspend', o.user.id);
    await drain();
    v.t.clock.advance(10 * 60_000);
    await drain();
    expect(dials.creates()).toEqual([]);
    const progress = await v.t.deps.db
      .selectFrom('leads')
      .select(['status', 'call_tries'])
      .where('campaign_id', '=', campaign.id)
      .execute();
    expect(progress).toEqual([{ status: 'created', call_tries: 0 }]);
    expect(
      (await v.t.deps.db.selectFrom('campaigns').select('status').where('id', '=', campaign.id).executeTakeFirstOrThrow()).status,
    ).toBe('in-progress');

    await operatorDoes('restore', o.user.id);
    v.t.clock.advance(10 * 60_000);
    await drain();
    expect(dials.to()).toEqual(['+14155550301']);
  });

  it('is not charged for a bought number while suspended; the kept months are renewed once restored', async () => {
    v.t.clock.advance(60_000);
    const who = await buyer(v.t, 20);
    const phone = forSale(v);
    const number = await buy(who.api, phone);
    const paidUntil = new Date(number.paid_until.replace(/000Z$/, 'Z'));
    const balance = await balanceOf(v.t, who.userId);
    await operatorDoes('suspend', who.userId);

    // The month paid for ends, and days pass: nothing is charged, nothing is released or told.
    for (const days of [0, 1, 10]) {
      v.t.clock.set(new Date(paidUntil.getTime() + days * DAY_MS));
      await drain();
    }
    expect(await balanceOf(v.t, who.userId)).toBe(balance);
    const kept = await v.t.deps.db
      .selectFrom('phone_numbers')
      .select(['paid_until', 'renewal_failed_at', 'release_at'])
      .where('id', '=', number.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ paid_until: paidUntil, renewal_failed_at: null, release_at: null });

    await operatorDoes('restore', who.userId);
    v.t.clock.advance(DAY_MS);
    await drain();
    const next = new Date(paidUntil);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect((await ledger(v.t, who.userId)).at(-1)).toEqual({
      amount_micros: -PRICE_MICROS,
      balance_after_micros: balance - PRICE_MICROS,
      reason: `Phone number ${phone}: ${isoTimestamp(paidUntil)} to ${isoTimestamp(next)}`,
    });
  });

  it('gives a restored account that cannot pay the whole grace period, from the restore', async () => {
    v.t.clock.advance(60_000);
    const who = await buyer(v.t, 4);
    const number = await buy(who.api, forSale(v));
    const paidUntil = new Date(number.paid_until.replace(/000Z$/, 'Z'));
    await operatorDoes('suspend', who.userId);
    // Suspended longer than the 7 days of grace after the month paid for.
    v.t.clock.set(new Date(paidUntil.getTime() + 20 * DAY_MS));
    await drain();
    await operatorDoes('restore', who.userId);
    v.t.clock.advance(DAY_MS);
    await drain();
    const restoredAt = v.t.clock.now();
    const row = await v.t.deps.db
      .selectFrom('phone_numbers')
      .select(['renewal_failed_at', 'release_at'])
      .where('id', '=', number.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ renewal_failed_at: restoredAt, release_at: null });
    v.t.clock.set(new Date(restoredAt.getTime() + 7 * DAY_MS - 1));
    await drain();
    const stillKept = await v.t.deps.db
      .selectFrom('phone_numbers')
      .select('release_at')
      .where('id', '=', number.id)
      .executeTakeFirstOrThrow();
    expect(stillKept.release_at).toBeNull();
  });

  it('records an SMS STOP and answers neither HELP nor anything else; a queued reply is not sent', async () => {
    const owner = await smsOwner(v, { assistant: { name: 'Front desk', system_prompt: 'You book dental appointments.' } });
    const customerTexts = async (body: string, from: string) => {
      const webhook = v.twilio.sign(v.twilio.messages.inbound({ from, to: owner.number.phone_number, body }));
      const res = await deliver(v.t.app, webhook);
      expect({ status: res.statusCode, body: res.body }).toEqual({ status: 200, body: EMPTY_TWIML });
    };
    // HELP came just before the suspension: its answer is queued, not yet sent.
    await customerTexts('HELP', '+14155550311');
    await operatorDoes('suspend', owner.userId);
    const sentBefore = v.twilio.messages.sent.length;
    const balance = await balanceOf(v.t, owner.userId);
    await customerTexts('STOP', '+14155550312');
    await customerTexts('help', '+14155550313');
    await customerTexts('When are you open?', '+14155550314');
    await drain();

    expect(v.twilio.messages.sent.slice(sentBefore)).toEqual([]);
    expect(v.twilio.smsRequests().filter((r) => r.form.From === owner.number.phone_number)).toEqual([]);
    expect(v.llm.requests).toEqual([]);
    expect(await balanceOf(v.t, owner.userId)).toBe(balance);
    // The customers' messages and the opt-out are kept.
    const listed = await v.t.deps.db
      .selectFrom('do_not_call_numbers')
      .select(['phone_number', 'source'])
      .where('user_id', '=', owner.userId)
      .execute();
    expect(listed).toEqual([{ phone_number: '+14155550312', source: 'sms_stop' }]);
    expect((await smsRows(v, owner.userId)).map((r) => [r.direction, r.body])).toEqual([
      ['inbound', 'HELP'],
      ['inbound', 'STOP'],
      ['inbound', 'help'],
      ['inbound', 'When are you open?'],
    ]);
  });

  it('answers no widget message in a conversation opened before the suspension, as for a new one', async () => {
    const owner = await ownerWithAssistant(v.t);
    const uuid = await openConversation(v.t, owner.assistant.uuid);
    v.llm.reply({ content: 'Hello! How can I help?' });
    expect((await sendMessage(v.t, uuid, 'Hi')).statusCode).toBe(200);
    expect(v.llm.requests).toHaveLength(1);
    const balance = await balanceOf(v.t, owner.user.id);

    await operatorDoes('suspend', owner.user.id);
    const refused = await sendMessage(v.t, uuid, 'Are you there?');
    expect([refused.statusCode, refused.json()]).toEqual([403, { status: false, error: 'This assistant is not available.' }]);
    expect(v.llm.requests).toHaveLength(1);
    expect(await balanceOf(v.t, owner.user.id)).toBe(balance);
    const stored = await v.t.deps.db.selectFrom('conversation_messages as m').innerJoin('conversations as c', 'c.id', 'm.conversation_id');
    expect((await stored.select('m.content').where('c.uuid', '=', uuid).orderBy('m.id').execute()).map((m) => m.content)).toEqual([
      'Hello! How can I help you today?',
      'Hi',
      'Hello! How can I help?',
    ]);

    await operatorDoes('restore', owner.user.id);
    v.llm.reply({ content: 'Yes!' });
    expect((await sendMessage(v.t, uuid, 'Are you there?')).statusCode).toBe(200);
  });
});
