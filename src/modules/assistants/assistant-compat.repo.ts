import type { Selectable, Updateable } from 'kysely';
import type { AssistantsTable } from '../../core/db/schema.js';
import type { DbOrTx } from '../../core/db/transaction.js';

/** The webhook settings the reference's toggle routes change; each is left alone when undefined. */
export interface WebhookChange {
  inboundWebhookUrl?: string | null;
  conversationEndedWebhookUrl?: string | null;
  postCall?: { active: boolean; url: string | null };
}

const OUTBOUND_COLUMNS = [
  'id',
  'user_id',
  'name',
  'type',
  'mode',
  'status',
  'voice_id',
  'language_id',
  'timezone',
  'initial_message',
  'system_prompt',
  'variables',
  'webhook_url',
  'is_webhook_active',
  'created_at',
  'updated_at',
] as const;
export type OutboundRow = Pick<Selectable<AssistantsTable>, (typeof OUTBOUND_COLUMNS)[number]>;

export function createAssistantCompatRepo(db: DbOrTx) {
  return {
    outbound(userId: number): Promise<OutboundRow[]> {
      return db
        .selectFrom('assistants')
        .select(OUTBOUND_COLUMNS)
        .where('user_id', '=', userId)
        .where('type', '=', 'outbound')
        .orderBy('id', 'desc')
        .execute();
    },

    /** One statement, so it never interleaves with an update's locked read-modify-write. False: not the user's assistant. */
    async setWebhooks(input: { userId: number; id: number; change: WebhookChange; now: Date }): Promise<boolean> {
      const { change } = input;
      const values: Updateable<AssistantsTable> = { updated_at: input.now };
      if (change.inboundWebhookUrl !== undefined) values.inbound_webhook_url = change.inboundWebhookUrl;
      if (change.conversationEndedWebhookUrl !== undefined) values.conversation_ended_webhook_url = change.conversationEndedWebhookUrl;
      if (change.postCall) {
        values.is_webhook_active = change.postCall.active;
        values.webhook_url = change.postCall.url;
      }
      const result = await db
        .updateTable('assistants')
        .set(values)
        .where('id', '=', input.id)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
