import { createOfflineModel } from './offline.js';
import { createOpenAiCompatibleModel } from './openai-compatible.js';
import type { LanguageModel } from './provider.js';

export * from './provider.js';
export { createOfflineModel } from './offline.js';
export { createOpenAiCompatibleModel } from './openai-compatible.js';

export interface LanguageModelConfig {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_TIMEOUT_MS: number;
  LLM_MAX_RETRIES: number;
}

/** An OpenAI-compatible endpoint when LLM_BASE_URL is set; the offline model otherwise. */
export function createLanguageModel(config: LanguageModelConfig): LanguageModel {
  if (!config.LLM_BASE_URL) return createOfflineModel();
  return createOpenAiCompatibleModel({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
  });
}
