import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../../core/db/transaction.js';
import type { ChatappTemplateStatus, ChatappTemplatesTable } from '../../../core/db/schema.js';
import type { PlatformTemplate } from '../platform/types.js';

export type TemplateRow = Selectable<ChatappTemplatesTable>;

export function createTemplatesRepo(db: DbOrTx) {
  return {
    list(senderId: number, status: ChatappTemplateStatus | 'all'): Promise<TemplateRow[]> {
      let query = db.selectFrom('chatapp_templates').selectAll().where('sender_id', '=', senderId);
      if (status !== 'all') query = query.where('status', '=', status);
      return query.orderBy('id').execute();
    },

    findForSender(senderId: number, id: number): Promise<TemplateRow | undefined> {
      return db.selectFrom('chatapp_templates').selectAll().where('sender_id', '=', senderId).where('id', '=', id).executeTakeFirst();
    },

    /** The sender's approved Voice Call Request template; the most recently added when there are several. */
    findVoiceTemplate(senderId: number): Promise<TemplateRow | undefined> {
      return db
        .selectFrom('chatapp_templates')
        .selectAll()
        .where('sender_id', '=', senderId)
        .where('status', '=', 'approved')
        .where('is_call_permission', '=', true)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Makes the sender's templates equal the platform's list: upserts by the platform's id (so
     * our ids stay stable for callers) and deletes those the platform no longer has.
     */
    async replaceAll(senderId: number, templates: PlatformTemplate[], now: Date): Promise<number> {
      const kept = templates.filter((t) => t.status !== null);
      for (const t of kept) {
        const values = {
          name: t.name,
          language: t.language,
          category: t.category,
          status: t.status!,
          body_text: t.bodyText,
          variables: t.variables,
          parameter_format: t.parameterFormat,
          is_call_permission: t.isCallPermission,
          header_format: t.headerFormat,
          header_variables: t.headerVariables,
          button_variables: t.buttonVariables,
          updated_at: now,
        };
        await db
          .insertInto('chatapp_templates')
          .values({ sender_id: senderId, platform_template_id: t.platformId, created_at: now, ...values })
          .onConflict((oc) => oc.constraint('chatapp_templates_platform_key').doUpdateSet(values))
          .execute();
      }
      const keptIds = kept.map((t) => t.platformId);
      let removal = db.deleteFrom('chatapp_templates').where('sender_id', '=', senderId);
      if (keptIds.length > 0) removal = removal.where('platform_template_id', 'not in', keptIds);
      await removal.execute();
      return kept.length;
    },

    /** A status webhook for one template of a business account; returns how many rows it touched. */
    async applyPlatformStatus(senderIds: number[], platformTemplateId: string, status: ChatappTemplateStatus | null, now: Date) {
      if (senderIds.length === 0) return 0;
      if (status === null) {
        const result = await db
          .deleteFrom('chatapp_templates')
          .where('sender_id', 'in', senderIds)
          .where('platform_template_id', '=', platformTemplateId)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }
      const result = await db
        .updateTable('chatapp_templates')
        .set({ status, updated_at: now })
        .where('sender_id', 'in', senderIds)
        .where('platform_template_id', '=', platformTemplateId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
