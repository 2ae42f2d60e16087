import { streamSpeech } from './http-audio.js';
import type { TtsProvider, TtsRequest } from './speech.types.js';

export interface OpenAiTtsOptions {
  /** OpenAI-compatible base URL including `/v1` (OpenAI, Kokoro-FastAPI, Speaches, LocalAI). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** `response_format: "pcm"` is raw 24 kHz s16le mono on OpenAI and Kokoro (resampled here to 16 kHz). */
const PCM_SAMPLE_RATE = 24_000;

/** OpenAI-compatible `POST /audio/speech`, streamed: the body is audio as it is generated. */
export function createOpenAiTts(options: OpenAiTtsOptions): TtsProvider {
  return {
    name: 'openai',
    synthesize(request: TtsRequest) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      return streamSpeech({
        provider: 'openai',
        url: joinUrl(options.baseUrl, 'audio/speech'),
        headers,
        body: JSON.stringify({
          model: options.model,
          input: request.text,
          voice: request.voice,
          response_format: 'pcm',
          speed: request.speed ?? 1,
        }),
        format: { encoding: 'pcm16', sampleRate: PCM_SAMPLE_RATE },
        timeoutMs: options.timeoutMs,
        signal: request.signal,
      });
    },
  };
}

/** `https://host/v1` + `audio/speech`, whether or not the base ends with a slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}
