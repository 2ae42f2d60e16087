import type { Config } from '../../../config.js';
import { createDeepgramStt } from './deepgram-stt.js';
import { createDeepgramTts } from './deepgram-tts.js';
import { createElevenLabsTts } from './elevenlabs-tts.js';
import { createOpenAiStt } from './openai-stt.js';
import { createOpenAiTts } from './openai-tts.js';
import type { RealtimeClientOptions } from './realtime.js';
import type { SttProvider, TtsProvider } from './speech.types.js';

export type SpeechProviderKind = 'synthesizer' | 'transcriber';

export interface ProviderAvailability {
  available: boolean;
  /** Why not, naming the configuration key to set; null when available. */
  unavailable_reason: string | null;
}

/** A catalog provider that cannot serve a call on this server (no key, or no adapter). */
export class SpeechProviderUnavailableError extends Error {
  constructor(
    readonly kind: SpeechProviderKind | 'realtime',
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SpeechProviderUnavailableError';
  }
}

export type SpeechConfig = Pick<
  Config,
  | 'DEEPGRAM_API_KEY'
  | 'DEEPGRAM_API_URL'
  | 'DEEPGRAM_STT_MODEL'
  | 'DEEPGRAM_TTS_MODEL'
  | 'ELEVENLABS_API_KEY'
  | 'ELEVENLABS_API_URL'
  | 'ELEVENLABS_MODEL'
  | 'SPEECH_BASE_URL'
  | 'SPEECH_API_KEY'
  | 'SPEECH_TTS_MODEL'
  | 'SPEECH_STT_MODEL'
  | 'SPEECH_TIMEOUT_MS'
  | 'REALTIME_BASE_URL'
  | 'REALTIME_API_KEY'
  | 'REALTIME_DIALECT'
>;

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const NAMES: Record<string, string> = {
  elevenlabs: 'ElevenLabs',
  deepgram: 'Deepgram',
  openai: 'OpenAI',
  azure: 'Azure',
  cartesia: 'Cartesia',
  gladia: 'Gladia',
  assemblyai: 'AssemblyAI',
};
const SUPPORTED: Record<SpeechProviderKind, string[]> = {
  synthesizer: ['elevenlabs', 'deepgram', 'openai'],
  transcriber: ['deepgram', 'openai'],
};
/** The setting that makes each supported provider available, as a "not available" message names it. */
const SETTING: Record<string, string> = {
  elevenlabs: 'ELEVENLABS_API_KEY',
  deepgram: 'DEEPGRAM_API_KEY',
  openai: 'SPEECH_API_KEY (or SPEECH_BASE_URL for a self-hosted OpenAI-compatible server)',
};

/** "The Azure synthesizer is not supported ...": which of ours to pick instead, and what each needs. */
function unsupported(kind: SpeechProviderKind, code: string): string {
  const choices = SUPPORTED[kind].map((supported) => `${NAMES[supported]} needs ${SETTING[supported]}`).join('; ');
  return `The ${NAMES[code] ?? code} ${kind} is not supported by this server: set the assistant's ${kind}_provider_id to one that is (${choices}).`;
}

/**
 * Maps the catalog's synthesizer and transcriber providers (by `code`) to adapters built from
 * configuration. A provider is available when its key is set (OpenAI-compatible speech also when
 * only a self-hosted base URL is, since local servers need no key); catalog entries without an
 * adapter here (Azure, Cartesia, Gladia, AssemblyAI) are listed but never available.
 */
export function createSpeechProviders(config: SpeechConfig) {
  const openAiSpeechBase = config.SPEECH_BASE_URL ?? (config.SPEECH_API_KEY ? OPENAI_BASE_URL : undefined);
  const realtimeBase = config.REALTIME_BASE_URL ?? (config.REALTIME_API_KEY ? OPENAI_BASE_URL : undefined);
  const timeoutMs = config.SPEECH_TIMEOUT_MS;

  const missing = (kind: SpeechProviderKind, code: string): string | null => {
    if (!SUPPORTED[kind].includes(code)) return unsupported(kind, code);
    const configured = code === 'elevenlabs' ? config.ELEVENLABS_API_KEY : code === 'deepgram' ? config.DEEPGRAM_API_KEY : openAiSpeechBase;
    return configured ? null : `The ${NAMES[code]} ${kind} needs ${SETTING[code]} to be set.`;
  };
  const ensure = (kind: SpeechProviderKind, code: string) => {
    const reason = missing(kind, code);
    if (reason) throw new SpeechProviderUnavailableError(kind, code, reason);
  };

  return {
    availability(kind: SpeechProviderKind, code: string): ProviderAvailability {
      const reason = missing(kind, code);
      return { available: reason === null, unavailable_reason: reason };
    },

    /** The synthesizer for a catalog code; throws SpeechProviderUnavailableError naming the key to set. */
    tts(code: string, options: { phone?: boolean } = {}): TtsProvider {
      ensure('synthesizer', code);
      if (code === 'elevenlabs') {
        return createElevenLabsTts({
          apiKey: config.ELEVENLABS_API_KEY!,
          baseUrl: config.ELEVENLABS_API_URL,
          modelId: config.ELEVENLABS_MODEL,
          outputFormat: options.phone ? 'ulaw_8000' : 'pcm_16000',
          timeoutMs,
        });
      }
      if (code === 'deepgram')
        return createDeepgramTts({
          apiKey: config.DEEPGRAM_API_KEY!,
          baseUrl: config.DEEPGRAM_API_URL,
          defaultModel: config.DEEPGRAM_TTS_MODEL,
          timeoutMs,
        });
      return createOpenAiTts({ baseUrl: openAiSpeechBase!, apiKey: config.SPEECH_API_KEY, model: config.SPEECH_TTS_MODEL, timeoutMs });
    },

    stt(code: string): SttProvider {
      ensure('transcriber', code);
      if (code === 'deepgram')
        return createDeepgramStt({
          apiKey: config.DEEPGRAM_API_KEY!,
          baseUrl: config.DEEPGRAM_API_URL,
          model: config.DEEPGRAM_STT_MODEL,
          timeoutMs,
        });
      return createOpenAiStt({ baseUrl: openAiSpeechBase!, apiKey: config.SPEECH_API_KEY, model: config.SPEECH_STT_MODEL, timeoutMs });
    },

    realtimeAvailability(): ProviderAvailability {
      return realtimeBase
        ? { available: true, unavailable_reason: null }
        : {
            available: false,
            unavailable_reason: 'Realtime models need REALTIME_API_KEY (or REALTIME_BASE_URL for a self-hosted server) to be set.',
          };
    },

    /** Connection options for openRealtimeSession; throws when not configured. */
    realtime(): RealtimeClientOptions {
      const { unavailable_reason } = this.realtimeAvailability();
      if (unavailable_reason) throw new SpeechProviderUnavailableError('realtime', 'openai', unavailable_reason);
      return { baseUrl: realtimeBase!, apiKey: config.REALTIME_API_KEY, dialect: config.REALTIME_DIALECT, timeoutMs };
    },
  };
}

export type SpeechProviders = ReturnType<typeof createSpeechProviders>;
