import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { CatalogData, CatalogProvider } from './catalog.types.js';

type ProviderTable = 'catalog_synthesizer_providers' | 'catalog_transcriber_providers';

export function createCatalogRepo(db: DbOrTx) {
  return {
    async readMeta(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('catalog_meta').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async writeMeta(key: string, value: string): Promise<void> {
      await db
        .insertInto('catalog_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },

    /** Serialises catalog syncs of several processes starting at once; released at commit. */
    async lockForSync(): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext('switchboard.catalog-sync'))`.execute(db);
    },

    /** Inserts or replaces every entry by id. Entries missing from `data` stay: assistants may use them. */
    async upsertAll(data: CatalogData): Promise<void> {
      await upsertProviders(db, 'catalog_synthesizer_providers', data.synthesizer_providers);
      await upsertProviders(db, 'catalog_transcriber_providers', data.transcriber_providers);
      if (data.languages.length > 0) {
        await db
          .insertInto('catalog_languages')
          .values(data.languages)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              iso_2: eb.ref('excluded.iso_2'),
              default_synthesizer_provider_id: eb.ref('excluded.default_synthesizer_provider_id'),
              default_transcriber_provider_id: eb.ref('excluded.default_transcriber_provider_id'),
            })),
          )
          .execute();
      }
      if (data.voices.length > 0) {
        await db
          .insertInto('catalog_voices')
          .values(data.voices.map((v) => ({ ...v, user_id: v.user_id ?? null })))
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              language_id: eb.ref('excluded.language_id'),
              gender: eb.ref('excluded.gender'),
              preview_url: eb.ref('excluded.preview_url'),
              accent: eb.ref('excluded.accent'),
              age: eb.ref('excluded.age'),
              synthesizer_provider_id: eb.ref('excluded.synthesizer_provider_id'),
              provider_voice_id: eb.ref('excluded.provider_voice_id'),
              modes: eb.ref('excluded.modes'),
            })),
          )
          .execute();
      }
      if (data.models.length > 0) {
        await db
          .insertInto('catalog_models')
          .values(data.models)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              type: eb.ref('excluded.type'),
              name: eb.ref('excluded.name'),
              code: eb.ref('excluded.code'),
              provider_model_id: eb.ref('excluded.provider_model_id'),
              is_default: eb.ref('excluded.is_default'),
            })),
          )
          .execute();
      }
    },

    async readAll(): Promise<CatalogData> {
      const [languages, voices, models, synthesizers, transcribers] = await Promise.all([
        db.selectFrom('catalog_languages').selectAll().orderBy('id').execute(),
        db.selectFrom('catalog_voices').selectAll().orderBy('id').execute(),
        db.selectFrom('catalog_models').selectAll().orderBy('id').execute(),
        db.selectFrom('catalog_synthesizer_providers').selectAll().orderBy('id').execute(),
        db.selectFrom('catalog_transcriber_providers').selectAll().orderBy('id').execute(),
      ]);
      return { languages, voices, models, synthesizer_providers: synthesizers, transcriber_providers: transcribers };
    },
  };
}

async function upsertProviders(db: DbOrTx, table: ProviderTable, providers: CatalogProvider[]): Promise<void> {
  if (providers.length === 0) return;
  await db
    .insertInto(table)
    .values(providers)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        code: eb.ref('excluded.code'),
        language_ids: eb.ref('excluded.language_ids'),
      })),
    )
    .execute();
}
