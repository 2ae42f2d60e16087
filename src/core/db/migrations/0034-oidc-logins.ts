import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * OpenID Connect sign-ins in progress: what `GET /api/auth/oidc/start` hands the provider and the
 * callback must check, kept in the database so the callback may reach any server process.
 *
 * - `state_hash`: SHA-256 of the `state` sent to the provider (the state itself travels only in
 *   the browser's redirects); the callback deletes the row with RETURNING, so one state signs in
 *   at most once.
 * - `code_verifier`: the PKCE verifier whose S256 challenge went to the provider.
 * - `nonce`: what the ID token must carry.
 * - `created_at`: a sign-in not finished within ten minutes is refused; the maintenance job
 *   removes such rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`CREATE TABLE oidc_logins (
      state_hash bytea PRIMARY KEY,
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    sql`CREATE INDEX oidc_logins_created_key ON oidc_logins (created_at)`,
  ]);
}
