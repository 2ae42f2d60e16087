import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * SMS sent from and received on the account's numbers, and SMS conversations with assistants.
 *
 * - `sms_messages`: one row per message. An outbound one is inserted `queued` in the transaction
 *   that takes its price from the balance (`total_cost_micros` = `segments` x
 *   `segment_price_micros`), becomes `sent` when the carrier accepts it, then `delivered`,
 *   `undelivered` or `failed` by the carrier's status callbacks; `refunded_at` is set in the
 *   transaction that gives its price back (refused, failed). An inbound one is `received`, keyed
 *   by the carrier's message id (a repeated webhook finds it). `provider_account_sid`: the
 *   carrier account that sends or received it, which alone may report on it.
 * - `conversations.type` gains `sms`; such a conversation names the number it runs on
 *   (`sms_phone_number_id`), and each customer has one open conversation per number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`CREATE TABLE sms_messages (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      phone_number_id integer REFERENCES phone_numbers(id) ON DELETE SET NULL,
      direction text NOT NULL CHECK (direction IN ('outbound', 'inbound')),
      origin text NOT NULL CHECK (origin IN ('api', 'assistant', 'help', 'customer')),
      from_number text NOT NULL,
      to_number text NOT NULL,
      body text NOT NULL,
      encoding text NOT NULL CHECK (encoding IN ('GSM-7', 'UCS-2')),
      segments integer NOT NULL CHECK (segments >= 1),
      segment_price_micros bigint NOT NULL CHECK (segment_price_micros >= 0),
      total_cost_micros bigint NOT NULL CHECK (total_cost_micros >= 0),
      status text NOT NULL CHECK (status IN ('queued', 'sent', 'delivered', 'undelivered', 'failed', 'received')),
      sms_sid text UNIQUE,
      provider_account_sid text,
      error_code integer,
      error_message text,
      conversation_id bigint REFERENCES conversations(id) ON DELETE SET NULL,
      answered_at timestamptz,
      refunded_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    sql`CREATE INDEX sms_messages_user_idx ON sms_messages (user_id, id)`,
    sql`ALTER TABLE conversations DROP CONSTRAINT conversations_type_check`,
    sql`ALTER TABLE conversations ADD CONSTRAINT conversations_type_check CHECK (type IN ('widget', 'test', 'api', 'whatsapp', 'sms'))`,
    sql`ALTER TABLE conversations ADD COLUMN sms_phone_number_id integer REFERENCES phone_numbers(id) ON DELETE SET NULL`,
    // One open SMS conversation per number and customer; an ended one may be followed by a new one.
    sql`CREATE UNIQUE INDEX conversations_sms_customer_key ON conversations (sms_phone_number_id, customer_phone)
        WHERE type = 'sms' AND status = 'active'`,
  ]);
}
