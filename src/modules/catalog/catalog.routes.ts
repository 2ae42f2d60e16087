import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import type { CatalogService } from './catalog.service.js';
import { LanguageList, ModelList, ModelsQuery, ProviderList, ProvidersQuery, VoiceList, VoicesQuery } from './catalog.schemas.js';

export interface CatalogRoutesOptions {
  catalog: CatalogService;
  /** Whether calls can use a speech provider on this server (from the calls module's registry). */
  speechAvailability?: (kind: 'synthesizer' | 'transcriber', code: string) => Availability;
  /** Whether calls can use a realtime model on this server (multimodal and dualplex assistants). */
  realtimeAvailability?: () => Availability;
}

type Availability = { available: boolean; unavailable_reason: string | null };

const tags = ['Catalogs'];
const config = { errorShape: 'validation' as const };

/** Reference endpoints that list the ids an assistant can use (spec 4.9). Bare arrays, as the reference. */
export const catalogRoutes: FastifyPluginAsyncTypebox<CatalogRoutesOptions> = async (
  app,
  { catalog, speechAvailability, realtimeAvailability },
) => {
  const withAvailability = (kind: 'synthesizer' | 'transcriber', providers: Array<{ id: number; name: string; code: string }>) =>
    providers.map((p) => ({ id: p.id, name: p.name, code: p.code, ...speechAvailability?.(kind, p.code) }));

  // The catalog is brought up to date before the app serves anything.
  app.addHook('onReady', async () => {
    await catalog.sync();
  });

  app.get(
    '/user/assistants/voices',
    { config, schema: { tags, operationId: 'listVoices', summary: 'Get voices', querystring: VoicesQuery, response: { 200: VoiceList } } },
    async (request) => {
      const { mode, language_id } = request.query;
      return catalog.voices({ userId: authOf(request).userId, mode, languageId: language_id });
    },
  );

  app.get(
    '/user/assistants/languages',
    { config, schema: { tags, operationId: 'listLanguages', summary: 'Get languages', response: { 200: LanguageList } } },
    async () => catalog.languages(),
  );

  app.get(
    '/user/assistants/models',
    { config, schema: { tags, operationId: 'listModels', summary: 'Get models', querystring: ModelsQuery, response: { 200: ModelList } } },
    async (request) => {
      const models = await catalog.models(request.query.type);
      return models.map((m) =>
        m.type === 'llm' ? { id: m.id, name: m.name } : { id: m.id, name: m.name, code: m.code ?? undefined, ...realtimeAvailability?.() },
      );
    },
  );

  app.get(
    '/user/assistants/synthesizer-providers',
    {
      config,
      schema: {
        tags,
        operationId: 'listSynthesizerProviders',
        summary: 'Get synthesizer (TTS) providers',
        querystring: ProvidersQuery,
        response: { 200: ProviderList },
      },
    },
    async (request) => withAvailability('synthesizer', await catalog.providers('synthesizer', request.query.language_id)),
  );

  app.get(
    '/user/assistants/transcriber-providers',
    {
      config,
      schema: {
        tags,
        operationId: 'listTranscriberProviders',
        summary: 'Get transcriber (STT) providers',
        querystring: ProvidersQuery,
        response: { 200: ProviderList },
      },
    },
    async (request) => withAvailability('transcriber', await catalog.providers('transcriber', request.query.language_id)),
  );
};
