/**
 * Time in an IANA zone without a date library: Intl gives the wall-clock parts, from which the
 * zone's offset at an instant follows.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An unknown zone (a typo stored before validation existed) falls back to UTC rather than failing a reply. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

function wallClock(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * Each zone's offset in the last minute asked about. Offsets change on whole minutes, so a
 * zone costs one formatToParts (tens of microseconds, on the path of every message) a minute.
 */
const offsets = new Map<string, { minute: number; offset: number }>();

/** Minutes east of UTC at that instant. */
export function offsetMinutes(date: Date, timeZone: string): number {
  const minute = Math.floor(date.getTime() / 60_000);
  const known = offsets.get(timeZone);
  if (known?.minute === minute) return known.offset;
  const offset = offsetOf(date, wallClock(date, timeZone));
  offsets.set(timeZone, { minute, offset });
  return offset;
}

function offsetOf(date: Date, w: ReturnType<typeof wallClock>): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** "2026-02-23T14:00:00+01:00": ISO 8601 with the zone's offset, as the reference's webhooks show. */
export function isoInZone(date: Date, timeZone: string): string {
  const offset = offsetMinutes(date, safeTimeZone(timeZone));
  // The wall clock is the instant moved by the offset, read as UTC.
  const w = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const time = `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The calendar date (YYYY-MM-DD) in the zone at that instant. */
export function dateInZone(date: Date, timeZone: string): string {
  return isoInZone(date, timeZone).slice(0, 10);
}

/** The instant a local wall-clock time (YYYY-MM-DD and HH:MM) happens in the zone. */
export function zonedToUtc(localDate: string, localTime: string, timeZone: string): Date {
  const zone = safeTimeZone(timeZone);
  const naive = new Date(`${localDate}T${localTime}:00Z`);
  // Two passes settle the offset across a DST change.
  let guess = new Date(naive.getTime() - offsetMinutes(naive, zone) * 60_000);
  guess = new Date(naive.getTime() - offsetMinutes(guess, zone) * 60_000);
  return guess;
}

/** "2026-01-15" plus n days. */
export function addDays(localDate: string, days: number): string {
  const d = new Date(`${localDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** UTC ISO without milliseconds, the form calendar providers document. */
export function utcIso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "2025-01-25 14:30:00": the reference's list timestamp style (UTC). */
export function listTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
