import type { CallStatus, CallTranscriptEntry } from '../../../core/db/schema.js';
import { isoTimestamp } from '../../../core/http/schemas.js';
import { formatTranscript, type TranscriptLine } from '../../replies/index.js';
import type { CallRow } from '../calls.repo.js';

export const POST_CALL_EVENT = 'post_call';

/** The call reached a person and ended normally: what send_webhook_only_on_completed keeps. */
const COMPLETED: CallStatus[] = ['completed', 'ended', 'ended_by_customer', 'ended_by_assistant'];

export function isCompletedCall(status: CallStatus): boolean {
  return COMPLETED.includes(status);
}

/** The evaluator's and formatter's view of a call transcript. */
export function transcriptLines(transcript: CallTranscriptEntry[]): TranscriptLine[] {
  return transcript.map((t) => ({ role: t.sender === 'human' ? 'user' : 'assistant', content: t.text }));
}

/** The customer's and the assistant's numbers, whichever way the call went. */
export function callParties(call: Pick<CallRow, 'direction' | 'from_number' | 'to_number'>) {
  return call.direction === 'outbound'
    ? { customer: call.to_number, assistant: call.from_number }
    : { customer: call.from_number, assistant: call.to_number };
}

/** The post-call webhook body, field for field as the reference documents it. */
export function postCallPayload(input: {
  call: CallRow;
  extracted: Record<string, unknown> | null;
  includeRecording: boolean;
  lead?: Record<string, unknown> | null;
}) {
  const { call } = input;
  const parties = callParties(call);
  return {
    id: call.id,
    customer_phone: parties.customer,
    assistant_phone: parties.assistant,
    duration: call.duration_seconds ?? 0,
    status: call.status,
    extracted_variables: input.extracted,
    input_variables: call.variables,
    transcript: call.transcript,
    formatted_transcript: formatTranscript(transcriptLines(call.transcript)),
    ...(input.includeRecording ? { recording_url: call.recording_url } : {}),
    created_at: isoTimestamp(call.created_at),
    finished_at: isoTimestamp(call.ended_at ?? call.updated_at),
    // Campaign calls only, as the reference sends it.
    ...(input.lead ? { lead: input.lead } : {}),
  };
}
