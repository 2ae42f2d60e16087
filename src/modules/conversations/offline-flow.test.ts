import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { openConversation, ownerWithAssistant, sendMessage } from '../../../test/helpers/conversations.js';
import { startFakeCalcom } from '../../../test/helpers/fake-calendars.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';

let t: TestApp;
let calcom: Awaited<ReturnType<typeof startFakeCalcom>>;
let sink: WebhookSink;
beforeAll(async () => {
  calcom = await startFakeCalcom();
  sink = await startWebhookSink();
  // No LLM_BASE_URL: the built-in offline model answers.
  t = await buildTestApp({ env: { CALCOM_API_URL: calcom.url } });
});
afterAll(async () => {
  await t.close();
  await calcom.close();
  await sink.close();
});

describe('with no language model configured', () => {
  it('runs the whole flow offline: real function calls, replies from their results, end and evaluation', async () => {
    calcom.addEventType('cal_key', { id: 55, title: 'Consultation', slug: 'consult' });
    calcom.setSlots({ '2026-01-16': [{ start: '2026-01-16T09:00:00.000+02:00' }, { start: '2026-01-16T11:00:00.000+02:00' }] });
    const { assistant } = await ownerWithAssistant(t, {
      assistant: {
        tools: [
          { type: 'calendar_integration', calendar_type: 'provider_a', provider_a_api_key: 'cal_key', provider_a_event_slug: 'consult', provider_a_event_id: 55 },
          { type: 'end_call' },
        ],
        conversation_ended_webhook_url: `${sink.url}/ended`,
        post_call_schema: [{ name: 'company', type: 'string', description: 'The company' }],
      },
    });
    const id = await openConversation(t, assistant.uuid);

    const availability = await sendMessage(t, id, 'What times are available on 2026-01-16?');
    expect(availability.json()).toMatchObject({
      status: true,
      message: 'These times are available: 2026-01-16T09:00:00.000+02:00 and 2026-01-16T11:00:00.000+02:00.',
      function_calls: [{ name: 'check_calendar_availability', arguments: { start_date: '2026-01-16' } }],
    });

    const booking = await sendMessage(t, id, 'Please book 2026-01-16T09:00:00+02:00. My name is Jane Doe, jane@example.com, company: Acme');
    expect(booking.json().message).toBe('Your appointment is booked for 2026-01-16T09:00:00+02:00.');
    expect(calcom.requests.at(-1)!.body).toMatchObject({ start: '2026-01-16T07:00:00Z', eventTypeId: 55, attendee: { name: 'Jane Doe', email: 'jane@example.com' } });

    const plain = await sendMessage(t, id, 'I like your website.');
    expect(plain.json()).toEqual({
      status: true,
      message: 'Thanks for your message. I am the built-in offline model, so my answers are simple: you wrote "I like your website.".',
      function_calls: [],
    });

    const bye = await sendMessage(t, id, 'Thanks, bye');
    expect(bye.json()).toMatchObject({ message: 'Thank you for chatting with us. Goodbye!', function_calls: [{ name: 'end_conversation', result: { ended: true } }] });
    await t.deps.jobs.drain();
    expect(JSON.parse(sink.requests[0]!.body).extracted_variables).toEqual({
      status: true,
      summary: '4 customer messages, starting with: "What times are available on 2026-01-16?"',
      company: 'Acme',
    });
  });
});
