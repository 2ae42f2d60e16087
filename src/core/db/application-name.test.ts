import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { useTestDatabase } from '../../../test/helpers/database.js';
import { openDatabase } from './database.js';
import type { Database } from './schema.js';

const database = useTestDatabase();

const ownName = async (db: Kysely<Database>) =>
  (await sql<{ application_name: string }>`SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()`.execute(db)).rows[0]!
    .application_name;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the connections an operator sees', () => {
  it("name the service in pg_stat_activity, the pool's and the listener's", async () => {
    expect(await ownName(database.db)).toBe('switchboard');
    const unlisten = await database.listen!('application_name_probe', () => {});
    try {
      const listeners = await sql<{ application_name: string }>`
        SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN application_name_probe'`.execute(
        database.db,
      );
      expect(listeners.rows).toEqual([{ application_name: 'switchboard listen' }]);
    } finally {
      await unlisten();
    }
  });

  it('keep the application_name DATABASE_URL gives', async () => {
    const url = new URL(database.url!);
    url.searchParams.set('application_name', 'switchboard-eu');
    const other = await openDatabase({ url: url.toString(), dataDir: 'unused', poolSize: 1 });
    try {
      expect(await ownName(other.db)).toBe('switchboard-eu');
    } finally {
      await other.close();
    }
  });
});
