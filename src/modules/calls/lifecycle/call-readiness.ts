import type { RuntimeAssistant } from '../../assistants/index.js';
import type { CatalogSnapshot } from '../../catalog/index.js';
import type { SpeechProviders } from '../speech/providers.js';

/** The catalog entries an assistant's voice resolves to: what each engine asks its providers for. */
export interface AssistantSpeech {
  /** ISO 639-1 of the assistant's language. */
  language: string;
  /** The provider's own voice id (an ElevenLabs voice id, an OpenAI voice name). */
  voice: string | null;
  /** Catalog codes (`elevenlabs`, `deepgram`, `openai`), null when none applies. */
  synthesizer: string | null;
  transcriber: string | null;
  /** The model name sent to the realtime endpoint (multimodal and dualplex). */
  realtimeModel: string | null;
}

/**
 * The voice's own synthesizer wins (its voice id only exists there), then the assistant's
 * choice, then the language's default; the transcriber is the assistant's or the language's.
 */
export function assistantSpeech(assistant: RuntimeAssistant, catalog: CatalogSnapshot): AssistantSpeech {
  const language = catalog.languages.get(assistant.language_id);
  const voice = catalog.voices.get(assistant.voice_id);
  const synthesizerId =
    voice?.synthesizer_provider_id ?? assistant.synthesizer_provider_id ?? language?.default_synthesizer_provider_id ?? null;
  const transcriberId = assistant.transcriber_provider_id ?? language?.default_transcriber_provider_id ?? null;
  const modelType = assistant.mode === 'dualplex' ? 'dualplex' : 'multimodal';
  const model =
    assistant.multimodal_model_id !== null ? catalog.models.get(assistant.multimodal_model_id) : catalog.defaultModel(modelType);
  return {
    language: language?.iso_2 ?? 'en',
    voice: voice?.provider_voice_id ?? null,
    synthesizer: synthesizerId === null ? null : (catalog.synthesizers.get(synthesizerId)?.code ?? null),
    transcriber: transcriberId === null ? null : (catalog.transcribers.get(transcriberId)?.code ?? null),
    realtimeModel: assistant.mode === 'pipeline' ? null : (model?.provider_model_id ?? null),
  };
}

/**
 * Why this server cannot carry a call of the assistant (naming the key to set), or null when
 * every provider its mode needs is configured. The widget shows its call button only then.
 */
export function speechUnavailableReason(assistant: RuntimeAssistant, speech: AssistantSpeech, providers: SpeechProviders): string | null {
  const needs: Array<() => string | null> = [];
  const synthesizer = () =>
    speech.synthesizer
      ? providers.availability('synthesizer', speech.synthesizer).unavailable_reason
      : 'The assistant has no synthesizer: set its synthesizer_provider_id.';
  if (assistant.mode === 'pipeline') {
    needs.push(synthesizer, () =>
      speech.transcriber
        ? providers.availability('transcriber', speech.transcriber).unavailable_reason
        : 'The assistant has no transcriber: set its transcriber_provider_id.',
    );
  } else {
    needs.push(() => providers.realtimeAvailability().unavailable_reason);
    needs.push(() => (speech.realtimeModel ? null : 'The assistant has no realtime model: set its multimodal_model_id.'));
    if (assistant.mode === 'dualplex') needs.push(synthesizer);
  }
  for (const need of needs) {
    const reason = need();
    if (reason) return reason;
  }
  return null;
}

export interface CallReadinessDeps {
  providers: SpeechProviders;
  catalog: { snapshot(): Promise<CatalogSnapshot> };
}

export function createCallReadiness(deps: CallReadinessDeps) {
  return {
    async unavailableReason(assistant: RuntimeAssistant): Promise<string | null> {
      return speechUnavailableReason(assistant, assistantSpeech(assistant, await deps.catalog.snapshot()), deps.providers);
    },
  };
}

export type CallReadiness = ReturnType<typeof createCallReadiness>;
