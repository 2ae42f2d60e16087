import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The delivery log's filters and detail, and the usage report:
 *
 * - `webhook_deliveries.assistant_id`: the assistant whose event it is (null for an account's
 *   own events), to filter the log by; no foreign key, so deleting an assistant touches no
 *   delivery and the log keeps naming the id. Earlier deliveries get it from their payload's
 *   `assistant_id` (a uuid) where it names one of the account's assistants.
 * - `webhook_deliveries.redelivery_of`: a delivery made by "redeliver", pointing at the one it
 *   repeats.
 * - `webhook_delivery_attempts.request_headers`: the headers each attempt sent, less the
 *   signature; `conclude_webhook_deliveries` (0021) takes and returns them too.
 * - `balance_ledger.kind`: `usage` (charges and their refunds) or `adjustment` (opening
 *   balances, credits and debits by an operator), so spend is a sum rather than a guess from the
 *   reason's words. Earlier rows are classified by the reasons the service wrote.
 * - indexes on (user_id, created_at[, id]) for the usage report's date ranges and the exports'
 *   keyset pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE webhook_deliveries ADD COLUMN assistant_id integer, ADD COLUMN redelivery_of bigint`,
    sql`UPDATE webhook_deliveries d SET assistant_id = a.id
      FROM assistants a
      WHERE d.body LIKE '%"assistant_id":"%' AND a.user_id = d.user_id
        AND a.uuid::text = substring(d.body FROM '"assistant_id":"([0-9a-f-]{36})"')`,
    sql`CREATE INDEX webhook_deliveries_user_assistant_idx ON webhook_deliveries (user_id, assistant_id, id)`,
    sql`CREATE INDEX webhook_deliveries_user_created_idx ON webhook_deliveries (user_id, created_at)`,
    sql`ALTER TABLE webhook_delivery_attempts ADD COLUMN request_headers jsonb`,
    sql`DROP FUNCTION conclude_webhook_deliveries(jsonb, timestamptz)`,
    sql`CREATE FUNCTION conclude_webhook_deliveries(concluded jsonb, concluded_at timestamptz)
      RETURNS TABLE (delivery_id bigint, attempt integer, started_at timestamptz, duration_ms integer, status_code integer,
                     error text, response_body text, request_headers jsonb)
      LANGUAGE plpgsql VOLATILE SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
      BEGIN
        RETURN QUERY
          UPDATE webhook_deliveries d
          SET attempt_count = d.attempt_count + 1, status = i.status, last_status_code = i.status_code, last_error = i.error,
              next_attempt_at = NULL, completed_at = concluded_at, updated_at = concluded_at
          FROM jsonb_to_recordset(concluded) AS i(delivery_id bigint, started_at timestamptz, duration_ms integer,
            status_code integer, error text, response_body text, status text, request_headers jsonb)
          WHERE d.id = i.delivery_id
          RETURNING d.id, d.attempt_count, i.started_at, i.duration_ms, i.status_code, i.error, i.response_body, i.request_headers;
      END $$`,

    sql`ALTER TABLE balance_ledger ADD COLUMN kind text NOT NULL DEFAULT 'usage' CHECK (kind IN ('usage', 'adjustment'))`,
    sql`UPDATE balance_ledger SET kind = 'adjustment'
      WHERE reason !~ '^(Chat message, conversation |Voice call [0-9]+: |Chatapp |SMS [0-9]+ to |Phone number |Refund: )'`,
    sql`ALTER TABLE balance_ledger ALTER COLUMN kind DROP DEFAULT`,
    sql`CREATE INDEX balance_ledger_user_created_idx ON balance_ledger (user_id, created_at, id)`,
    sql`CREATE INDEX calls_user_created_idx ON calls (user_id, created_at, id)`,
    sql`CREATE INDEX conversations_user_created_idx ON conversations (user_id, created_at, id)`,
  ]);
}
