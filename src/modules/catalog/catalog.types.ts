import type { CatalogLanguagesTable, CatalogModelsTable, CatalogProvidersTable, CatalogVoicesTable } from '../../core/db/schema.js';

export type CatalogLanguage = CatalogLanguagesTable;
export type CatalogProvider = CatalogProvidersTable;
export type CatalogModel = CatalogModelsTable;
/** Voices from the seed or a catalog file are public; user-owned voices are stored rows only. */
export type CatalogVoice = Omit<CatalogVoicesTable, 'user_id'> & { user_id?: number | null };

/** Everything the catalog holds; the shape of the built-in seed and of CATALOG_FILE. */
export interface CatalogData {
  languages: CatalogLanguage[];
  voices: CatalogVoice[];
  models: CatalogModel[];
  synthesizer_providers: CatalogProvider[];
  transcriber_providers: CatalogProvider[];
}
