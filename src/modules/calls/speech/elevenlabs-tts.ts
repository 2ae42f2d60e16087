import { streamSpeech, type BodyAudioFormat } from './http-audio.js';
import type { TtsProvider, TtsRequest } from './speech.types.js';

export interface ElevenLabsTtsOptions {
  apiKey: string;
  /** e.g. https://api.elevenlabs.io */
  baseUrl: string;
  modelId: string;
  /**
   * `pcm_16000` is the engine's own format (no conversion, best for browser calls); `ulaw_8000`
   * is what a phone leg finally sends and is decoded here to keep the engine contract.
   */
  outputFormat: 'pcm_16000' | 'ulaw_8000';
  timeoutMs: number;
}

/** ElevenLabs HTTP streaming: `POST /v1/text-to-speech/{voice_id}/stream`, audio chunks as generated. */
export function createElevenLabsTts(options: ElevenLabsTtsOptions): TtsProvider {
  const format: BodyAudioFormat = options.outputFormat === 'ulaw_8000' ? { encoding: 'mulaw' } : { encoding: 'pcm16', sampleRate: 16000 };
  return {
    name: 'elevenlabs',
    synthesize(request: TtsRequest) {
      const url = new URL(`/v1/text-to-speech/${encodeURIComponent(request.voice)}/stream`, options.baseUrl);
      url.searchParams.set('output_format', options.outputFormat);
      return streamSpeech({
        provider: 'elevenlabs',
        url: url.toString(),
        headers: { 'xi-api-key': options.apiKey, 'content-type': 'application/json', accept: 'audio/*' },
        body: JSON.stringify({
          text: request.text,
          model_id: options.modelId,
          language_code: languageCode(request.language),
          voice_settings: {
            stability: request.stability ?? 0.5,
            similarity_boost: request.similarity ?? 0.75,
            speed: request.speed ?? 1,
          },
        }),
        format,
        timeoutMs: options.timeoutMs,
        signal: request.signal,
      });
    },
  };
}

/** ElevenLabs takes ISO 639-1 (`en`), the assistant may hold a locale (`en-US`). */
function languageCode(language: string): string {
  return language.split(/[-_]/)[0]!.toLowerCase();
}
