import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceMicros,
  callRow,
  makeCall,
  ownerWithLine,
  PRICE_MICROS,
  startVoiceApp,
  type VoiceTestApp,
} from '../../../../test/helpers/voice.js';
import { inTransaction } from '../../../core/db/transaction.js';
import { costForSeconds, reserveMinute } from './call-billing.js';
import { CALL_SWEEP_JOB } from './call-sweep.js';

let v: VoiceTestApp;
beforeAll(async () => {
  v = await startVoiceApp();
});
afterAll(async () => {
  await v.close();
});

describe('per-second pricing', () => {
  it('charges the started second at the minute price', () => {
    expect(costForSeconds(0, PRICE_MICROS)).toBe(0);
    expect(costForSeconds(1, PRICE_MICROS)).toBe(2_000);
    expect(costForSeconds(60, PRICE_MICROS)).toBe(PRICE_MICROS);
    expect(costForSeconds(61, 100_000)).toBe(101_667);
  });
});

describe('reserving the first minute under concurrency', () => {
  it('lets exactly k of N simultaneous calls from two server processes dial against a balance for k minutes', async () => {
    const owner = await ownerWithLine(v.t, { balanceUsd: 0.36 });
    const second = await v.t.startAnotherInstance();
    const api2 = {
      post: (url: string, payload: unknown) =>
        second.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${owner.token}` }, payload: payload as object }),
    };
    const before = v.twilio.creates().length;
    const body = { phone_number: '+14155550199', assistant_id: owner.assistant.id };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0 ? owner.api.post('/api/user/make_call', body) : api2.post('/api/user/make_call', body),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422, 422, 422, 422]);
    for (const refused of results.filter((r) => r.statusCode === 422)) {
      expect(refused.json()).toEqual({ message: 'Insufficient balance to make call. Please top up your account.' });
    }
    expect(v.twilio.creates().length - before).toBe(3);
    expect(await balanceMicros(v.t, owner.user.id)).toBe(0);
    const calls = await v.t.deps.db.selectFrom('calls').select(['reserved_micros']).where('user_id', '=', owner.user.id).execute();
    expect(calls).toEqual([{ reserved_micros: PRICE_MICROS }, { reserved_micros: PRICE_MICROS }, { reserved_micros: PRICE_MICROS }]);
    expect(await v.t.deps.services.accounts.ledgerTotalMicros(owner.user.id)).toBe(0);
  });
});

describe('the sweep of calls nobody serves', () => {
  it('closes a call whose media process died (billed to its last heartbeat) and a dial that never connected', async () => {
    const owner = await ownerWithLine(v.t, {
      balanceUsd: 1,
      assistant: { webhook_url: 'http://127.0.0.1:9/post-call', is_webhook_active: true, send_webhook_only_on_completed: false },
    });
    const talking = await makeCall(owner.api, owner.assistant.id);
    const dialing = await makeCall(owner.api, owner.assistant.id);
    const now = v.t.clock.now().getTime();
    // A process took the media, talked for 95 s, renewed its lease last at 95 s, and died.
    await v.t.deps.db
      .updateTable('calls')
      .set({
        status: 'in-progress',
        lease_holder: 'dead-host:123',
        answered_at: new Date(now),
        heartbeat_at: new Date(now + 95_000),
        lease_until: new Date(now + 125_000),
      })
      .where('id', '=', talking)
      .execute();
    // It had reserved its second minute.
    await inTransaction(v.t.deps.db, (tx) =>
      reserveMinute(tx, { id: talking, userId: owner.user.id, pricePerMinuteMicros: PRICE_MICROS }, new Date(now + 50_000)),
    );
    const balanceBefore = await balanceMicros(v.t, owner.user.id);

    // Before the leases pass, the sweep leaves both alone.
    v.t.clock.advance(120_000);
    await v.t.deps.jobs.drain();
    expect((await callRow(v.t, talking)).status).toBe('in-progress');
    expect((await callRow(v.t, dialing)).status).toBe('initiated');

    // Ringing time (30 s) plus two minutes of grace for the dial; the dead process's lease.
    v.t.clock.advance(60_000);
    const hangUpsBefore = v.twilio.updates().length;
    await v.t.deps.jobs.drain();
    expect(await callRow(v.t, talking)).toMatchObject({
      status: 'failed',
      end_reason: 'media_lost',
      duration_seconds: 95,
      cost_micros: 190_000,
      lease_holder: null,
    });
    expect(await callRow(v.t, dialing)).toMatchObject({
      status: 'failed',
      end_reason: 'not_connected',
      duration_seconds: 0,
      cost_micros: 0,
    });
    expect(await balanceMicros(v.t, owner.user.id)).toBe(balanceBefore + (2 * PRICE_MICROS - 190_000) + PRICE_MICROS);
    // The carrier is told to let both lines go.
    const sids = [(await callRow(v.t, talking)).provider_call_id, (await callRow(v.t, dialing)).provider_call_id];
    const hangUps = v.twilio
      .updates()
      .slice(hangUpsBefore)
      .filter((u) => sids.some((sid) => u.path.endsWith(`/Calls/${sid}.json`)));
    expect(hangUps.map((u) => u.form)).toEqual([{ Status: 'completed' }, { Status: 'completed' }]);
    // Both got their post-call webhook queued; the sweep closes the two calls in no particular order.
    const deliveries = await v.t.deps.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'body'])
      .where('user_id', '=', owner.user.id)
      .execute();
    const queued = deliveries.map((d) => [d.event, JSON.parse(d.body).id, JSON.parse(d.body).status]);
    const byCallId = (a: unknown[], b: unknown[]) => Number(a[1]) - Number(b[1]);
    expect(queued.sort(byCallId)).toEqual(
      [
        ['post_call', talking, 'failed'],
        ['post_call', dialing, 'failed'],
      ].sort(byCallId),
    );
    expect(
      await v.t.deps.db.selectFrom('jobs').select('id').where('kind', '=', CALL_SWEEP_JOB).where('status', '=', 'dead').execute(),
    ).toEqual([]);
  });

  it('leaves a call alone while its process keeps the lease', async () => {
    const owner = await ownerWithLine(v.t);
    const callId = await makeCall(owner.api, owner.assistant.id);
    const now = v.t.clock.now();
    await v.t.deps.db
      .updateTable('calls')
      .set({ status: 'in-progress', lease_holder: 'alive:1', answered_at: now, lease_until: new Date(now.getTime() + 30_000) })
      .where('id', '=', callId)
      .execute();
    v.t.clock.advance(20_000);
    await v.t.deps.jobs.drain();
    // Twilio's "completed" arrives at another process meanwhile: the holder ends the call, not this callback.
    const { provider_call_id } = await callRow(v.t, callId);
    await v.t.deps.services.callsModule.twilioWebhooks.ended(
      await callRow(v.t, callId),
      { status: 'completed', reason: 'completed' },
      20,
      v.t.clock.now(),
    );
    expect(await callRow(v.t, callId)).toMatchObject({ status: 'in-progress', provider_call_id });
  });
});
