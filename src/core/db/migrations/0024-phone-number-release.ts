import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * `phone_numbers.release_at`: a dedicated number released by its owner stays until the end of
 * its billing period, as the reference does; this is when it goes. Null: not being released.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [sql`ALTER TABLE phone_numbers ADD COLUMN release_at timestamptz`]);
}
