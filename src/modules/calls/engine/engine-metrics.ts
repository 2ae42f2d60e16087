/** performance.now() marks of one reply, collected by the call loop. */
export interface TurnTimings {
  /** The STT's final transcript of the caller's turn arrived. */
  transcriptAt?: number;
  llmRequestAt?: number;
  llmFirstTokenAt?: number;
}

/**
 * One reply's latency: from the caller's final transcript to the first audio frame sent to the
 * caller, and the part the service itself added, that is without the model's time to first
 * token and the synthesizer's time to first audio (the providers' own delays).
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
}

export function turnMetrics(callId: number, turn: TurnTimings, speech: { ttsRequestAt?: number; ttsFirstFrameAt?: number; firstFrameSentAt?: number }): TurnMetrics | null {
  const { transcriptAt, llmRequestAt, llmFirstTokenAt } = turn;
  const { ttsRequestAt, ttsFirstFrameAt, firstFrameSentAt } = speech;
  if (transcriptAt === undefined || llmRequestAt === undefined || llmFirstTokenAt === undefined) return null;
  if (ttsRequestAt === undefined || ttsFirstFrameAt === undefined || firstFrameSentAt === undefined) return null;
  const totalMs = firstFrameSentAt - transcriptAt;
  const llmFirstTokenMs = llmFirstTokenAt - llmRequestAt;
  const ttsFirstAudioMs = ttsFirstFrameAt - ttsRequestAt;
  return {
    callId, totalMs, llmFirstTokenMs, ttsFirstAudioMs, serviceMs: totalMs - llmFirstTokenMs - ttsFirstAudioMs,
    beforeModelMs: llmRequestAt - transcriptAt, firstSentenceMs: ttsRequestAt - llmFirstTokenAt, toLineMs: firstFrameSentAt - ttsFirstFrameAt,
  };
}
