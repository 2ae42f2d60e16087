import type { HttpClient } from '../../core/net/index.js';
import { CalendarError, failureFor, getJson, joinUrl, providerFailure, requestJson } from './calendar-http.js';

/** Cal.com pins each endpoint family to a version header; a wrong one answers 404. */
export const CALCOM_EVENT_TYPES_VERSION = '2024-06-14';
export const CALCOM_SLOTS_VERSION = '2024-09-04';
export const CALCOM_BOOKINGS_VERSION = '2026-02-25';

export type CalcomRegion = 'us' | 'eu' | 'custom';

export interface CalcomEventType {
  id: number;
  title: string;
  slug: string;
  lengthInMinutes: number | null;
}

/** Which event type: by id, or by slug with its team, or by slug with the key owner's username. */
export interface CalcomEventRef {
  apiKey: string;
  region: CalcomRegion;
  customEndpoint?: string | null;
  eventTypeId?: number | null;
  eventTypeSlug?: string | null;
  teamSlug?: string | null;
}

export interface CalcomBookingInput extends CalcomEventRef {
  /** UTC ISO 8601 (Cal.com wants UTC). */
  start: string;
  attendee: { name: string; email: string; timeZone: string; phoneNumber?: string };
  bookingFieldsResponses?: Record<string, unknown>;
  metadata?: Record<string, string>;
}

export interface CalcomBooking {
  uid: string;
  status: string;
  start: string;
  end: string | null;
}

export interface CalcomClientOptions {
  http: HttpClient;
  usBaseUrl: string;
  euBaseUrl: string;
  timeoutMs: number;
}

/** Cal.com API v2 (https://api.cal.com/v2, the EU region at api.cal.eu, or a self-hosted base). */
export function createCalcomClient(options: CalcomClientOptions) {
  function baseUrl(region: CalcomRegion, customEndpoint?: string | null): string {
    if (region === 'custom') {
      if (!customEndpoint) throw new CalendarError('refused', 'A custom endpoint needs a base URL.');
      // Accept the base with or without the /v2 suffix.
      return customEndpoint.replace(/\/+$/, '').replace(/\/v2$/, '');
    }
    return region === 'eu' ? options.euBaseUrl : options.usBaseUrl;
  }

  /** Query (or body) fields naming the event type; a personal slug needs the key owner's username. */
  async function eventQuery(ref: CalcomEventRef): Promise<Record<string, string>> {
    if (ref.eventTypeId) return { eventTypeId: String(ref.eventTypeId) };
    if (!ref.eventTypeSlug) throw new CalendarError('refused', 'The calendar tool names no event type.');
    if (ref.teamSlug) return { eventTypeSlug: ref.eventTypeSlug, teamSlug: ref.teamSlug };
    const { status, body } = await getJson(
      options.http,
      joinUrl(baseUrl(ref.region, ref.customEndpoint), '/v2/me'),
      { authorization: `Bearer ${ref.apiKey}` },
      options.timeoutMs,
    );
    if (status !== 200) throw failureFor(status, 'The API key owner');
    const username = (body as { data?: { username?: unknown } } | null)?.data?.username;
    if (typeof username !== 'string') throw new CalendarError('unavailable', 'Cal.com answered without a username.', status);
    return { eventTypeSlug: ref.eventTypeSlug, username };
  }

  return {
    baseUrl,

    /** Resolves an event type; Cal.com answers 404 unless the key's user may see it. */
    async getEventType(input: {
      apiKey: string;
      eventTypeId: number;
      region: CalcomRegion;
      customEndpoint?: string | null;
    }): Promise<CalcomEventType> {
      const url = joinUrl(baseUrl(input.region, input.customEndpoint), `/v2/event-types/${input.eventTypeId}`);
      const { status, body } = await getJson(
        options.http,
        url,
        { authorization: `Bearer ${input.apiKey}`, 'cal-api-version': CALCOM_EVENT_TYPES_VERSION },
        options.timeoutMs,
      );
      if (status !== 200) throw failureFor(status, `Event type ${input.eventTypeId}`);
      const data = (body as { data?: Partial<CalcomEventType> } | null)?.data;
      if (!data || typeof data.title !== 'string') {
        throw new CalendarError('unavailable', 'Cal.com answered without an event type.', status);
      }
      return {
        id: Number(data.id ?? input.eventTypeId),
        title: data.title,
        slug: String(data.slug ?? ''),
        lengthInMinutes: typeof data.lengthInMinutes === 'number' ? data.lengthInMinutes : null,
      };
    },

    /** Open start times between two dates (GET /v2/slots), flattened and in the given zone. */
    async getSlots(input: CalcomEventRef & { start: string; end: string; timeZone: string }): Promise<Array<{ start: string }>> {
      const query = new URLSearchParams({ ...(await eventQuery(input)), start: input.start, end: input.end, timeZone: input.timeZone });
      const { status, body } = await requestJson(
        options.http,
        joinUrl(baseUrl(input.region, input.customEndpoint), `/v2/slots?${query}`),
        { method: 'GET', headers: { authorization: `Bearer ${input.apiKey}`, 'cal-api-version': CALCOM_SLOTS_VERSION } },
        options.timeoutMs,
      );
      if (status !== 200) throw providerFailure(status, body);
      const days = ((body as { data?: unknown } | null)?.data ?? {}) as Record<string, Array<{ start?: unknown }>>;
      return Object.keys(days)
        .sort()
        .flatMap((day) =>
          (Array.isArray(days[day]) ? days[day] : []).filter((s) => typeof s.start === 'string').map((s) => ({ start: String(s.start) })),
        );
    },

    /** POST /v2/bookings; `pending` means the host still has to confirm. */
    async createBooking(input: CalcomBookingInput): Promise<CalcomBooking> {
      const ref = await eventQuery(input);
      const { status, body } = await requestJson(
        options.http,
        joinUrl(baseUrl(input.region, input.customEndpoint), '/v2/bookings'),
        {
          method: 'POST',
          headers: { authorization: `Bearer ${input.apiKey}`, 'cal-api-version': CALCOM_BOOKINGS_VERSION },
          body: {
            start: input.start,
            ...(ref.eventTypeId ? { eventTypeId: Number(ref.eventTypeId) } : ref),
            attendee: input.attendee,
            ...(input.bookingFieldsResponses && Object.keys(input.bookingFieldsResponses).length > 0
              ? { bookingFieldsResponses: input.bookingFieldsResponses }
              : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
        },
        options.timeoutMs,
      );
      if (status !== 200 && status !== 201) throw providerFailure(status, body);
      const raw = (body as { data?: unknown } | null)?.data;
      // A recurring event type answers with one booking per occurrence; the first is the one asked for.
      const data = (Array.isArray(raw) ? raw[0] : raw) as Record<string, unknown> | undefined;
      if (!data || typeof data.uid !== 'string') throw new CalendarError('unavailable', 'Cal.com answered without a booking.', status);
      return {
        uid: data.uid,
        status: String(data.status ?? 'accepted'),
        start: String(data.start ?? input.start),
        end: typeof data.end === 'string' ? data.end : null,
      };
    },
  };
}

export type CalcomClient = ReturnType<typeof createCalcomClient>;
