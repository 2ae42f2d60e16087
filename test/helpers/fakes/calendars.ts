import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calcomScheduling, calendlyScheduling } from './calendar-scheduling.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, if any (bookings are checked field by field). */
  body?: unknown;
}

type Handler = (request: RecordedRequest) => { status: number; body: unknown };

/** A real HTTP server on 127.0.0.1 that records each request and answers through `handler`. */
async function startRecordingServer(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const request: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers };
    requests.push(request);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text) request.body = JSON.parse(text);
      const { status, body } = handler(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const bearerOf = (headers: IncomingHttpHeaders) => /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];

export interface FakeCalcomEventType {
  id: number;
  title: string;
  slug: string;
  lengthInMinutes?: number;
}

/**
 * Cal.com API v2 as far as event types go: API keys own event types; a wrong or missing
 * cal-api-version answers 404 like the real controllers; another key's event type is 404.
 */
export async function startFakeCalcom() {
  const eventTypesByKey = new Map<string, FakeCalcomEventType[]>();
  const error = (status: number, code: string, message: string) => ({ status, body: { status: 'error', error: { code, message } } });
  const scheduling = calcomScheduling();
  const server = await startRecordingServer((request) => {
    const { path, headers } = request;
    const scheduled = scheduling.handle(request, (key) => eventTypesByKey.has(key));
    if (scheduled) return scheduled;
    const match = /^\/v2\/event-types\/(\d+)$/.exec(path);
    if (!match || headers['cal-api-version'] !== '2024-06-14') return error(404, 'NotFoundException', 'Cannot GET');
    const key = bearerOf(headers);
    const owned = key ? eventTypesByKey.get(key) : undefined;
    if (!owned) return error(401, 'UnauthorizedException', 'Invalid API Key');
    const eventType = owned.find((e) => e.id === Number(match[1]));
    if (!eventType) return error(404, 'NotFoundException', `Event type with id ${match[1]} not found`);
    return { status: 200, body: { status: 'success', data: { lengthInMinutes: 30, ...eventType } } };
  });
  return {
    ...server,
    addEventType(apiKey: string, eventType: FakeCalcomEventType) {
      eventTypesByKey.set(apiKey, [...(eventTypesByKey.get(apiKey) ?? []), eventType]);
    },
    ...scheduling.controls,
  };
}

export interface FakeCalendlyEventType {
  uuid: string;
  name: string;
  /** The user (or organisation) URI that owns it. */
  owner: string;
  active?: boolean;
  deletedAt?: string | null;
}

export const CALENDLY_URI = 'https://api.calendly.com';

/**
 * Calendly API v2: /users/me per token and /event_types/{uuid}. Like the worst case the real API
 * may show, an event type of another account is returned too; only its owner tells them apart.
 */
export async function startFakeCalendly() {
  const users = new Map<string, { uri: string; organization: string }>();
  const eventTypes = new Map<string, FakeCalendlyEventType>();
  const scheduling = calendlyScheduling();
  const server = await startRecordingServer((request) => {
    const { path, headers } = request;
    const token = bearerOf(headers);
    const user = token ? users.get(token) : undefined;
    if (!user) return { status: 401, body: { title: 'Unauthenticated', message: 'The access token is invalid' } };
    const scheduled = scheduling.handle(request);
    if (scheduled) return scheduled;
    if (path === '/users/me') {
      return {
        status: 200,
        body: { resource: { uri: user.uri, name: 'Fake User', current_organization: user.organization, resource_type: 'User' } },
      };
    }
    const match = /^\/event_types\/([^/?]+)$/.exec(path);
    const eventType = match ? eventTypes.get(match[1]!) : undefined;
    if (!eventType)
      return { status: 404, body: { title: 'Resource Not Found', message: 'The server could not find the requested resource.' } };
    return {
      status: 200,
      body: {
        resource: {
          uri: `${CALENDLY_URI}/event_types/${eventType.uuid}`,
          name: eventType.name,
          active: eventType.active ?? true,
          booking_method: 'instant',
          deleted_at: eventType.deletedAt ?? null,
          profile: { type: 'User', name: 'Fake User', owner: eventType.owner },
        },
      },
    };
  });
  return {
    ...server,
    addUser(token: string, uuid: string) {
      const uri = `${CALENDLY_URI}/users/${uuid}`;
      users.set(token, { uri, organization: `${CALENDLY_URI}/organizations/ORG${uuid}` });
      return uri;
    },
    addEventType(eventType: FakeCalendlyEventType) {
      eventTypes.set(eventType.uuid, eventType);
      return `${CALENDLY_URI}/event_types/${eventType.uuid}`;
    },
    ...scheduling.controls,
  };
}
