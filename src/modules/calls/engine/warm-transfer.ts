import type { CallTranscriptEntry } from '../../../core/db/schema.js';
import type { RuntimeAssistant } from '../../assistants/assistant-present.js';
import type { ReplyEngineDeps } from '../../conversations/reply-engine.js';

/** What a warm transfer says and plays (the warm_call_transfer tool's fields, with the spec's defaults). */
export interface WarmTransferSettings {
  holdMessage: string;
  summaryInstructions: string;
  briefingInitialMessage: string;
  connectedMessage: string;
  holdMusic: boolean;
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
