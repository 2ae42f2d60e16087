import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/core/db/database.js';
import { runAdminStatement } from '../../test/helpers/postgres.js';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** The URL of the fresh database, for a bare `pg` reference or child processes. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one benchmark run: a new database on the PostgreSQL at
 * DATABASE_URL, or the embedded PGlite (in memory) when DATABASE_URL is unset.
 */
export async function createBenchDatabase(options: { requirePostgres?: boolean } = {}): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL ?? (options.requirePostgres ? DEFAULT_BENCH_DATABASE_URL : undefined);
  if (!base) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  await runAdminStatement(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: 'unused', poolSize: 10 });
  await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      await runAdminStatement(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A raw `pg` pool for a benchmark's reference route. pg-pool's end() resolves before the server
 * has closed each socket, so the DROP DATABASE ... WITH (FORCE) that ends a run can still reach an
 * idle client; the listener keeps that expected termination from crashing the process.
 */
export function createReferencePool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}
