import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * SIP trunks: a business's own carrier, reached through Twilio (a BYOC trunk and a SIP domain on
 * the service's account). A trunk is a phone number of type `sip` whose `provider` is `sip` (its
 * calls go through the trunk), with its settings in `sip_trunks`:
 *
 * - `phone_number`, `user_id`: copies of the number's, kept in the same transaction, so that one
 *   unique index refuses a second trunk with the same number, username and address.
 * - `sip_password_sealed`: sealed with SECRET_KEY, never returned.
 * - `sip_address`, `outbound_proxy`: canonical `host[:port][;transport=...]`.
 * - `allowed_inbound_ips`: IPv4 addresses and CIDR ranges, canonical (`203.0.113.0/24`).
 * - `carrier_account_sid`: the Twilio account holding the trunk's resources; `inbound_route_id`:
 *   what Twilio's incoming-call webhook names the trunk by (its SIP domain's SID), unique;
 *   `inbound_address`: the SIP domain the carrier sends calls to; `carrier_resources`: the SIDs
 *   of everything created at Twilio, removed with the trunk.
 * - `changing_until`: a lease held while Twilio is being changed, so two changes of one trunk
 *   never interleave there (the lease expires if its holder dies).
 *
 * Numbers of SIP trunks leave `phone_numbers_user_number_key`: one account may bring the same
 * number over two carriers (or buy it here too), told apart by username and address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE phone_numbers DROP CONSTRAINT phone_numbers_provider_check`,
    sql`ALTER TABLE phone_numbers ADD CONSTRAINT phone_numbers_provider_check CHECK (provider IN ('twilio', 'sip'))`,
    sql`DROP INDEX phone_numbers_user_number_key`,
    sql`CREATE UNIQUE INDEX phone_numbers_user_number_key ON phone_numbers (user_id, phone_number)
      WHERE provider IS DISTINCT FROM 'sip'`,
    sql`CREATE TABLE sip_trunks (
      phone_number_id integer PRIMARY KEY REFERENCES phone_numbers(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      phone_number text NOT NULL,
      sip_trunk_type text NOT NULL CHECK (sip_trunk_type IN ('extension', 'number')),
      sip_username text,
      sip_password_sealed text,
      sip_address text NOT NULL,
      sip_calling_format text NOT NULL CHECK (sip_calling_format IN ('+e164', 'e164', 'national')),
      inbound_authorization_type text NOT NULL CHECK (inbound_authorization_type IN ('auth', 'ip')),
      allowed_inbound_ips jsonb NOT NULL DEFAULT '[]',
      outbound_proxy text,
      carrier_account_sid text,
      inbound_route_id text,
      inbound_address text,
      carrier_resources jsonb,
      changing_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (inbound_authorization_type = 'ip' OR (sip_username IS NOT NULL AND sip_password_sealed IS NOT NULL))
    )`,
    sql`CREATE UNIQUE INDEX sip_trunks_identity_key ON sip_trunks (user_id, phone_number, COALESCE(sip_username, ''), sip_address)`,
    sql`CREATE UNIQUE INDEX sip_trunks_inbound_route_key ON sip_trunks (inbound_route_id) WHERE inbound_route_id IS NOT NULL`,
    sql`CREATE INDEX sip_trunks_user_key ON sip_trunks (user_id, phone_number_id)`,
  ]);
}
