import type { CatalogData, CatalogLanguage, CatalogModel, CatalogProvider } from './catalog.types.js';
import { SEED_VOICES } from './catalog.seed-voices.js';

/**
 * The built-in reference data. Bump the version when an entry changes: at start the service
 * upserts the seed (plus CATALOG_FILE) whenever its fingerprint differs from what the database
 * holds. Ids are stable forever, because assistants reference them.
 */
export const CATALOG_SEED_VERSION = '2026.1';

export const SEED_IDS = {
  english: 1,
  romanian: 2,
  elevenlabs: 1,
  azure: 2,
  cartesia: 3,
  deepgramStt: 1,
  azureStt: 2,
  gpt4oMini: 1,
  gpt41Mini: 2,
  gpt4oRealtime: 101,
  gptRealtime: 103,
  dualplexGptRealtime: 201,
} as const;

const EVERY_LANGUAGE = null;

const language = (id: number, name: string, iso2: string, synthesizer: number, transcriber: number): CatalogLanguage => ({
  id,
  name,
  iso_2: iso2,
  default_synthesizer_provider_id: synthesizer,
  default_transcriber_provider_id: transcriber,
});

const LANGUAGES: CatalogLanguage[] = [
  language(1, 'English', 'en', 1, 1),
  language(2, 'Romanian', 'ro', 2, 2),
  language(3, 'French', 'fr', 1, 1),
  language(4, 'Spanish', 'es', 1, 1),
  language(5, 'German', 'de', 1, 1),
  language(6, 'Italian', 'it', 1, 1),
  language(7, 'Portuguese', 'pt', 1, 1),
  language(8, 'Dutch', 'nl', 1, 1),
  language(9, 'Polish', 'pl', 1, 1),
  language(10, 'Hindi', 'hi', 1, 1),
  language(11, 'Japanese', 'ja', 1, 1),
  language(12, 'Chinese', 'zh', 1, 1),
  language(13, 'Arabic', 'ar', 2, 2),
  language(14, 'Turkish', 'tr', 1, 1),
  language(15, 'Swedish', 'sv', 1, 1),
];

const provider = (id: number, name: string, code: string, languageIds: number[] | null): CatalogProvider => ({
  id,
  name,
  code,
  language_ids: languageIds,
});

const SYNTHESIZER_PROVIDERS: CatalogProvider[] = [
  provider(1, 'ElevenLabs', 'elevenlabs', EVERY_LANGUAGE),
  provider(2, 'Azure', 'azure', EVERY_LANGUAGE),
  // Cartesia Sonic's language list (no Romanian or Arabic).
  provider(3, 'Cartesia', 'cartesia', [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15]),
  provider(4, 'OpenAI', 'openai', EVERY_LANGUAGE),
  // Deepgram Aura-2 speaks English and Spanish.
  provider(5, 'Deepgram', 'deepgram', [1, 4]),
];

const TRANSCRIBER_PROVIDERS: CatalogProvider[] = [
  provider(1, 'Deepgram', 'deepgram', [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15]),
  provider(2, 'Azure', 'azure', EVERY_LANGUAGE),
  provider(3, 'Gladia', 'gladia', EVERY_LANGUAGE),
  provider(4, 'AssemblyAI', 'assemblyai', [1, 3, 4, 5, 6, 7]),
  provider(5, 'OpenAI', 'openai', EVERY_LANGUAGE),
];

const model = (
  id: number,
  type: CatalogModel['type'],
  name: string,
  providerModelId: string,
  options: { code?: string; isDefault?: boolean } = {},
): CatalogModel => ({
  id,
  type,
  name,
  code: options.code ?? null,
  provider_model_id: providerModelId,
  is_default: options.isDefault ?? false,
});

const MODELS: CatalogModel[] = [
  model(1, 'llm', 'GPT-4o-mini', 'gpt-4o-mini', { isDefault: true }),
  model(2, 'llm', 'GPT-4.1-mini', 'gpt-4.1-mini'),
  model(3, 'llm', 'GPT-4o', 'gpt-4o'),
  model(4, 'llm', 'GPT-4.1', 'gpt-4.1'),
  model(5, 'llm', 'GPT-4.1-nano', 'gpt-4.1-nano'),
  model(6, 'llm', 'Llama 3.3 70B', 'llama-3.3-70b-versatile'),
  model(7, 'llm', 'Llama 3.1 8B Instant', 'llama-3.1-8b-instant'),
  model(101, 'multimodal', 'GPT-4o', 'gpt-4o-realtime-preview', { code: 'gpt-4o-realtime', isDefault: true }),
  model(102, 'multimodal', 'GPT-4o mini', 'gpt-4o-mini-realtime-preview', { code: 'gpt-4o-mini-realtime' }),
  model(103, 'multimodal', 'GPT Realtime', 'gpt-realtime', { code: 'gpt-realtime' }),
  model(104, 'multimodal', 'Gemini 2.5 Flash Live', 'gemini-live-2.5-flash-preview', { code: 'gemini-live-2.5-flash' }),
  // Dualplex: a realtime model listens and reasons, the assistant's own synthesizer speaks.
  model(201, 'dualplex', 'GPT Realtime', 'gpt-realtime', { code: 'gpt-realtime', isDefault: true }),
  model(202, 'dualplex', 'GPT-4o mini', 'gpt-4o-mini-realtime-preview', { code: 'gpt-4o-mini-realtime' }),
];

export const BUILTIN_CATALOG: CatalogData = {
  languages: LANGUAGES,
  voices: SEED_VOICES,
  models: MODELS,
  synthesizer_providers: SYNTHESIZER_PROVIDERS,
  transcriber_providers: TRANSCRIBER_PROVIDERS,
};
