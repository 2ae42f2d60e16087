import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { ChatappSendersTable } from '../../core/db/schema.js';

export type SenderRow = Selectable<ChatappSendersTable>;
export type NewSender = Insertable<ChatappSendersTable>;
export type SenderPatch = Updateable<ChatappSendersTable>;

/** Every read is scoped by owner unless its name says otherwise (platform webhooks, jobs). */
export function createSendersRepo(db: DbOrTx) {
  return {
    insert(sender: NewSender): Promise<SenderRow> {
      return db.insertInto('chatapp_senders').values(sender).returningAll().executeTakeFirstOrThrow();
    },

    findOwned(userId: number, id: number): Promise<SenderRow | undefined> {
      return db.selectFrom('chatapp_senders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    listOwned(userId: number, onlineOnly: boolean): Promise<SenderRow[]> {
      let query = db.selectFrom('chatapp_senders').selectAll().where('user_id', '=', userId);
      if (onlineOnly) query = query.where('status', '=', 'online');
      return query.orderBy('id').execute();
    },

    updateOwned(userId: number, id: number, patch: SenderPatch): Promise<SenderRow | undefined> {
      return db
        .updateTable('chatapp_senders')
        .set(patch)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteOwned(userId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('chatapp_senders').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
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

    async recordTemplateSync(id: number, result: { at: Date; error: string | null }): Promise<void> {
      const patch: SenderPatch = { templates_sync_error: result.error, updated_at: result.at };
      if (result.error === null) patch.templates_synced_at = result.at;
      await db.updateTable('chatapp_senders').set(patch).where('id', '=', id).execute();
    },
  };
}
