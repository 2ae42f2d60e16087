import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import type { AssistantMode, CatalogModelType } from '../../core/db/schema.js';
import { createCatalogRepo } from './catalog.repo.js';
import { BUILTIN_CATALOG, CATALOG_SEED_VERSION } from './catalog.seed.js';
import { mergeCatalog, readCatalogFile } from './catalog.file.js';
import type { CatalogData, CatalogLanguage, CatalogModel, CatalogProvider, CatalogVoice } from './catalog.types.js';

export interface CatalogDeps {
  db: Db;
  logger: Logger;
  /** CATALOG_FILE: extra or replacement entries laid over the built-in seed at start. */
  catalogFile?: string;
  /** Monotonic milliseconds for the snapshot's age; performance.now by default. */
  now?: () => number;
  /** Whether this server can use a speech provider (its key is set); language defaults follow it. */
  speechAvailable?: SpeechAvailable;
}

export type SpeechAvailable = (kind: 'synthesizer' | 'transcriber', code: string) => boolean;

/** The whole catalog in memory, indexed by id. Small (hundreds of rows) and read on every update. */
export interface CatalogSnapshot {
  languages: Map<number, CatalogLanguage>;
  voices: Map<number, CatalogVoice>;
  models: Map<number, CatalogModel>;
  synthesizers: Map<number, CatalogProvider>;
  transcribers: Map<number, CatalogProvider>;
  defaultModel(type: CatalogModelType): CatalogModel | undefined;
}

/**
 * Reference data changes only at start (seed, CATALOG_FILE) or from another process, so a copy
 * a few seconds old is fine; that keeps catalog checks off the database on the update path.
 */
const SNAPSHOT_TTL_MS = 10_000;

export function providerSupportsLanguage(provider: CatalogProvider, languageId: number): boolean {
  return provider.language_ids === null || provider.language_ids.includes(languageId);
}

export function voiceVisibleTo(voice: CatalogVoice, userId: number): boolean {
  return voice.user_id === null || voice.user_id === undefined || voice.user_id === userId;
}

export function createCatalogService({ db, logger, catalogFile, now = () => performance.now(), speechAvailable }: CatalogDeps) {
  let cached: { snapshot: CatalogSnapshot; loadedAt: number } | undefined;
  let loading: Promise<CatalogSnapshot> | undefined;
  /** Moved by sync: a read started before it must not bring back what sync replaced. */
  let generation = 0;

  /** One read of the catalog at a time, however many requests find the copy missing or old. */
  function reload(): Promise<CatalogSnapshot> {
    if (loading) return loading;
    const startedIn = generation;
    const load = createCatalogRepo(db)
      .readAll()
      .then((data) => {
        const fresh = indexCatalog(data, speechAvailable);
        if (startedIn === generation) cached = { snapshot: fresh, loadedAt: now() };
        return fresh;
      })
      .finally(() => {
        if (loading === load) loading = undefined;
      });
    loading = load;
    return load;
  }

  /**
   * The catalog as of at most SNAPSHOT_TTL_MS ago. An old copy still answers while one reload
   * runs behind it, so a request (a call's turn, an assistant update) never waits on the reload.
   */
  async function snapshot(): Promise<CatalogSnapshot> {
    if (!cached) return reload();
    if (now() - cached.loadedAt >= SNAPSHOT_TTL_MS) {
      reload().catch((error: unknown) => logger.warn({ err: error }, 'the catalog could not be reloaded; the previous copy stays in use'));
    }
    return cached.snapshot;
  }

  return {
    /**
     * Brings the stored catalog to the seed plus CATALOG_FILE. Skips all writes when the
     * fingerprint already matches, so N processes starting together cost one comparison each.
     */
    async sync(): Promise<{ changed: boolean; version: string }> {
      const data = catalogFile ? mergeCatalog(BUILTIN_CATALOG, readCatalogFile(catalogFile), catalogFile) : BUILTIN_CATALOG;
      const fingerprint = createHash('sha256').update(JSON.stringify(data)).digest('hex');
      const changed = await inTransaction(db, async (tx) => {
        const repo = createCatalogRepo(tx);
        await repo.lockForSync();
        if ((await repo.readMeta('fingerprint')) === fingerprint) return false;
        await repo.upsertAll(data);
        await repo.writeMeta('fingerprint', fingerprint);
        await repo.writeMeta('seed_version', CATALOG_SEED_VERSION);
        return true;
      });
      generation += 1;
      cached = undefined;
      loading = undefined;
      if (changed) logger.info({ version: CATALOG_SEED_VERSION, catalogFile }, 'catalog updated');
      return { changed, version: CATALOG_SEED_VERSION };
    },

    snapshot,

    async voices(filter: { userId: number; mode?: AssistantMode; languageId?: number }): Promise<CatalogVoice[]> {
      const { voices } = await snapshot();
      return [...voices.values()].filter(
        (v) =>
          voiceVisibleTo(v, filter.userId) &&
          (filter.mode === undefined || v.modes.includes(filter.mode)) &&
          (filter.languageId === undefined || v.language_id === filter.languageId),
      );
    },

    async languages(): Promise<CatalogLanguage[]> {
      return [...(await snapshot()).languages.values()];
    },

    async models(type: CatalogModelType): Promise<CatalogModel[]> {
      return [...(await snapshot()).models.values()].filter((m) => m.type === type);
    },

    async providers(kind: 'synthesizer' | 'transcriber', languageId?: number): Promise<CatalogProvider[]> {
      const snap = await snapshot();
      const all = kind === 'synthesizer' ? snap.synthesizers : snap.transcribers;
      return [...all.values()].filter((p) => languageId === undefined || providerSupportsLanguage(p, languageId));
    },

    /** The model name the conversation engine sends to the OpenAI-compatible endpoint. */
    async providerModelId(modelId: number): Promise<string | undefined> {
      return (await snapshot()).models.get(modelId)?.provider_model_id;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

function indexCatalog(data: CatalogData, speechAvailable?: SpeechAvailable): CatalogSnapshot {
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  const models = byId(data.models);
  const synthesizers = byId(data.synthesizer_providers);
  const transcribers = byId(data.transcriber_providers);
  const languages = speechAvailable
    ? data.languages.map((language) => withConfiguredDefaults(language, { synthesizers, transcribers }, speechAvailable))
    : data.languages;
  return {
    languages: byId(languages),
    voices: byId(data.voices),
    models,
    synthesizers,
    transcribers,
    defaultModel: (type) => [...models.values()].find((m) => m.type === type && m.is_default),
  };
}

/**
 * An assistant without its own synthesizer or transcriber uses its language's default. The
 * catalog names one per language (ElevenLabs and Deepgram for English); when this server cannot
 * use it but can use another that speaks the language (only SPEECH_BASE_URL set: the
 * OpenAI-compatible ones), that one is the default here. With none usable the catalog's stays,
 * so the "not available" message names the setting it needs.
 */
function withConfiguredDefaults(
  language: CatalogLanguage,
  providers: { synthesizers: Map<number, CatalogProvider>; transcribers: Map<number, CatalogProvider> },
  available: SpeechAvailable,
): CatalogLanguage {
  const pick = (kind: 'synthesizer' | 'transcriber', all: Map<number, CatalogProvider>, catalogDefault: number | null) => {
    const usable = (provider: CatalogProvider | undefined) =>
      !!provider && providerSupportsLanguage(provider, language.id) && available(kind, provider.code);
    if (catalogDefault !== null && usable(all.get(catalogDefault))) return catalogDefault;
    return [...all.values()].find(usable)?.id ?? catalogDefault;
  };
  return {
    ...language,
    default_synthesizer_provider_id: pick('synthesizer', providers.synthesizers, language.default_synthesizer_provider_id),
    default_transcriber_provider_id: pick('transcriber', providers.transcribers, language.default_transcriber_provider_id),
  };
}
