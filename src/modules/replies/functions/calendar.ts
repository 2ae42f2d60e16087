import type { CalendarClients } from '../../assistants/index.js';
import { type CalcomEventRef, type CalcomRegion, CalendarError } from '../../calendars/index.js';
import { addDays, dateInZone, isoInZone, safeTimeZone, utcIso, zonedToUtc } from '../time.js';
import { FUNCTION_NAMES } from './names.js';
import { FunctionError, objectSchema, type ConversationFunction } from './types.js';

/** More than this many open times is noise to the model; it can ask for a narrower range. */
const MAX_SLOTS = 30;
const DEFAULT_DAYS = 7;
const MAX_DAYS = 31;
/** Calendly refuses ranges over 7 days (31 since mid-2026); 7 works with both. */
const CALENDLY_MAX_MS = 7 * 86_400_000;
const RESERVED = new Set(['start_time', 'name', 'email', 'phone']);

type CalendarTool = Record<string, unknown>;
interface BookingField {
  slug: string;
  type: string;
  label: string;
  required?: boolean;
  options?: string[];
}

/**
 * The calendar_integration tool as two functions: availability and booking, against Cal.com v2
 * (provider_a) or Calendly v2 (provider_b). The first calendar tool of an assistant is used.
 */
export function calendarFunctions(tool: CalendarTool, clients: CalendarClients): ConversationFunction[] {
  const providerB = tool.calendar_type === 'provider_b';
  const fields = providerB ? [] : ((tool.provider_a_booking_fields ?? []) as BookingField[]).filter((f) => !RESERVED.has(f.slug));
  const eventName = typeof tool.provider_a_event_name === 'string' && !providerB ? ` for "${tool.provider_a_event_name}"` : '';
  const extra = typeof tool.description === 'string' && tool.description ? ` ${tool.description}` : '';

  const availability: ConversationFunction = {
    spec: {
      name: FUNCTION_NAMES.availability,
      description: `Lists the open appointment times${eventName} between two dates (in the assistant's time zone).${extra}`,
      parameters: objectSchema(
        {
          start_date: { type: 'string', description: 'First day to check, YYYY-MM-DD. Defaults to today.' },
          end_date: {
            type: 'string',
            description: `Last day to check, YYYY-MM-DD. Defaults to ${DEFAULT_DAYS - 1} days after start_date.`,
          },
        },
        [],
      ),
    },
    call: async (args, ctx) => {
      const zone = safeTimeZone(ctx.assistant.timezone);
      const startDate = dateArg(args.start_date, 'start_date') ?? dateInZone(ctx.now, zone);
      const endDate = dateArg(args.end_date, 'end_date') ?? addDays(startDate, DEFAULT_DAYS - 1);
      if (endDate < startDate) throw new FunctionError('end_date must not be before start_date.');
      if (endDate > addDays(startDate, MAX_DAYS - 1)) throw new FunctionError(`The range can cover at most ${MAX_DAYS} days.`);
      const starts = await guard(() =>
        providerB ? calendlyTimes(tool, clients, startDate, endDate, zone, ctx.now) : calcomTimes(tool, clients, startDate, endDate, zone),
      );
      return {
        result: {
          time_zone: zone,
          start_date: startDate,
          end_date: endDate,
          slots: starts.slice(0, MAX_SLOTS).map((start) => ({ start })),
          ...(starts.length > MAX_SLOTS ? { more_slots: starts.length - MAX_SLOTS } : {}),
        },
      };
    },
  };

  const booking: ConversationFunction = {
    spec: {
      name: FUNCTION_NAMES.booking,
      description: `Books an appointment${eventName} at one of the open times. Ask the customer for their name and e-mail first.${extra}`,
      parameters: objectSchema(
        {
          start_time: {
            type: 'string',
            description: 'Start time exactly as listed by check_calendar_availability (ISO 8601 with offset).',
          },
          name: { type: 'string', minLength: 1, description: "The customer's full name." },
          email: { type: 'string', minLength: 3, description: "The customer's e-mail address." },
          phone: { type: 'string', description: "The customer's phone number in international format, if given." },
          ...Object.fromEntries(fields.map((f) => [f.slug, fieldSchema(f)])),
        },
        ['start_time', 'name', 'email', ...fields.filter((f) => f.required).map((f) => f.slug)],
      ),
    },
    call: async (args, ctx) => {
      const zone = safeTimeZone(ctx.assistant.timezone);
      const start = parseStart(String(args.start_time), zone);
      const email = String(args.email).trim();
      if (!email.includes('@')) throw new FunctionError('email must be an e-mail address.');
      const phone = typeof args.phone === 'string' && args.phone.trim() ? args.phone.trim() : undefined;
      const name = String(args.name).trim();
      if (providerB) {
        const invitee = await guard(() =>
          clients.calendly.createInvitee(String(tool.provider_b_api_key), {
            eventTypeUri: String(tool.provider_b_event_type_uri),
            startTime: utcIso(start),
            invitee: { name, email, timezone: zone, ...(phone ? { text_reminder_number: phone } : {}) },
          }),
        );
        return {
          result: {
            booked: true,
            status: invitee.status,
            booking_id: invitee.uri,
            start: isoInZone(start, zone),
            cancel_url: invitee.cancelUrl,
            reschedule_url: invitee.rescheduleUrl,
          },
        };
      }
      const responses = Object.fromEntries(fields.filter((f) => args[f.slug] !== undefined).map((f) => [f.slug, args[f.slug]]));
      const booked = await guard(() =>
        clients.calcom.createBooking({
          ...calcomRef(tool),
          start: utcIso(start),
          attendee: { name, email, timeZone: zone, ...(phone ? { phoneNumber: phone } : {}) },
          bookingFieldsResponses: responses,
          metadata: { conversation_id: ctx.conversationUuid },
        }),
      );
      return {
        result: {
          booked: booked.status !== 'rejected' && booked.status !== 'cancelled',
          status: booked.status,
          booking_id: booked.uid,
          start: isoInZone(new Date(booked.start), zone),
          end: booked.end ? isoInZone(new Date(booked.end), zone) : null,
        },
      };
    },
  };
  return [availability, booking];
}

function calcomRef(tool: CalendarTool): CalcomEventRef {
  return {
    apiKey: String(tool.provider_a_api_key),
    region: (tool.provider_a_endpoint ?? 'us') as CalcomRegion,
    customEndpoint: (tool.provider_a_custom_endpoint ?? null) as string | null,
    eventTypeId: (tool.provider_a_event_id ?? null) as number | null,
    eventTypeSlug: (tool.provider_a_event_slug ?? null) as string | null,
    teamSlug: (tool.provider_a_team_slug || null) as string | null,
  };
}

async function calcomTimes(
  tool: CalendarTool,
  clients: CalendarClients,
  startDate: string,
  endDate: string,
  zone: string,
): Promise<string[]> {
  const slots = await clients.calcom.getSlots({ ...calcomRef(tool), start: startDate, end: endDate, timeZone: zone });
  return slots.map((s) => s.start);
}

async function calendlyTimes(
  tool: CalendarTool,
  clients: CalendarClients,
  startDate: string,
  endDate: string,
  zone: string,
  now: Date,
): Promise<string[]> {
  // Calendly only takes a future start.
  const start = new Date(Math.max(zonedToUtc(startDate, '00:00', zone).getTime(), now.getTime() + 60_000));
  const end = new Date(Math.min(zonedToUtc(addDays(endDate, 1), '00:00', zone).getTime(), start.getTime() + CALENDLY_MAX_MS));
  if (end <= start) return [];
  const times = await clients.calendly.getAvailableTimes(String(tool.provider_b_api_key), {
    eventTypeUri: String(tool.provider_b_event_type_uri),
    startTime: utcIso(start),
    endTime: utcIso(end),
  });
  return times.map((t) => isoInZone(new Date(t.startTime), zone));
}

function fieldSchema(field: BookingField): Record<string, unknown> {
  const description = field.label;
  switch (field.type) {
    case 'number':
      return { type: 'number', description };
    case 'boolean':
      return { type: 'boolean', description };
    case 'select':
    case 'radio':
      return { type: 'string', enum: field.options ?? [], description };
    case 'multiselect':
    case 'checkbox':
      return { type: 'array', items: { type: 'string', enum: field.options ?? [] }, description };
    default:
      return { type: 'string', description };
  }
}

function dateArg(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text)))
    throw new FunctionError(`${name} must be a date in the form YYYY-MM-DD.`);
  return text;
}

/** A time without an offset is read in the assistant's zone, never the server's. */
function parseStart(text: string, zone: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!match) throw new FunctionError('start_time must be an ISO 8601 date-time such as 2026-01-20T09:00:00+01:00.');
  const date = match[5] ? new Date(text.trim()) : zonedToUtc(match[1]!, match[2]!, zone);
  if (Number.isNaN(date.getTime())) throw new FunctionError('start_time is not a valid date-time.');
  return date;
}

/** Provider failures become messages for the model (it can pick another time, fix a field). */
async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CalendarError) throw new FunctionError(error.message);
    throw error;
  }
}
