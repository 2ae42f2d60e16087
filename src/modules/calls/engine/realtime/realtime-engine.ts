import type { Logger } from 'pino';
import type { Clock } from '../../../../core/clock.js';
import type { CatalogSnapshot } from '../../../catalog/index.js';
import { type FunctionSet, type ReplyEngineDeps, type RuntimeAssistant, systemPrompt } from '../../../replies/index.js';
import { assistantSpeech } from '../../lifecycle/call-readiness.js';
import { SpeechProviderUnavailableError, type SpeechProviders } from '../../speech/providers.js';
import { openRealtimeSession } from '../../speech/realtime.js';
import type { RealtimeSessionConfig } from '../../speech/realtime-protocol.js';
import { openLineExtras, storeRecording, type RecordingDeps } from '../behaviour/line-extras.js';
import { callFunctions, withCallFunctions, type CallTransferRequest } from '../functions/call-functions.js';
import { KeypadInput, keypadFunctions, type KeypadLine } from '../functions/keypad.js';
import type { CallEngine, CallEngineSession, CallOutcome } from '../engine.types.js';
import { voiceMediumNote } from '../behaviour/phrases.js';
import { RealtimeCall } from './realtime-engine.call.js';
import { realTimers, type EngineTimers } from '../timers.js';
import { endpointPauseMs } from '../behaviour/endpointing.js';

export interface RealtimeEngineDeps extends RecordingDeps {
  clock: Clock;
  logger: Logger;
  speech: Pick<SpeechProviders, 'realtime' | 'tts'>;
  catalog: { snapshot(): Promise<CatalogSnapshot> };
  /** The chat function registry (calendar, knowledge, custom tools, end call...). */
  registry: { forAssistant(assistant: RuntimeAssistant): Promise<FunctionSet> };
  /** The chat model that briefs the supervisor on a warm transfer (the assistant's own). */
  summaryModel: Pick<ReplyEngineDeps, 'llm' | 'modelFor'>;
  /** The model that transcribes the caller inside the realtime session. */
  transcriptionModel?: string;
  timers?: EngineTimers;
  audioLeadMs?: number;
  /** off: the provider is never asked to denoise the caller (VOICE_NOISE_SUPPRESSION). */
  noiseSuppression?: 'assistant' | 'off';
}

const DEFAULT_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';

/**
 * The engine of the multimodal and dualplex modes, over the OpenAI Realtime client: multimodal
 * speaks with the model's own voice; dualplex has the model listen and reason in text, spoken by
 * the assistant's synthesizer. Pick it by mode: `createModeEngine({ multimodal: e, dualplex: e })`.
 */
export function createRealtimeEngine(deps: RealtimeEngineDeps): CallEngine {
  return {
    async run(session: CallEngineSession): Promise<CallOutcome> {
      let setup: Awaited<ReturnType<typeof prepare>>;
      try {
        setup = await prepare(deps, session);
      } catch (error) {
        if (!(error instanceof SpeechProviderUnavailableError)) throw error;
        deps.logger.warn(
          { callId: session.call.id, reason: error.message },
          'the realtime model or synthesizer of the assistant is unavailable',
        );
        await session.telephony.hangUp().catch(() => undefined);
        return { endedBy: 'assistant', reason: 'provider_unavailable', transcript: [] };
      }
      let transfer: CallTransferRequest | null = null;
      const timers = deps.timers ?? realTimers;
      // send_dtmf's tones go out through the call, which exists once the functions are listed.
      let call: RealtimeCall | null = null;
      const keypadLine: KeypadLine = {
        keypad: new KeypadInput(timers),
        sendDigits: (digits) => call?.sendDigits(digits),
        flushSpeech: () => undefined,
        promptPlayed: () => call?.playedSoFar() ?? Promise.resolve(),
      };
      const registry = withCallFunctions(deps.registry, (assistant) => [
        ...callFunctions(assistant, session.call, (request) => (transfer = request)),
        ...keypadFunctions(assistant, keypadLine),
      ]);
      const functions = await registry.forAssistant(session.assistant);
      const config: RealtimeSessionConfig = { ...setup.config, tools: functions.specs };
      call = new RealtimeCall({
        session,
        connect: (handlers) => openRealtimeSession(setup.client, config, handlers),
        functions,
        keypad: keypadLine.keypad,
        speaker: setup.speaker,
        takeTransferRequest: () => {
          const request = transfer;
          transfer = null;
          return request;
        },
        summaryModel: deps.summaryModel,
        extras: await openLineExtras(deps, session),
        weighsInterruptions: setup.weighsInterruptions,
        clock: deps.clock,
        logger: deps.logger,
        timers,
        audioLeadMs: deps.audioLeadMs,
      });
      const outcome = await call.run();
      if (outcome.recordingPath) outcome.recordingPath = await storeRecording(deps, session.call.id, outcome.recordingPath);
      return outcome;
    },
  };
}

/** Connection, session config and (dualplex) synthesizer for a call; throws when one is unavailable. */
async function prepare(deps: RealtimeEngineDeps, session: CallEngineSession) {
  const { assistant, call } = session;
  const catalog = await deps.catalog.snapshot();
  const speech = assistantSpeech(assistant, catalog);
  const client = deps.speech.realtime();
  if (!speech.realtimeModel) throw new SpeechProviderUnavailableError('realtime', 'none', 'The assistant has no realtime model.');
  const dualplex = assistant.mode === 'dualplex';
  let speaker = null;
  if (dualplex) {
    if (!speech.synthesizer) throw new SpeechProviderUnavailableError('synthesizer', 'none', 'The assistant has no synthesizer provider.');
    speaker = {
      tts: deps.speech.tts(speech.synthesizer, { phone: call.type !== 'web' }),
      voice: {
        voice: speech.voice ?? 'alloy',
        language: speech.language,
        speed: assistant.speech_speed,
        stability: assistant.voice_stability,
        similarity: assistant.voice_similarity,
      },
    };
  }
  const languageName = catalog.languages.get(assistant.language_id)?.name ?? null;
  // With min_interrupt_words the engine weighs the caller's words before interrupting, so the
  // server must neither cancel the answer on any sound nor answer on its own. Unset (or 0), the
  // server's VAD interrupts at once, as the Realtime API does by default.
  const weighsInterruptions = assistant.allow_interruptions && (assistant.min_interrupt_words ?? 0) > 0;
  const config: Omit<RealtimeSessionConfig, 'tools'> = {
    model: speech.realtimeModel,
    instructions: systemPrompt(assistant, call.variables, deps.clock.now(), [], voiceMediumNote(languageName)),
    voice: speech.voice ?? 'alloy',
    // A phone leg is μ-law 8 kHz on the wire anyway; a browser gets the model's 24 kHz PCM.
    audioFormat: call.type === 'web' ? 'pcm' : 'pcmu',
    output: dualplex ? 'text' : 'audio',
    transcriptionModel: deps.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL,
    language: speech.language,
    // endpoint_sensitivity's pause; endpoint_type ai: the server's semantic VAD, eager as the sensitivity.
    turnDetection: {
      silenceDurationMs: endpointPauseMs(assistant.endpoint_sensitivity),
      ...(assistant.endpoint_type === 'ai' ? { semanticEagerness: semanticEagerness(assistant.endpoint_sensitivity) } : {}),
      ...(assistant.turn_detection_threshold !== null ? { threshold: assistant.turn_detection_threshold } : {}),
      ...(weighsInterruptions ? { createResponse: false } : {}),
    },
    speed: assistant.speech_speed,
    interruptResponse: assistant.allow_interruptions && !weighsInterruptions,
    noiseReduction: deps.noiseSuppression !== 'off' && assistant.enable_noise_cancellation,
  };
  return { client, config, speaker, weighsInterruptions };
}

/** Semantic VAD's eagerness for an endpoint_sensitivity: low below 1 (the default 0.5), high from 3. */
function semanticEagerness(sensitivity: number): 'low' | 'medium' | 'high' {
  return sensitivity < 1 ? 'low' : sensitivity < 3 ? 'medium' : 'high';
}
