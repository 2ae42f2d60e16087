/**
 * Outgoing webhooks on PostgreSQL: two real server processes (src/server.ts, job workers on)
 * deliver to a local sink. Prints
 *  - throughput: deliveries/s from the commit of a batch to the receipt of its last delivery,
 *    against a reference of the same two processes running a minimal outbox loop;
 *  - latency: commit-to-receipt p50/p99 of deliveries committed one by one at a steady rate;
 *  - cost per delivery for both: CPU of the delivering processes, database transactions, and CPU
 *    of the database's backends (PostgreSQL on this machine). The transaction count does not
 *    depend on how busy the machine is; the CPU figures swing less than throughput does, but
 *    still grow with contention.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { inTransaction } from '../src/core/db/transaction.js';
import { enqueueWebhook } from '../src/modules/webhooks/webhooks.service.js';
import { startWebhookSink } from '../test/helpers/webhook-sink.js';
import { countDatabaseCpu, cpuMsOf } from './support/cpu.js';
import { createBenchDatabase } from './support/database.js';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 5_000);
const WARMUP_DELIVERIES = Number(process.env.BENCH_WARMUP_DELIVERIES ?? 2_000);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 500);
const LATENCY_RATE_PER_S = 50;
const CONCURRENCY = 8;
/** Extra node flags for the two server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SECRET_KEY = 'bench-secret-key-0123456789abcdef0123456789';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const wallMs = () => performance.timeOrigin + performance.now();
/** Long enough for every backend to have flushed its statistics (PostgreSQL does so 1 s after activity). */
const STATS_SETTLE_MS = 2_500;

const database = await createBenchDatabase({ requirePostgres: true });
const sink = await startWebhookSink();
const deps = await createDeps(loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY, DATA_DIR: 'memory://' }), {
  database: database.handle,
  logger: pino({ level: 'silent' }),
});
const { user } = await deps.services.accounts.createUser({ email: 'bench@example.com', password: 'bench-password' });
await deps.services.webhooks.getSigningSecret(user.id);

/** Transactions this database has finished, each statement outside a transaction counting as one. */
async function transactionCount(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const result = await sql<{ n: string }>`
    SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()`.execute(deps.db);
  return Number(result.rows[0]!.n);
}

interface Cost {
  cpuMs: number;
  transactions: number;
  /** This database's backends; null when PostgreSQL does not run on this machine. */
  databaseCpuMs: number | null;
}

const payload = {
  event: 'conversation_ended',
  conversation_id: 'b2c3d4e5-f6a7-8901-bcde-f12345678901',
  message_count: 12,
  transcript: 'x'.repeat(1_000),
};

/** A server process with its job workers; resolves once it is listening. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      SECRET_KEY,
      PORT: '0',
      LOG_LEVEL: 'info',
      ALLOW_PRIVATE_URLS: 'true',
      JOB_CONCURRENCY: String(CONCURRENCY),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.includes('listening on')) resolve();
    });
  });
  return child;
}

async function enqueueBatch(count: number, tag: string): Promise<number> {
  await inTransaction(deps.db, async (tx) => {
    for (let i = 0; i < count; i++) {
      await enqueueWebhook(tx, { userId: user.id, url: `${sink.url}/${tag}`, event: 'conversation_ended', payload: { ...payload, i } });
    }
  });
  return wallMs();
}

/**
 * The reference: the smallest durable outbox that does the same job. Two processes, CONCURRENCY
 * lanes each, claim a row with SKIP LOCKED, POST it and mark it done (two commits per delivery,
 * no signing, no attempt log, no retries, no leases).
 */
async function referenceRun(total: number): Promise<{ perS: number; cost: Cost }> {
  await sql`CREATE TABLE bench_outbox (id serial PRIMARY KEY, body text NOT NULL, state text NOT NULL DEFAULT 'new')`.execute(deps.db);
  await sql`CREATE INDEX bench_outbox_new ON bench_outbox (id) WHERE state = 'new'`.execute(deps.db);
  await sql`INSERT INTO bench_outbox (body) SELECT ${JSON.stringify(payload)} FROM generate_series(1, ${total})`.execute(deps.db);
  const script = `
    import pg from 'pg';
    import { request } from 'undici';
    const [dbUrl, url, concurrency] = [process.argv[1], process.argv[2], Number(process.argv[3])];
    const pool = new pg.Pool({ connectionString: dbUrl, max: concurrency });
    const lane = async () => {
      for (;;) {
        const { rows } = await pool.query("UPDATE bench_outbox SET state = 'sending' WHERE id = (SELECT id FROM bench_outbox WHERE state = 'new' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, body");
        if (rows.length === 0) return;
        const response = await request(url, { method: 'POST', body: rows[0].body, headers: { 'content-type': 'application/json' } });
        await response.body.dump();
        await pool.query("UPDATE bench_outbox SET state = 'done' WHERE id = $1", [rows[0].id]);
      }
    };
    const startCpu = process.cpuUsage();
    await Promise.all(Array.from({ length: concurrency }, lane));
    await pool.end();
    const cpu = process.cpuUsage(startCpu);
    console.log('cpu-us ' + (cpu.user + cpu.system));`;
  const transactionsBefore = await transactionCount();
  const databaseCpu = await countDatabaseCpu(deps.db);
  const started = wallMs();
  const cpuUs = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<number>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--input-type=module', '-e', script, database.url!, `${sink.url}/reference`, String(CONCURRENCY)],
            { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
          );
          let cpu = 0;
          createInterface({ input: child.stdout! }).on('line', (line) => {
            if (line.startsWith('cpu-us ')) cpu = Number(line.slice(7));
          });
          child.once('exit', (code) => (code === 0 ? resolve(cpu) : reject(new Error(`reference exited with ${code}`))));
        }),
    ),
  );
  const perS = total / ((wallMs() - started) / 1000);
  const databaseCpuMs = await databaseCpu.stop();
  const transactions = (await transactionCount()) - transactionsBefore;
  return { perS, cost: { cpuMs: (cpuUs[0]! + cpuUs[1]!) / 1000, transactions, databaseCpuMs } };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const reference = await referenceRun(DELIVERIES);
const referencePerS = reference.perS;
sink.requests.length = 0;

const servers = [await startServer(), await startServer()];
try {
  // Warm-up: connections, the signing-secret path, and V8's optimising compiler, which with 200
  // deliveries was still compiling the hot path during the measured phase (a quarter of the
  // servers' CPU there).
  await enqueueBatch(WARMUP_DELIVERIES, 'warmup');
  await sink.waitForRequests(WARMUP_DELIVERIES, 120_000);
  sink.requests.length = 0;

  const serversCpuMs = async () => (await Promise.all(servers.map((s) => cpuMsOf(s.pid!)))).reduce((a, b) => a + b, 0);
  const [transactionsBefore, cpuBefore] = [await transactionCount(), await serversCpuMs()];
  const committedAt = await enqueueBatch(DELIVERIES, 'throughput');
  // Counted from the commit: the enqueuing transaction's own work is the bench's, not the service's.
  const databaseCpu = await countDatabaseCpu(deps.db);
  await sink.waitForRequests(DELIVERIES, 300_000);
  const lastReceipt = Math.max(...sink.requests.map((r) => r.receivedAtMs));
  const servicePerS = DELIVERIES / ((lastReceipt - committedAt) / 1000);
  // Measured before the settle wait, so the idle polling that follows is not counted as CPU.
  const cpuAfter = await serversCpuMs();
  const databaseCpuMs = await databaseCpu.stop();
  const service: Cost = { cpuMs: cpuAfter - cpuBefore, transactions: (await transactionCount()) - transactionsBefore, databaseCpuMs };
  sink.requests.length = 0;

  const committed = new Map<string, number>();
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const paceUntil = wallMs() + 1000 / LATENCY_RATE_PER_S;
    const delivery = await inTransaction(deps.db, (tx) =>
      enqueueWebhook(tx, { userId: user.id, url: `${sink.url}/latency`, event: 'latency', payload }),
    );
    committed.set(delivery.uuid, wallMs());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, paceUntil - wallMs())));
  }
  await sink.waitForRequests(LATENCY_SAMPLES, 60_000);
  const latencies = sink.requests
    .map((r) => r.receivedAtMs - committed.get(String(r.headers['x-switchboard-delivery']))!)
    .sort((a, b) => a - b);

  const duplicates = sink.requests.length - new Set(sink.requests.map((r) => r.headers['x-switchboard-delivery'])).size;
  console.log(
    `\nwebhooks: PostgreSQL, 2 server processes x JOB_CONCURRENCY ${CONCURRENCY}, local sink, ${DELIVERIES} deliveries after ${WARMUP_DELIVERIES} of warm-up`,
  );
  console.log(`  reference: minimal SKIP LOCKED outbox, 2 commits     ${referencePerS.toFixed(0).padStart(8)} deliveries/s`);
  console.log(`  service: commit -> claim, sign, POST, record         ${servicePerS.toFixed(0).padStart(8)} deliveries/s`);
  console.log(`  ratio (service / reference): ${(servicePerS / referencePerS).toFixed(2)}`);
  const perDelivery = (cost: Cost) =>
    `${((cost.cpuMs / DELIVERIES) * 1000).toFixed(0).padStart(5)} µs CPU, ${(cost.transactions / DELIVERIES).toFixed(2)} transactions, ` +
    `${cost.databaseCpuMs === null ? 'n/a' : ((cost.databaseCpuMs / DELIVERIES) * 1000).toFixed(0)} µs database CPU`;
  console.log(`  per delivery, reference: ${perDelivery(reference.cost)}; service: ${perDelivery(service)}`);
  console.log(
    `  commit-to-receipt latency at ${LATENCY_RATE_PER_S}/s (n=${latencies.length}): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, duplicates ${duplicates}`,
  );
} finally {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((resolve) => (s.exitCode !== null ? resolve(null) : s.once('exit', resolve)))));
  await sink.close();
  await deps.http.close();
  await database.drop();
}
