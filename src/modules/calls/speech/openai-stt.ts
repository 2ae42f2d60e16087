import { encodeWav } from '../audio/wav.js';
import { joinUrl } from './openai-tts.js';
import { describeErrorBody, SpeechProviderError } from './speech-errors.js';
import { ENGINE_SAMPLE_RATE, type SttOptions, type SttProvider, type SttSession, type SttSessionHandlers } from './speech.types.js';
import { createVad, type VadFactory } from './vad.js';

export interface OpenAiSttOptions {
  /** OpenAI-compatible base URL including `/v1` (OpenAI, Speaches/faster-whisper, LocalAI). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Endpointing silence when the call asks for none. */
  defaultSilenceMs?: number;
  /** Injected in tests to compare detectors; production uses createVad (WebRTC's, else energy). */
  vadFactory?: VadFactory;
}

/**
 * Turn-batch transcription: a local voice-activity detector cuts the caller's audio into
 * utterances, each uploaded as a WAV to `POST /audio/transcriptions`. Every transcript is final
 * and ends the turn. Transcripts are delivered in utterance order even when an earlier upload is
 * slower than a later one.
 */
export function createOpenAiStt(options: OpenAiSttOptions): SttProvider {
  return {
    name: 'openai',
    async open(sttOptions: SttOptions, handlers: SttSessionHandlers): Promise<SttSession> {
      let delivery: Promise<void> = Promise.resolve();
      let closed = false;

      const transcribeInOrder = (utterance: Int16Array) => {
        const result = transcribe(options, sttOptions.language, utterance);
        // Keeps a rejected upload from being reported as unhandled before its turn in the chain.
        result.catch(() => undefined);
        delivery = delivery.then(async () => {
          try {
            const text = await result;
            if (text) handlers.onTranscript({ text, isFinal: true, endOfTurn: true });
          } catch (error) {
            handlers.onError(error as Error);
          }
        });
      };

      const vad = await (options.vadFactory ?? createVad)(
        { onSpeechStart: () => handlers.onSpeechStarted?.(), onSpeechEnd: transcribeInOrder },
        { silenceMs: sttOptions.endpointingMs ?? options.defaultSilenceMs ?? 500, onError: (error) => handlers.onError(error) },
      );
      return {
        write(frame) {
          if (!closed) vad.write(frame);
        },
        async close() {
          if (closed) return;
          closed = true;
          await vad.close();
          await delivery;
        },
      };
    },
  };
}

async function transcribe(options: OpenAiSttOptions, language: string, utterance: Int16Array): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(encodeWav(utterance, ENGINE_SAMPLE_RATE))], { type: 'audio/wav' }), 'utterance.wav');
  form.append('model', options.model);
  form.append('language', language.split(/[-_]/)[0]!.toLowerCase());
  form.append('response_format', 'json');
  const headers: Record<string, string> = {};
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  try {
    response = await fetch(joinUrl(options.baseUrl, 'audio/transcriptions'), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${options.timeoutMs} ms`
        : `request failed (${(error as Error).message})`;
    throw new SpeechProviderError('openai', reason);
  }
  if (!response.ok)
    throw new SpeechProviderError('openai', `HTTP ${response.status} ${await describeErrorBody(response)}`.trim(), response.status);
  const body = (await response.json().catch(() => ({}))) as { text?: unknown };
  if (typeof body.text !== 'string') throw new SpeechProviderError('openai', 'transcription response has no text');
  return body.text.trim();
}
