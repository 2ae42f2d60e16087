/** What the engine stores on a bot transcript entry that answered the caller (Unix seconds). */
export interface TurnLatency {
  caller_speech_ended_at: number | null;
  transcript_final_at: number | null;
  model_first_token_at: number | null;
  first_audio_sent_at: number | null;
}

export interface LatencyStep {
  label: string;
  ms: number;
}

/**
 * Where one reply's wait went: hearing the end of the caller's words, the assistant starting to
 * think of an answer, and the first sound of it. A step whose ends were not both recorded is left out.
 */
export function latencySteps(latency: TurnLatency | undefined): { steps: LatencyStep[]; totalMs: number | null } {
  if (!latency) return { steps: [], totalMs: null };
  const {
    caller_speech_ended_at: spoke,
    transcript_final_at: heard,
    model_first_token_at: thought,
    first_audio_sent_at: answered,
  } = latency;
  const span = (from: number | null, to: number | null) =>
    from !== null && to !== null ? Math.max(0, Math.round((to - from) * 1000)) : null;
  const candidates: Array<[string, number | null]> = [
    ['Understanding the caller', span(spoke, heard)],
    ['Thinking of an answer', span(heard, thought)],
    ['Starting to speak', span(thought, answered)],
  ];
  const steps = candidates.filter((c): c is [string, number] => c[1] !== null).map(([label, ms]) => ({ label, ms }));
  return { steps, totalMs: span(spoke, answered) };
}

/** How long callers waited for the replies whose marks were recorded: how many, the median and the longest. */
export function replyWaits(transcript: Array<{ latency?: TurnLatency }>): { replies: number; medianMs: number; longestMs: number } | null {
  const waits = transcript
    .map((entry) => latencySteps(entry.latency).totalMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  if (waits.length === 0) return null;
  const middle = Math.floor(waits.length / 2);
  const medianMs = waits.length % 2 === 1 ? waits[middle]! : Math.round((waits[middle - 1]! + waits[middle]!) / 2);
  return { replies: waits.length, medianMs, longestMs: waits[waits.length - 1]! };
}
