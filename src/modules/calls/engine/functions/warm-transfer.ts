import type { CallTranscriptEntry } from '../../../../core/db/schema.js';
import type { RuntimeAssistant } from '../../../assistants/index.js';
import type { ReplyEngineDeps } from '../../../replies/index.js';

/** What a warm transfer says and plays (the warm_call_transfer tool's fields, with the spec's defaults). */
export interface WarmTransferSettings {
  holdMessage: string;
  summaryInstructions: string;
  briefingInitialMessage: string;
  connectedMessage: string;
  holdMusic: boolean;
  /** hold_music_volume, 0-100: the hold music the engine plays while the supervisor's phone rings. */
  holdMusicVolume: number;
}

export const WARM_TRANSFER_DEFAULTS = {
  holdMessage: 'Please hold while I connect you with a supervisor.',
  summaryInstructions:
    'Summarize this call for the supervisor who is taking it over, in 2 to 3 sentences: who is calling, why they called, and why a human is needed.',
  briefingInitialMessage: 'Hello! I have a caller on the line who needs your assistance. May I brief you on the situation?',
  connectedMessage: "You are now connected with a supervisor. I'll leave you to it.",
};

/** Said to the supervisor when the model could not write a summary: the transfer goes ahead anyway. */
export const SUMMARY_UNAVAILABLE = 'I could not prepare a summary of the call.';

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

/** A tool's settings; call_transfer with warm_transfer has none of these fields and gets the defaults. */
export function warmTransferSettings(tool: Record<string, unknown>): WarmTransferSettings {
  return {
    holdMessage: text(tool.hold_message, WARM_TRANSFER_DEFAULTS.holdMessage),
    summaryInstructions: text(tool.summary_instructions, WARM_TRANSFER_DEFAULTS.summaryInstructions),
    briefingInitialMessage: text(tool.briefing_initial_message, WARM_TRANSFER_DEFAULTS.briefingInitialMessage),
    connectedMessage: text(tool.connected_message, WARM_TRANSFER_DEFAULTS.connectedMessage),
    holdMusic: tool.hold_music !== 'none',
    holdMusicVolume: typeof tool.hold_music_volume === 'number' ? tool.hold_music_volume : 80,
  };
}

/** The supervisor's briefing: the chat model (the assistant's own) summarises the transcript so far. */
export async function summarizeForSupervisor(
  replyDeps: Pick<ReplyEngineDeps, 'llm' | 'modelFor'>,
  assistant: RuntimeAssistant,
  transcript: CallTranscriptEntry[],
  instructions: string,
): Promise<string> {
  const lines = transcript.map((entry) => `${entry.sender === 'human' ? 'Caller' : 'Assistant'}: ${entry.text}`).join('\n');
  const result = await replyDeps.llm.complete({
    model: await replyDeps.modelFor(assistant),
    temperature: 0.2,
    tools: [],
    messages: [
      { role: 'system', content: `${instructions}\nAnswer with the summary only, as it will be read aloud.` },
      { role: 'user', content: lines || '(nothing was said yet)' },
    ],
  });
  return result.content.trim() || SUMMARY_UNAVAILABLE;
}

/** The conference both legs join; one per call, so a retry cannot land in another call's room. */
export const transferConferenceName = (callId: number) => `transfer-${callId}`;

/** How long the supervisor's phone rings; the engine gives up a little later if Twilio never says. */
export const SUPERVISOR_RING_SECONDS = 30;
export const SUPERVISOR_ANSWER_TIMEOUT_MS = 40_000;

/**
 * The hidden prompt after a supervisor could not be reached: the model tells the caller in its own
 * words and goes on (or ends the call with end_call if that is what the caller wants).
 */
export function transferUnansweredPrompt(reason: string): string {
  const why: Record<string, string> = {
    busy: 'the line was busy',
    'no-answer': 'nobody answered',
    no_answer_timeout: 'nobody answered',
    failed: 'the call could not be placed',
    canceled: 'the call was cancelled',
    completed: 'the call ended before anyone answered',
    dial_failed: 'the call could not be placed',
    invalid_destination: 'the transfer destination cannot be dialled',
  };
  return `(The transfer to a supervisor did not go through: ${why[reason] ?? 'nobody could be reached'}. Tell the caller that nobody is available right now, then keep helping them, or end the call politely if they want to.)`;
}

/**
 * A custom_sip destination as Twilio dials it: sip:user@host (a bare user@host gets the scheme);
 * an internal extension with no host cannot be reached through Twilio and is null.
 */
export function sipDestination(value: string): string | null {
  const address = value.trim();
  if (/^sips?:[^@\s]+@[^@\s]+$/i.test(address)) return address;
  if (/^[^@\s:]+@[^@\s]+$/.test(address)) return `sip:${address}`;
  return null;
}
