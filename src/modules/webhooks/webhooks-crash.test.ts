import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../deps.js';
import { migrateToLatest } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import { TEST_SECRET_KEY, testConfig } from '../../../test/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.js';
import { createUser } from '../../../test/helpers/factories.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { enqueueWebhook } from './webhooks.service.js';

/**
 * At least once, for real: the production server process is killed with SIGKILL while the
 * receiver holds its delivery open; a restarted server sends it once more, and only once.
 * On PGlite the child owns the data directory, so this process opens it only while no child runs.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const LEASE_MS = 1_000;

let sink: WebhookSink;
let env: Record<string, string>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  sink = await startWebhookSink();
  const base = { LOG_LEVEL: 'silent', ALLOW_PRIVATE_URLS: 'true', JOB_LEASE_MS: String(LEASE_MS), JOB_POLL_INTERVAL_MS: '50', PORT: '0' };
  if (process.env.TEST_DATABASE_URL) {
    const database: TestDatabase = await createTestDatabase();
    env = { ...base, DATABASE_URL: database.url! };
    cleanup = () => database.close();
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-crash-'));
    env = { ...base, DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await sink.close();
  await cleanup();
});

/** This process's view of the database, opened only while no child holds an embedded one. */
async function withDeps<T>(work: (deps: Deps) => Promise<T>): Promise<T> {
  const deps = await createDeps(testConfig(env), { logger: pino({ level: 'silent' }) });
  try {
    await migrateToLatest(deps.db);
    return await work(deps);
  } finally {
    await deps.database.close();
  }
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, SECRET_KEY: TEST_SECRET_KEY, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

it('re-sends a delivery exactly once after its server was killed mid-request', async () => {
  // The first request is held open until the server dies; any later one is answered.
  sink.respondWith((_r, index) => (index === 0 ? { hold: true } : { status: 200, body: 'thanks' }));
  const delivery = await withDeps(async (deps) => {
    const { user } = await createUser(deps);
    return inTransaction(deps.db, (tx) =>
      enqueueWebhook(tx, { userId: user.id, url: `${sink.url}/hook`, event: 'crash_test', payload: { n: 1 } }),
    );
  });

  const first = startServer();
  await sink.waitForRequests(1, 30_000);
  first.kill('SIGKILL');
  expect(await exited(first)).toEqual({ code: null, signal: 'SIGKILL' });

  const second = startServer();
  try {
    await sink.waitForRequests(2, 30_000);
    // Several leases and polls pass: a third send would show up here.
    await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_MS));
  } finally {
    second.kill('SIGTERM');
  }
  expect(await exited(second)).toEqual({ code: 0, signal: null });

  expect(sink.requests.map((r) => r.headers['x-switchboard-delivery'])).toEqual([delivery.uuid, delivery.uuid]);
  expect(sink.requests[1]!.body).toBe(sink.requests[0]!.body);
  await withDeps(async (deps) => {
    const row = await deps.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', delivery.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'delivered', attempt_count: 1, last_status_code: 200 });
    const job = await deps.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', `webhook:${delivery.id}`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      last_error: 'attempt 1 did not finish: its worker stopped or lost its lease',
    });
  });
}, 90_000);
