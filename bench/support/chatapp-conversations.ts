import { sql } from 'kysely';
import type { Deps } from '../../src/deps.js';

/**
 * A user with a simulator sender and `contacts` chatapp conversations on it, their customers'
 * last messages spread over the past two days (some windows open, some expired). Customer i
 * has the phone number +4070 followed by i in seven digits.
 */
export async function seedChatappConversations(deps: Deps, options: { email: string; contacts: number }) {
  const { user, apiKey } = await deps.services.accounts.createUser({ email: options.email, password: 'bench-password' });
  const sender = await deps.services.chatapp.senders.create(user.id, {
    display_name: 'Bench',
    phone_number: '+442071234567',
    platform: 'simulator',
  });
  await sql`
    INSERT INTO chatapp_conversations (uuid, user_id, sender_id, customer_phone, customer_name, last_customer_message_at, last_message_at, created_at, updated_at)
    SELECT gen_random_uuid(), ${user.id}, ${sender.id}, '+4070' || lpad(i::text, 7, '0'), 'Customer ' || i,
           now() - (i % 2880) * interval '1 minute', now(), now(), now()
    FROM generate_series(1, ${options.contacts}) AS i`.execute(deps.db);
  await sql`ANALYZE chatapp_conversations`.execute(deps.db);
  return { user, apiKey, sender };
}
