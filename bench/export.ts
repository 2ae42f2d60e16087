/**
 * The CSV export of 100,000 calls: GET /api/user/exports/calls.csv streamed over HTTP to a client
 * that counts and drops the bytes, the process's resident memory sampled every 10 ms. The
 * reference is the same rows read by one query and written with csv-stringify's sync API (the
 * whole result in memory, as an export without streaming would), in the same process afterwards.
 * Prints rows, bytes, time, and each one's peak RSS above the RSS before it, and their ratio.
 * DATABASE_URL selects PostgreSQL (a separate process, so RSS is the service's alone); without
 * it the embedded database's memory is in the same process and counted too.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { stringify } from 'csv-stringify/sync';
import { pino } from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { EXPORT_COLUMNS } from '../src/modules/usage/csv-export.js';
import { insertManyCalls } from '../test/helpers/usage-records.js';
import { createBenchDatabase } from './support/database.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const database = await createBenchDatabase();
const config = loadConfig({
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  DATA_DIR: 'memory://',
  JOBS_ENABLED: 'false',
  ...(database.url ? { DATABASE_URL: database.url } : {}),
});
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const app = await buildApp(deps);
const serviceUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const { user, apiKey } = await deps.services.accounts.createUser({ email: 'owner@example.com', password: 'bench-password' });
const neighbour = await deps.services.accounts.createUser({ email: 'neighbour@example.com', password: 'bench-password' });
const seeded = performance.now();
await insertManyCalls(deps.db, { userId: user.id, assistantId: null, count: ROWS, lastDay: '2026-03-31' });
await insertManyCalls(deps.db, { userId: neighbour.user.id, assistantId: null, count: ROWS, lastDay: '2026-03-31' });
await sql`ANALYZE`.execute(deps.db);
console.log(
  `seeded ${(2 * ROWS).toLocaleString('en-US')} calls in ${((performance.now() - seeded) / 1000).toFixed(1)} s (${database.url ? 'PostgreSQL' : 'PGlite'})`,
);

/** Runs `work` while sampling RSS; returns its result and the peak RSS above the settled RSS before it. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; baseMb: number; peakAboveMb: number }> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, baseMb: base / 2 ** 20, peakAboveMb: (peak - base) / 2 ** 20 };
}

const streamed = await measured(async () => {
  const response = await fetch(`${serviceUrl}/api/user/exports/calls.csv?date_from=2026-01-01&date_to=2026-03-31`, {
    headers: { authorization: `Bearer ${apiKey.token}` },
  });
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body!) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { bytes, rows: lines - 1 };
});
if (streamed.result.rows !== ROWS) throw new Error(`the export had ${streamed.result.rows} rows, expected ${ROWS}`);

const inMemory = await measured(async () => {
  const rows = await deps.db
    .selectFrom('calls as c')
    .leftJoin('assistants as a', 'a.id', 'c.assistant_id')
    .selectAll('c')
    .select('a.name as assistant_name')
    .where('c.user_id', '=', user.id)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const columns = EXPORT_COLUMNS.calls;
  const text = stringify(
    rows.map((row) => columns.map(([, value]) => value(row as unknown as Record<string, unknown>))),
    { header: true, columns: columns.map(([header]) => header), record_delimiter: 'windows' },
  );
  return { bytes: Buffer.byteLength(text), rows: rows.length };
});

const mb = (n: number) => n.toFixed(1).padStart(7);
console.log(`\nCSV export of ${ROWS.toLocaleString('en-US')} calls`);
console.log('                          rows      MB     s   RSS before (MB)   peak RSS above it (MB)');
for (const [label, run] of [
  ['streamed over HTTP', streamed],
  ['reference: in memory', inMemory],
] as const) {
  console.log(
    `${label.padEnd(22)}${String(run.result.rows).padStart(8)}${mb(run.result.bytes / 2 ** 20)}${(run.ms / 1000).toFixed(1).padStart(6)}${mb(run.baseMb).padStart(18)}${mb(run.peakAboveMb).padStart(25)}`,
  );
}
console.log(`peak RSS growth, streamed / in memory: ${(streamed.peakAboveMb / inMemory.peakAboveMb).toFixed(2)}`);

await app.close();
await database.drop();
