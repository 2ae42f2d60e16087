import { randomBytes } from 'node:crypto';
import { type Kysely, Migrator } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/core/db/database.js';
import { migrations } from '../../src/core/db/migrations/index.js';
import { fileFixture } from './file-fixture.js';
import { runAdminStatement, withDatabaseName } from './postgres.js';

/**
 * An empty, unmigrated database for a migration test file: an in-memory PGlite, or a database of
 * its own on the PostgreSQL at TEST_DATABASE_URL (the shared template is migrated to the latest
 * already). Opened in beforeAll, dropped in afterAll.
 */
export function useEmptyDatabase(): DatabaseHandle {
  return fileFixture('the empty database', openEmptyDatabase, { close: (handle) => handle.close() });
}

async function openEmptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ dataDir: 'memory://' });
  const name = `switchboard_migration_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(url, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ url: withDatabaseName(url, name), dataDir: 'unused' });
  return {
    ...handle,
    async close() {
      await handle.close();
      await runAdminStatement(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Runs the migrations up to and including `name` (the schema data written before a later one meets). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
