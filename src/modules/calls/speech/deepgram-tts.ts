import { streamSpeech } from './http-audio.js';
import type { TtsProvider, TtsRequest } from './speech.types.js';

export interface DeepgramTtsOptions {
  apiKey: string;
  /** e.g. https://api.deepgram.com */
  baseUrl: string;
  /** Aura model used when the request names no voice (in Aura the voice is the model). */
  defaultModel: string;
  timeoutMs: number;
}

/** Deepgram Aura: `POST /v1/speak`, asking directly for the engine's format (linear16, 16 kHz, no container). */
export function createDeepgramTts(options: DeepgramTtsOptions): TtsProvider {
  return {
    name: 'deepgram',
    synthesize(request: TtsRequest) {
      const url = new URL('/v1/speak', options.baseUrl);
      url.searchParams.set('model', request.voice || options.defaultModel);
      url.searchParams.set('encoding', 'linear16');
      url.searchParams.set('sample_rate', '16000');
      url.searchParams.set('container', 'none');
      return streamSpeech({
        provider: 'deepgram',
        url: url.toString(),
        headers: { authorization: `Token ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: request.text }),
        format: { encoding: 'pcm16', sampleRate: 16000 },
        timeoutMs: options.timeoutMs,
        signal: request.signal,
      });
    },
  };
}
