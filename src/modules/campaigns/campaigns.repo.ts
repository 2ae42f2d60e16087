import type { Insertable, Selectable, Updateable } from 'kysely';
import type { CampaignsTable } from '../../core/db/schema.js';
import type { DbOrTx } from '../../core/db/transaction.js';

export type CampaignRow = Selectable<CampaignsTable>;

export function createCampaignsRepo(db: DbOrTx) {
  return {
    insert(values: Insertable<CampaignsTable>): Promise<CampaignRow> {
      return db.insertInto('campaigns').values(values).returningAll().executeTakeFirstOrThrow();
    },

    list(userId: number): Promise<CampaignRow[]> {
      return db.selectFrom('campaigns').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
    },

    findOwned(userId: number, id: number): Promise<CampaignRow | undefined> {
      return db.selectFrom('campaigns').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },

    /** The campaign locked for the rest of the transaction: status changes and dial claims queue behind it. */
    lockOwned(userId: number, id: number): Promise<CampaignRow | undefined> {
      return db.selectFrom('campaigns').selectAll().where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    lock(id: number): Promise<CampaignRow | undefined> {
      return db.selectFrom('campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    update(id: number, values: Updateable<CampaignsTable>): Promise<CampaignRow> {
      return db.updateTable('campaigns').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('campaigns').where('id', '=', id).execute();
    },
  };
}
