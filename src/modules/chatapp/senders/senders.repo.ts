import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../../core/db/transaction.js';
import type { ChatappSendersTable } from '../../../core/db/schema.js';

export type SenderRow = Selectable<ChatappSendersTable>;
export type NewSender = Insertable<ChatappSendersTable>;
/**
 * What an owner's update may change (the number fields only as the platform verified them for a
 * new token); status, quality and limits come from the platform's own reports.
 */
export type SenderPatch = Pick<
  Updateable<ChatappSendersTable>,
  | 'display_name'
  | 'voice_calling_enabled'
  | 'voice_webhook_url'
  | 'assistant_id'
  | 'access_token_sealed'
  | 'phone_number'
  | 'country_code'
  | 'verified_name'
  | 'updated_at'
  | 'status_webhook_url'
  | 'status'
  | 'offline_reason'
>;

/** What the platform reports about a number; undefined fields are left as they are. */
export interface SenderStatePatch {
  status?: 'online' | 'offline';
  offline_reason?: string | null;
  quality_rating?: string | null;
  messaging_limit?: number | null;
  name_status?: string | null;
  verified_name?: string | null;
  state_synced_at?: Date;
  updated_at: Date;
}

/** Every read is scoped by owner unless its name says otherwise (platform webhooks, jobs). */
export function createSendersRepo(db: DbOrTx) {
  return {
    insert(sender: NewSender): Promise<SenderRow> {
      // Column by column: a sender's object is built from a request, and only these are stored.
      return db
        .insertInto('chatapp_senders')
        .values({
          user_id: sender.user_id,
          platform: sender.platform,
          display_name: sender.display_name,
          phone_number: sender.phone_number,
          country_code: sender.country_code,
          phone_number_id: sender.phone_number_id,
          waba_id: sender.waba_id,
          access_token_sealed: sender.access_token_sealed,
          verified_name: sender.verified_name,
          status: sender.status,
          quality_rating: sender.quality_rating,
          messaging_limit: sender.messaging_limit,
          voice_calling_enabled: sender.voice_calling_enabled,
          voice_webhook_url: sender.voice_webhook_url,
          status_webhook_url: sender.status_webhook_url,
          assistant_id: sender.assistant_id,
          templates_synced_at: sender.templates_synced_at,
          templates_sync_error: sender.templates_sync_error,
          created_at: sender.created_at,
          updated_at: sender.updated_at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findOwned(userId: number, id: number): Promise<SenderRow | undefined> {
      return db.selectFrom('chatapp_senders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * The sender, as findOwned, and in the same round trip its conversation with this customer
     * (the 24-hour window a free-form send checks); conversation null before first contact.
     */
    async findOwnedWithConversation(
      userId: number,
      id: number,
      customerPhone: string,
    ): Promise<{ sender: SenderRow; conversation: { id: number; last_customer_message_at: Date | null } | null } | undefined> {
      const row = await db
        .selectFrom('chatapp_senders')
        .leftJoin('chatapp_conversations', (join) =>
          join
            .onRef('chatapp_conversations.sender_id', '=', 'chatapp_senders.id')
            .on('chatapp_conversations.customer_phone', '=', customerPhone),
        )
        .selectAll('chatapp_senders')
        .select([
          'chatapp_conversations.id as conversation_id',
          'chatapp_conversations.last_customer_message_at as conversation_last_customer_message_at',
        ])
        .where('chatapp_senders.id', '=', id)
        .where('chatapp_senders.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { conversation_id, conversation_last_customer_message_at, ...sender } = row;
      return {
        sender,
        conversation:
          conversation_id === null ? null : { id: conversation_id, last_customer_message_at: conversation_last_customer_message_at },
      };
    },

    listOwned(userId: number, onlineOnly: boolean): Promise<SenderRow[]> {
      let query = db.selectFrom('chatapp_senders').selectAll().where('user_id', '=', userId);
      if (onlineOnly) query = query.where('status', '=', 'online');
      return query.orderBy('id').execute();
    },

    updateOwned(userId: number, id: number, patch: SenderPatch): Promise<SenderRow | undefined> {
      return db
        .updateTable('chatapp_senders')
        .set({
          display_name: patch.display_name,
          voice_calling_enabled: patch.voice_calling_enabled,
          voice_webhook_url: patch.voice_webhook_url,
          assistant_id: patch.assistant_id,
          access_token_sealed: patch.access_token_sealed,
          phone_number: patch.phone_number,
          country_code: patch.country_code,
          verified_name: patch.verified_name,
          status_webhook_url: patch.status_webhook_url,
          status: patch.status,
          offline_reason: patch.offline_reason,
          updated_at: patch.updated_at,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /** The deleted sender's number and name; undefined when it is not this user's. */
    deleteOwned(userId: number, id: number): Promise<{ phone_number: string; display_name: string } | undefined> {
      return db
        .deleteFrom('chatapp_senders')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['phone_number', 'display_name'])
        .executeTakeFirst();
    },

    /** Platform webhooks carry the number's id, not an owner. */
    findByPhoneNumberIdUnscoped(phoneNumberId: string): Promise<SenderRow | undefined> {
      return db
        .selectFrom('chatapp_senders')
        .selectAll()
        .where('platform', '=', 'cloud_api')
        .where('phone_number_id', '=', phoneNumberId)
        .executeTakeFirst();
    },

    findByWabaIdUnscoped(wabaId: string): Promise<SenderRow[]> {
      return db.selectFrom('chatapp_senders').selectAll().where('platform', '=', 'cloud_api').where('waba_id', '=', wabaId).execute();
    },

    findByIdUnscoped(id: number): Promise<SenderRow | undefined> {
      return db.selectFrom('chatapp_senders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listIdsUnscoped(): Promise<number[]> {
      const rows = await db.selectFrom('chatapp_senders').select('id').orderBy('id').execute();
      return rows.map((r) => r.id);
    },

    /** The platform's view of the number (polled or from its webhooks), column by column. */
    async applyPlatformState(id: number, patch: SenderStatePatch): Promise<void> {
      await db
        .updateTable('chatapp_senders')
        .set({
          status: patch.status,
          offline_reason: patch.offline_reason,
          quality_rating: patch.quality_rating,
          messaging_limit: patch.messaging_limit,
          name_status: patch.name_status,
          verified_name: patch.verified_name,
          state_synced_at: patch.state_synced_at,
          updated_at: patch.updated_at,
        })
        .where('id', '=', id)
        .execute();
    },

    async recordTemplateSync(id: number, result: { at: Date; error: string | null }): Promise<void> {
      await db
        .updateTable('chatapp_senders')
        .set({
          templates_sync_error: result.error,
          updated_at: result.at,
          ...(result.error === null ? { templates_synced_at: result.at } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
