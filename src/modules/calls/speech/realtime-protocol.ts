/**
 * The two dialects of the OpenAI Realtime API: GA (nested `audio.input/output`, `audio/pcm`
 * formats, `response.output_audio.*`) and beta (flat session, `pcm16`/`g711_ulaw`,
 * `response.audio.*`, `OpenAI-Beta: realtime=v1`), still spoken by self-hosted servers such as
 * Speaches. Outgoing messages follow the configured dialect; incoming events of either dialect
 * are normalised to GA names.
 */
export type RealtimeDialect = 'ga' | 'beta';
/** `pcm`: 24 kHz PCM16 (engine audio resampled); `pcmu`: G.711 μ-law 8 kHz (phone legs). */
export type RealtimeAudioFormat = 'pcm' | 'pcmu';

export interface RealtimeTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface RealtimeSessionConfig {
  model: string;
  instructions: string;
  voice: string;
  audioFormat: RealtimeAudioFormat;
  /** `text` for dualplex: the model listens and reasons, the assistant's own TTS speaks. */
  output: 'audio' | 'text';
  /** Transcribes the caller's audio too (kept on the call's transcript). */
  transcriptionModel?: string;
  language?: string;
  /**
   * Server voice-activity detection. By default the model answers when the caller stops
   * (`createResponse`); false leaves answering to the client (it weighs the caller's words first).
   */
  turnDetection: {
    silenceDurationMs: number;
    threshold?: number;
    prefixPaddingMs?: number;
    createResponse?: boolean;
    /** Semantic VAD (endpoint_type ai): the model judges from the words when the turn is over. */
    semanticEagerness?: 'low' | 'medium' | 'high';
  };
  /** The provider's own noise reduction on the caller's audio, before its VAD and transcription. */
  noiseReduction?: boolean;
  tools: RealtimeTool[];
  speed?: number;
  /** GA: whether the server cancels the answer when the caller starts talking (default true). */
  interruptResponse?: boolean;
}

export function sessionUpdate(dialect: RealtimeDialect, config: RealtimeSessionConfig): Record<string, unknown> {
  const { semanticEagerness } = config.turnDetection;
  const vad = semanticEagerness
    ? { type: 'semantic_vad', eagerness: semanticEagerness }
    : {
        type: 'server_vad',
        threshold: config.turnDetection.threshold ?? 0.5,
        prefix_padding_ms: config.turnDetection.prefixPaddingMs ?? 300,
        silence_duration_ms: config.turnDetection.silenceDurationMs,
      };
  const noiseReduction = config.noiseReduction ? { type: 'near_field' } : undefined;
  const tools = config.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters }));
  const transcription = config.transcriptionModel
    ? { model: config.transcriptionModel, ...(config.language ? { language: isoLanguage(config.language) } : {}) }
    : undefined;
  if (dialect === 'beta') {
    const format = config.audioFormat === 'pcmu' ? 'g711_ulaw' : 'pcm16';
    return {
      type: 'session.update',
      session: {
        modalities: config.output === 'audio' ? ['audio', 'text'] : ['text'],
        instructions: config.instructions,
        voice: config.voice,
        input_audio_format: format,
        output_audio_format: format,
        ...(transcription ? { input_audio_transcription: transcription } : {}),
        ...(noiseReduction ? { input_audio_noise_reduction: noiseReduction } : {}),
        turn_detection:
          config.turnDetection.createResponse === false
            ? { ...vad, create_response: false, interrupt_response: config.interruptResponse ?? true }
            : vad,
        tools,
        tool_choice: 'auto',
      },
    };
  }
  const format = config.audioFormat === 'pcmu' ? { type: 'audio/pcmu' } : { type: 'audio/pcm', rate: 24000 };
  return {
    type: 'session.update',
    session: {
      type: 'realtime',
      model: config.model,
      output_modalities: [config.output],
      instructions: config.instructions,
      audio: {
        input: {
          format,
          ...(transcription ? { transcription } : {}),
          ...(noiseReduction ? { noise_reduction: noiseReduction } : {}),
          turn_detection: {
            ...vad,
            create_response: config.turnDetection.createResponse ?? true,
            interrupt_response: config.interruptResponse ?? true,
          },
        },
        output: { format, voice: config.voice, ...(config.speed !== undefined ? { speed: config.speed } : {}) },
      },
      tools,
      tool_choice: 'auto',
    },
  };
}

const BETA_TO_GA: Record<string, string> = {
  'response.audio.delta': 'response.output_audio.delta',
  'response.audio.done': 'response.output_audio.done',
  'response.audio_transcript.delta': 'response.output_audio_transcript.delta',
  'response.audio_transcript.done': 'response.output_audio_transcript.done',
  'response.text.delta': 'response.output_text.delta',
  'response.text.done': 'response.output_text.done',
  'conversation.item.created': 'conversation.item.added',
};

export interface RealtimeServerEvent {
  type: string;
  [key: string]: unknown;
}

export function normaliseEvent(event: RealtimeServerEvent): RealtimeServerEvent {
  const ga = BETA_TO_GA[event.type];
  return ga ? { ...event, type: ga } : event;
}

function isoLanguage(language: string): string {
  return language.split(/[-_]/)[0]!.toLowerCase();
}
