import type { Logger } from 'pino';
import type { Clock } from '../../../../core/clock.js';
import type { CatalogSnapshot } from '../../../catalog/index.js';
import type { ReplyEngineDeps } from '../../../replies/index.js';
import { assistantSpeech } from '../../lifecycle/call-readiness.js';
import type { SpeechProviders } from '../../speech/providers.js';
import { SpeechProviderUnavailableError } from '../../speech/providers.js';
import { openLineExtras, storeRecording, type RecordingDeps } from '../behaviour/line-extras.js';
import type { CallEngine, CallEngineSession, CallOutcome } from '../engine.types.js';
import type { TurnMetrics } from '../engine-metrics.js';
import type { NoiseSuppressorKind } from '../../audio/noise-suppressor.js';
import { createNoiseSuppressorPool, defaultNoiseSuppressionThreads, type NoiseSuppressorPool } from '../../audio/noise-suppressor-pool.js';
import { PipelineCall } from './pipeline-call.js';
import { voiceMediumNote } from '../behaviour/phrases.js';
import { realTimers, type EngineTimers } from '../timers.js';

export interface PipelineEngineDeps extends RecordingDeps {
  clock: Clock;
  logger: Logger;
  speech: Pick<SpeechProviders, 'stt' | 'tts'>;
  catalog: { snapshot(): Promise<CatalogSnapshot> };
  replyDeps: ReplyEngineDeps;
  timers?: EngineTimers;
  /** Audio handed to the line ahead of real time (default 60 ms). */
  audioLeadMs?: number;
  /** Per reply: latency from the caller's final transcript to the first audio frame sent. */
  onTurnMetrics?: (metrics: TurnMetrics) => void;
  /** off: no call denoises the caller's audio, whatever its assistant says (VOICE_NOISE_SUPPRESSION). */
  noiseSuppression?: 'assistant' | 'off';
  /** Which suppressor denoises (VOICE_NOISE_SUPPRESSOR). */
  noiseSuppressor?: NoiseSuppressorKind;
  /** Threads denoising callers' audio (VOICE_NOISE_SUPPRESSION_THREADS); 0: on the event loop. */
  noiseSuppressionThreads?: number;
}

/** Streaming STT -> reply engine -> sentence chunks -> streaming TTS -> the line. */
export function createPipelineEngine(deps: PipelineEngineDeps): CallEngine {
  const threads = deps.noiseSuppressionThreads ?? defaultNoiseSuppressionThreads();
  // Started by the first call that denoises; its threads do not hold the process open.
  let pool: NoiseSuppressorPool | null = null;
  const noiseSuppressorPool = () => (threads > 0 ? (pool ??= createNoiseSuppressorPool(threads, deps.noiseSuppressor)) : null);
  return {
    async run(session: CallEngineSession): Promise<CallOutcome> {
      let speech: Awaited<ReturnType<typeof resolveSpeech>>;
      try {
        speech = await resolveSpeech(deps, session);
      } catch (error) {
        if (!(error instanceof SpeechProviderUnavailableError)) throw error;
        deps.logger.warn({ callId: session.call.id, reason: error.message }, 'a speech provider of the assistant is unavailable');
        await session.telephony.hangUp().catch(() => undefined);
        return { endedBy: 'assistant', reason: 'provider_unavailable', transcript: [] };
      }
      const extras = await openLineExtras(deps, session);
      const pipeline = new PipelineCall({
        session,
        ...speech,
        replyDeps: deps.replyDeps,
        timers: deps.timers ?? realTimers,
        clock: deps.clock,
        logger: deps.logger,
        ...extras,
        audioLeadMs: deps.audioLeadMs,
        onTurnMetrics: deps.onTurnMetrics,
        noiseSuppression: deps.noiseSuppression ?? 'assistant',
        noiseSuppressor: deps.noiseSuppressor,
        noiseSuppressorPool,
      });
      const outcome = await pipeline.run();
      if (outcome.recordingPath) outcome.recordingPath = await storeRecording(deps, session.call.id, outcome.recordingPath);
      return outcome;
    },
  };
}

/** The assistant's transcriber, synthesizer and voice, from the catalog; throws when one is unavailable. */
async function resolveSpeech(deps: PipelineEngineDeps, session: CallEngineSession) {
  const { assistant, call } = session;
  const catalog = await deps.catalog.snapshot();
  const speech = assistantSpeech(assistant, catalog);
  if (!speech.synthesizer) throw new SpeechProviderUnavailableError('synthesizer', 'none', 'The assistant has no synthesizer.');
  if (!speech.transcriber) throw new SpeechProviderUnavailableError('transcriber', 'none', 'The assistant has no transcriber.');
  const voice = catalog.voices.get(assistant.voice_id);
  return {
    stt: deps.speech.stt(speech.transcriber),
    sttLanguage: speech.language,
    // A phone leg ends in μ-law 8 kHz anyway: ask providers that can for it (less to download).
    tts: deps.speech.tts(speech.synthesizer, { phone: call.type !== 'web' }),
    voice: {
      voice: speech.voice ?? voice?.name.toLowerCase() ?? 'alloy',
      language: speech.language,
      speed: assistant.speech_speed,
      stability: assistant.voice_stability,
      similarity: assistant.voice_similarity,
    },
    mediumNote: voiceMediumNote(catalog.languages.get(assistant.language_id)?.name ?? null),
  };
}
