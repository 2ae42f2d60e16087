import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, createPhoneNumber, readAssistant, type Api } from '../../../test/helpers/assistants.js';
import { startFakeCalcom, startFakeCalendly } from '../../../test/helpers/fakes/calendars.js';
import { WARM_TRANSFER_DEFAULTS } from './assistant-tools.js';

/** The built-in tool union, its defaults, and the calendar checks against fake providers. */
let t: TestApp;
let api: Api;
let calcom: Awaited<ReturnType<typeof startFakeCalcom>>;
let calcomEu: Awaited<ReturnType<typeof startFakeCalcom>>;
let calendly: Awaited<ReturnType<typeof startFakeCalendly>>;
const CAL_KEY = 'cal_live_0123456789abcdef';
const CALENDLY_TOKEN = 'eyJraWQiOiJwYXQtdG9rZW4ifQ.personal-access-token';

beforeAll(async () => {
  [calcom, calcomEu, calendly] = await Promise.all([startFakeCalcom(), startFakeCalcom(), startFakeCalendly()]);
  t = await buildTestApp({ env: { CALCOM_API_URL: calcom.url, CALCOM_EU_API_URL: calcomEu.url, CALENDLY_API_URL: calendly.url } });
  api = apiFor(t, (await createUser(t.deps)).token);
  calcom.addEventType(CAL_KEY, { id: 42, title: '30 Minute Consultation', slug: '30min' });
  calcomEu.addEventType(CAL_KEY, { id: 7, title: 'Beratung', slug: 'beratung' });
});
afterAll(async () => {
  await t.close();
  await Promise.all([calcom.close(), calcomEu.close(), calendly.close()]);
});

const put = (id: number, tools: unknown[]) => api.put(`/api/user/assistant/${id}`, { tools });
const calendarA = (extra: Record<string, unknown> = {}) => ({
  type: 'calendar_integration',
  provider_a_api_key: CAL_KEY,
  provider_a_event_slug: '30min',
  ...extra,
});

describe('defaults of each built-in tool', () => {
  it('fills documented defaults and normalises phone numbers to E.164', async () => {
    const line = await createPhoneNumber(api, '+14155550300');
    const { id } = await createAssistant(api);
    const res = await put(id, [
      { type: 'call_transfer', phone_number: '+1 (415) 555-0301', description: 'Billing questions' },
      { type: 'warm_call_transfer', supervisor_phone: '+14155550302', outbound_phone_id: line, description: 'Escalations' },
      { type: 'end_call' },
      { type: 'dtmf_input', description: 'Navigate the menu' },
      { type: 'collect_keypad' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await readAssistant(api, id)).tools).toEqual([
      {
        type: 'call_transfer',
        phone_number: '+14155550301',
        description: 'Billing questions',
        custom: false,
        timezone: null,
        warm_transfer: false,
        warm_transfer_message: null,
      },
      {
        type: 'warm_call_transfer',
        supervisor_phone: '+14155550302',
        outbound_phone_id: line,
        description: 'Escalations',
        ...WARM_TRANSFER_DEFAULTS,
      },
      { type: 'end_call', description: null },
      { type: 'dtmf_input', description: 'Navigate the menu' },
      { type: 'collect_keypad', timeout: 5, stop_key: '#', description: null },
    ]);
    expect(WARM_TRANSFER_DEFAULTS).toMatchObject({
      hold_music_volume: 80,
      hold_message: 'Please hold while I connect you with a supervisor.',
      briefing_initial_message: 'Hello! I have a caller on the line who needs your assistance. May I brief you on the situation?',
      connected_message: "You are now connected with a supervisor. I'll leave you to it.",
    });
  });

  it('checks phone numbers unless the tool says the number is custom or SIP', async () => {
    const line = await createPhoneNumber(api, '+14155550303');
    const { id } = await createAssistant(api);
    const bad = await put(id, [
      { type: 'call_transfer', phone_number: '12', timezone: 'Moon/Base' },
      { type: 'warm_call_transfer', supervisor_phone: 'nope', outbound_phone_id: line, description: 'x', caller_id_mode: 'custom' },
    ]);
    expect(bad.json().errors).toEqual({
      'tools.0.phone_number': ['The tools.0.phone number field must be a valid phone number in E.164 format.'],
      'tools.0.timezone': ['The tools.0.timezone field must be a valid timezone.'],
      'tools.1.supervisor_phone': ['The tools.1.supervisor phone field must be a valid phone number in E.164 format.'],
      'tools.1.custom_caller_id': ['The tools.1.custom caller id field is required when caller id mode is custom.'],
    });
    const ok = await put(id, [
      { type: 'call_transfer', phone_number: 'the number the caller asks for', custom: true, timezone: 'America/New_York' },
      {
        type: 'warm_call_transfer',
        supervisor_phone: 'sip:support@pbx.example.com',
        custom_sip: true,
        outbound_phone_id: line,
        description: 'x',
        caller_id_mode: 'custom',
        custom_caller_id: '+14155550304',
      },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('calendar_integration, provider_a (Cal.com)', () => {
  it('requires its key and slug, and a base URL for a custom endpoint', async () => {
    const { id } = await createAssistant(api);
    const res = await put(id, [{ type: 'calendar_integration', provider_a_endpoint: 'custom' }]);
    expect(res.json().errors).toEqual({
      'tools.0.provider_a_api_key': ['The tools.0.provider a api key field is required when calendar type is provider_a.'],
      'tools.0.provider_a_event_slug': ['The tools.0.provider a event slug field is required when calendar type is provider_a.'],
      'tools.0.provider_a_custom_endpoint': [
        'The tools.0.provider a custom endpoint field is required when provider a endpoint is custom.',
      ],
    });
  });

  it('resolves the event name from the event id with the right request, and keeps an explicit name', async () => {
    const { id } = await createAssistant(api);
    calcom.requests.length = 0;
    expect((await put(id, [calendarA({ provider_a_event_id: 42 })])).statusCode).toBe(200);
    expect(calcom.requests).toHaveLength(1);
    expect(calcom.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v2/event-types/42',
      headers: { authorization: `Bearer ${CAL_KEY}`, 'cal-api-version': '2024-06-14' },
    });
    expect((await readAssistant(api, id)).tools[0].provider_a_event_name).toBe('30 Minute Consultation');
    await put(id, [calendarA({ provider_a_event_id: 42, provider_a_event_name: 'Intro call' })]);
    expect((await readAssistant(api, id)).tools[0].provider_a_event_name).toBe('Intro call');
  });

  it('uses the EU base for eu and the given base for custom (with or without /v2)', async () => {
    const { id } = await createAssistant(api);
    calcomEu.requests.length = 0;
    expect((await put(id, [calendarA({ provider_a_endpoint: 'eu', provider_a_event_id: 7 })])).statusCode).toBe(200);
    expect(calcomEu.requests.map((r) => r.path)).toEqual(['/v2/event-types/7']);
    calcom.requests.length = 0;
    const custom = calendarA({ provider_a_endpoint: 'custom', provider_a_custom_endpoint: `${calcom.url}/v2`, provider_a_event_id: 42 });
    expect((await put(id, [custom])).statusCode).toBe(200);
    expect(calcom.requests.map((r) => r.path)).toEqual(['/v2/event-types/42']);
  });

  it('reports an event type the key cannot see, a rejected key and an unreachable provider on the right fields', async () => {
    const { id } = await createAssistant(api);
    expect((await put(id, [calendarA({ provider_a_event_id: 43 })])).json().errors).toEqual({
      'tools.0.provider_a_event_id': ['The selected tools.0.provider a event id was not found for this API key.'],
    });
    expect((await put(id, [calendarA({ provider_a_api_key: 'cal_live_wrong', provider_a_event_id: 42 })])).json().errors).toEqual({
      'tools.0.provider_a_api_key': ['The tools.0.provider a api key was rejected by the calendar provider.'],
    });
    const down = await put(id, [
      calendarA({ provider_a_endpoint: 'custom', provider_a_custom_endpoint: 'http://127.0.0.1:9', provider_a_event_id: 42 }),
    ]);
    expect(down.json().errors['tools.0.provider_a_event_id'][0]).toMatch(
      /^The calendar provider could not be reached to check the tools.0.provider a event id/,
    );
  });

  it('stores the API key encrypted, returns it masked, and a masked key sent back keeps the real one', async () => {
    const { id, uuid } = await createAssistant(api);
    await put(id, [calendarA()]);
    const raw = await t.deps.db.selectFrom('assistants').select('tools').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(raw.tools)).not.toContain(CAL_KEY);
    const shown = (await readAssistant(api, id)).tools[0];
    expect(shown.provider_a_api_key).toBe('cal_…cdef');
    expect(shown).not.toHaveProperty('provider_a_api_key_sealed');
    // Read, edit, write back: the masked key means "keep the stored key".
    expect((await put(id, [{ ...shown, description: 'Offer a slot' }])).statusCode).toBe(200);
    const runtime = await t.deps.services.assistants.getRuntimeByUuid(uuid);
    expect(runtime?.tools[0]).toMatchObject({ provider_a_api_key: CAL_KEY, description: 'Offer a slot' });
    expect((await put(id, [{ ...shown, provider_a_api_key: 'abcd…wxyz' }])).json().errors).toEqual({
      'tools.0.provider_a_api_key': ['The tools.0.provider a api key field must be the full API key.'],
    });
  });

  it('booking fields: select-like fields need options, slugs are distinct, defaults filled', async () => {
    const { id } = await createAssistant(api);
    const fields = [
      { slug: 'company', type: 'text', label: 'Company' },
      { slug: 'size', type: 'select', label: 'Team size' },
      { slug: 'company', type: 'email', label: 'Work email', required: true },
    ];
    expect((await put(id, [calendarA({ provider_a_booking_fields: fields })])).json().errors).toEqual({
      'tools.0.provider_a_booking_fields.1.options': [
        'The tools.0.provider a booking fields.1.options field is required for select fields.',
      ],
      'tools.0.provider_a_booking_fields.2.slug': ['The tools.0.provider a booking fields.2.slug field has a duplicate value.'],
    });
    const ok = [
      { slug: 'company', type: 'text', label: 'Company' },
      { slug: 'size', type: 'select', label: 'Team size', options: ['1-10', '11-50'] },
    ];
    expect((await put(id, [calendarA({ provider_a_booking_fields: ok })])).statusCode).toBe(200);
    expect((await readAssistant(api, id)).tools[0].provider_a_booking_fields).toEqual([
      { slug: 'company', type: 'text', label: 'Company', required: false, options: [] },
      { slug: 'size', type: 'select', label: 'Team size', required: false, options: ['1-10', '11-50'] },
    ]);
  });
});

describe('calendar_integration, provider_b (Calendly)', () => {
  const me = () => calendly.addUser(CALENDLY_TOKEN, 'USER1');
  const calendarB = (uri: string, token = CALENDLY_TOKEN) => ({
    type: 'calendar_integration',
    calendar_type: 'provider_b',
    provider_b_api_key: token,
    provider_b_event_type_uri: uri,
  });

  it("checks /users/me and /event_types/{uuid} with the token, and accepts the account's own event type", async () => {
    const owner = me();
    const uri = calendly.addEventType({ uuid: 'EVT-OWN', name: 'Discovery Call', owner });
    const { id } = await createAssistant(api);
    calendly.requests.length = 0;
    const res = await put(id, [calendarB(uri)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(calendly.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', '/users/me', `Bearer ${CALENDLY_TOKEN}`],
      ['GET', '/event_types/EVT-OWN', `Bearer ${CALENDLY_TOKEN}`],
    ]);
    const shown = (await readAssistant(api, id)).tools[0];
    expect(shown).toMatchObject({ calendar_type: 'provider_b', provider_b_event_type_uri: uri, provider_a_api_key: null });
    expect(shown.provider_b_api_key).toBe('eyJr…oken');
  });

  it('refuses an event type of another account, an unknown or inactive one, a bad token and a malformed URI', async () => {
    me();
    const foreign = calendly.addEventType({ uuid: 'EVT-FOREIGN', name: 'Not yours', owner: 'https://api.calendly.com/users/SOMEONE' });
    const inactive = calendly.addEventType({ uuid: 'EVT-OFF', name: 'Old', owner: 'https://api.calendly.com/users/USER1', active: false });
    const { id } = await createAssistant(api);
    const field = 'tools.0.provider_b_event_type_uri';
    const notOwned = ['The tools.0.provider b event type uri does not belong to the account of the provider b api key.'];
    expect((await put(id, [calendarB(foreign)])).json().errors).toEqual({ [field]: notOwned });
    expect((await put(id, [calendarB('https://api.calendly.com/event_types/MISSING')])).json().errors).toEqual({ [field]: notOwned });
    expect((await put(id, [calendarB(inactive)])).json().errors).toEqual({
      [field]: ['The tools.0.provider b event type uri is not an active event type.'],
    });
    expect((await put(id, [calendarB(foreign, 'wrong-token')])).json().errors).toEqual({
      'tools.0.provider_b_api_key': ['The tools.0.provider b api key was rejected by the calendar provider.'],
    });
    expect((await put(id, [calendarB('https://api.calendly.com/users/USER1')])).json().errors).toEqual({
      [field]: ['The tools.0.provider b event type uri must be an event type URI such as https://api.calendly.com/event_types/<uuid>.'],
    });
  });

  it("calls no provider for a request about an assistant that is not the caller's", async () => {
    const stranger = apiFor(t, (await createUser(t.deps)).token);
    const { id } = await createAssistant(stranger);
    calendly.requests.length = 0;
    const res = await put(id, [calendarB('https://api.calendly.com/event_types/EVT-OWN')]);
    expect(res.statusCode).toBe(404);
    expect(calendly.requests).toHaveLength(0);
  });
});
