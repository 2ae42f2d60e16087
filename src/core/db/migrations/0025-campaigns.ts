import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Campaigns (outbound calling of a list of leads), their leads, each attempt's outcome and the
 * account's do-not-call list.
 *
 * - `campaigns.status`: draft, in-progress, paused (the dialer stopped it, `pause_reason` says
 *   why: the owner's balance, a missing assistant), stopped (by its owner), completed.
 *   `dial_sequence` rotates the caller numbers of `phone_number_ids`.
 * - `leads`: a primary lead has `parent_lead_id` null; its secondary contacts are rows of the
 *   same table pointing at it, in `position` order, dialled after the primary gave up.
 *   `contact_position` is the contact the lead is on (0: its own number), `contact_tries` that
 *   contact's attempts, `call_tries` all of them. A `processing` lead holds a dial slot while its
 *   call is being placed (`current_call_id` null until the call exists, `reserved_until` bounds
 *   that) and while that call is live.
 * - `lead_attempts`: one row per attempt, the history a person reads; also what bounds the
 *   attempts on one number per 24 hours across campaigns.
 * - `calls.campaign_id` and `calls.lead_id`: the campaign call a call is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`CREATE TABLE campaigns (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      assistant_id integer REFERENCES assistants(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'draft',
      pause_reason text,
      timezone text NOT NULL,
      max_calls_in_parallel integer NOT NULL,
      allowed_hours_start_time text NOT NULL,
      allowed_hours_end_time text NOT NULL,
      allowed_days jsonb NOT NULL,
      max_retries integer NOT NULL,
      retry_interval integer NOT NULL,
      retry_on_voicemail boolean NOT NULL DEFAULT false,
      retry_on_goal_incomplete boolean NOT NULL DEFAULT false,
      goal_completion_variable text,
      mark_complete_when_no_leads boolean NOT NULL DEFAULT true,
      phone_number_ids jsonb NOT NULL DEFAULT '[]',
      dial_sequence bigint NOT NULL DEFAULT 0,
      pre_dial_webhook_url text,
      pre_dial_webhook_secret text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    sql`CREATE INDEX campaigns_user_idx ON campaigns (user_id, id)`,
    sql`CREATE INDEX campaigns_running_idx ON campaigns (id) WHERE status = 'in-progress'`,
    sql`CREATE TABLE leads (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      parent_lead_id integer REFERENCES leads(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      phone_number text NOT NULL,
      variables jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'created',
      call_tries integer NOT NULL DEFAULT 0,
      contact_position integer NOT NULL DEFAULT 0,
      contact_tries integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      current_call_id integer,
      reserved_until timestamptz,
      last_outcome text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    sql`CREATE INDEX leads_user_idx ON leads (user_id, id)`,
    sql`CREATE INDEX leads_campaign_phone_idx ON leads (campaign_id, phone_number)`,
    sql`CREATE INDEX leads_parent_idx ON leads (parent_lead_id, position) WHERE parent_lead_id IS NOT NULL`,
    sql`CREATE INDEX leads_due_idx ON leads (campaign_id, next_attempt_at, id)
      WHERE parent_lead_id IS NULL AND status IN ('created', 'scheduled', 'rescheduled')`,
    sql`CREATE INDEX leads_processing_idx ON leads (campaign_id) WHERE status = 'processing'`,
    sql`CREATE TABLE lead_attempts (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      lead_id integer NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
      campaign_id integer NOT NULL,
      phone_number text NOT NULL,
      call_id integer,
      outcome text,
      detail text,
      started_at timestamptz NOT NULL,
      ended_at timestamptz
    )`,
    sql`CREATE INDEX lead_attempts_lead_idx ON lead_attempts (lead_id, id)`,
    sql`CREATE INDEX lead_attempts_number_idx ON lead_attempts (user_id, phone_number, started_at)`,
    sql`CREATE TABLE do_not_call_numbers (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      phone_number text NOT NULL,
      source text NOT NULL,
      reason text,
      created_at timestamptz NOT NULL,
      UNIQUE (user_id, phone_number)
    )`,
    sql`ALTER TABLE calls ADD COLUMN campaign_id integer`,
    sql`ALTER TABLE calls ADD COLUMN lead_id integer`,
    sql`CREATE INDEX calls_campaign_idx ON calls (campaign_id, id) WHERE campaign_id IS NOT NULL`,
  ]);
}
