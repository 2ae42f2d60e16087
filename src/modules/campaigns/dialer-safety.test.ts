import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../core/net/index.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { CAMPAIGN_CALL_FINALIZED_JOB } from '../calls/campaign-calls.port.js';
import { addLead, createCampaign, setStatus } from '../../../test/helpers/campaigns.js';
import { callIdOf, dialsFrom } from '../../../test/helpers/campaign-dialer.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { ownerWithLine, startVoiceApp, type VoiceTestApp } from '../../../test/helpers/voice.js';

let v: VoiceTestApp;
let sink: WebhookSink;
beforeAll(async () => {
  sink = await startWebhookSink();
  v = await startVoiceApp({ env: { CAMPAIGN_MAX_ATTEMPTS_PER_NUMBER_PER_DAY: '2', CAMPAIGN_PRE_DIAL_WEBHOOK_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await v.close();
  await sink.close();
});

const drain = () => v.t.deps.jobs.drain();
type Owner = Awaited<ReturnType<typeof ownerWithLine>>;
const lead = async (api: Owner['api'], id: number) => (await api.get(`/api/user/leads/${id}`)).json().data;

describe('what the dialer never does', () => {
  it('never dials a number on the do-not-call list, whichever campaign; the list is kept through its API and import', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const added = await o.api.post('/api/user/do-not-call', { phone_number: '+1 415 555 0301', reason: 'Asked by email' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ message: 'Number added to the do-not-call list' });
    expect((await o.api.post('/api/user/do-not-call', { phone_number: '+14155550301' })).json()).toEqual({
      message: 'Number already on the do-not-call list',
    });
    const imported = await o.api.post('/api/user/do-not-call/import', { csv: 'phone_number\n+14155550302\nnope\n+14155550301\n' });
    expect(imported.json()).toEqual({
      message: 'Numbers imported',
      total_rows: 3,
      added: 1,
      already_listed: 1,
      rejected: [{ row: 2, phone_number: 'nope', reason: 'Invalid phone number' }],
    });
    const list = (await o.api.get('/api/user/do-not-call')).json();
    expect(list.data).toEqual([
      { phone_number: '+14155550302', source: 'import', reason: null, created_at: expect.any(String) },
      { phone_number: '+14155550301', source: 'api', reason: 'Asked by email', created_at: expect.any(String) },
    ]);

    const a = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: 5 });
    const b = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: 5 });
    const blocked = await addLead(o.api, a.id, '+14155550301');
    const blockedToo = await addLead(o.api, b.id, '+14155550302');
    const fine = await addLead(o.api, b.id, '+14155550303');
    await setStatus(o.api, a.id, 'start');
    await setStatus(o.api, b.id, 'start');
    await drain();
    expect(dials.to()).toEqual(['+14155550303']);
    expect(await lead(o.api, blocked.id)).toMatchObject({ status: 'blacklisted', last_outcome: 'do_not_call', call_tries: 0 });
    expect(await lead(o.api, blockedToo.id)).toMatchObject({ status: 'blacklisted' });
    expect(await lead(o.api, fine.id)).toMatchObject({ status: 'processing' });

    const other = await ownerWithLine(v.t);
    expect((await other.api.get('/api/user/do-not-call')).json().total).toBe(0);
    expect((await other.api.delete('/api/user/do-not-call/%2B14155550301')).statusCode).toBe(404);
    expect((await o.api.delete('/api/user/do-not-call/%2B14155550301')).json()).toEqual({
      message: 'Number removed from the do-not-call list',
    });
  });

  it("adds a person who asked not to be called again (the post-call evaluation's opt_out) to the list", async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id);
    const created = await addLead(o.api, campaign.id, '+14155550311');
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    const create = dials.creates()[0]!;
    // The evaluation said so: the outcome job reads what the finalized call carries.
    await v.t.deps.db
      .updateTable('calls')
      .set({ status: 'completed', evaluation: JSON.stringify({ status: false, opt_out: true }), finalized_at: v.t.clock.now() })
      .where('id', '=', callIdOf(create))
      .execute();
    await enqueueJob(v.t.deps.db, { kind: CAMPAIGN_CALL_FINALIZED_JOB, payload: { callId: callIdOf(create) } });
    await drain();
    expect(await lead(o.api, created.id)).toMatchObject({ status: 'blacklisted', last_outcome: 'opted_out' });
    expect((await o.api.get('/api/user/do-not-call')).json().data).toEqual([
      { phone_number: '+14155550311', source: 'evaluation', reason: 'asked not to be called again', created_at: expect.any(String) },
    ]);
  });

  it("lists the number of a person who called the assistant's opt_out function", async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id);
    const created = await addLead(o.api, campaign.id, '+14155550312');
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    const callId = callIdOf(dials.creates()[0]!);
    const transcript = [
      {
        text: 'Understood, we will not call you again.',
        type: 'transcript',
        sender: 'bot',
        timestamp: 1,
        function_calls: [{ name: 'opt_out', arguments: {}, result: { opted_out: true } }],
      },
    ];
    await v.t.deps.db
      .updateTable('calls')
      .set({ transcript: JSON.stringify(transcript) })
      .where('id', '=', callId)
      .execute();
    await dials.end(dials.creates()[0]!, 'completed');
    await drain();
    expect(await lead(o.api, created.id)).toMatchObject({ status: 'blacklisted', last_outcome: 'opted_out' });
    expect((await o.api.get('/api/user/do-not-call')).json().data).toEqual([
      { phone_number: '+14155550312', source: 'opt_out', reason: 'asked not to be called again', created_at: expect.any(String) },
    ]);
  });

  it("keeps the quiet-hours floor in the number's own zone, whatever the campaign allows", async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    // 05:30 UTC is 07:30 in Bucharest: a Romanian number waits for 08:00 there; a US one (several zones) follows the campaign's Tokyo (14:30).
    v.t.clock.set('2026-01-20T05:30:00Z');
    const campaign = await createCampaign(o.api, o.assistant.id, { timezone: 'Asia/Tokyo', max_calls_in_parallel: 5 });
    const ro = await addLead(o.api, campaign.id, '+40711222301');
    await addLead(o.api, campaign.id, '+14155550321');
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    expect(dials.to()).toEqual(['+14155550321']);
    expect(await lead(o.api, ro.id)).toMatchObject({
      status: 'scheduled',
      last_outcome: 'quiet_hours',
      next_attempt_at: '2026-01-20T06:00:00.000000Z',
    });
    v.t.clock.set('2026-01-20T06:00:00Z');
    await drain();
    expect(dials.to()).toEqual(['+14155550321', '+40711222301']);
  });

  it('dials one number at most N times in 24 hours across campaigns', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    v.t.clock.set('2026-01-21T10:00:00Z');
    const campaigns = [];
    for (let i = 0; i < 3; i++) campaigns.push(await createCampaign(o.api, o.assistant.id));
    const leads = [];
    for (const c of campaigns) leads.push(await addLead(o.api, c.id, '+14155550331'));
    for (const c of campaigns) {
      await setStatus(o.api, c.id, 'start');
      await drain();
    }
    expect(dials.to()).toEqual(['+14155550331', '+14155550331']);
    expect(await lead(o.api, leads[2]!.id)).toMatchObject({
      status: 'scheduled',
      last_outcome: 'daily_attempt_cap',
      next_attempt_at: '2026-01-22T10:00:00.000000Z',
    });
    v.t.clock.set('2026-01-22T10:00:00Z');
    await drain();
    expect(dials.to()).toHaveLength(3);
  });

  it('asks the pre-dial webhook, signed; its skip, a timeout or an error never dial', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    v.t.clock.set('2026-01-23T10:00:00Z');
    const campaign = await createCampaign(o.api, o.assistant.id, {
      max_calls_in_parallel: 4,
      pre_dial_webhook_url: `${sink.url}/pre-dial`,
    });
    const phones = ['+14155550341', '+14155550342', '+14155550343', '+14155550344'];
    const leads = [];
    for (const phone of phones) leads.push(await addLead(o.api, campaign.id, phone, { variables: { name: phone.slice(-2) } }));
    const before = sink.requests.length;
    sink.respondWith((request) => {
      const { lead: asked } = JSON.parse(request.body);
      if (asked.phone_number === '+14155550341')
        return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"skip": false}' };
      if (asked.phone_number === '+14155550342')
        return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"skip": true}' };
      if (asked.phone_number === '+14155550343') return { hold: true };
      return { status: 500, body: 'oops' };
    });
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    sink.releaseHeld();
    expect(dials.to()).toEqual(['+14155550341']);
    const asked = sink.requests.slice(before);
    expect(asked).toHaveLength(4);
    const first = asked.find((r) => r.body.includes('+14155550341'))!;
    expect(JSON.parse(first.body)).toEqual({
      event: 'pre_dial',
      campaign: { id: campaign.id, name: 'Spring outreach' },
      lead: { id: leads[0]!.id, phone_number: '+14155550341', variables: { name: '41' }, call_tries: 1 },
    });
    expect(first.headers['x-signature-256']).toBe(
      signPayload(String(campaign.pre_dial_webhook_secret), Number(first.headers['x-timestamp']), first.body),
    );
    expect(await lead(o.api, leads[1]!.id)).toMatchObject({ status: 'completed', last_outcome: 'skipped' });
    for (const l of [leads[2]!, leads[3]!])
      expect(await lead(o.api, l.id)).toMatchObject({ status: 'rescheduled', last_outcome: 'pre_dial_error' });
    sink.respondWith(() => ({ status: 200, body: 'ok' }));
  });

  it('dials in a window crossing midnight only from its start on an allowed day to its end the next morning', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    // Friday 22:00 to Saturday 02:00 in New York; the numbers are Tokyo's, where that is midday (inside the floor).
    v.t.clock.set('2026-01-31T02:59:00Z');
    const campaign = await createCampaign(o.api, o.assistant.id, {
      timezone: 'America/New_York',
      allowed_hours_start_time: '22:00',
      allowed_hours_end_time: '02:00',
      allowed_days: ['friday'],
      max_calls_in_parallel: 1,
    });
    for (const phone of ['+81312345601', '+81312345602', '+81312345603']) await addLead(o.api, campaign.id, phone);
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    expect(dials.creates()).toEqual([]);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json().next_dial_at).toBe('2026-01-31T03:00:00.000000Z');
    v.t.clock.set('2026-01-31T03:00:00Z');
    await drain();
    expect(dials.to()).toEqual(['+81312345601']);
    await dials.end(dials.creates()[0]!, 'completed');
    v.t.clock.set('2026-01-31T06:59:00Z'); // Saturday 01:59 in New York: still Friday's window
    await drain();
    expect(dials.to()).toEqual(['+81312345601', '+81312345602']);
    await dials.end(dials.creates()[1]!, 'completed');
    v.t.clock.set('2026-01-31T07:00:00Z');
    await drain();
    expect(dials.creates()).toHaveLength(2);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json().next_dial_at).toBe('2026-02-07T03:00:00.000000Z');
  });

  it("follows the campaign's wall clock across a DST change", async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    // Bucharest: 09:00 is 07:00 UTC on Saturday 2026-03-28 and 06:00 UTC on Sunday, after the clocks went forward.
    v.t.clock.set('2026-03-28T06:59:00Z');
    const campaign = await createCampaign(o.api, o.assistant.id, {
      timezone: 'Europe/Bucharest',
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '17:00',
      max_calls_in_parallel: 1,
    });
    for (const phone of ['+40711222401', '+40711222402']) await addLead(o.api, campaign.id, phone);
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    expect(dials.creates()).toEqual([]);
    v.t.clock.set('2026-03-28T07:00:00Z');
    await drain();
    expect(dials.to()).toEqual(['+40711222401']);
    await dials.end(dials.creates()[0]!, 'completed');
    v.t.clock.set('2026-03-28T15:00:00Z'); // 17:00 local: closed
    await drain();
    expect(dials.creates()).toHaveLength(1);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json().next_dial_at).toBe('2026-03-29T06:00:00.000000Z');
    v.t.clock.set('2026-03-29T05:59:00Z');
    await drain();
    expect(dials.creates()).toHaveLength(1);
    v.t.clock.set('2026-03-29T06:00:00Z');
    await drain();
    expect(dials.to()).toEqual(['+40711222401', '+40711222402']);
  });
});
