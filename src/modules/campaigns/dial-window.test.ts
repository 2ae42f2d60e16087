import { describe, expect, it } from 'vitest';
import { classifyCall } from './lead-outcome.js';
import { campaignWindow, floorWindow, isOpen, nextOpening, nextOpeningOfAll, timeZoneOfCountry } from './dial-window.js';

const at = (iso: string) => new Date(iso);
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

describe('dialing windows', () => {
  it("opens and closes at the local edges in the campaign's zone, across a DST change", () => {
    // Bucharest moves from +02:00 to +03:00 at 2026-03-29 03:00 local (a Sunday).
    const w = campaignWindow({
      timezone: 'Europe/Bucharest',
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '17:00',
      allowed_days: ['friday', 'monday'],
    });
    expect(isOpen(w, at('2026-03-27T06:59:59Z'))).toBe(false); // Friday 08:59:59 (+02)
    expect(isOpen(w, at('2026-03-27T07:00:00Z'))).toBe(true); // Friday 09:00
    expect(isOpen(w, at('2026-03-27T14:59:59Z'))).toBe(true); // Friday 16:59:59
    expect(isOpen(w, at('2026-03-27T15:00:00Z'))).toBe(false); // Friday 17:00
    expect(isOpen(w, at('2026-03-30T05:59:00Z'))).toBe(false); // Monday 08:59 (+03)
    expect(isOpen(w, at('2026-03-30T06:00:00Z'))).toBe(true); // Monday 09:00 (+03): an hour earlier in UTC
    expect(nextOpening(w, at('2026-03-27T15:00:00Z'))).toEqual(at('2026-03-30T06:00:00Z'));
    // And back in October: Monday 2026-10-26 is +02 again.
    expect(nextOpening(w, at('2026-10-23T15:00:00Z'))).toEqual(at('2026-10-26T07:00:00Z'));
  });

  it('a window crossing midnight belongs to the day it starts on', () => {
    const w = campaignWindow({
      timezone: 'America/New_York',
      allowed_hours_start_time: '22:00',
      allowed_hours_end_time: '02:00',
      allowed_days: ['friday'],
    });
    expect(isOpen(w, at('2026-01-17T02:59:00Z'))).toBe(false); // Friday 21:59 EST
    expect(isOpen(w, at('2026-01-17T03:00:00Z'))).toBe(true); // Friday 22:00
    expect(isOpen(w, at('2026-01-17T06:59:00Z'))).toBe(true); // Saturday 01:59
    expect(isOpen(w, at('2026-01-17T07:00:00Z'))).toBe(false); // Saturday 02:00
    expect(isOpen(w, at('2026-01-16T06:00:00Z'))).toBe(false); // Friday 01:00: Thursday's night is not allowed
    expect(nextOpening(w, at('2026-01-17T07:00:00Z'))).toEqual(at('2026-01-24T03:00:00Z'));
  });

  it('a start inside the spring-forward gap opens at the first minute after it', () => {
    const w = campaignWindow({
      timezone: 'America/New_York',
      allowed_hours_start_time: '02:30',
      allowed_hours_end_time: '05:00',
      allowed_days: ['sunday'],
    });
    // 2026-03-08 02:00 EST jumps to 03:00 EDT.
    expect(nextOpening(w, at('2026-03-08T05:00:00Z'))).toEqual(at('2026-03-08T07:30:00Z'));
    expect(isOpen(w, at('2026-03-08T07:30:00Z'))).toBe(true);
  });

  it('never opens without an allowed day; the floor and the campaign meet at the later opening', () => {
    expect(
      nextOpening(
        campaignWindow({ timezone: 'UTC', allowed_hours_start_time: '09:00', allowed_hours_end_time: '17:00', allowed_days: [] }),
        at('2026-01-15T10:00:00Z'),
      ),
    ).toBeNull();
    const campaign = campaignWindow({
      timezone: 'UTC',
      allowed_hours_start_time: '05:00',
      allowed_hours_end_time: '23:00',
      allowed_days: WEEKDAYS,
    });
    const floor = floorWindow('08:00-21:00', 'Asia/Tokyo'); // 23:00-12:00 UTC
    // Tokyo's morning starts as the campaign's day ends (23:00 UTC, end excluded): the next morning both are open.
    expect(nextOpeningOfAll([campaign, floor], at('2026-01-15T13:00:00Z'))).toEqual(at('2026-01-16T05:00:00Z'));
    expect(nextOpeningOfAll([campaign, floor], at('2026-01-16T12:00:00Z'))).toEqual(at('2026-01-19T05:00:00Z'));
  });

  it("tells a number's zone when its country keeps one clock", () => {
    expect(timeZoneOfCountry('RO')).toBe('Europe/Bucharest');
    expect(timeZoneOfCountry('DE')).toBe('Europe/Berlin');
    expect(timeZoneOfCountry('US')).toBeNull();
    expect(timeZoneOfCountry(null)).toBeNull();
  });
});

describe("an attempt's outcome", () => {
  const campaign = { retry_on_voicemail: false, retry_on_goal_incomplete: true, goal_completion_variable: 'booked' };
  const call = (status: string, answered_by: string | null, evaluation: Record<string, unknown> | null) => ({
    status,
    answered_by,
    evaluation,
    end_reason: null,
  });

  it('is retryable for no-answer, busy and failed; voicemail as configured; goal-not-met unless the goal variable is true', () => {
    expect(classifyCall(call('no-answer', null, null), campaign)).toEqual({ outcome: 'no-answer', retryable: true, detail: undefined });
    expect(classifyCall(call('busy', null, null), campaign).retryable).toBe(true);
    expect(classifyCall(call('failed', null, null), campaign).retryable).toBe(true);
    expect(classifyCall(call('completed', 'machine', null), campaign)).toMatchObject({ outcome: 'voicemail', retryable: false });
    expect(classifyCall(call('completed', 'machine', null), { ...campaign, retry_on_voicemail: true })).toMatchObject({
      outcome: 'voicemail',
      retryable: true,
    });
    expect(classifyCall(call('ended_by_customer', 'human', { booked: false }), campaign)).toMatchObject({
      outcome: 'goal-not-met',
      retryable: true,
    });
    expect(classifyCall(call('ended_by_customer', 'human', { booked: 'yes' }), campaign)).toMatchObject({
      outcome: 'goal-not-met',
      retryable: true,
    });
    expect(classifyCall(call('ended_by_customer', 'human', { booked: true }), campaign)).toMatchObject({
      outcome: 'completed',
      retryable: false,
    });
    expect(classifyCall(call('ended_by_assistant', 'human', null), { ...campaign, retry_on_goal_incomplete: false })).toMatchObject({
      outcome: 'completed',
      retryable: false,
    });
  });
});
