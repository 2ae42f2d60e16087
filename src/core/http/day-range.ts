import { Type } from '@sinclair/typebox';
import { DateTime, IANAZone } from 'luxon';
import { validationFailed } from './errors.js';

/** A calendar day in a query: `2025-03-01`. */
export function Day(description = 'YYYY-MM-DD') {
  return Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, examples: ['2026-03-01'] });
}

/** An IANA time zone name for the days of a range; UTC when absent. */
export const TimeZoneName = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'IANA time zone of the days, e.g. Europe/Bucharest; UTC when absent.',
});

export interface DayRange {
  /** The first instant of the first day. */
  start: Date;
  /** The first instant after the last day. */
  end: Date;
  /** The first and last day, as given. */
  from: string;
  to: string;
  timezone: string;
  days: number;
}

function dayIn(day: string, zone: string, field: string): DateTime {
  const date = DateTime.fromISO(day, { zone });
  if (!date.isValid) throw validationFailed({ [field]: [`The ${field.replace('_', ' ')} is not a valid date.`] });
  return date.startOf('day');
}

/**
 * The instants of whole days `from`..`to` (both included) in a time zone. Open ends are allowed
 * unless `required`; `maxDays` bounds a range whose every day is reported.
 */
export function dayRange(
  input: { from?: string; to?: string; timezone?: string },
  options: { maxDays?: number; fields?: { from: string; to: string } } = {},
): Partial<DayRange> & { timezone: string } {
  const fields = options.fields ?? { from: 'date_from', to: 'date_to' };
  const zone = input.timezone ?? 'UTC';
  if (!IANAZone.isValidZone(zone)) throw validationFailed({ timezone: ['The timezone must be a valid IANA time zone.'] });
  const first = input.from === undefined ? undefined : dayIn(input.from, zone, fields.from);
  const last = input.to === undefined ? undefined : dayIn(input.to, zone, fields.to);
  if (first && last && last < first) {
    throw validationFailed({
      [fields.to]: [`The ${fields.to.replace('_', ' ')} must be a date after or equal to ${fields.from.replace('_', ' ')}.`],
    });
  }
  const days = first && last ? Math.round(last.diff(first, 'days').days) + 1 : undefined;
  if (options.maxDays !== undefined && days !== undefined && days > options.maxDays) {
    throw validationFailed({ [fields.to]: [`The range may span at most ${options.maxDays} days.`] });
  }
  return {
    start: first?.toJSDate(),
    end: last?.plus({ days: 1 }).toJSDate(),
    from: input.from,
    to: input.to,
    timezone: zone,
    days,
  };
}

/** dayRange with both ends required (the schema requires them; this narrows the type). */
export function closedDayRange(
  input: { from: string; to: string; timezone?: string },
  options: { maxDays?: number; fields?: { from: string; to: string } } = {},
): DayRange {
  return dayRange(input, options) as DayRange;
}
