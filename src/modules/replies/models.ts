import type { CatalogService } from '../catalog/index.js';
import type { RuntimeAssistant } from './functions/types.js';

export interface ModelResolverOptions {
  catalog: Pick<CatalogService, 'snapshot'>;
  /** LLM_MODEL: when set, every request uses this model name (e.g. a local server's only model). */
  override?: string;
  /** Used when the catalog has no LLM model at all. */
  fallback: string;
}

/** The provider model name an assistant's text replies use. */
export function createModelResolver({ catalog, override, fallback }: ModelResolverOptions) {
  return async (assistant: RuntimeAssistant): Promise<string> => {
    if (override) return override;
    // Realtime voice models cannot chat in text; multimodal and dualplex use the chat fallback.
    const id = assistant.mode === 'pipeline' ? assistant.llm_model_id : assistant.chat_llm_fallback_id;
    const snapshot = await catalog.snapshot();
    const model = (id !== null ? snapshot.models.get(id) : undefined) ?? snapshot.defaultModel('llm');
    return model?.provider_model_id ?? fallback;
  };
}

export type ModelResolver = ReturnType<typeof createModelResolver>;
