import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Chatapp (WhatsApp Cloud API) voice calls as call records.
 *
 * `type` names the platform and the direction (`whatsapp_outbound`, `whatsapp_inbound`, the
 * words the compatible product's voice event uses); `provider` is `chatapp` and
 * `provider_call_id` the platform's call id (wacid), unique like a Twilio CallSid.
 *
 * `chatapp_signal` carries what the platform's `calls` webhook said about a live call to the
 * process that holds its WebRTC peer, when another process received the webhook: the SDP
 * answer of a business-initiated call, or that the customer hung up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE calls DROP CONSTRAINT calls_type_check`,
    sql`ALTER TABLE calls ADD CONSTRAINT calls_type_check CHECK (type IN ('inbound', 'outbound', 'web', 'whatsapp_outbound', 'whatsapp_inbound'))`,
    sql`ALTER TABLE calls DROP CONSTRAINT calls_provider_check`,
    sql`ALTER TABLE calls ADD CONSTRAINT calls_provider_check CHECK (provider IN ('twilio', 'web', 'chatapp'))`,
    sql`ALTER TABLE calls ADD COLUMN chatapp_sender_id integer REFERENCES chatapp_senders(id) ON DELETE SET NULL`,
    sql`ALTER TABLE calls ADD COLUMN chatapp_signal jsonb`,
    // CONCURRENT_LIMIT counts a sender's live calls.
    sql`CREATE INDEX calls_chatapp_sender_live_idx ON calls (chatapp_sender_id) WHERE status IN ('initiated', 'ringing', 'in-progress')`,
  ]);
}
