import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Limits on the public widget routes.
 *
 * An assistant's optional daily widget spend cap is kept in micro-USD like every amount of money
 * (the API speaks `widget_daily_budget_usd`). Spend is counted per assistant and UTC day by a
 * conditional upsert in the transaction that reserves the message's charge, so concurrent
 * messages on any number of processes can never pass the cap. A charge remembers which day's
 * spend it counted in, so its refund gives that spend back in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE assistants ADD COLUMN widget_daily_budget_micros bigint CHECK (widget_daily_budget_micros >= 0)`,
    sql`CREATE TABLE widget_daily_spend (
      assistant_id integer NOT NULL REFERENCES assistants(id) ON DELETE CASCADE,
      day date NOT NULL,
      spent_micros bigint NOT NULL CHECK (spent_micros >= 0),
      PRIMARY KEY (assistant_id, day)
    )`,
    sql`ALTER TABLE conversation_charges ADD COLUMN budget_assistant_id integer REFERENCES assistants(id) ON DELETE SET NULL`,
    sql`ALTER TABLE conversation_charges ADD COLUMN budget_day date`,
  ]);
}
