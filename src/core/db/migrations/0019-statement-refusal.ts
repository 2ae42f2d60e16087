import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * `refuse_statement(detail json)`: raises SQLSTATE SB001 with `detail` as the error's DETAIL.
 * A statement that counts and writes in several data-modifying CTEs, each gated on the one
 * before, can then run on its own (autocommit, one round trip) and still leave nothing behind
 * when a later gate refuses: calling this in its final SELECT aborts the whole statement, earlier
 * CTEs' writes included, and the caller reads why from the detail. Plain SQL has no way to raise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`CREATE FUNCTION refuse_statement(detail json) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION USING ERRCODE = 'SB001', MESSAGE = 'statement refused', DETAIL = detail::text;
      END $$`,
  ]);
}
