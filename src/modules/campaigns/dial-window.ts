import ct from 'countries-and-timezones';
import { DateTime, IANAZone } from 'luxon';

/** Dialing hours: a daily window in a time zone, on some weekdays (1 Monday ... 7 Sunday). */
export interface DialWindow {
  timezone: string;
  /** Minutes after local midnight. */
  startMinutes: number;
  endMinutes: number;
  /** Days a window may start on; an end before the start crosses midnight into the next day. */
  days: ReadonlySet<number>;
}

const WEEKDAY_NUMBERS: Record<string, number> = { monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, sunday: 7 };
const EVERY_DAY = new Set([1, 2, 3, 4, 5, 6, 7]);

export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** "09:30" or "09:30:00" as minutes after midnight. */
export function minutesOf(hm: string): number {
  const [h, m] = hm.split(':').map(Number);
  return h! * 60 + m!;
}

export function campaignWindow(c: {
  timezone: string;
  allowed_hours_start_time: string;
  allowed_hours_end_time: string;
  allowed_days: string[];
}): DialWindow {
  return {
    timezone: c.timezone,
    startMinutes: minutesOf(c.allowed_hours_start_time),
    endMinutes: minutesOf(c.allowed_hours_end_time),
    days: new Set(c.allowed_days.map((d) => WEEKDAY_NUMBERS[d]!).filter(Boolean)),
  };
}

/** The operator's quiet-hours floor ("08:00-21:00") as a window of every day in `timezone`. */
export function floorWindow(range: string, timezone: string): DialWindow {
  const [start, end] = range.split('-');
  return { timezone, startMinutes: minutesOf(start!), endMinutes: minutesOf(end!), days: EVERY_DAY };
}

/**
 * Whether the window is open at an instant. Local wall-clock time is read in the zone at that
 * instant, so a DST change moves the window with the clocks. A window crossing midnight belongs
 * to the day it starts on: Friday 22:00-02:00 is open early on Saturday, not early on Friday.
 */
export function isOpen(window: DialWindow, at: Date): boolean {
  const local = DateTime.fromJSDate(at, { zone: window.timezone });
  const minutes = local.hour * 60 + local.minute;
  const { startMinutes: start, endMinutes: end, days } = window;
  if (start === end) return days.has(local.weekday);
  if (start < end) return days.has(local.weekday) && minutes >= start && minutes < end;
  const yesterday = local.weekday === 1 ? 7 : local.weekday - 1;
  return (days.has(local.weekday) && minutes >= start) || (days.has(yesterday) && minutes < end);
}

/**
 * The first instant at or after `from` when the window is open, within eight days (null: never,
 * e.g. no day allowed). If it is closed now it next opens at some day's start time, so only
 * those are candidates; a start inside a spring-forward gap opens at the first time after it.
 */
export function nextOpening(window: DialWindow, from: Date): Date | null {
  if (isOpen(window, from)) return from;
  const local = DateTime.fromJSDate(from, { zone: window.timezone }).startOf('day');
  const hour = Math.floor(window.startMinutes / 60);
  const minute = window.startMinutes % 60;
  for (let day = 0; day <= 8; day++) {
    const date = local.plus({ days: day });
    const start = DateTime.fromObject(
      { year: date.year, month: date.month, day: date.day, hour, minute },
      { zone: window.timezone },
    ).toJSDate();
    if (start.getTime() > from.getTime() && isOpen(window, start)) return start;
  }
  return null;
}

/** The first instant at or after `from` when every window is open at once (null: not within a few weeks). */
export function nextOpeningOfAll(windows: DialWindow[], from: Date): Date | null {
  let at: Date | null = from;
  for (let round = 0; round < 30 && at; round++) {
    const candidate: Date = at;
    const moved = windows.map((w) => nextOpening(w, candidate));
    if (moved.some((m) => m === null)) return null;
    const latest = Math.max(...moved.map((m) => m!.getTime()));
    if (latest === candidate.getTime()) return candidate;
    at = new Date(latest);
  }
  return null;
}

const countryZones = new Map<string, string | null>();
const SAMPLE_INSTANTS = [Date.UTC(2026, 0, 15), Date.UTC(2026, 6, 15)];

/**
 * The time zone a number's country tells: its zone when all of its zones keep the same clock
 * (Germany's two, winter and summer alike), null when they differ (the United States, Brazil).
 */
export function timeZoneOfCountry(countryCode: string | null): string | null {
  if (!countryCode) return null;
  if (countryZones.has(countryCode)) return countryZones.get(countryCode)!;
  const zones = ct.getCountry(countryCode)?.timezones ?? [];
  const offsets = (zone: string) => SAMPLE_INSTANTS.map((at) => DateTime.fromMillis(at, { zone }).offset).join(',');
  const agreed = zones.length > 0 && zones.every((zone) => offsets(zone) === offsets(zones[0]!)) ? zones[0]! : null;
  countryZones.set(countryCode, agreed);
  return agreed;
}
