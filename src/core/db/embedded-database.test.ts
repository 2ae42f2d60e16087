import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database.js';
import { DataDirVersionError } from './data-dir-version.js';

const root = mkdtempSync(join(tmpdir(), 'switchboard-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('creates a PostgreSQL 18 data directory with a 16 MB buffer pool, and reopens it', async () => {
    const dataDir = join(root, 'fresh');
    const first = await openDatabase({ dataDir });
    await sql`create table kept (id int)`.execute(first.db);
    await sql`insert into kept values (7)`.execute(first.db);
    expect((await sql<{ shared_buffers: string }>`show shared_buffers`.execute(first.db)).rows).toEqual([{ shared_buffers: '16MB' }]);
    await first.close();
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe('18');

    const again = await openDatabase({ dataDir, sharedBuffersMb: 24 });
    try {
      const { rows } = await sql<{ id: number }>`select id from kept`.execute(again.db);
      expect(rows).toEqual([{ id: 7 }]);
      // The setting applies to an existing directory too (the command line wins over postgresql.conf).
      const buffers = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(again.db);
      expect(buffers.rows).toEqual([{ shared_buffers: '24MB' }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('refuses a data directory of another PostgreSQL major version with one clear error, and releases it', async () => {
    const dataDir = join(root, 'from-postgres-17');
    // What PGlite 0.3 (PostgreSQL 17) left: the version file is all the check reads.
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');

    const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirVersionError);
    expect((error as Error).message).toBe(
      `The embedded database in ${dataDir} was created by PostgreSQL 17, and this version embeds PostgreSQL 18: it cannot open it in place. ` +
        'Stop the server and carry the data over with `node scripts/upgrade-embedded-database.mjs` (see "Upgrading" in docs/operations.md).',
    );
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });
});
