import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * What bounds an anonymous browser call (a public web call, started without the owner's token):
 *
 * - `calls.client_network`: the client network it was started from (an IPv4 address or an IPv6
 *   /64), so the calls in progress per network can be counted; null on every other call.
 * - `calls.budget_day` and `calls.budget_micros`: the UTC day whose widget budget
 *   (`widget_daily_spend`) the call's minutes counted against, and how much they counted, so
 *   its unused reservation is given back to that day at settlement, as a refunded chat
 *   message's share is. Null and 0 on calls that counted against no budget.
 *
 * The two partial indexes serve the count of a web call's start: live public web calls per
 * assistant and per network.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE calls ADD COLUMN client_network text`,
    sql`ALTER TABLE calls ADD COLUMN budget_day date`,
    sql`ALTER TABLE calls ADD COLUMN budget_micros bigint NOT NULL DEFAULT 0`,
    sql`CREATE INDEX calls_live_public_web_assistant_idx ON calls (assistant_id, lease_until)
      WHERE type = 'web' AND NOT is_test AND status IN ('initiated', 'ringing', 'in-progress')`,
    sql`CREATE INDEX calls_live_public_web_network_idx ON calls (client_network, lease_until)
      WHERE client_network IS NOT NULL AND status IN ('initiated', 'ringing', 'in-progress')`,
  ]);
}
