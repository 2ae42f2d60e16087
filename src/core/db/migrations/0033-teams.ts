import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Teams: an account (a `users` row, which keeps the balance and owns every resource) has members,
 * each a login of its own with a role.
 *
 * - `members`: e-mail (unique across the server: one login is one account's member), password
 *   hash (null for a member who only signs in through OpenID Connect), `role` (owner, admin,
 *   editor, viewer), `is_operator` (runs the server: the operator's pages; set by the admin CLI),
 *   `oidc_subject` (the provider's `iss|sub`, bound at the first OpenID Connect sign-in).
 *   Every existing account gets its user as the owner member, with the same e-mail and password.
 * - `access_tokens.member_id`: for a session, the member who signed in (removing a member deletes
 *   their sessions first; a session without one never authenticates); for
 *   an API key, who created it (kept as null when that member is removed: the key is the
 *   account's). `access_tokens.role`: what an API key may do (sessions act with their member's
 *   role, read when the token is resolved). Existing keys keep doing everything: owner.
 * - `invitations`: a single-use link (its secret's hash) for an e-mail and a role, until it
 *   expires, is accepted or is revoked.
 * - `audit_events`: who did what to which resource, when and from where, written in the
 *   transaction of the change. `actor` is a snapshot (a member's e-mail, an API key's name), so
 *   the row still reads after the member or key is gone.
 * - `users.suspended_at`: an operator suspended the account; its tokens stop working at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`CREATE TABLE members (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      name text NOT NULL,
      password_hash text,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
      is_operator boolean NOT NULL DEFAULT false,
      oidc_subject text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    sql`CREATE UNIQUE INDEX members_email_key ON members (lower(email))`,
    sql`CREATE UNIQUE INDEX members_oidc_subject_key ON members (oidc_subject) WHERE oidc_subject IS NOT NULL`,
    sql`CREATE INDEX members_user_key ON members (user_id, id)`,
    sql`INSERT INTO members (user_id, email, name, password_hash, role, created_at, updated_at)
      SELECT id, email, name, password_hash, 'owner', created_at, updated_at FROM users WHERE deleted_at IS NULL ORDER BY id`,

    sql`ALTER TABLE access_tokens ADD COLUMN member_id integer REFERENCES members(id) ON DELETE SET NULL`,
    sql`ALTER TABLE access_tokens ADD COLUMN role text CHECK (role IN ('owner', 'admin', 'editor', 'viewer'))`,
    sql`UPDATE access_tokens t SET member_id = m.id FROM members m WHERE m.user_id = t.user_id AND m.role = 'owner'`,
    sql`UPDATE access_tokens SET role = 'owner' WHERE kind = 'api_key'`,
    sql`DELETE FROM access_tokens WHERE kind = 'session' AND member_id IS NULL`,
    sql`ALTER TABLE access_tokens ADD CONSTRAINT access_tokens_member_check CHECK (
      (kind = 'session' AND role IS NULL) OR (kind = 'api_key' AND role IS NOT NULL))`,
    sql`CREATE INDEX access_tokens_member_key ON access_tokens (member_id) WHERE member_id IS NOT NULL`,

    sql`CREATE TABLE invitations (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
      token_hash bytea NOT NULL,
      invited_by_member_id integer REFERENCES members(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_member_id integer REFERENCES members(id) ON DELETE SET NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    sql`CREATE UNIQUE INDEX invitations_token_key ON invitations (token_hash)`,
    sql`CREATE INDEX invitations_user_key ON invitations (user_id, id)`,

    sql`CREATE TABLE audit_events (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      actor_member_id integer REFERENCES members(id) ON DELETE SET NULL,
      actor_kind text NOT NULL CHECK (actor_kind IN ('member', 'api_key', 'operator', 'system')),
      actor text NOT NULL,
      action text NOT NULL,
      resource_type text NOT NULL,
      resource_id text,
      ip text,
      user_agent text,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    sql`CREATE INDEX audit_events_user_key ON audit_events (user_id, id DESC)`,

    sql`ALTER TABLE users ADD COLUMN suspended_at timestamptz`,
    sql`ALTER TABLE users ADD COLUMN suspension_reason text`,
  ]);
}
