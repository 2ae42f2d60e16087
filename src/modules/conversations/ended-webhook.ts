import type { ConversationView } from './conversations.repo.js';
import { isPhoneKey } from '../chatapp/index.js';
import { formatTranscript, isoInZone, safeTimeZone, type TranscriptLine } from '../replies/index.js';

export const CONVERSATION_ENDED_EVENT = 'conversation_ended';

export interface ChatappSenderInfo {
  phone_number: string;
  display_name: string | null;
}

/**
 * The conversation-ended webhook body, field for field as the reference documents it. Times
 * are ISO 8601 in the assistant's time zone ("the user's timezone" in the reference).
 */
export function conversationEndedPayload(input: {
  conversation: ConversationView;
  assistantTimezone: string;
  transcript: TranscriptLine[];
  extracted: Record<string, unknown> | null;
  sender: ChatappSenderInfo | null;
}) {
  const { conversation: c } = input;
  const zone = safeTimeZone(input.assistantTimezone);
  const transcript = input.transcript.filter((l) => l.role !== 'system').map((l) => ({ role: l.role, content: l.content }));
  const isChatapp = c.type === 'whatsapp';
  return {
    conversation_id: c.uuid,
    assistant_id: c.assistant_uuid,
    type: c.type,
    message_count: transcript.length,
    status: 'ended',
    extracted_variables: input.extracted,
    input_variables: c.variables ?? {},
    transcript,
    formatted_transcript: formatTranscript(transcript),
    customer_phone: (isChatapp && isPhoneKey(c.customer_phone)) || c.type === 'sms' ? c.customer_phone : null,
    customer_name: c.customer_name,
    sender: isChatapp ? input.sender : null,
    created_at: isoInZone(c.created_at, zone),
    ended_at: isoInZone(c.ended_at ?? c.updated_at, zone),
  };
}
