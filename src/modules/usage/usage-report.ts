import { DateTime } from 'luxon';
import type { DayRange } from '../../core/http/day-range.js';
import { microsToUsd } from '../../core/money.js';
import type { CallGroup, MessageGroup } from './usage.repo.js';
import { CALL_STATUSES } from './usage.schemas.js';

/** Volume of one day or one assistant, and its money in micro-USD. */
export interface Tally {
  messages: number;
  replies: number;
  calls: number;
  callsByStatus: Record<string, number>;
  callSeconds: number;
  micros: number;
}

export function emptyTally(): Tally {
  return {
    messages: 0,
    replies: 0,
    calls: 0,
    callsByStatus: Object.fromEntries(CALL_STATUSES.map((s) => [s, 0])),
    callSeconds: 0,
    micros: 0,
  };
}

export function addCalls(tally: Tally, group: CallGroup): void {
  tally.calls += group.calls;
  tally.callsByStatus[group.status] = (tally.callsByStatus[group.status] ?? 0) + group.calls;
  tally.callSeconds += group.seconds;
}

export function addMessages(tally: Tally, group: MessageGroup): void {
  tally.messages += group.messages;
  tally.replies += group.replies;
}

/** Every day of the range, in order, as YYYY-MM-DD. */
export function daysOf(range: DayRange): string[] {
  const first = DateTime.fromJSDate(range.start, { zone: range.timezone });
  return Array.from({ length: range.days }, (_, i) => first.plus({ days: i }).toISODate()!);
}

/** The volume fields of a tally as the API shows them. */
export function volumeOf(tally: Tally) {
  return {
    messages: tally.messages,
    replies: tally.replies,
    calls: tally.calls,
    calls_by_status: tally.callsByStatus,
    call_seconds: tally.callSeconds,
    call_minutes: Math.round((tally.callSeconds / 60) * 100) / 100,
  };
}

export const usd = microsToUsd;
