import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Numbers bought here, on the service's own Twilio account, and paid monthly from the balance.
 *
 * - `purchase_state`: `pending` from the moment the first month is taken from the balance (in
 *   the transaction that inserts the row and claims the number) until Twilio answers the
 *   purchase; `active` once Twilio sold it; null for a number imported, assigned or typed in.
 * - `carrier_sid`: the carrier's id of a bought number (Twilio's `PN...`), which releases it.
 * - `monthly_price_micros`: what each month costs, fixed at purchase; `paid_until`: the end of
 *   the month paid for, when the renewal job charges the next one.
 * - `renewal_failed_at`: when a renewal first found the balance short (its grace period runs
 *   from `paid_until`); null while paid.
 * - `webhook_url`: where the number's events (a renewal that cannot be paid, its release) go.
 * - `claim` gains `purchased`: the account bought the number here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE phone_numbers
      ADD COLUMN purchase_state text CHECK (purchase_state IN ('pending', 'active')),
      ADD COLUMN carrier_sid text,
      ADD COLUMN monthly_price_micros bigint CHECK (monthly_price_micros >= 0),
      ADD COLUMN paid_until timestamptz,
      ADD COLUMN renewal_failed_at timestamptz,
      ADD COLUMN webhook_url text`,
    sql`ALTER TABLE phone_numbers DROP CONSTRAINT phone_numbers_claim_check`,
    sql`ALTER TABLE phone_numbers ADD CONSTRAINT phone_numbers_claim_check
      CHECK (claim IN ('own_account', 'operator', 'carried_over', 'purchased'))`,
    sql`ALTER TABLE phone_numbers ADD CONSTRAINT phone_numbers_purchase_check CHECK (
      purchase_state IS NULL
      OR (claim = 'purchased' AND monthly_price_micros IS NOT NULL AND paid_until IS NOT NULL
          AND (purchase_state = 'pending' OR carrier_sid IS NOT NULL)))`,
  ]);
}
