import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The job worker's two hot writes as PL/pgSQL functions whose only possible plans look their
 * rows up by primary key:
 *
 * - `claim_jobs(due_before, kinds, max_jobs, worker, lease_until)`: claims claimable_jobs' ids and
 *   returns the claimed rows;
 * - `conclude_webhook_deliveries(concluded, concluded_at)`: moves the deliveries in `concluded`
 *   (a jsonb array) to their final state and returns their attempt-log rows.
 *
 * Written inline in the worker's prepared statements, both joined their few ids to the whole
 * table: a prepared statement keeps the generic plan made at its sixth run, and a table that
 * was small then (a fresh database, a burst of work after a quiet spell) or has not been
 * analysed since (PGlite never autovacuums) is planned as a sequential scan and hash join. Each
 * claim and each completion then read every job or every delivery ever kept (measured: 1.5 ms of
 * database CPU per delivery with 5,000 deliveries, most of it those scans; 0.5 ms by index).
 * With sequential scans, hash and merge joins off inside the functions, the plan they keep for
 * the session is the index lookup, whatever the statistics said when it was made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`CREATE FUNCTION claim_jobs(due_before timestamptz, kinds text[], max_jobs integer, worker text, lease_until timestamptz)
      RETURNS SETOF jobs
      LANGUAGE plpgsql VOLATILE ROWS 10 SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
      BEGIN
        RETURN QUERY
          UPDATE jobs
          SET status = 'running', attempts = jobs.attempts + 1, locked_by = worker, locked_until = lease_until, updated_at = due_before
          WHERE jobs.id = ANY (ARRAY(SELECT claimable_jobs(due_before, kinds, max_jobs)))
          RETURNING jobs.*;
      END $$`,
    sql`CREATE FUNCTION conclude_webhook_deliveries(concluded jsonb, concluded_at timestamptz)
      RETURNS TABLE (delivery_id bigint, attempt integer, started_at timestamptz, duration_ms integer, status_code integer,
                     error text, response_body text)
      LANGUAGE plpgsql VOLATILE SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
      BEGIN
        RETURN QUERY
          UPDATE webhook_deliveries d
          SET attempt_count = d.attempt_count + 1, status = i.status, last_status_code = i.status_code, last_error = i.error,
              next_attempt_at = NULL, completed_at = concluded_at, updated_at = concluded_at
          FROM jsonb_to_recordset(concluded) AS i(delivery_id bigint, started_at timestamptz, duration_ms integer,
            status_code integer, error text, response_body text, status text)
          WHERE d.id = i.delivery_id
          RETURNING d.id, d.attempt_count, i.started_at, i.duration_ms, i.status_code, i.error, i.response_body;
      END $$`,
  ]);
}
