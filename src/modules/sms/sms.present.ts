import { microsToUsd } from '../../core/money.js';
import type { SmsRow } from './sms.repo.js';

/** "2025-08-04 15:30:00": the reference's timestamp style (UTC). */
const timestamp = (date: Date) => new Date(date).toISOString().slice(0, 19).replace('T', ' ');

/** A message as the reference shows it, with what we add (direction, origin, encoding, the carrier's error). */
export function presentSms(row: SmsRow & { conversation_uuid: string | null }) {
  return {
    id: row.id,
    phone_number_id: row.phone_number_id,
    direction: row.direction,
    origin: row.origin,
    from: row.from_number,
    to: row.to_number,
    body: row.body,
    user_id: row.user_id,
    encoding: row.encoding,
    segments: row.segments,
    segment_price: microsToUsd(row.segment_price_micros),
    total_cost: microsToUsd(row.total_cost_micros),
    status: row.status,
    sms_sid: row.sms_sid,
    error_code: row.error_code,
    error_message: row.error_message,
    refunded: row.refunded_at !== null,
    conversation_id: row.conversation_uuid,
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
  };
}
