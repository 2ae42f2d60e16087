import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * `calls.supervisor_status`: the latest progress of a warm transfer's supervisor leg, as
 * `{leg CallSid}:{status}` (ringing, answered, busy, no-answer, failed, canceled, completed).
 * Twilio's status callback may reach any server process; the one holding the call's media reads
 * the column at its heartbeat and acts on a value it has not seen yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [sql`ALTER TABLE calls ADD COLUMN supervisor_status text`]);
}
