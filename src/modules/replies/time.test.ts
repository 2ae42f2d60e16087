import { describe, expect, it } from 'vitest';
import { dateInZone, isoInZone, offsetMinutes, zonedToUtc } from './time.js';

describe('time in a zone', () => {
  it('writes an instant as ISO 8601 with the zone offset, whole, half and three-quarter hours, east and west', () => {
    const instant = new Date('2026-07-15T12:34:56.789Z');
    expect(isoInZone(instant, 'UTC')).toBe('2026-07-15T12:34:56+00:00');
    expect(isoInZone(instant, 'Europe/Berlin')).toBe('2026-07-15T14:34:56+02:00');
    expect(isoInZone(instant, 'America/New_York')).toBe('2026-07-15T08:34:56-04:00');
    expect(isoInZone(instant, 'Asia/Kolkata')).toBe('2026-07-15T18:04:56+05:30');
    expect(isoInZone(instant, 'Asia/Kathmandu')).toBe('2026-07-15T18:19:56+05:45');
    expect(isoInZone(instant, 'America/St_Johns')).toBe('2026-07-15T10:04:56-02:30');
  });

  it('changes offset on the second a daylight-saving change happens, though offsets are kept a minute at a time', () => {
    // Berlin springs forward at 01:00 UTC on 2026-03-29 and falls back at 01:00 UTC on 2026-10-25.
    expect(isoInZone(new Date('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29T01:59:59+01:00');
    expect(isoInZone(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T03:00:00+02:00');
    expect(isoInZone(new Date('2026-03-29T00:59:30Z'), 'Europe/Berlin')).toBe('2026-03-29T01:59:30+01:00');
    expect(isoInZone(new Date('2026-10-25T00:59:59Z'), 'Europe/Berlin')).toBe('2026-10-25T02:59:59+02:00');
    expect(isoInZone(new Date('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:00:00+01:00');
    expect(offsetMinutes(new Date('2026-10-25T01:00:59Z'), 'Europe/Berlin')).toBe(60);
    // St. John's springs forward at 02:00 local, 05:30 UTC: within a UTC hour.
    expect(isoInZone(new Date('2026-03-08T05:29:59Z'), 'America/St_Johns')).toBe('2026-03-08T01:59:59-03:30');
    expect(isoInZone(new Date('2026-03-08T05:30:00Z'), 'America/St_Johns')).toBe('2026-03-08T03:00:00-02:30');
  });

  it('gives the calendar date where the zone is, which may differ from the date in UTC', () => {
    expect(dateInZone(new Date('2026-01-01T02:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
    expect(dateInZone(new Date('2025-12-31T20:00:00Z'), 'Pacific/Auckland')).toBe('2026-01-01');
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(isoInZone(new Date('2026-07-15T12:00:00Z'), 'Mars/Olympus_Mons')).toBe('2026-07-15T12:00:00+00:00');
  });

  it('finds the instant of a wall-clock time on either side of a daylight-saving change', () => {
    expect(zonedToUtc('2026-03-28', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(zonedToUtc('2026-03-30', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(zonedToUtc('2026-11-02', '09:00', 'America/New_York').toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });
});
