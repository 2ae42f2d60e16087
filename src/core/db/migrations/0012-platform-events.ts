import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * What the platform's inbound events carry beyond text: media references (fetched on demand,
 * never copied), the group a message was posted in, and a customer's later deletion or edit of
 * a message. A customer who hides their number is keyed by the platform's user id in
 * `customer_phone` (the contact key), so no new key column is needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE chatapp_messages
      ADD COLUMN media_id text,
      ADD COLUMN media_mime_type text,
      ADD COLUMN media_caption text,
      ADD COLUMN media_filename text,
      ADD COLUMN group_id text,
      ADD COLUMN deleted_at timestamptz,
      ADD COLUMN edited_at timestamptz,
      ADD COLUMN original_body text`,
    // GET /user/chatapp/media/{id} finds the message (and so the owner) by the platform's media id.
    sql`CREATE INDEX chatapp_messages_media_idx ON chatapp_messages (media_id) WHERE media_id IS NOT NULL`,
  ]);
}
