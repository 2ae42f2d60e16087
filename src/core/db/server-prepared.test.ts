import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestDatabase } from '../../../test/helpers/database.js';
import { runPrepared } from './server-prepared.js';

const database = useTestDatabase();

describe('runPrepared', () => {
  it('runs a query builder and a raw statement with their values, as execute would', async () => {
    const db = database.db;
    const built = db.selectNoFrom([sql<number>`${2}::integer * ${21}::integer`.as('answer')]);
    expect((await runPrepared(db, built)).rows).toEqual([{ answer: 42 }]);
    expect((await runPrepared(db, sql<{ word: string }>`SELECT ${'runPrepared'}::text AS word`)).rows).toEqual([{ word: 'runPrepared' }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('prepares each text once per PostgreSQL connection, whatever its values', async () => {
    const seen = await database.db.connection().execute(async (connection) => {
      const answers = [];
      for (const n of [1, 2, 3]) {
        answers.push(
          (await runPrepared(connection, connection.selectNoFrom([sql<number>`${n}::integer + 100`.as('run_prepared_n')]))).rows[0],
        );
      }
      const prepared = await sql<{
        statement: string;
      }>`SELECT statement FROM pg_prepared_statements WHERE statement LIKE ${'%run_prepared_n%'}`.execute(connection);
      return { answers, prepared: prepared.rows };
    });
    expect(seen.answers).toEqual([{ run_prepared_n: 101 }, { run_prepared_n: 102 }, { run_prepared_n: 103 }]);
    expect(seen.prepared).toEqual([{ statement: 'select $1::integer + 100 as "run_prepared_n"' }]);
  });
});
