import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { CatalogData, CatalogLanguage, CatalogModel, CatalogProvider, CatalogVoice } from './catalog.types.js';

type ProviderTable = 'catalog_synthesizer_providers' | 'catalog_transcriber_providers';

// Catalog entries come from the seed or from an operator's CATALOG_FILE; each row is written
// column by column, so a stray key in a file entry is ignored instead of reaching SQL.
const languageColumns = (l: CatalogLanguage): CatalogLanguage => ({
  id: l.id,
  name: l.name,
  iso_2: l.iso_2,
  default_synthesizer_provider_id: l.default_synthesizer_provider_id,
  default_transcriber_provider_id: l.default_transcriber_provider_id,
});

const voiceColumns = (v: CatalogVoice) => ({
  id: v.id,
  name: v.name,
  language_id: v.language_id,
  gender: v.gender,
  preview_url: v.preview_url,
  accent: v.accent,
  age: v.age,
  synthesizer_provider_id: v.synthesizer_provider_id,
  provider_voice_id: v.provider_voice_id,
  modes: v.modes,
  user_id: v.user_id ?? null,
});

const modelColumns = (m: CatalogModel): CatalogModel => ({
  id: m.id,
  type: m.type,
  name: m.name,
  code: m.code,
  provider_model_id: m.provider_model_id,
  is_default: m.is_default,
});

const providerColumns = (p: CatalogProvider): CatalogProvider => ({ id: p.id, name: p.name, code: p.code, language_ids: p.language_ids });

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
          .values(data.languages.map(languageColumns))
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
          .values(data.voices.map(voiceColumns))
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
          .values(data.models.map(modelColumns))
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
    .values(providers.map(providerColumns))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        code: eb.ref('excluded.code'),
        language_ids: eb.ref('excluded.language_ids'),
      })),
    )
    .execute();
}
