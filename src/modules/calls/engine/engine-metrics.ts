import { Histogram } from 'prom-client';

/** performance.now() marks of one reply, collected by the call loop. */
export interface TurnTimings {
  /** The caller's last speech frame before the turn ended (the engine's own detector). */
  speechEndedAt?: number;
  /** The STT's final transcript of the caller's turn arrived. */
  transcriptAt?: number;
  /** The engine decided the turn was over (later than the transcript when ai endpointing held it). */
  turnEndedAt?: number;
  /** The pause the transcriber waited for before ending the utterance. */
  transcriberPauseMs?: number;
  llmRequestAt?: number;
  llmFirstTokenAt?: number;
}

/**
 * One reply's latency: from the caller's final transcript to the first audio frame sent to the
 * caller, and the part the service itself added, that is without the model's time to first
 * token and the synthesizer's time to first audio (the providers' own delays). Before it, when
 * the engine heard the caller stop: the end-of-speech wait and the transcription.
 */
export interface TurnMetrics {
  callId: number;
  totalMs: number;
  llmFirstTokenMs: number;
  ttsFirstAudioMs: number;
  serviceMs: number;
  /** The service's share, by stage: caller's transcript to the model request (prompt, functions)... */
  beforeModelMs: number;
  /** ...the model's first token to the first sentence's synthesis request (sentence cutting)... */
  firstSentenceMs: number;
  /** ...and the synthesizer's first audio to the first frame sent to the caller. */
  toLineMs: number;
  /** The pause that ended the turn: the transcriber's, plus what ai endpointing held it for. */
  endOfSpeechWaitMs: number | null;
  /** The transcriber's own time, from the end of its pause to its final transcript. */
  transcriptionMs: number | null;
  /** From the end of the caller's speech to the first audio frame sent. */
  responseMs: number | null;
}

export function turnMetrics(
  callId: number,
  turn: TurnTimings,
  speech: { ttsRequestAt?: number; ttsFirstFrameAt?: number; firstFrameSentAt?: number },
): TurnMetrics | null {
  const { transcriptAt, llmRequestAt, llmFirstTokenAt, speechEndedAt } = turn;
  const { ttsRequestAt, ttsFirstFrameAt, firstFrameSentAt } = speech;
  if (transcriptAt === undefined || llmRequestAt === undefined || llmFirstTokenAt === undefined) return null;
  if (ttsRequestAt === undefined || ttsFirstFrameAt === undefined || firstFrameSentAt === undefined) return null;
  const totalMs = firstFrameSentAt - transcriptAt;
  const llmFirstTokenMs = llmFirstTokenAt - llmRequestAt;
  const ttsFirstAudioMs = ttsFirstFrameAt - ttsRequestAt;
  const heard = speechEndedAt !== undefined && speechEndedAt <= transcriptAt;
  const pauseMs = turn.transcriberPauseMs ?? 0;
  const heldMs = Math.max(0, (turn.turnEndedAt ?? transcriptAt) - transcriptAt);
  return {
    callId,
    totalMs,
    llmFirstTokenMs,
    ttsFirstAudioMs,
    serviceMs: totalMs - llmFirstTokenMs - ttsFirstAudioMs - heldMs,
    beforeModelMs: llmRequestAt - transcriptAt - heldMs,
    firstSentenceMs: ttsRequestAt - llmFirstTokenAt,
    toLineMs: firstFrameSentAt - ttsFirstFrameAt,
    endOfSpeechWaitMs: heard ? Math.min(pauseMs, transcriptAt - speechEndedAt) + heldMs : null,
    transcriptionMs: heard ? Math.max(0, transcriptAt - speechEndedAt - pauseMs) : null,
    responseMs: heard ? firstFrameSentAt - speechEndedAt : null,
  };
}

export type VoiceTurnStage = 'end_of_speech_wait' | 'transcription' | 'model_first_token' | 'synthesis_first_byte' | 'service' | 'response';

/**
 * `voice_turn_stage_seconds{stage}` at /metrics: where each reply's time went, from the end of the
 * caller's speech to the first audio sent. Registered by the app into its own registry.
 */
export function voiceTurnHistogram(): Histogram<'stage'> {
  return new Histogram({
    name: 'voice_turn_stage_seconds',
    help: "Time of each stage of a voice reply, in seconds: end_of_speech_wait (the pause that ended the caller's turn), transcription, model_first_token, synthesis_first_byte, service (the service's own share) and response (end of the caller's speech to the first audio sent).",
    labelNames: ['stage'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10],
    registers: [],
  });
}

export function observeTurn(histogram: Histogram<'stage'>, metrics: TurnMetrics): void {
  const stages: Array<[VoiceTurnStage, number | null]> = [
    ['end_of_speech_wait', metrics.endOfSpeechWaitMs],
    ['transcription', metrics.transcriptionMs],
    ['model_first_token', metrics.llmFirstTokenMs],
    ['synthesis_first_byte', metrics.ttsFirstAudioMs],
    ['service', metrics.serviceMs],
    ['response', metrics.responseMs],
  ];
  for (const [stage, ms] of stages) if (ms !== null) histogram.observe({ stage }, Math.max(0, ms) / 1000);
}
