import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Deleting a user is a soft delete: the ledger (and everything else) references users with
 * ON DELETE CASCADE, and the ledger must outlive the account. A deleted user keeps its row with
 * `deleted_at` set and an anonymised e-mail (which frees the address for a new account); its
 * tokens are deleted, and authentication ignores the row.
 *
 * Also: the business name the messaging platform verified for a sender's number, stored when the
 * sender's ownership of the number is checked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`,
    sql`ALTER TABLE chatapp_senders ADD COLUMN verified_name text`,
  ]);
}
