import { isoTimestamp } from '../../core/http/schemas.js';
import type { DbOrTx } from '../../core/db/transaction.js';

/**
 * The `lead` object of a campaign call's post-call webhook, as the reference shows it: the lead
 * with its call_tries and its campaign's settings. Null when the lead or campaign is gone.
 */
export async function leadOfCall(db: DbOrTx, call: { id: number; lead_id: number | null }): Promise<Record<string, unknown> | null> {
  if (call.lead_id === null) return null;
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', call.lead_id).executeTakeFirst();
  if (!lead) return null;
  const c = await db.selectFrom('campaigns').selectAll().where('id', '=', lead.campaign_id).executeTakeFirst();
  if (!c) return null;
  return {
    id: lead.id,
    phone_number: lead.phone_number,
    variables: lead.variables,
    status: lead.status,
    call_tries: lead.call_tries,
    created_at: isoTimestamp(lead.created_at),
    updated_at: isoTimestamp(lead.updated_at),
    campaign: {
      id: c.id,
      name: c.name,
      status: c.status,
      allowed_hours_start_time: c.allowed_hours_start_time,
      allowed_hours_end_time: c.allowed_hours_end_time,
      allowed_days: c.allowed_days,
      max_calls_in_parallel: c.max_calls_in_parallel,
      max_retries: c.max_retries,
      retry_interval: c.retry_interval,
      created_at: isoTimestamp(c.created_at),
      updated_at: isoTimestamp(c.updated_at),
    },
  };
}
