import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { SEED_IDS, SEED_VOICE_IDS } from '../../../test/helpers/assistants.js';
import { startFakeCalcom } from '../../../test/helpers/fakes/calendars.js';
import { startWebhookSink, type WebhookSink } from '../../../test/helpers/webhook-sink.js';
import { createSwitchboardClient } from '../../../client/index.js';

/**
 * The whole flow over real HTTP through the typed client generated from the OpenAPI document
 * (client/): a route or schema change that breaks a client breaks this file's typecheck.
 */
let t: TestApp;
let baseUrl: string;
let calcom: Awaited<ReturnType<typeof startFakeCalcom>>;
let sink: WebhookSink;
beforeAll(async () => {
  calcom = await startFakeCalcom();
  sink = await startWebhookSink();
  // No LLM_BASE_URL: the built-in offline model answers.
  t = await buildTestApp({ env: { CALCOM_API_URL: calcom.url } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
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

    // The owner signs in with a password and works with the session token from then on.
    const owner = await createUser(t.deps, { balanceUsd: 10 });
    const login = await createSwitchboardClient(baseUrl).POST('/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.response.status).toBe(200);
    const api = createSwitchboardClient(baseUrl, login.data!.token);
    expect((await api.GET('/api/user/me')).data).toEqual({
      id: owner.user.id,
      name: owner.user.name,
      email: owner.email,
      total_balance: 10,
      role: 'owner',
      member: { id: owner.owner.id, name: owner.user.name, email: owner.email },
      is_operator: false,
      suspended: false,
    });

    const created = await api.POST('/api/user/assistant', {
      body: {
        name: 'Consultations',
        voice_id: SEED_VOICE_IDS.rachelPipeline,
        language_id: SEED_IDS.english,
        type: 'outbound',
        mode: 'pipeline',
        llm_model_id: SEED_IDS.gpt4oMini,
        timezone: 'Europe/Bucharest',
        initial_message: 'Hello! How can I help you today?',
        system_prompt: 'You book consultations.',
        // New assistants start inactive (as the reference's do), and the widget serves only active ones.
        status: 'active',
        tools: [
          {
            type: 'calendar_integration',
            calendar_type: 'provider_a',
            provider_a_api_key: 'cal_key',
            provider_a_event_slug: 'consult',
            provider_a_event_id: 55,
          },
          { type: 'end_call' },
        ],
        conversation_ended_webhook_url: `${sink.url}/ended`,
        post_call_schema: [{ name: 'company', type: 'string', description: 'The company' }],
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const assistant = created.data!.data;
    expect(assistant).toMatchObject({ name: 'Consultations', status: 'active', type: 'outbound', mode: 'pipeline' });

    // What was stored reads back through the owner's routes.
    const stored = (await api.GET('/api/user/assistant/{id}', { params: { path: { id: assistant.id } } })).data!.data;
    expect(stored).toMatchObject({ uuid: assistant.uuid, status: 'active', conversation_ended_webhook_url: `${sink.url}/ended` });
    expect(stored.tools.map((tool) => tool.type)).toEqual(['calendar_integration', 'end_call']);

    // A visitor of the widget: no token.
    const visitor = createSwitchboardClient(baseUrl);
    const opened = await visitor.POST('/api/conversations', { body: { assistant_id: assistant.uuid } });
    expect(opened.response.status, JSON.stringify(opened.error)).toBe(200);
    const id = opened.data!.conversation_id;
    expect(opened.data!.history).toEqual([{ role: 'assistant', content: 'Hello! How can I help you today?' }]);
    const send = async (message: string) => {
      const sent = await visitor.POST('/api/conversations/{uuid}/messages', { params: { path: { uuid: id } }, body: { message } });
      expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
      return sent.data!;
    };

    expect(await send('What times are available on 2026-01-16?')).toMatchObject({
      status: true,
      message: 'These times are available: 2026-01-16T09:00:00.000+02:00 and 2026-01-16T11:00:00.000+02:00.',
      function_calls: [{ name: 'check_calendar_availability', arguments: { start_date: '2026-01-16' } }],
    });

    const booking = await send('Please book 2026-01-16T09:00:00+02:00. My name is Jane Doe, jane@example.com, company: Acme');
    expect(booking.message).toBe('Your appointment is booked for 2026-01-16T09:00:00+02:00.');
    expect(calcom.requests.at(-1)!.body).toMatchObject({
      start: '2026-01-16T07:00:00Z',
      eventTypeId: 55,
      attendee: { name: 'Jane Doe', email: 'jane@example.com' },
    });

    expect(await send('I like your website.')).toEqual({
      status: true,
      message: 'Thanks for your message. I am the built-in offline model, so my answers are simple: you wrote "I like your website.".',
      function_calls: [],
    });

    const bye = await send('Thanks, bye');
    expect(bye).toMatchObject({
      message: 'Thank you for chatting with us. Goodbye!',
      function_calls: [{ name: 'end_conversation', result: { ended: true } }],
    });

    // Read back: the visitor's view of the conversation and the owner's list.
    const conversation = (await visitor.GET('/api/conversations/{uuid}', { params: { path: { uuid: id } } })).data!;
    expect(conversation.history.filter((item) => item.role === 'user').map((item) => item.content)).toEqual([
      'What times are available on 2026-01-16?',
      'Please book 2026-01-16T09:00:00+02:00. My name is Jane Doe, jane@example.com, company: Acme',
      'I like your website.',
      'Thanks, bye',
    ]);
    expect(conversation.history.at(-1)).toMatchObject({ role: 'assistant', content: 'Thank you for chatting with us. Goodbye!' });
    const listed = (await api.GET('/api/user/conversations')).data!;
    expect(listed.data.map((item) => item.id)).toEqual([id]);

    await t.deps.jobs.drain();
    expect(JSON.parse(sink.requests[0]!.body).extracted_variables).toEqual({
      status: true,
      summary: '4 customer messages, starting with: "What times are available on 2026-01-16?"',
      company: 'Acme',
    });
  });
});
