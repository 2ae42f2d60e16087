import type { Kysely, RawBuilder } from 'kysely';

/** Drivers run one statement per query in the extended protocol, so DDL is sent one by one. */
export async function runStatements(db: Kysely<unknown>, statements: RawBuilder<unknown>[]): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
