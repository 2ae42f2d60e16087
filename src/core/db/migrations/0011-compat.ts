import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Drop-in compatibility with the reference product: the inbound webhook URL its
 * `/user/assistants/enable-inbound-webhook` sets and its assistant records show. (A
 * conversation's `ai_enabled`, which its human-takeover routes switch, exists since 0006.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [sql`ALTER TABLE assistants ADD COLUMN inbound_webhook_url text`]);
}
