import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { APPLICATION_NAME } from './application-name.js';
import { listenForNotifications, listenOnPglite, type OnNotify, type Unlisten } from './listen.js';
import { lockDataDir } from './data-dir-lock.js';
import { assertDataDirVersion } from './data-dir-version.js';
import { PreparingClient } from './server-prepared.js';
import type { Db } from './transaction.js';

export type { Db };

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Subscribes to NOTIFY on a channel (job workers wake at once after a commit; auth caches drop
   * revoked tokens). onError: the subscription is down until onNotify is called with no payload.
   */
  listen?: (channel: string, onNotify: OnNotify, onError?: (error: Error) => void) => Promise<Unlisten>;
  /** PGlite only: the whole data directory as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** Where PGlite keeps its files; `memory://` keeps nothing on disk. */
  dataDir: string;
  poolSize?: number;
  /** The embedded database's buffer pool (PostgreSQL's shared_buffers, default 16); see pgliteSettings. */
  sharedBuffersMb?: number;
  onIdleError?: (error: Error) => void;
  /**
   * PGlite with `memory://` only: start from this data directory (a `dumpDataDir` tarball)
   * instead of running initdb. Tests load one migrated copy per file this way.
   */
  loadDataDir?: Blob;
}

// int8 columns (money in micro-USD, counters) fit in a JS number far beyond any real balance;
// reading them as numbers keeps both drivers returning the same types.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value ${value} exceeds the safe integer range`);
  return n;
});

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: PreparingClient,
      application_name: APPLICATION_NAME,
    });
    // An idle client losing its connection (database restart, failover) must not crash the
    // process; the pool drops that client and the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = options.url;
    const listen = (channel: string, onNotify: OnNotify, onError?: (error: Error) => void) =>
      listenForNotifications(url, channel, onNotify, (error) => {
        options.onIdleError?.(error);
        onError?.(error);
      });
    return { db, kind: 'postgres', close: () => db.destroy(), listen };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = options.dataDir === 'memory://' ? undefined : options.dataDir;
  // Loading over a data directory on disk would replace what is there.
  if (dataDir && options.loadDataDir) throw new Error('loadDataDir is only for an in-memory database (memory://)');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    if (dataDir) assertDataDirVersion(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  // pgvector ships as PGlite's own extension package; knowledge search uses it when present.
  // btree_gin gives knowledge search its per-knowledge-base full-text index (migration 0015).
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { vector, btree_gin },
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings(options).flatMap((setting) => ['-c', setting])],
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  // The embedded database lives in this process: its subscription cannot drop.
  const listen = (channel: string, onNotify: OnNotify) => listenOnPglite(client, db, channel, onNotify);
  const close = async () => {
    await db.destroy();
    unlock();
  };
  return { db, kind: 'pglite', close, listen, dumpDataDir: () => client.dumpDataDir('none') };
}

/**
 * The embedded PostgreSQL runs inside this process, and its WebAssembly memory never shrinks:
 * the buffer pool is allocated (and zeroed) at start and stays resident. PostgreSQL's default
 * 128 MB is sized for a dedicated server; 16 MB holds an embedded install's hot pages, the data
 * files stay in the OS page cache, and the process holds about 150 MB less (docs/operations.md's memory
 * section has the figures). Passed on the command line, so they win over the data directory's
 * postgresql.conf and apply to existing installs too.
 */
function pgliteSettings(options: DatabaseOptions): string[] {
  return [`shared_buffers=${options.sharedBuffersMb ?? 16}MB`];
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the latest version. Safe to run from several processes at once. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
