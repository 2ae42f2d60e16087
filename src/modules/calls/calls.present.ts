import { microsToUsd } from '../../core/money.js';
import { listTimestamp } from '../replies/index.js';
import { callParties } from './lifecycle/post-call-webhook.js';
import type { CallRow } from './calls.repo.js';

/** A call as the reference's list and get routes show it. */
export function presentCall(call: CallRow & { assistant_name: string | null; campaign_name?: string | null }) {
  const parties = callParties(call);
  return {
    id: call.id,
    assistant_id: call.assistant_id,
    assistant_name: call.assistant_name,
    campaign_name: call.campaign_name ?? null,
    type: call.type,
    direction: call.direction,
    duration: call.duration_seconds ?? 0,
    assistant_phone_number: parties.assistant,
    client_phone_number: parties.customer,
    status: call.status,
    end_reason: call.end_reason,
    transcript: call.transcript,
    variables: call.variables,
    evaluation: call.evaluation,
    webhook_response: null,
    // Carrier charges are the operator's (their own Twilio account); the account pays the minute price.
    carrier_cost: 0,
    total_cost: microsToUsd(Number(call.cost_micros)),
    answered_by: call.answered_by,
    recording_url: call.recording_url,
    created_at: listTimestamp(call.created_at),
    updated_at: listTimestamp(call.updated_at),
    // Extras beyond the reference's item, for how long a call rang and lasted.
    answered_at: call.answered_at ? listTimestamp(call.answered_at) : null,
    ended_at: call.ended_at ? listTimestamp(call.ended_at) : null,
  };
}
