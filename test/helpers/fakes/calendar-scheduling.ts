import type { RecordedRequest } from './calendars.js';

/** Availability and booking on the fake Cal.com and Calendly (the conversation engine's functions). */
type Reply = { status: number; body: unknown };

const bearerOf = (request: RecordedRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
const calcomError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { status: 'error', error: { code, message } },
});

/**
 * Cal.com v2 /v2/me, /v2/slots and /v2/bookings, each answering 404 without its pinned
 * cal-api-version like the real controllers. Slots come from setSlots; a booking echoes the
 * request unless a test scripts another answer.
 */
export function calcomScheduling() {
  let slots: Record<string, Array<{ start: string }>> = {};
  let bookingReply: ((body: Record<string, unknown>) => Reply) | undefined;
  const usernames = new Map<string, string>();
  let sequence = 0;

  return {
    handle(request: RecordedRequest, knownKey: (key: string) => boolean): Reply | undefined {
      const url = new URL(request.path, 'http://fake');
      const version = request.headers['cal-api-version'];
      const key = bearerOf(request);
      if (url.pathname === '/v2/me' && request.method === 'GET') {
        if (!key || !knownKey(key)) return calcomError(401, 'UnauthorizedException', 'Invalid API Key');
        return { status: 200, body: { status: 'success', data: { id: 1, username: usernames.get(key) ?? 'fake-user', timeZone: 'UTC' } } };
      }
      if (url.pathname === '/v2/slots' && request.method === 'GET') {
        if (version !== '2024-09-04') return calcomError(404, 'NotFoundException', 'Cannot GET /v2/slots');
        if (!url.searchParams.get('start') || !url.searchParams.get('end'))
          return calcomError(400, 'BadRequestException', 'Invalid start date');
        return { status: 200, body: { status: 'success', data: slots } };
      }
      if (url.pathname === '/v2/bookings' && request.method === 'POST') {
        if (version !== '2026-02-25') return calcomError(404, 'NotFoundException', 'Cannot POST /v2/bookings');
        if (!key || !knownKey(key)) return calcomError(401, 'UnauthorizedException', 'Invalid API Key');
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (bookingReply) return bookingReply(body);
        sequence += 1;
        const start = String(body.start);
        return {
          status: 201,
          body: {
            status: 'success',
            data: {
              id: sequence,
              uid: `booking_uid_${sequence}`,
              status: 'accepted',
              start,
              end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
              attendees: [body.attendee],
            },
          },
        };
      }
      return undefined;
    },
    controls: {
      setSlots(next: Record<string, Array<{ start: string }>>) {
        slots = next;
      },
      setBookingReply(reply: ((body: Record<string, unknown>) => Reply) | undefined) {
        bookingReply = reply;
      },
      setUsername(apiKey: string, username: string) {
        usernames.set(apiKey, username);
      },
    },
  };
}

/** Calendly /event_type_available_times and the Scheduling API's POST /invitees. */
export function calendlyScheduling() {
  let times: Array<{ start_time: string; status?: string; invitees_remaining?: number }> = [];
  let inviteeReply: ((body: Record<string, unknown>) => Reply) | undefined;
  let sequence = 0;

  return {
    handle(request: RecordedRequest): Reply | undefined {
      const url = new URL(request.path, 'http://fake');
      if (url.pathname === '/event_type_available_times' && request.method === 'GET') {
        const start = url.searchParams.get('start_time');
        const end = url.searchParams.get('end_time');
        if (!url.searchParams.get('event_type') || !start || !end) {
          return { status: 400, body: { title: 'Invalid Argument', message: 'The supplied parameters are invalid.' } };
        }
        const inRange = times.filter((t) => t.start_time >= start && t.start_time < end);
        return {
          status: 200,
          body: {
            collection: inRange.map((t) => ({
              status: 'available',
              invitees_remaining: 1,
              scheduling_url: 'https://calendly.com/x',
              ...t,
            })),
          },
        };
      }
      if (url.pathname === '/invitees' && request.method === 'POST') {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (inviteeReply) return inviteeReply(body);
        sequence += 1;
        const invitee = body.invitee as Record<string, unknown>;
        return {
          status: 201,
          body: {
            resource: {
              uri: `https://api.calendly.com/scheduled_events/EV${sequence}/invitees/INV${sequence}`,
              event: `https://api.calendly.com/scheduled_events/EV${sequence}`,
              email: invitee?.email,
              name: invitee?.name,
              status: 'active',
              timezone: invitee?.timezone,
              cancel_url: `https://calendly.com/cancellations/INV${sequence}`,
              reschedule_url: `https://calendly.com/reschedulings/INV${sequence}`,
            },
          },
        };
      }
      return undefined;
    },
    controls: {
      setAvailableTimes(next: Array<{ start_time: string; status?: string; invitees_remaining?: number }>) {
        times = next;
      },
      setInviteeReply(reply: ((body: Record<string, unknown>) => Reply) | undefined) {
        inviteeReply = reply;
      },
    },
  };
}
