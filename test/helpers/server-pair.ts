import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { TEST_SECRET_KEY } from './test-app.js';

export interface ServerPair {
  /** The database both processes use, for set-up and for changes made behind their backs. */
  database: TestDatabase;
  a: ServerProcess;
  b: ServerProcess;
  close(): Promise<void>;
}

/**
 * Two server processes (without jobs) on one fresh test database, as two replicas behind a load
 * balancer: what one process does must reach the other. Needs TEST_DATABASE_URL (two processes
 * cannot share an embedded PGlite).
 */
export async function startServerPair(name: string): Promise<ServerPair> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), `switchboard-${name}-`));
  const processes: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const env = { DATABASE_URL: database.url!, SECRET_KEY: TEST_SECRET_KEY, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const started = await Promise.allSettled([startServerProcess(env, false), startServerProcess(env, false)]);
  for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { database, a: processes[0]!, b: processes[1]!, close };
}
