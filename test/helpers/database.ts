import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/core/db/database.js';
import { inject } from 'vitest';
import { fileFixture } from './file-fixture.js';
import { runAdminStatement, withDatabaseName } from './postgres.js';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from the migrated
 * data directory global-setup made, or a copy of the migrated template on the PostgreSQL at
 * TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    const handle = await openDatabase({ dataDir: 'memory://', ...(template ? { loadDataDir: await openAsBlob(template) } : {}) });
    // A no-op on the template's copy (it is migrated); a full migration when there is none.
    await migrateToLatest(handle.db);
    return { ...handle, url: undefined, openAnother: undefined };
  }
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const dbUrl = withDatabaseName(url, name);
  const handle = await openDatabase({ url: dbUrl, dataDir: 'unused', poolSize: 20 });
  const pools: DatabaseHandle[] = [handle];
  return {
    ...handle,
    url: dbUrl,
    /** A second, independent pool on the same database: what another server process would have. */
    async openAnother() {
      const other = await openDatabase({ url: dbUrl, dataDir: 'unused', poolSize: 20 });
      pools.push(other);
      return other;
    },
    async close() {
      for (const pool of pools) await pool.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** createTestDatabase for the whole test file: opened in beforeAll, closed in afterAll. */
export function useTestDatabase(): TestDatabase {
  return fileFixture('the test database', createTestDatabase, { close: (database) => database.close() });
}

export interface TestDatabase extends DatabaseHandle {
  url: string | undefined;
  openAnother: (() => Promise<DatabaseHandle>) | undefined;
}

async function adminQuery(url: string, text: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runAdminStatement(url, text);
    } catch (error) {
      // Two files copying the template at the same instant can collide; a retry settles it.
      if (attempt >= 5 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
