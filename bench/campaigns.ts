/**
 * The campaign dialer on PostgreSQL, in this process with its job workers running on the real
 * clock against the fake Twilio: CAMPAIGNS campaigns of LEADS/CAMPAIGNS leads each, each allowed
 * 10 calls in parallel (the reference's maximum), so CAMPAIGNS x 10 calls at once; every call
 * Twilio accepts is answered and ended by its status callbacks CALL_MS later. Prints
 *  - dials per second over the run;
 *  - how far the calls in progress of a campaign ever strayed above its cap (sampled from the
 *    database every 25 ms, and counted exactly on Twilio's side: dials accepted minus calls ended);
 *  - the time from a call's end (its status callback answered) to the next dial of its campaign
 *    reaching Twilio, p50/p99;
 *  - per dial: this process's CPU and the statements it sent PostgreSQL. Both include the whole
 *    life of a call here (dialing, the status callbacks, ending, finalizing, settling the lead),
 *    the fake Twilio and this driver, so they are an upper bound on the scheduler's own cost.
 */
import { pino } from 'pino';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { buildApp } from '../src/app.js';
import { formBody, newAccountSid, signTwilio, startFakeTwilio, type TwilioRestRequest } from '../test/helpers/fakes/twilio.js';
import { countingStatements } from './support/statements.js';
import { createBenchDatabase } from './support/database.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 5);
const CALL_MS = Number(process.env.BENCH_CALL_MS ?? 2_000);
const CAP = 10;
const PUBLIC_URL = 'https://voice.bench.example';
const wallMs = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

const accountSid = newAccountSid();
const authToken = 'bench-twilio-token';
const twilio = await startFakeTwilio({ [accountSid]: authToken });
const database = await createBenchDatabase({ requirePostgres: true });
const config = loadConfig({
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  DATA_DIR: 'memory://',
  ALLOW_PRIVATE_URLS: 'true',
  PUBLIC_URL,
  TWILIO_ACCOUNT_SID: accountSid,
  TWILIO_AUTH_TOKEN: authToken,
  TWILIO_API_URL: twilio.url,
  VOICE_PRICE_PER_MINUTE_USD: '0.12',
  DB_POOL_SIZE: '20',
  JOB_CONCURRENCY: '16',
  JOB_POLL_INTERVAL_MS: process.env.BENCH_POLL_MS ?? '250',
  CAMPAIGN_QUIET_HOURS: '00:00-00:00',
  CAMPAIGN_DIALER_INTERVAL_SECONDS: '1',
});
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const app = await buildApp(deps);

async function api(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Twilio's status callback for a dial it accepted. */
function status(create: TwilioRestRequest, params: Record<string, string>) {
  const callId = new URL(String(create.form.StatusCallback)).searchParams.get('call_id');
  const path = `/api/voice/twilio/status?call_id=${callId}`;
  const form = { AccountSid: accountSid, CallSid: create.sid!, Direction: 'outbound-api', ...params };
  return app.inject({
    method: 'POST',
    url: path,
    payload: formBody(form),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signTwilio(authToken, `${PUBLIC_URL}${path}`, form),
    },
  });
}

// One account; a number and a campaign per CAMPAIGNS, so a dial's From names its campaign.
const { apiKey } = await deps.services.accounts.createUser({
  email: 'bench@example.com',
  password: 'bench-password',
  balanceUsd: 1_000_000,
});
const token = apiKey.token;
const fromNumbers: string[] = [];
const campaignIds: number[] = [];
const perCampaign = Math.ceil(LEADS / CAMPAIGNS);
for (let c = 0; c < CAMPAIGNS; c++) {
  const number = `+1415555${String(9000 + c).padStart(4, '0')}`;
  const line = await api('POST', '/api/user/phone-numbers', token, { phone_number: number, type: 'normal' });
  const assistant = await api('POST', '/api/user/assistant', token, {
    name: `Outreach ${c}`,
    voice_id: 11,
    language_id: 1,
    type: 'outbound',
    mode: 'pipeline',
    llm_model_id: 1,
    timezone: 'UTC',
    initial_message: 'Hello!',
    system_prompt: 'You call customers.',
    phone_number_id: line.data.id,
    post_call_evaluation: false,
  });
  const campaign = await api('POST', '/api/user/campaign', token, {
    name: `Bench ${c}`,
    assistant_id: assistant.data.id,
    timezone: 'UTC',
    max_calls_in_parallel: CAP,
    max_retries: 1,
  });
  const leads = Array.from({ length: perCampaign }, (_, i) => ({
    phone_number: `+1415${String(2_000_000 + c * perCampaign + i).padStart(7, '0')}`,
  }));
  await api('POST', '/api/user/leads/import', token, { campaign_id: campaign.data.id, leads });
  fromNumbers.push(number);
  campaignIds.push(campaign.data.id);
}
const total = perCampaign * CAMPAIGNS;

// Twilio's side: answer each accepted dial, end it CALL_MS later; note dials and ends per campaign.
const dialsAt = new Map<string, number[]>(fromNumbers.map((n) => [n, []]));
const endsAt = new Map<string, number[]>(fromNumbers.map((n) => [n, []]));
let twilioStray = 0;
let seen = 0;
let ended = 0;
const pending: Promise<unknown>[] = [];
const watcher = setInterval(() => {
  const creates = twilio.creates();
  for (; seen < creates.length; seen++) {
    const create = creates[seen]!;
    if (!create.sid) continue;
    const from = String(create.form.From);
    dialsAt.get(from)!.push(wallMs());
    const open = dialsAt.get(from)!.length - endsAt.get(from)!.length;
    twilioStray = Math.max(twilioStray, open - CAP);
    pending.push(
      (async () => {
        await status(create, { CallStatus: 'in-progress' });
        await new Promise((resolve) => setTimeout(resolve, CALL_MS));
        await status(create, { CallStatus: 'completed', CallDuration: String(Math.round(CALL_MS / 1000)) });
        endsAt.get(from)!.push(wallMs());
        ended++;
      })(),
    );
  }
}, 5);

let dbStray = Number.NEGATIVE_INFINITY;
const sampler = setInterval(() => {
  void sql<{
    n: string;
  }>`SELECT count(*)::text AS n FROM calls WHERE campaign_id IS NOT NULL AND status IN ('initiated', 'ringing', 'in-progress') GROUP BY campaign_id`
    .execute(deps.db)
    .then(({ rows }) => {
      for (const row of rows) dbStray = Math.max(dbStray, Number(row.n) - CAP);
    })
    .catch(() => {});
}, 25);

const cpuBefore = process.cpuUsage();
const started = wallMs();
const { statements } = await countingStatements(async () => {
  deps.jobs.start();
  for (const id of campaignIds) await api('POST', '/api/user/campaigns/update-status', token, { campaign_id: id, action: 'start' });
  while (ended < total) await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.all(pending);
});
const elapsedS = (wallMs() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(watcher);
clearInterval(sampler);

// Slot freed -> next dial of the same campaign: each end matched with the first later dial not yet matched.
const gaps: number[] = [];
for (const from of fromNumbers) {
  const dials = dialsAt.get(from)!;
  let next = 0;
  for (const end of endsAt.get(from)!) {
    while (next < dials.length && dials[next]! < end) next++;
    if (next >= dials.length) break;
    gaps.push(dials[next]! - end);
    next++;
  }
}
gaps.sort((a, b) => a - b);
const allDials = [...dialsAt.values()].flat().sort((a, b) => a - b);
const dialSpanS = (allDials.at(-1)! - allDials[0]!) / 1000;
// The last calls' outcomes are settled by jobs after their end: wait for them (at most 30 s).
const completedLeads = async () =>
  (await Promise.all(campaignIds.map((id) => api('GET', `/api/user/campaigns/${id}/progress`, token)))).reduce(
    (sum, p) => sum + p.leads.completed,
    0,
  );
for (let waited = 0; waited < 300 && (await completedLeads()) < total; waited++) await new Promise((resolve) => setTimeout(resolve, 100));

console.log(
  `\ncampaigns: PostgreSQL, ${CAMPAIGNS} campaigns x ${CAP} in parallel, ${total} leads, calls of ${CALL_MS} ms on the fake Twilio`,
);
console.log(
  `  dials: ${allDials.length} in ${dialSpanS.toFixed(1)} s = ${(allDials.length / dialSpanS).toFixed(1)} dials/s (ideal at this cap and call length: ${((CAMPAIGNS * CAP * 1000) / CALL_MS).toFixed(1)}/s); run ${elapsedS.toFixed(1)} s`,
);
console.log(
  `  above the cap, worst: database sample ${Math.max(0, dbStray)}, Twilio's count ${Math.max(0, twilioStray)} (calls; target 0)`,
);
console.log(
  `  call end -> next dial of its campaign (n=${gaps.length}): p50 ${percentile(gaps, 50).toFixed(1)} ms, p99 ${percentile(gaps, 99).toFixed(1)} ms`,
);
console.log(
  `  per dial (whole call life, this process): ${(((cpu.user + cpu.system) / 1000 / allDials.length) * 1000).toFixed(0)} µs CPU, ${(statements / allDials.length).toFixed(1)} statements`,
);
console.log(`  completed leads: ${await completedLeads()} of ${total}`);

if (process.env.BENCH_JOB_DELAYS) {
  const { rows } = await sql<{ kind: string; n: string; p50: number; p99: number; dead: string }>`
    SELECT kind, count(*)::text AS n, count(*) FILTER (WHERE status = 'dead')::text AS dead,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (finished_at - created_at)) * 1000) AS p50,
      percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM (finished_at - created_at)) * 1000) AS p99
    FROM jobs WHERE finished_at IS NOT NULL GROUP BY kind`.execute(deps.db);
  for (const row of rows)
    console.log(
      `  job ${row.kind}: ${row.n} (dead ${row.dead}), created -> finished p50 ${Number(row.p50).toFixed(0)} ms, p99 ${Number(row.p99).toFixed(0)} ms`,
    );
}
await deps.jobs.stop();
await app.close();
await twilio.close();
await database.drop();
