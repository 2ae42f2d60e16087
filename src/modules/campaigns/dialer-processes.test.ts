import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../core/http/fastify-types.js';
import type { Deps } from '../../deps.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { CAMPAIGN_DIAL_JOB } from '../calls/campaign-calls.port.js';
import { createCampaign, setStatus } from '../../../test/helpers/campaigns.js';
import { dialsFrom } from '../../../test/helpers/campaign-dialer.js';
import { ownerWithLine, startVoiceApp, type VoiceTestApp } from '../../../test/helpers/voice.js';

let v: VoiceTestApp;
let other: { app: App; deps: Deps };
beforeAll(async () => {
  v = await startVoiceApp();
  other = await v.t.startAnotherInstance();
});
afterAll(async () => {
  await v.close();
});

const LEADS = 200;
const CAP = 5;

describe('the dialer in two processes', () => {
  it(`never has more than max_calls_in_parallel calls of a campaign in progress, and dials each of ${LEADS} leads once`, async () => {
    const o = await ownerWithLine(v.t, { balanceUsd: 100 });
    const dials = dialsFrom(v, o.number);
    const campaign = await createCampaign(o.api, o.assistant.id, { max_calls_in_parallel: CAP, max_retries: 1 });
    const leads = Array.from({ length: LEADS }, (_, i) => ({ phone_number: `+1415555${String(1000 + i).padStart(4, '0')}` }));
    expect((await o.api.post('/api/user/leads/import', { campaign_id: campaign.id, leads })).json()).toMatchObject({ imported: LEADS });
    await setStatus(o.api, campaign.id, 'start');

    const live = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM calls WHERE campaign_id = ${campaign.id} AND status IN ('initiated', 'ringing', 'in-progress')`.execute(
            v.t.deps.db,
          )
        ).rows[0]!.n,
      );
    let peak = 0;
    let ended = 0;
    for (let round = 0; round < LEADS; round++) {
      // Dial rounds race in both processes: several at once, not deduplicated.
      for (let i = 0; i < 4; i++) await enqueueJob(v.t.deps.db, { kind: CAMPAIGN_DIAL_JOB, payload: { campaignId: campaign.id } });
      await Promise.all([v.t.deps.jobs.drain(), other.deps.jobs.drain()]);
      const now = await live();
      peak = Math.max(peak, now);
      expect(now).toBeLessThanOrEqual(CAP);
      const open = dials.creates().slice(ended);
      if (open.length === 0) break;
      // Calls end on either process's callback route, a few at a time.
      const ending = open.slice(0, 1 + (round % 3));
      for (const create of ending) await dials.end(create, 'completed');
      ended += ending.length;
    }
    await Promise.all([v.t.deps.jobs.drain(), other.deps.jobs.drain()]);
    expect(peak).toBe(CAP);
    expect(dials.creates()).toHaveLength(LEADS);
    expect(new Set(dials.to()).size).toBe(LEADS);
    const progress = (await o.api.get(`/api/user/campaigns/${campaign.id}/progress`)).json();
    expect(progress).toMatchObject({ status: 'completed', calls_in_progress: 0, leads: { total: LEADS, completed: LEADS } });
  }, 300_000);
});
