import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Senders follow the platform's view of their number (status, display-name review, why they went
 * offline) and may name a URL for delivery receipts; templates remember the variables of their
 * header and URL buttons, which a send must fill as well as the body's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE chatapp_senders ADD COLUMN name_status text`,
    sql`ALTER TABLE chatapp_senders ADD COLUMN offline_reason text`,
    sql`ALTER TABLE chatapp_senders ADD COLUMN state_synced_at timestamptz`,
    sql`ALTER TABLE chatapp_senders ADD COLUMN status_webhook_url text`,
    sql`ALTER TABLE chatapp_templates ADD COLUMN header_format text`,
    sql`ALTER TABLE chatapp_templates ADD COLUMN header_variables text[] NOT NULL DEFAULT '{}'`,
    sql`ALTER TABLE chatapp_templates ADD COLUMN button_variables text[] NOT NULL DEFAULT '{}'`,
  ]);
}
