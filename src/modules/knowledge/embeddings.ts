import type { OpenAI } from 'openai';

export interface EmbeddingsClient {
  model: string;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

export interface EmbeddingsOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

// Most providers cap a request at a few hundred inputs; small batches also keep one failure cheap.
const BATCH_SIZE = 64;

/**
 * Any OpenAI-compatible /embeddings endpoint (OpenAI, Azure, Ollama, vLLM, llama.cpp...). The
 * endpoint is the operator's configuration, not user input, so it is called directly rather
 * than through the SSRF-guarded client (a local model server is a normal setup).
 */
export function createEmbeddingsClient(options: EmbeddingsOptions): EmbeddingsClient {
  // The SDK is loaded with the first batch: a process that never embeds does not hold it.
  let loading: Promise<OpenAI> | undefined;
  const load = () =>
    (loading ??= import('openai').then(
      (sdk) =>
        new sdk.OpenAI({
          baseURL: options.baseUrl,
          // Local servers need no key, but the SDK insists on one.
          apiKey: options.apiKey || 'not-needed',
          timeout: options.timeoutMs,
          maxRetries: 2,
        }),
    ));
  return {
    model: options.model,
    async embed(texts) {
      const client = await load();
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += BATCH_SIZE) {
        const batch = texts.slice(start, start + BATCH_SIZE);
        const response = await client.embeddings.create({ model: options.model, input: batch, encoding_format: 'float' });
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== batch.length)
          throw new Error(`The embeddings endpoint returned ${ordered.length} vectors for ${batch.length} inputs.`);
        for (const item of ordered) vectors.push(normalize(item.embedding));
      }
      return vectors;
    },
  };
}

/** Unit length, so a dot product is the cosine similarity whichever way it is computed. */
export function normalize(vector: number[]): number[] {
  const length = Math.hypot(...vector);
  return length === 0 ? vector : vector.map((x) => x / length);
}

/** The configured embeddings endpoint, or null: without one, search is full-text only. */
export function embeddingsFromConfig(config: {
  EMBEDDINGS_BASE_URL?: string;
  EMBEDDINGS_API_KEY?: string;
  EMBEDDINGS_MODEL: string;
  EMBEDDINGS_TIMEOUT_MS: number;
}): EmbeddingsClient | null {
  if (!config.EMBEDDINGS_BASE_URL) return null;
  return createEmbeddingsClient({
    baseUrl: config.EMBEDDINGS_BASE_URL,
    apiKey: config.EMBEDDINGS_API_KEY,
    model: config.EMBEDDINGS_MODEL,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
  });
}
