import type { paths } from '../../api/client.js';
import { formatUsd, secondsBetween } from '../../format/format.js';
import { formatDuration, humanize } from '../../format/words.js';

/** One call as GET /api/user/calls/{id} gives it (the list's items are the same); webhook_response is always null. */
export type CallRecord = Omit<paths['/api/user/calls/{id}']['get']['responses'][200]['content']['application/json'], 'webhook_response'>;

export const TYPE_WORDS: Record<string, string> = {
  inbound: 'Phone, inbound',
  outbound: 'Phone, outbound',
  web: 'Browser',
  whatsapp_inbound: 'Chat app, inbound',
  whatsapp_outbound: 'Chat app, outbound',
};

const CHANNEL_WORDS: Record<string, string> = {
  inbound: 'Phone',
  outbound: 'Phone',
  web: 'Browser',
  whatsapp_inbound: 'Chat app call',
  whatsapp_outbound: 'Chat app call',
};

const ANSWERED_BY: Record<string, string> = { human: 'A person', machine: 'Voicemail or a machine', unknown: 'Not known' };

/** Statuses of a call that has not ended yet. */
export const LIVE_STATUSES = new Set(['initiated', 'ringing', 'in-progress']);

export interface Fact {
  label: string;
  value: string;
}

/** What a person reads first about a call: how it went, who called, how long, what it cost. */
export function callFacts(call: CallRecord): Fact[] {
  const inbound = call.direction === 'inbound';
  const whole = secondsBetween(call.created_at, call.ended_at);
  // Once a call ended, its talk time is measured by the carrier, while the answer may only be
  // marked when the end arrives: the time before the talk is the whole less the talk.
  const untilAnswered =
    call.answered_at === null
      ? null
      : whole !== null
        ? Math.max(0, whole - call.duration)
        : secondsBetween(call.created_at, call.answered_at);
  const facts: Array<Fact | null> = [
    { label: 'Status', value: humanize(call.status) },
    { label: 'Direction', value: inbound ? 'Inbound: the assistant was called' : 'Outbound: the assistant called' },
    { label: 'Channel', value: CHANNEL_WORDS[call.type] ?? humanize(call.type) },
    { label: 'Talk time', value: formatDuration(call.duration) },
    untilAnswered === null ? null : { label: inbound ? 'Answered after' : 'Rang for', value: formatDuration(untilAnswered) },
    whole === null ? null : { label: 'From start to end', value: formatDuration(whole) },
    { label: 'Cost', value: formatUsd(call.total_cost) },
    { label: 'Ended because', value: LIVE_STATUSES.has(call.status) ? 'Not ended yet' : humanize(call.end_reason) },
    call.answered_by ? { label: 'Answered by', value: ANSWERED_BY[call.answered_by] ?? humanize(call.answered_by) } : null,
    call.client_phone_number ? { label: inbound ? 'Caller' : 'Called', value: call.client_phone_number } : null,
    call.assistant_phone_number ? { label: 'Assistant’s number', value: call.assistant_phone_number } : null,
    call.campaign_name ? { label: 'Campaign', value: call.campaign_name } : null,
  ];
  return facts.filter((fact): fact is Fact => fact !== null);
}
