import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Assistant updates are optimistic: read the row, merge and validate in the process, then write
 * only if the row is still at the version that was read. The trigger bumps the version on every
 * UPDATE of the row, whoever makes it (other modules' cleanups, foreign-key SET NULL actions), so
 * a write can never land on a state its validation did not see.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE assistants ADD COLUMN version integer NOT NULL DEFAULT 1`,
    sql`CREATE FUNCTION assistants_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := OLD.version + 1;
        RETURN NEW;
      END
    $$`,
    sql`CREATE TRIGGER assistants_version BEFORE UPDATE ON assistants FOR EACH ROW EXECUTE FUNCTION assistants_bump_version()`,
  ]);
}
