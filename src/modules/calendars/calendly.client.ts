import type { HttpClient } from '../../core/net/index.js';
import { CalendarError, failureFor, getJson, joinUrl, providerFailure, requestJson } from './calendar-http.js';

export interface CalendlyUser {
  uri: string;
  currentOrganization: string | null;
}

export interface CalendlyEventType {
  uri: string;
  name: string;
  active: boolean;
  deleted: boolean;
  bookingMethod: string | null;
  profileType: string | null;
  profileOwner: string | null;
}

export interface CalendlyAvailableTime {
  startTime: string;
  inviteesRemaining: number | null;
}

export interface CalendlyInviteeInput {
  eventTypeUri: string;
  /** UTC ISO 8601, exactly as an available time gave it. */
  startTime: string;
  invitee: { name: string; email: string; timezone: string; text_reminder_number?: string };
  questionsAndAnswers?: Array<{ question: string; answer: string; position: number }>;
}

export interface CalendlyInvitee {
  uri: string;
  event: string | null;
  status: string;
  cancelUrl: string | null;
  rescheduleUrl: string | null;
}

export interface CalendlyClientOptions {
  http: HttpClient;
  baseUrl: string;
  timeoutMs: number;
}

const UUID_SEGMENT = /^\/event_types\/([A-Za-z0-9-]+)\/?$/;

/** The UUID of an event type URI (https://api.calendly.com/event_types/<uuid>), or null. */
export function eventTypeUuid(uri: string): string | null {
  try {
    return UUID_SEGMENT.exec(new URL(uri).pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Calendly API v2 with a personal access token. */
export function createCalendlyClient(options: CalendlyClientOptions) {
  const get = (token: string, path: string) =>
    getJson(options.http, joinUrl(options.baseUrl, path), { authorization: `Bearer ${token}` }, options.timeoutMs);

  return {
    async getCurrentUser(token: string): Promise<CalendlyUser> {
      const { status, body } = await get(token, '/users/me');
      if (status !== 200) throw failureFor(status, 'The current user');
      const resource = (body as { resource?: { uri?: unknown; current_organization?: unknown } } | null)?.resource;
      if (!resource || typeof resource.uri !== 'string')
        throw new CalendarError('unavailable', 'Calendly answered without a user.', status);
      return {
        uri: resource.uri,
        currentOrganization: typeof resource.current_organization === 'string' ? resource.current_organization : null,
      };
    },

    /** GET /event_type_available_times; Calendly wants a future start and at most 7 (now 31) days. */
    async getAvailableTimes(
      token: string,
      input: { eventTypeUri: string; startTime: string; endTime: string },
    ): Promise<CalendlyAvailableTime[]> {
      const query = new URLSearchParams({ event_type: input.eventTypeUri, start_time: input.startTime, end_time: input.endTime });
      const { status, body } = await get(token, `/event_type_available_times?${query}`);
      if (status !== 200) throw providerFailure(status, body);
      const collection = ((body as { collection?: unknown } | null)?.collection ?? []) as Array<Record<string, unknown>>;
      return collection
        .filter((t) => typeof t.start_time === 'string' && (t.status === undefined || t.status === 'available'))
        .map((t) => ({
          startTime: String(t.start_time),
          inviteesRemaining: typeof t.invitees_remaining === 'number' ? t.invitees_remaining : null,
        }));
    },

    /** POST /invitees (the Scheduling API): books the time as if through Calendly's own page. */
    async createInvitee(token: string, input: CalendlyInviteeInput): Promise<CalendlyInvitee> {
      const { status, body } = await requestJson(
        options.http,
        joinUrl(options.baseUrl, '/invitees'),
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: {
            event_type: input.eventTypeUri,
            start_time: input.startTime,
            invitee: input.invitee,
            ...(input.questionsAndAnswers?.length ? { questions_and_answers: input.questionsAndAnswers } : {}),
          },
        },
        options.timeoutMs,
      );
      if (status !== 200 && status !== 201) throw providerFailure(status, body);
      const r = (body as { resource?: Record<string, unknown> } | null)?.resource;
      if (!r || typeof r.uri !== 'string') throw new CalendarError('unavailable', 'Calendly answered without an invitee.', status);
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      return {
        uri: r.uri,
        event: text(r.event),
        status: text(r.status) ?? 'active',
        cancelUrl: text(r.cancel_url),
        rescheduleUrl: text(r.reschedule_url),
      };
    },

    async getEventType(token: string, uuid: string): Promise<CalendlyEventType> {
      const { status, body } = await get(token, `/event_types/${encodeURIComponent(uuid)}`);
      if (status !== 200) throw failureFor(status, 'The event type');
      const r = (body as { resource?: Record<string, unknown> } | null)?.resource;
      if (!r || typeof r.uri !== 'string') throw new CalendarError('unavailable', 'Calendly answered without an event type.', status);
      const profile = (r.profile ?? null) as { type?: unknown; owner?: unknown } | null;
      return {
        uri: r.uri,
        name: typeof r.name === 'string' ? r.name : '',
        active: r.active !== false,
        deleted: r.deleted_at !== null && r.deleted_at !== undefined,
        bookingMethod: typeof r.booking_method === 'string' ? r.booking_method : null,
        profileType: typeof profile?.type === 'string' ? profile.type : null,
        profileOwner: typeof profile?.owner === 'string' ? profile.owner : null,
      };
    },
  };
}

export type CalendlyClient = ReturnType<typeof createCalendlyClient>;
