import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHttpUrl } from '../src/core/http/validation.js';
import { apiFor, assistantBody, createAssistant, type Api } from './helpers/assistants.js';
import { createSimulatorSender } from './helpers/chatapp.js';
import { createUser } from './helpers/factories.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Every URL a user can set for the service to call or fetch is refused at save unless it is
 * http(s), in the validation shape: a `file:` or `gopher:` URL must not wait for its first
 * delivery to fail. Each field below is tried with each scheme that has no place in an outgoing
 * request, and once with a good URL (so the route itself is known to accept the body).
 */
let t: TestApp;
let api: Api;
let assistantId: number;
let knowledgebaseId: number;
let senderId: number;
let phoneNumberId: number;

const BAD_URLS = [
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_FLUSHALL',
  'ftp://example.com/x',
  'javascript:alert(1)',
  'data:text/html,<b>hi</b>',
  'https://',
  'https://exa mple.com/',
  'example.com/hook',
];
const GOOD_URL = 'https://hooks.example.com/path?x=1';

interface UrlField {
  /** The field as the validation errors name it. */
  field: string;
  method: 'POST' | 'PUT' | 'PATCH';
  /** The route, for the test's name. */
  route: string;
  path: () => string;
  body(url: string): Record<string, unknown>;
  /** The answer to a good URL: past the URL rule, the route may still refuse for its own reasons (a calendar provider out of reach, a closed chat window). */
  goodStatus: number;
  goodUrl?: string;
}

const calendarA = (url: string) => ({
  tools: [
    {
      type: 'calendar_integration',
      calendar_type: 'provider_a',
      provider_a_api_key: 'cal_live_x',
      provider_a_event_slug: 'intro',
      provider_a_endpoint: 'custom',
      provider_a_custom_endpoint: url,
    },
  ],
});
const calendarB = (url: string) => ({
  tools: [{ type: 'calendar_integration', calendar_type: 'provider_b', provider_b_api_key: 'pat', provider_b_event_type_uri: url }],
});
const attribute = (field: string) => field.replace(/_/g, ' ');

const FIELDS: UrlField[] = [
  {
    field: 'webhook_url',
    method: 'PUT',
    route: '/api/user/assistant/{id}',
    path: () => `/api/user/assistant/${assistantId}`,
    body: (url) => ({ webhook_url: url }),
    goodStatus: 200,
  },
  {
    field: 'conversation_ended_webhook_url',
    method: 'PUT',
    route: '/api/user/assistant/{id}',
    path: () => `/api/user/assistant/${assistantId}`,
    body: (url) => ({ conversation_ended_webhook_url: url }),
    goodStatus: 200,
  },
  {
    field: 'webhook_url',
    method: 'POST',
    route: '/api/user/assistant',
    path: () => '/api/user/assistant',
    body: (url) => assistantBody({ webhook_url: url }),
    goodStatus: 201,
  },
  {
    field: 'webhook_url',
    method: 'POST',
    route: '/api/user/assistants/enable-inbound-webhook',
    path: () => '/api/user/assistants/enable-inbound-webhook',
    body: (url) => ({ assistant_id: assistantId, webhook_url: url }),
    goodStatus: 200,
  },
  {
    field: 'webhook_url',
    method: 'POST',
    route: '/api/user/assistants/enable-conversation-ended-webhook',
    path: () => '/api/user/assistants/enable-conversation-ended-webhook',
    body: (url) => ({ assistant_id: assistantId, webhook_url: url }),
    goodStatus: 200,
  },
  {
    field: 'tools.0.provider_a_custom_endpoint',
    method: 'PUT',
    route: '/api/user/assistant/{id}',
    path: () => `/api/user/assistant/${assistantId}`,
    body: calendarA,
    goodStatus: 200,
  },
  {
    field: 'tools.0.provider_b_event_type_uri',
    method: 'PUT',
    route: '/api/user/assistant/{id}',
    path: () => `/api/user/assistant/${assistantId}`,
    body: calendarB,
    goodStatus: 422,
    goodUrl: 'https://api.calendly.com/event_types/AAAAAAAAAAAAAAAA',
  },
  {
    field: 'endpoint',
    method: 'POST',
    route: '/api/user/tools',
    path: () => '/api/user/tools',
    goodStatus: 201,
    body: (url) => ({ name: 'lookup_order', description: 'Looks up.', endpoint: url, method: 'POST', timeout: 5, headers: [], schema: [] }),
  },
  {
    field: 'url',
    method: 'POST',
    route: '/api/user/knowledgebases/{id}/documents',
    path: () => `/api/user/knowledgebases/${knowledgebaseId}/documents`,
    body: (url) => ({ name: 'Site', type: 'website', url }),
    goodStatus: 201,
  },
  {
    field: 'links.0',
    method: 'POST',
    route: '/api/user/knowledgebases/{id}/documents',
    path: () => `/api/user/knowledgebases/${knowledgebaseId}/documents`,
    body: (url) => ({ name: 'Pages', type: 'website', links: [url] }),
    goodStatus: 201,
  },
  {
    field: 'voice_webhook_url',
    method: 'PATCH',
    route: '/api/user/chatapp/senders/{id}',
    path: () => `/api/user/chatapp/senders/${senderId}`,
    body: (url) => ({ voice_webhook_url: url }),
    goodStatus: 200,
  },
  {
    field: 'status_webhook_url',
    method: 'PATCH',
    route: '/api/user/chatapp/senders/{id}',
    path: () => `/api/user/chatapp/senders/${senderId}`,
    body: (url) => ({ status_webhook_url: url }),
    goodStatus: 200,
  },
  {
    field: 'status_webhook_url',
    method: 'POST',
    route: '/api/user/chatapp/senders',
    path: () => '/api/user/chatapp/senders',
    goodStatus: 201,
    body: (url) => ({ display_name: 'Second', phone_number: '+442071234999', platform: 'simulator', status_webhook_url: url }),
  },
  {
    field: 'webhook_url',
    method: 'PUT',
    route: '/api/user/phone-numbers/{id}',
    path: () => `/api/user/phone-numbers/${phoneNumberId}`,
    body: (url) => ({ webhook_url: url }),
    goodStatus: 200,
  },
  {
    field: 'webhook_url',
    method: 'POST',
    route: '/api/user/phone-numbers/purchase',
    path: () => '/api/user/phone-numbers/purchase',
    body: (url) => ({ phone_number: '+14155550101', webhook_url: url }),
    // This server buys no numbers (no Twilio account): past the URL rule, that is its answer.
    goodStatus: 503,
  },
  {
    field: 'media_url',
    method: 'POST',
    route: '/api/user/chatapp/send-freeform',
    path: () => '/api/user/chatapp/send-freeform',
    body: (url) => ({ sender_id: senderId, recipient_phone: '+14155550100', media_url: url }),
    goodStatus: 403,
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  const user = await createUser(t.deps);
  api = apiFor(t, user.token);
  assistantId = (await createAssistant(api)).id;
  knowledgebaseId = (await api.post('/api/user/knowledgebases', { name: 'Docs' })).json().data.id;
  senderId = (await createSimulatorSender(t.app, user.token)).id;
  phoneNumberId = (await api.post('/api/user/phone-numbers', { phone_number: '+14155550177' })).json().data.id;
});
afterAll(async () => {
  await t.close();
});

describe('URL fields', () => {
  for (const field of FIELDS) {
    it(`${field.method} ${field.route} refuses ${field.field} with a non-http(s) or malformed URL`, async () => {
      const call = (url: string) =>
        (field.method === 'PUT' ? api.put : field.method === 'PATCH' ? api.patch : api.post)(field.path(), field.body(url));
      for (const url of BAD_URLS) {
        const res = await call(url);
        expect(res.statusCode, `${field.field} ${url}`).toBe(422);
        expect(res.json().errors?.[field.field], `${field.field} ${url}`).toEqual([
          `The ${attribute(field.field)} field must be a valid URL.`,
        ]);
      }
      const good = await call(field.goodUrl ?? GOOD_URL);
      expect(good.json().errors?.[field.field] ?? [], good.body).not.toContain(`The ${attribute(field.field)} field must be a valid URL.`);
      expect(good.statusCode, good.body).toBe(field.goodStatus);
    });
  }
});

describe('isHttpUrl', () => {
  it('takes absolute http(s) URLs with a host, in any letter case, and nothing else', () => {
    for (const url of [
      'http://a.example',
      'HTTPS://A.EXAMPLE/x?y=1#z',
      'https://127.0.0.1:8443/',
      'https://[::1]/',
      'https://user:pw@host.example/',
    ])
      expect(isHttpUrl(url), url).toBe(true);
    for (const url of [
      ...BAD_URLS,
      'https:///path',
      'https:\\\\host.example/',
      'https://host.example/a\tb',
      ' https://host.example',
      'https://host.example/\n',
      'ws://host.example',
      '//host.example/x',
    ])
      expect(isHttpUrl(url), url).toBe(false);
  });
});
