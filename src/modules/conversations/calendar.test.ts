import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import { startFakeCalcom, startFakeCalendly, type RecordedRequest } from '../../../test/helpers/fakes/calendars.js';

let ctx: ConversationsTestApp;
let calcom: Awaited<ReturnType<typeof startFakeCalcom>>;
let calcomEu: Awaited<ReturnType<typeof startFakeCalcom>>;
let calendly: Awaited<ReturnType<typeof startFakeCalendly>>;
beforeAll(async () => {
  [calcom, calcomEu, calendly] = await Promise.all([startFakeCalcom(), startFakeCalcom(), startFakeCalendly()]);
  ctx = await startConversationsApp({ CALCOM_API_URL: calcom.url, CALCOM_EU_API_URL: calcomEu.url, CALENDLY_API_URL: calendly.url });
});
afterAll(async () => {
  await ctx.close();
  await Promise.all([calcom.close(), calcomEu.close(), calendly.close()]);
});

/** An assistant (time zone Europe/Bucharest) with one calendar tool, and a fresh conversation with it. */
async function conversationWith(tool: Record<string, unknown>) {
  const owner = await ownerWithAssistant(ctx.t, { assistant: { tools: [{ type: 'calendar_integration', ...tool }] } });
  return openConversation(ctx.t, owner.assistant.uuid);
}

const lastRequest = (server: { requests: RecordedRequest[] }, prefix: string) =>
  [...server.requests].reverse().find((r) => r.path.startsWith(prefix));

describe('provider_a: Cal.com v2', () => {
  it('checks availability and books with the pinned versions, the booking fields and the attendee', async () => {
    const { t, llm } = ctx;
    calcom.addEventType('cal_live_key', { id: 123, title: 'Consultation', slug: '30min' });
    calcom.setSlots({ '2026-01-16': [{ start: '2026-01-16T09:00:00.000+02:00' }, { start: '2026-01-16T10:00:00.000+02:00' }] });
    const id = await conversationWith({
      calendar_type: 'provider_a',
      provider_a_api_key: 'cal_live_key',
      provider_a_event_slug: '30min',
      provider_a_event_id: 123,
      provider_a_booking_fields: [
        { slug: 'company-size', type: 'select', label: 'Company size', required: true, options: ['1-10', '11-50'] },
        { slug: 'notes', type: 'textarea', label: 'Notes' },
      ],
    });

    llm.reply(
      { toolCalls: [{ name: 'check_calendar_availability', arguments: { start_date: '2026-01-16', end_date: '2026-01-17' } }] },
      { content: '9:00 or 10:00?' },
    );
    const checked = await sendMessage(t, id, 'When are you free on Friday?');
    expect(checked.json().function_calls).toEqual([
      {
        name: 'check_calendar_availability',
        arguments: { start_date: '2026-01-16', end_date: '2026-01-17' },
        result: {
          time_zone: 'Europe/Bucharest',
          start_date: '2026-01-16',
          end_date: '2026-01-17',
          slots: [{ start: '2026-01-16T09:00:00.000+02:00' }, { start: '2026-01-16T10:00:00.000+02:00' }],
        },
      },
    ]);
    const slots = lastRequest(calcom, '/v2/slots')!;
    expect(slots.path).toBe('/v2/slots?eventTypeId=123&start=2026-01-16&end=2026-01-17&timeZone=Europe%2FBucharest');
    expect(slots.headers).toMatchObject({ 'cal-api-version': '2024-09-04', authorization: 'Bearer cal_live_key' });
    const offered = llm.requests.at(-2)!.body.tools!.map((f) => f.function);
    expect(offered.find((f) => f.name === 'book_appointment')!.parameters).toMatchObject({
      required: ['start_time', 'name', 'email', 'company-size'],
      properties: { 'company-size': { type: 'string', enum: ['1-10', '11-50'], description: 'Company size' }, notes: { type: 'string' } },
    });

    const args = {
      start_time: '2026-01-16T09:00:00.000+02:00',
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+40711222333',
      'company-size': '11-50',
      notes: 'Wants a demo',
    };
    llm.reply({ toolCalls: [{ name: 'book_appointment', arguments: args }] }, { content: 'Booked!' });
    const booked = await sendMessage(t, id, '9:00 please. Jane Doe, jane@example.com');
    expect(booked.json().function_calls[0].result).toEqual({
      booked: true,
      status: 'accepted',
      booking_id: 'booking_uid_1',
      start: '2026-01-16T09:00:00+02:00',
      end: '2026-01-16T09:30:00+02:00',
    });
    const booking = lastRequest(calcom, '/v2/bookings')!;
    expect(booking).toMatchObject({
      method: 'POST',
      headers: { 'cal-api-version': '2026-02-25', authorization: 'Bearer cal_live_key', 'content-type': 'application/json' },
    });
    expect(booking.body).toEqual({
      start: '2026-01-16T07:00:00Z',
      eventTypeId: 123,
      attendee: { name: 'Jane Doe', email: 'jane@example.com', timeZone: 'Europe/Bucharest', phoneNumber: '+40711222333' },
      bookingFieldsResponses: { 'company-size': '11-50', notes: 'Wants a demo' },
      metadata: { conversation_id: id },
    });
  });

  it("returns the provider's refusal to the model, so it can offer another time", async () => {
    const { t, llm } = ctx;
    calcom.addEventType('cal_busy_key', { id: 124, title: 'Consultation', slug: 'busy' });
    calcom.setBookingReply(() => ({
      status: 400,
      body: {
        status: 'error',
        error: { code: 'BadRequestException', message: 'User either already has booking at this time or is not available' },
      },
    }));
    try {
      const id = await conversationWith({
        calendar_type: 'provider_a',
        provider_a_api_key: 'cal_busy_key',
        provider_a_event_slug: 'busy',
        provider_a_event_id: 124,
      });
      llm.reply(
        {
          toolCalls: [
            { name: 'book_appointment', arguments: { start_time: '2026-01-16T09:00:00+02:00', name: 'Jo', email: 'jo@example.com' } },
          ],
        },
        { content: 'That time is gone.' },
      );
      const res = await sendMessage(t, id, 'book 9:00');
      expect(res.statusCode).toBe(200);
      expect(res.json().function_calls[0].result).toEqual({
        error: 'The calendar provider refused the request: User either already has booking at this time or is not available',
      });
    } finally {
      calcom.setBookingReply(undefined);
    }
  });

  it("uses the EU endpoint, and the key owner's username for an event given by slug only", async () => {
    const { t, llm } = ctx;
    calcomEu.addEventType('cal_eu_key', { id: 9, title: 'Intro', slug: 'intro' });
    calcomEu.setUsername('cal_eu_key', 'acme-eu');
    calcomEu.setSlots({});
    const id = await conversationWith({
      calendar_type: 'provider_a',
      provider_a_api_key: 'cal_eu_key',
      provider_a_event_slug: 'intro',
      provider_a_endpoint: 'eu',
    });
    llm.reply({ toolCalls: [{ name: 'check_calendar_availability', arguments: {} }] }, { content: 'Nothing free.' });
    const res = await sendMessage(t, id, 'any time this week?');
    expect(res.json().function_calls[0].result).toEqual({
      time_zone: 'Europe/Bucharest',
      start_date: '2026-01-15',
      end_date: '2026-01-21',
      slots: [],
    });
    expect(lastRequest(calcomEu, '/v2/me')!.headers.authorization).toBe('Bearer cal_eu_key');
    expect(lastRequest(calcomEu, '/v2/slots')!.path).toBe(
      '/v2/slots?eventTypeSlug=intro&username=acme-eu&start=2026-01-15&end=2026-01-21&timeZone=Europe%2FBucharest',
    );
    expect(lastRequest(calcom, '/v2/slots')?.path).not.toContain('intro');
  });
});

describe('provider_b: Calendly v2', () => {
  it('lists available times (future, at most 7 days) and books with POST /invitees', async () => {
    const { t, llm } = ctx;
    const owner = calendly.addUser('calendly_pat', 'USER1');
    const eventType = calendly.addEventType({ uuid: 'EVT1', name: 'Discovery call', owner });
    calendly.setAvailableTimes([
      { start_time: '2026-01-16T08:00:00Z' },
      { start_time: '2026-01-16T10:00:00Z' },
      { start_time: '2026-02-20T10:00:00Z' },
    ]);
    const id = await conversationWith({
      calendar_type: 'provider_b',
      provider_b_api_key: 'calendly_pat',
      provider_b_event_type_uri: eventType,
    });

    llm.reply(
      { toolCalls: [{ name: 'check_calendar_availability', arguments: { start_date: '2026-01-16' } }] },
      { content: '10:00 or 12:00?' },
    );
    const checked = await sendMessage(t, id, 'Friday?');
    expect(checked.json().function_calls[0].result.slots).toEqual([
      { start: '2026-01-16T10:00:00+02:00' },
      { start: '2026-01-16T12:00:00+02:00' },
    ]);
    const times = lastRequest(calendly, '/event_type_available_times')!;
    const query = new URL(times.path, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      event_type: eventType,
      start_time: '2026-01-15T22:00:00Z',
      end_time: '2026-01-22T22:00:00Z',
    });
    expect(times.headers.authorization).toBe('Bearer calendly_pat');

    llm.reply(
      {
        toolCalls: [
          {
            name: 'book_appointment',
            arguments: { start_time: '2026-01-16T10:00:00+02:00', name: 'Jane Doe', email: 'jane@example.com', phone: '+40711222333' },
          },
        ],
      },
      { content: 'Done.' },
    );
    const booked = await sendMessage(t, id, '10:00, Jane Doe, jane@example.com');
    expect(booked.json().function_calls[0].result).toEqual({
      booked: true,
      status: 'active',
      booking_id: 'https://api.calendly.com/scheduled_events/EV1/invitees/INV1',
      start: '2026-01-16T10:00:00+02:00',
      cancel_url: 'https://calendly.com/cancellations/INV1',
      reschedule_url: 'https://calendly.com/reschedulings/INV1',
    });
    const invitee = lastRequest(calendly, '/invitees')!;
    expect(invitee.method).toBe('POST');
    expect(invitee.body).toEqual({
      event_type: eventType,
      start_time: '2026-01-16T08:00:00Z',
      invitee: { name: 'Jane Doe', email: 'jane@example.com', timezone: 'Europe/Bucharest', text_reminder_number: '+40711222333' },
    });
  });

  it('starts the range no earlier than now, as Calendly requires', async () => {
    const { t, llm } = ctx;
    const owner = calendly.addUser('calendly_pat2', 'USER2');
    const eventType = calendly.addEventType({ uuid: 'EVT2', name: 'Call', owner });
    const id = await conversationWith({
      calendar_type: 'provider_b',
      provider_b_api_key: 'calendly_pat2',
      provider_b_event_type_uri: eventType,
    });
    llm.reply(
      { toolCalls: [{ name: 'check_calendar_availability', arguments: { start_date: '2026-01-15', end_date: '2026-01-15' } }] },
      { content: 'ok' },
    );
    await sendMessage(t, id, 'today?');
    const query = new URL(lastRequest(calendly, '/event_type_available_times')!.path, 'http://x').searchParams;
    expect([query.get('start_time'), query.get('end_time')]).toEqual(['2026-01-15T10:01:00Z', '2026-01-15T22:00:00Z']);
  });
});
