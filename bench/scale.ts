/**
 * Scale-out on one PostgreSQL: 1, 2 and 4 server processes (src/server.ts, each its own process,
 * all sharing one database; every other one runs the job workers with JOBS_ENABLED=true, the
 * others serve the API only), the load spread round-robin by the bench itself: the connections are split
 * evenly between the processes, one autocannon per process, all running at once. For each count
 * it prints widget messages/s (one widget conversation per connection, one owner per
 * conversation, an instant fake LLM in its own process) and session-status req/s (10k chatapp
 * conversations on the sender), each as a ratio to the one-process figure of the same run.
 *
 * Every process, the PostgreSQL server, the fake LLM and the load generator share this machine's
 * cores: past the core count, more processes add context switches, not capacity. The figures
 * say what this machine does, not what N machines would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { assistantBody } from '../test/helpers/assistants.js';
import { startServerProcess, type ServerProcess } from '../test/helpers/server-process.js';
import { seedChatappConversations } from './support/chatapp-conversations.js';
import { createBenchDatabase } from './support/database.js';
import { killedWithBenchmark, onInterrupt, spawnFakeLlm } from './support/processes.js';

const COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,4')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONTACTS = 10_000;
const SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';
// Every load-generator connection comes from 127.0.0.1: the per-network widget limits would
// measure the limiter, not the service.
const OPEN_LIMITS = {
  WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: '1000000',
  WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: '100000',
  WIDGET_MESSAGES_PER_IP_PER_MINUTE: '1000000',
};

const { child: fakeLlm, url: fakeLlmUrl } = spawnFakeLlm();
// The fake model and the server processes go with the benchmark, however it ends.
const children = killedWithBenchmark(fakeLlm);
const llmUrl = await fakeLlmUrl;

const database = await createBenchDatabase({ requirePostgres: true });
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-scale-'));
onInterrupt(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});
const serverEnv = {
  DATABASE_URL: database.url!,
  SECRET_KEY,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  LLM_BASE_URL: llmUrl,
  LLM_MAX_RETRIES: '0',
  DB_POOL_SIZE: '10',
  ...OPEN_LIMITS,
};
// The bench's own app (never listening) creates the data the server processes then serve.
const deps = await createDeps(loadConfig({ ...serverEnv, DATA_DIR: 'memory://' }), {
  database: database.handle,
  logger: pino({ level: 'silent' }),
});
const setup = await buildApp(deps);

const owners: string[] = [];
for (let o = 0; o < CONNECTIONS; o++) {
  const { apiKey } = await deps.services.accounts.createUser({
    email: `owner-${o}@example.com`,
    password: 'bench-password',
    balanceUsd: 1_000_000,
  });
  const created = await setup.inject({
    method: 'POST',
    url: '/api/user/assistant',
    headers: { authorization: `Bearer ${apiKey.token}` },
    payload: assistantBody({ status: 'active' }),
  });
  owners.push(created.json().data.uuid as string);
}

/** Fresh conversations for each run, so every measured one starts with a short history. */
async function widgetConversationPaths(): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const res = await setup.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { assistant_id: owners[i], variables: { visitor: `v${i}` } },
    });
    paths.push(`/api/conversations/${res.json().conversation_id}/messages`);
  }
  return paths;
}

const { sender, apiKey } = await seedChatappConversations(deps, { email: 'chatapp@example.com', contacts: CONTACTS });
const sessionStatusPath = `/api/user/chatapp/session-status?sender_id=${sender.id}&recipient_phone=${encodeURIComponent('+40700005432')}`;
const bearer = { authorization: `Bearer ${apiKey.token}` };

interface Spread {
  requestsPerSecond: number;
  p99Ms: number;
  failed: number;
}

/** One autocannon per process, at once, the connections split evenly: a round-robin balancer. */
async function spread(servers: ServerProcess[], seconds: number, request: (server: number) => autocannon.Options): Promise<Spread> {
  const results = await Promise.all(servers.map((_, i) => autocannon({ duration: seconds, workers: 1, ...request(i) })));
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

// As in bench/messages.ts: every message goes to a conversation with none in flight.
const setupRequest = fileURLToPath(new URL('./support/conversation-not-in-flight.cjs', import.meta.url));
const onResponse = fileURLToPath(new URL('./support/conversation-released.cjs', import.meta.url));
const json = { 'content-type': 'application/json' };

async function messagesRun(servers: ServerProcess[], seconds: number): Promise<Spread> {
  const paths = await widgetConversationPaths();
  const per = CONNECTIONS / servers.length;
  return spread(servers, seconds, (i) => ({
    url: servers[i]!.url,
    connections: per,
    initialContext: { paths: paths.slice(i * per, (i + 1) * per) },
    requests: [{ method: 'POST', headers: json, setupRequest, onResponse }],
  }));
}

function sessionStatusRun(servers: ServerProcess[], seconds: number): Promise<Spread> {
  return spread(servers, seconds, (i) => ({
    url: `${servers[i]!.url}${sessionStatusPath}`,
    connections: CONNECTIONS / servers.length,
    headers: bearer,
  }));
}

const rows: Array<{ processes: number; workers: number; messages: Spread; sessionStatus: Spread }> = [];
// Processes are added as the count grows (1, then 2, then 4), every other one a job worker, so
// no process runs that the count does not include.
const servers: ServerProcess[] = [];
for (const count of COUNTS) {
  if (CONNECTIONS % count !== 0) throw new Error(`BENCH_CONNECTIONS (${CONNECTIONS}) must divide evenly between ${count} processes`);
  const added = Array.from({ length: count - servers.length }, (_, i) => servers.length + i);
  servers.push(...(await Promise.all(added.map((index) => startServerProcess(serverEnv, index % 2 === 0)))));
  children.push(...added.map((index) => servers[index]!.process));
  const running = servers.slice(0, count);
  // Warm-up: the new processes' JIT and pools.
  await messagesRun(running, 3);
  await sessionStatusRun(running, 3);
  const messages = await messagesRun(running, SECONDS);
  const sessionStatus = await sessionStatusRun(running, SECONDS);
  rows.push({ processes: count, workers: running.filter((server) => server.jobs).length, messages, sessionStatus });
  console.log(
    `  ${count} process(es): ${messages.requestsPerSecond.toFixed(0)} messages/s, ${sessionStatus.requestsPerSecond.toFixed(0)} session-status req/s`,
  );
}
await Promise.all(servers.map((server) => server.stop()));

const base = rows[0]!;
console.log(
  `\nscale: ${COUNTS.join(', ')} server processes on one PostgreSQL, ${CONNECTIONS} connections split evenly (round-robin), ${SECONDS} s each, ${availableParallelism()} cores shared by everything`,
);
console.log('  processes (with jobs)   messages/s   ratio   p99 ms   failed   session-status req/s   ratio   p99 ms   failed');
for (const row of rows) {
  const m = row.messages;
  const s = row.sessionStatus;
  console.log(
    `  ${`${row.processes} (${row.workers})`.padEnd(22)} ${m.requestsPerSecond.toFixed(0).padStart(10)} ${(m.requestsPerSecond / base.messages.requestsPerSecond).toFixed(2).padStart(7)} ${String(m.p99Ms).padStart(8)} ${String(m.failed).padStart(8)}` +
      ` ${s.requestsPerSecond.toFixed(0).padStart(22)} ${(s.requestsPerSecond / base.sessionStatus.requestsPerSecond).toFixed(2).padStart(7)} ${String(s.p99Ms).padStart(8)} ${String(s.failed).padStart(8)}`,
  );
}

const check = await sql<{ captured: number; debits: number; drift: number }>`
  SELECT (SELECT count(*) FROM conversation_charges WHERE status = 'captured')::int AS captured,
         (SELECT count(*) FROM balance_ledger WHERE amount_micros < 0)::int AS debits,
         (SELECT count(*) FROM users u WHERE u.balance_micros <> (SELECT coalesce(sum(amount_micros), 0) FROM balance_ledger l WHERE l.user_id = u.id))::int AS drift`.execute(
  deps.db,
);
console.log(
  `  check: ${check.rows[0]!.captured} captured charges, ${check.rows[0]!.debits} debit ledger rows, ${check.rows[0]!.drift} balances differing from their ledger`,
);

await setup.close();
await database.drop();
rmSync(dataDir, { recursive: true, force: true });
fakeLlm.kill('SIGTERM');
