import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../core/net/index.js';
import { startFakeCalcom, startFakeCalendly } from '../../../test/helpers/fakes/calendars.js';
import { createCalcomClient } from './calcom.client.js';
import { createCalendlyClient, eventTypeUuid } from './calendly.client.js';
import { CalendarError } from './calendar-http.js';

/** The production adapters against real HTTP fakes on 127.0.0.1. */
let calcom: Awaited<ReturnType<typeof startFakeCalcom>>;
let calendly: Awaited<ReturnType<typeof startFakeCalendly>>;
const http = createHttpClient({ allowPrivateUrls: true });
const guardedHttp = createHttpClient({ allowPrivateUrls: false });

beforeAll(async () => {
  [calcom, calendly] = await Promise.all([startFakeCalcom(), startFakeCalendly()]);
  calcom.addEventType('cal_key', { id: 5, title: 'Demo', slug: 'demo', lengthInMinutes: 45 });
});
afterAll(async () => {
  await Promise.all([calcom.close(), calendly.close(), http.close(), guardedHttp.close()]);
});

const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (e: unknown) => (e instanceof CalendarError ? e.kind : `unexpected: ${String(e)}`),
  );

describe('Cal.com client', () => {
  const client = (h = http) =>
    createCalcomClient({ http: h, usBaseUrl: `${calcom.url}/`, euBaseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });

  it('GETs /v2/event-types/{id} with the bearer key and the pinned cal-api-version', async () => {
    calcom.requests.length = 0;
    const eventType = await client().getEventType({ apiKey: 'cal_key', eventTypeId: 5, region: 'us' });
    expect(eventType).toEqual({ id: 5, title: 'Demo', slug: 'demo', lengthInMinutes: 45 });
    expect(calcom.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/v2/event-types/5',
        headers: expect.objectContaining({ authorization: 'Bearer cal_key', 'cal-api-version': '2024-06-14', accept: 'application/json' }),
      }),
    ]);
  });

  it('maps 401, 404 and an unreachable region to error kinds', async () => {
    expect(await kindOf(client().getEventType({ apiKey: 'nope', eventTypeId: 5, region: 'us' }))).toBe('unauthorized');
    expect(await kindOf(client().getEventType({ apiKey: 'cal_key', eventTypeId: 6, region: 'us' }))).toBe('not_found');
    expect(await kindOf(client().getEventType({ apiKey: 'cal_key', eventTypeId: 5, region: 'eu' }))).toBe('unavailable');
  });

  it('refuses a custom endpoint on a private address unless private URLs are allowed', async () => {
    const custom = { apiKey: 'cal_key', eventTypeId: 5, region: 'custom' as const, customEndpoint: `${calcom.url}/v2/` };
    expect(await kindOf(client().getEventType(custom))).toBe('ok');
    expect(await kindOf(client(guardedHttp).getEventType(custom))).toBe('refused');
    expect(await kindOf(client().getEventType({ ...custom, customEndpoint: null }))).toBe('refused');
  });
});

describe('Calendly client', () => {
  const calendlyClient = () => createCalendlyClient({ http, baseUrl: calendly.url, timeoutMs: 2000 });

  it('reads the current user and an event type with the bearer token', async () => {
    const client = calendlyClient();
    const userUri = calendly.addUser('pat', 'U1');
    calendly.addEventType({ uuid: 'E1', name: 'Intro', owner: userUri });
    calendly.requests.length = 0;
    expect(await client.getCurrentUser('pat')).toEqual({
      uri: userUri,
      currentOrganization: 'https://api.calendly.com/organizations/ORGU1',
    });
    expect(await client.getEventType('pat', 'E1')).toMatchObject({
      name: 'Intro',
      active: true,
      deleted: false,
      profileOwner: userUri,
      bookingMethod: 'instant',
    });
    expect(calendly.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/users/me', 'Bearer pat'],
      ['/event_types/E1', 'Bearer pat'],
    ]);
    expect(await kindOf(client.getCurrentUser('bad'))).toBe('unauthorized');
    expect(await kindOf(client.getEventType('pat', 'NOPE'))).toBe('not_found');
  });

  it('extracts the UUID of an event type URI', () => {
    expect(eventTypeUuid('https://api.calendly.com/event_types/AAAAAAAAAAAAAAAA')).toBe('AAAAAAAAAAAAAAAA');
    expect(eventTypeUuid('https://api.calendly.com/users/AAAA')).toBeNull();
    expect(eventTypeUuid('not a uri')).toBeNull();
  });
});
