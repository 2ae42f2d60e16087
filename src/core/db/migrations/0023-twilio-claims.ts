import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Who may answer for a Twilio account and for a phone number.
 *
 * `twilio_accounts`: one row per Account SID a tenant registered, with the auth token Twilio
 * accepted for it (sealed with SECRET_KEY); the primary key makes one SID one account's. Webhook
 * and media-stream signatures are checked with this token. Before, each number carried its own
 * token and a request was checked with the first number registered for the SID, so whoever
 * registered a SID first (with any token) decided whose signatures were valid.
 *
 * `phone_numbers.claim`: how the account's claim on the number was established: `own_account`
 * (the tenant's own Twilio account lists it), `operator` (an administrator assigned a number of
 * the service's own account) or `carried_over` (from before claims existed: nobody proved it, so
 * a proven claim takes it over). At most one row of a number is claimed, and only a claimed row
 * receives calls.
 *
 * Existing data, which nobody proved:
 * - each SID goes to the account of its oldest number, with that number's token: the token
 *   signatures were checked with until now, so every call that worked still works. Its
 *   `verified_at` stays null: a tenant who proves the SID with Twilio later takes it over.
 * - each number is claimed by the row that received its calls until now: the oldest one with
 *   an active inbound assistant, else the oldest one, among the numbers of the service's account
 *   and those whose SID went to their own account. Other rows of the number stay, unclaimed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`CREATE TABLE twilio_accounts (
      account_sid text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      auth_token_sealed text NOT NULL,
      verified_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    sql`CREATE INDEX twilio_accounts_user_idx ON twilio_accounts (user_id)`,
    sql`INSERT INTO twilio_accounts (account_sid, user_id, auth_token_sealed, verified_at, created_at, updated_at)
      SELECT DISTINCT ON (twilio_account_sid) twilio_account_sid, user_id, twilio_auth_token_sealed, NULL, created_at, updated_at
      FROM phone_numbers
      WHERE provider = 'twilio' AND twilio_account_sid IS NOT NULL AND twilio_auth_token_sealed IS NOT NULL
      ORDER BY twilio_account_sid, id`,
    sql`ALTER TABLE phone_numbers ADD COLUMN claim text CHECK (claim IN ('own_account', 'operator', 'carried_over'))`,
    sql`UPDATE phone_numbers SET claim = 'carried_over' WHERE id IN (
      SELECT DISTINCT ON (p.phone_number) p.id FROM phone_numbers p
      WHERE p.provider IS NULL
        OR EXISTS (SELECT 1 FROM twilio_accounts t WHERE t.account_sid = p.twilio_account_sid AND t.user_id = p.user_id)
      ORDER BY p.phone_number,
        EXISTS (SELECT 1 FROM assistants a WHERE a.phone_number_id = p.id AND a.type = 'inbound' AND a.status = 'active') DESC,
        p.id)`,
    sql`CREATE UNIQUE INDEX phone_numbers_claimed_number_key ON phone_numbers (phone_number) WHERE claim IS NOT NULL`,
    sql`ALTER TABLE phone_numbers DROP COLUMN twilio_auth_token_sealed`,
  ]);
}
