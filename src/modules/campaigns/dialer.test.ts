import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLead, createCampaign, setStatus } from '../../../test/helpers/campaigns.js';
import { callIdOf, dialsFrom } from '../../../test/helpers/campaign-dialer.js';
import { ownerWithLine, startVoiceApp, type VoiceTestApp } from '../../../test/helpers/voice.js';

let v: VoiceTestApp;
beforeAll(async () => {
  v = await startVoiceApp();
});
afterAll(async () => {
  await v.close();
});

const drain = () => v.t.deps.jobs.drain();
const lead = async (api: Awaited<ReturnType<typeof ownerWithLine>>['api'], id: number) =>
  (await api.get(`/api/user/leads/${id}`)).json().data;

describe('the dialer', () => {
  it('dials at most max_calls_in_parallel, the next lead when a call ends, and keeps each attempt on the lead', async () => {
    const o = await ownerWithLine(v.t, { assistant: { is_webhook_active: true, webhook_url: 'http://127.0.0.1:9/post-call' } });
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id, { name: 'Q4 Outreach', max_calls_in_parallel: 2 });
    const leads = [];
    for (const phone of ['+14155550201', '+14155550202', '+14155550203'])
      leads.push(await addLead(o.api, campaign.id, phone, { variables: { name: phone.slice(-3) } }));
    await drain();
    expect(dials.creates()).toEqual([]);

    await setStatus(o.api, campaign.id, 'start');
    await drain();
    // The two dials go out together: Twilio may see them in either order.
    expect([...dials.to()].sort()).toEqual(['+14155550201', '+14155550202']);
    const progress = await o.api.get(`/api/user/campaigns/${campaign.id}/progress`);
    expect(progress.json()).toEqual({
      campaign_id: campaign.id,
      status: 'in-progress',
      pause_reason: null,
      calls_in_progress: 2,
      next_dial_at: '2026-01-15T10:00:00.000000Z',
      leads: { total: 3, created: 1, scheduled: 0, processing: 2, completed: 0, rescheduled: 0, 'reached-max-retries': 0, blacklisted: 0 },
    });
    await drain();
    expect(dials.creates()).toHaveLength(2);

    const first = dials.creates().find((c) => c.form.To === '+14155550201');
    v.t.clock.advance(5_000);
    await dials.end(first!, 'completed');
    await drain();
    expect([...dials.to()].sort()).toEqual(['+14155550201', '+14155550202', '+14155550203']);
    const done = await lead(o.api, leads[0]!.id);
    expect(done).toMatchObject({ status: 'completed', call_tries: 1, last_outcome: 'completed' });
    expect(done.attempts).toEqual([
      {
        id: done.attempts[0].id,
        phone_number: '+14155550201',
        call_id: callIdOf(first!),
        outcome: 'completed',
        detail: 'completed',
        started_at: '2026-01-15T10:00:00.000000Z',
        ended_at: '2026-01-15T10:00:05.000000Z',
      },
    ]);

    const call = (await o.api.get(`/api/user/calls/${callIdOf(first!)}`)).json();
    expect(call).toMatchObject({ campaign_name: 'Q4 Outreach', client_phone_number: '+14155550201', variables: { name: '201' } });
    expect((await o.api.get(`/api/user/calls?campaign_id=${campaign.id}`)).json().total).toBe(3);
    const delivery = await v.t.deps.db
      .selectFrom('webhook_deliveries')
      .select('body')
      .where('user_id', '=', o.user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(delivery.body).lead).toEqual({
      id: leads[0]!.id,
      phone_number: '+14155550201',
      variables: { name: '201' },
      status: 'processing',
      call_tries: 1,
      created_at: '2026-01-15T10:00:00.000000Z',
      updated_at: '2026-01-15T10:00:00.000000Z',
      campaign: {
        id: campaign.id,
        name: 'Q4 Outreach',
        status: 'in-progress',
        allowed_hours_start_time: '00:00',
        allowed_hours_end_time: '23:59',
        allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        max_calls_in_parallel: 2,
        max_retries: 3,
        retry_interval: 60,
        created_at: '2026-01-15T10:00:00.000000Z',
        updated_at: '2026-01-15T10:00:00.000000Z',
      },
    });
  });

  it('retries no-answer, busy and failed after retry_interval up to max_retries, then the secondary contact, then gives up', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: 1, max_retries: 2, retry_interval: 10 });
    const created = await addLead(o.api, campaign.id, '+14155550211', {
      secondary_contacts: [{ phone_number: '+14155550212', variables: { who: 'partner' } }],
    });
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    expect(dials.to()).toEqual(['+14155550211']);

    await dials.end(dials.creates()[0]!, 'no-answer');
    await drain();
    const retryAt = new Date(v.t.clock.now().getTime() + 10 * 60_000).toISOString().replace('Z', '000Z');
    expect(await lead(o.api, created.id)).toMatchObject({ status: 'rescheduled', last_outcome: 'no-answer', next_attempt_at: retryAt });
    v.t.clock.advance(9 * 60_000);
    await drain();
    expect(dials.creates()).toHaveLength(1);
    v.t.clock.advance(60_000);
    await drain();
    expect(dials.to()).toEqual(['+14155550211', '+14155550211']);

    // The primary had its two attempts: the secondary contact is dialled at once, with its variables.
    await dials.end(dials.creates()[1]!, 'busy');
    await drain();
    expect(dials.to()).toEqual(['+14155550211', '+14155550211', '+14155550212']);
    expect(
      (await v.t.deps.db.selectFrom('calls').select('variables').where('id', '=', callIdOf(dials.creates()[2]!)).executeTakeFirstOrThrow())
        .variables,
    ).toEqual({ who: 'partner' });

    await dials.end(dials.creates()[2]!, 'failed');
    await drain();
    v.t.clock.advance(10 * 60_000);
    await drain();
    expect(dials.to()).toHaveLength(4);
    await dials.end(dials.creates()[3]!, 'no-answer');
    await drain();
    const final = await lead(o.api, created.id);
    expect(final).toMatchObject({
      status: 'reached-max-retries',
      call_tries: 4,
      secondary_contacts: [{ phone_number: '+14155550212', status: 'reached-max-retries' }],
    });
    expect(final.attempts.map((a: { phone_number: string; outcome: string }) => [a.phone_number, a.outcome])).toEqual([
      ['+14155550211', 'no-answer'],
      ['+14155550211', 'busy'],
      ['+14155550212', 'failed'],
      ['+14155550212', 'no-answer'],
    ]);
    // Nothing left: the campaign completes.
    v.t.clock.advance(60 * 60_000);
    await drain();
    expect(dials.creates()).toHaveLength(4);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}`)).json().data.status).toBe('completed');
  });

  it('retries voicemail only with retry_on_voicemail, and a call whose goal variable is not true with retry_on_goal_incomplete', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const voicemail = await createCampaign(o.api, o.assistant.id, { retry_on_voicemail: true });
    const goal = await createCampaign(o.api, o.assistant.id, { retry_on_goal_incomplete: true, goal_completion_variable: 'status' });
    const plain = await createCampaign(o.api, o.assistant.id);
    const a = await addLead(o.api, voicemail.id, '+14155550221');
    const b = await addLead(o.api, goal.id, '+14155550222');
    const c = await addLead(o.api, plain.id, '+14155550223');
    for (const id of [voicemail.id, goal.id, plain.id]) await setStatus(o.api, id, 'start');
    await drain();
    const byTo = (to: string) => dials.creates().find((x) => x.form.To === to)!;
    await dials.end(byTo('+14155550221'), 'completed', 'machine_end_beep');
    await dials.end(byTo('+14155550222'), 'completed', 'human');
    await dials.end(byTo('+14155550223'), 'completed', 'machine_start');
    await drain();
    expect(await lead(o.api, a.id)).toMatchObject({ status: 'rescheduled', last_outcome: 'voicemail' });
    expect(await lead(o.api, b.id)).toMatchObject({ status: 'rescheduled', last_outcome: 'goal-not-met' });
    expect(await lead(o.api, c.id)).toMatchObject({ status: 'completed', last_outcome: 'voicemail' });
  });

  it('pauses a campaign whose owner cannot pay the next minute, with the reason, instead of failing its leads', async () => {
    const o = await ownerWithLine(v.t, { balanceUsd: 0.24 });
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: 3 });
    const leads = [];
    for (const phone of ['+14155550231', '+14155550232', '+14155550233']) leads.push(await addLead(o.api, campaign.id, phone));
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    expect(dials.creates()).toHaveLength(2);
    const progress = (await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json();
    expect(progress).toMatchObject({
      status: 'paused',
      pause_reason: 'Insufficient balance to make call. Please top up your account.',
      calls_in_progress: 2,
      next_dial_at: null,
    });
    const unpaid = await lead(o.api, leads.find((l) => !dials.to().includes(l.phone_number as string))!.id);
    expect(unpaid).toMatchObject({ status: 'scheduled', call_tries: 0, attempts: [] });
    // The calls in progress finish and are recorded; nothing new is dialled.
    for (const create of dials.creates()) await dials.end(create, 'completed');
    await drain();
    expect(dials.creates()).toHaveLength(2);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json().leads).toMatchObject({ completed: 2, scheduled: 1 });
  });

  it('stop finishes the calls in progress and dials nothing new; start resumes; deleting a running campaign stops it', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: 1 });
    for (const phone of ['+14155550241', '+14155550242', '+14155550243']) await addLead(o.api, campaign.id, phone);
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    await setStatus(o.api, campaign.id, 'stop');
    await dials.end(dials.creates()[0]!, 'completed');
    v.t.clock.advance(60_000);
    await drain();
    expect(dials.to()).toEqual(['+14155550241']);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json()).toMatchObject({
      status: 'stopped',
      calls_in_progress: 0,
      next_dial_at: null,
      leads: { completed: 1, created: 2 },
    });

    await setStatus(o.api, campaign.id, 'start');
    await drain();
    expect(dials.to()).toEqual(['+14155550241', '+14155550242']);
    const deleted = await o.api.delete(`/api/user/campaign/${campaign.id}`);
    expect(deleted.statusCode).toBe(200);
    await dials.end(dials.creates()[1]!, 'completed');
    v.t.clock.advance(60_000);
    await drain();
    expect(dials.to()).toEqual(['+14155550241', '+14155550242']);
    const call = (await o.api.get(`/api/user/calls/${callIdOf(dials.creates()[1]!)}`)).json();
    expect(call).toMatchObject({ status: 'completed', campaign_name: null });
  });

  it('pauses a running campaign whose assistant was deleted, with the reason', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id);
    await addLead(o.api, campaign.id, '+14155550261');
    await setStatus(o.api, campaign.id, 'start');
    expect((await o.api.delete(`/api/user/assistant/${o.assistant.id}`)).statusCode).toBe(200);
    await drain();
    expect(dials.creates()).toEqual([]);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}`)).json().data).toMatchObject({
      status: 'paused',
      assistant_id: null,
      pause_reason: "The campaign's assistant was deleted; choose another and start it again.",
    });
  });

  it('takes back a slot whose process died before its call existed, once the reservation runs out', async () => {
    const o = await ownerWithLine(v.t);
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: 1 });
    const stuck = await addLead(o.api, campaign.id, '+14155550271');
    const waiting = await addLead(o.api, campaign.id, '+14155550272');
    // A dial round reserved the first lead, then its process died before dialing.
    const { db } = v.t.deps;
    const now = v.t.clock.now();
    await db.updateTable('campaigns').set({ status: 'in-progress' }).where('id', '=', campaign.id).execute();
    await db
      .updateTable('leads')
      .set({ status: 'processing', reserved_until: new Date(now.getTime() + 120_000), call_tries: 1, contact_tries: 1 })
      .where('id', '=', stuck.id)
      .execute();
    await db
      .insertInto('lead_attempts')
      .values({ user_id: o.user.id, lead_id: stuck.id, campaign_id: campaign.id, phone_number: '+14155550271', started_at: now })
      .execute();
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    expect(dials.creates()).toEqual([]);
    expect((await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json().calls_in_progress).toBe(1);
    v.t.clock.advance(120_000);
    await drain();
    // The slot is free again: the lead that never had a try goes first, the abandoned one is due next.
    expect(dials.to()).toEqual(['+14155550272']);
    const released = await lead(o.api, stuck.id);
    expect(released).toMatchObject({ status: 'rescheduled', call_tries: 1, last_outcome: 'abandoned' });
    expect(released.attempts.map((a: { outcome: string | null; detail: string | null }) => [a.outcome, a.detail])).toEqual([
      ['abandoned', 'the dialing process stopped before the call was placed'],
    ]);
    await dials.end(dials.creates()[0]!, 'completed');
    await drain();
    expect(dials.to()).toEqual(['+14155550272', '+14155550271']);
    expect(await lead(o.api, waiting.id)).toMatchObject({ status: 'completed' });
  });

  it("rotates the campaign's caller numbers", async () => {
    const o = await ownerWithLine(v.t);
    const second = await o.api.post('/api/user/phone-numbers', { phone_number: '+14155550999', type: 'normal' });
    const campaign = await createCampaign(o.api, o.assistant.id, {
      max_calls_in_parallel: 3,
      phone_number_ids: [o.phoneNumberId, second.json().data.id],
    });
    for (const phone of ['+14155550251', '+14155550252', '+14155550253']) await addLead(o.api, campaign.id, phone);
    await setStatus(o.api, campaign.id, 'start');
    await drain();
    // Dials go out together, so Twilio may see them in any order: each lead's caller number is what counts.
    const fromOf = Object.fromEntries(
      v.twilio
        .creates()
        .filter((c) => String(c.form.To).startsWith('+1415555025'))
        .map((c) => [c.form.To, c.form.From]),
    );
    expect(fromOf).toEqual({ '+14155550251': o.number, '+14155550252': '+14155550999', '+14155550253': o.number });
  });
});
