import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestDatabase } from '../../../test/helpers/database.js';
import { fixedStatement, fixedStatementPerShape } from './fixed-statement.js';
import { inTransaction } from './transaction.js';

const database = useTestDatabase();

describe('fixedStatement', () => {
  it('builds once, then sends each run its own values beside the constants it was built with', async () => {
    let builds = 0;
    const statement = fixedStatement<[number, string], { total: number; label: string; again: number }>(($) => {
      builds++;
      return sql`SELECT ${$(0)}::integer + ${40}::integer AS total, ${$(1)}::text || ${'!'}::text AS label, ${$(0)}::integer AS again`;
    });

    expect((await statement.run(database.db, [2, 'first'])).rows).toEqual([{ total: 42, label: 'first!', again: 2 }]);
    expect((await statement.run(database.db, [-40, 'second'])).rows).toEqual([{ total: 0, label: 'second!', again: -40 }]);
    const inTx = await inTransaction(database.db, (tx) => statement.run(tx, [1, 'in a transaction']));
    expect(inTx.rows).toEqual([{ total: 41, label: 'in a transaction!', again: 1 }]);
    expect(builds).toBe(1);
  });

  it('takes a query builder, built on the database of its first run', async () => {
    const built: unknown[] = [];
    const statement = fixedStatement<[number, string], { doubled: number; name: string }>(($, db) => {
      built.push(db);
      return db.selectNoFrom([sql<number>`${$(0)}::integer * 2`.as('doubled'), sql<string>`${$(1)}::text`.as('name')]);
    });

    const inTx = await inTransaction(database.db, (tx) => statement.run(tx, [21, 'first']));
    expect(inTx.rows).toEqual([{ doubled: 42, name: 'first' }]);
    expect((await statement.run(database.db, [-3, 'second'])).rows).toEqual([{ doubled: -6, name: 'second' }]);
    expect(built).toHaveLength(1);
  });

  it('takes its values by name, a placeholder used twice sending its value twice', async () => {
    const statement = fixedStatement<{ amount: number; label: string }, { doubled: number; label: string }>(
      ($) => sql`SELECT ${$('amount')}::integer + ${$('amount')}::integer AS doubled, ${$('label')}::text AS label`,
    );

    expect((await statement.run(database.db, { amount: 4, label: 'first' })).rows).toEqual([{ doubled: 8, label: 'first' }]);
    expect((await statement.run(database.db, { label: 'second', amount: -1 })).rows).toEqual([{ doubled: -2, label: 'second' }]);
  });

  it('per shape: one text built for each shape key, on its first run, and reused after', async () => {
    const built: string[] = [];
    const statement = fixedStatementPerShape<{ terms: number }, Record<string, unknown>, { total: number }>(
      (shape) => String(shape.terms),
      (shape, $) => {
        built.push(String(shape.terms));
        const terms = Array.from({ length: shape.terms }, (_, i) => sql`${$(`term${i}`)}::integer`);
        return sql`SELECT ${sql.join(terms, sql` + `)} AS total`;
      },
    );

    expect((await statement.run(database.db, { terms: 2 }, { term0: 1, term1: 2 })).rows).toEqual([{ total: 3 }]);
    expect((await statement.run(database.db, { terms: 3 }, { term0: 1, term1: 2, term2: 3 })).rows).toEqual([{ total: 6 }]);
    expect((await statement.run(database.db, { terms: 2 }, { term0: 10, term1: 20 })).rows).toEqual([{ total: 30 }]);
    expect(built).toEqual(['2', '3']);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('is prepared once per PostgreSQL connection, and reruns by name', async () => {
    const statement = fixedStatement<[string]>(($) => sql`SELECT ${$(0)}::text || ' (prepared)' AS label`);
    const rows = await database.db.connection().execute(async (connection) => {
      const runs = [];
      for (const label of ['a', 'b', 'c']) runs.push((await statement.run(connection, [label])).rows[0]);
      const prepared = await sql<{
        statement: string;
      }>`SELECT statement FROM pg_prepared_statements WHERE statement LIKE ${'%(prepared)%'}`.execute(connection);
      return { runs, prepared: prepared.rows };
    });
    expect(rows.runs).toEqual([{ label: 'a (prepared)' }, { label: 'b (prepared)' }, { label: 'c (prepared)' }]);
    expect(rows.prepared).toEqual([{ statement: "SELECT $1::text || ' (prepared)' AS label" }]);
  });
});
