import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openConversation,
  ownerWithAssistant,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import { readAssistant } from '../../../test/helpers/assistants.js';
import { SEED_IDS } from '../../../test/helpers/assistants.js';
import { statementRecorder } from '../../../test/helpers/statements.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

const SHOP = 'https://shop.example.com';
const EVIL = 'https://evil.example.net';
const REFUSED = { status: false, error: 'This website is not allowed to use this assistant.' };

async function widgetAssistant(widget_settings: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return ownerWithAssistant(ctx.t, { assistant: { status: 'active', widget_settings, ...extra } });
}

function inject(method: 'GET' | 'POST' | 'OPTIONS', url: string, headers: Record<string, string> = {}, payload?: object) {
  return ctx.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

describe('widget_settings on the assistant', () => {
  it('stores the complete object with defaults, lower-cases origins, and null resets it', async () => {
    const { api, assistant } = await widgetAssistant({
      title: 'Acme help',
      allowed_origins: ['https://Shop.Example.com', 'https://*.acme.io:8443'],
      primary_color: '#FF0000',
    });
    expect((await readAssistant(api, assistant.id)).widget_settings).toEqual({
      title: 'Acme help',
      subtitle: null,
      avatar_url: null,
      primary_color: '#ff0000',
      position: 'bottom-right',
      launcher_text: null,
      greeting: null,
      allowed_origins: ['https://shop.example.com', 'https://*.acme.io:8443'],
    });
    expect((await api.put(`/api/user/assistant/${assistant.id}`, { widget_settings: null })).statusCode).toBe(200);
    expect((await readAssistant(api, assistant.id)).widget_settings.allowed_origins).toEqual([]);
  });

  it('refuses bad origins, colours, URLs, positions and sizes with field messages', async () => {
    const { api, assistant } = await widgetAssistant({});
    const res = await api.put(`/api/user/assistant/${assistant.id}`, {
      widget_settings: {
        allowed_origins: ['https://shop.example.com/path', '*.example.com', 'https://*.com', 'javascript:alert(1)'],
        primary_color: 'red',
        avatar_url: 'javascript:alert(1)',
        position: 'top',
        title: 'x'.repeat(81),
      },
    });
    expect(res.statusCode).toBe(422);
    const origin = 'The widget settings.allowed origins.{i} must be an origin such as https://shop.example.com or https://*.example.com.';
    expect(res.json().errors).toEqual({
      'widget_settings.allowed_origins.0': [origin.replace('{i}', '0')],
      'widget_settings.allowed_origins.1': [origin.replace('{i}', '1')],
      'widget_settings.allowed_origins.2': [origin.replace('{i}', '2')],
      'widget_settings.allowed_origins.3': [origin.replace('{i}', '3')],
      'widget_settings.primary_color': ['The widget settings.primary color must be a hex colour such as #2563eb.'],
      'widget_settings.avatar_url': ['The widget settings.avatar url field must be a valid http(s) URL.'],
      'widget_settings.position': ['The selected widget settings.position is invalid.'],
      'widget_settings.title': ['The widget settings.title field must not be greater than 80 characters.'],
    });
    const tooMany = await api.put(`/api/user/assistant/${assistant.id}`, {
      widget_settings: { allowed_origins: Array.from({ length: 51 }, (_, i) => `https://s${i}.example.com`) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({
      'widget_settings.allowed_origins': ['The widget settings.allowed origins field must not have more than 50 items.'],
    });
  });
});

describe('GET /api/widget/{uuid}/config', () => {
  it('exposes only what the widget draws, cacheable with an ETag', async () => {
    const { assistant } = await widgetAssistant(
      {
        subtitle: 'We answer in minutes',
        primary_color: '#112233',
        position: 'bottom-left',
        launcher_text: 'Help?',
        avatar_url: 'https://cdn.example.com/a.png',
      },
      {
        name: 'Acme Bot',
        initial_message: 'Hi {{company}} visitor {{name}}!',
        variables: { company: 'Acme' },
        language_id: SEED_IDS.romanian,
        webhook_url: 'https://hooks.example.com/x',
      },
    );
    const res = await inject('GET', `/api/widget/${assistant.uuid}/config`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      assistant_id: assistant.uuid,
      name: 'Acme Bot',
      language: 'ro',
      greeting: 'Hi Acme visitor {{name}}!',
      settings: {
        title: 'Acme Bot',
        subtitle: 'We answer in minutes',
        avatar_url: 'https://cdn.example.com/a.png',
        primary_color: '#112233',
        position: 'bottom-left',
        launcher_text: 'Help?',
      },
      call: { enabled: false },
    });
    expect(res.body).not.toContain('system_prompt');
    expect(res.body).not.toContain('hooks.example.com');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await inject('GET', `/api/widget/${assistant.uuid}/config`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('uses the greeting override, and answers unknown and inactive assistants in the conversation shape', async () => {
    const { assistant } = await widgetAssistant({ greeting: 'Welcome to the shop!' });
    expect((await inject('GET', `/api/widget/${assistant.uuid}/config`)).json().greeting).toBe('Welcome to the shop!');
    const unknown = await inject('GET', '/api/widget/7c9e6679-7425-40de-944b-e07fc1f90ae7/config');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, error: 'Assistant not found' });
    expect((await inject('GET', '/api/widget/not-a-uuid/config')).json()).toEqual({ status: false, error: 'Assistant not found' });
    const inactive = await ownerWithAssistant(ctx.t, { assistant: { status: 'inactive' } });
    const res = await inject('GET', `/api/widget/${inactive.assistant.uuid}/config`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      error: 'This assistant is not active. Its owner can activate it with PUT /api/user/assistant/{id} and the body {"status": "active"}.',
    });
  });
});

describe('CORS on the public routes', () => {
  it('allows a listed origin on every widget route, including the streamed reply', async () => {
    const { assistant } = await widgetAssistant({ allowed_origins: [SHOP] });
    const headers = { origin: SHOP };
    const config = await inject('GET', `/api/widget/${assistant.uuid}/config`, headers);
    expect(config.statusCode).toBe(200);
    expect(config.headers['access-control-allow-origin']).toBe(SHOP);
    expect(config.headers.vary).toContain('Origin');
    const created = await inject('POST', '/api/conversations', headers, { assistant_id: assistant.uuid });
    expect(created.statusCode).toBe(200);
    expect(created.headers['access-control-allow-origin']).toBe(SHOP);
    const id = created.json().conversation_id;
    ctx.llm.reply({ content: 'Hello there' });
    const streamed = await inject(
      'POST',
      `/api/conversations/${id}/messages`,
      { ...headers, accept: 'text/event-stream' },
      { message: 'hi' },
    );
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(streamed.headers['access-control-allow-origin']).toBe(SHOP);
    expect(streamed.headers['access-control-expose-headers']).toBe('Retry-After, ETag');
    const read = await inject('GET', `/api/conversations/${id}`, headers);
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(SHOP);
  });

  it("lets the owner's pages on this server (the console) start a test conversation whatever the allowed origins", async () => {
    const { assistant, token } = await widgetAssistant({ allowed_origins: [SHOP] });
    const own = 'http://switchboard.example:8080';
    const body = { assistant_id: assistant.uuid, type: 'test' };
    const started = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { host: 'switchboard.example:8080', origin: own, authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().conversation_id as string;
    ctx.llm.reply({ content: 'Hello there' });
    const sent = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: { host: 'switchboard.example:8080', origin: own, authorization: `Bearer ${token}` },
      payload: { message: 'hi' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Without the token the console's origin is a website like any other; another site with a token is still refused.
    const anonymous = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { host: 'switchboard.example:8080', origin: own },
      payload: { assistant_id: assistant.uuid },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual(REFUSED);
    const elsewhere = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { host: 'switchboard.example:8080', origin: EVIL, authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses another origin with 403 in the conversation shape and no CORS headers, and creates nothing', async () => {
    const { assistant, user } = await widgetAssistant({ allowed_origins: [SHOP, 'https://*.shop.example.com'] });
    const count = async () =>
      Number(
        (
          await ctx.t.deps.db
            .selectFrom('conversations')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const id = await openConversation(ctx.t, assistant.uuid);
    const before = await count();
    for (const [method, url, payload] of [
      ['POST', '/api/conversations', { assistant_id: assistant.uuid }],
      ['POST', `/api/conversations/${id}/messages`, { message: 'hi' }],
      ['GET', `/api/conversations/${id}`, undefined],
      ['GET', `/api/widget/${assistant.uuid}/config`, undefined],
    ] as const) {
      for (const origin of [
        EVIL,
        'https://shop.example.com.evil.net',
        'http://shop.example.com',
        'https://shop.example.com:8443',
        'null',
      ]) {
        const res = await inject(method, url, { origin }, payload);
        expect(res.statusCode, `${method} ${url} from ${origin}`).toBe(403);
        expect(res.json()).toEqual(REFUSED);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect(await count()).toBe(before);
    // A wildcard covers any depth of subdomain, but not the bare domain it names.
    const deep = await inject('GET', `/api/widget/${assistant.uuid}/config`, { origin: 'https://eu.checkout.shop.example.com' });
    expect(deep.headers['access-control-allow-origin']).toBe('https://eu.checkout.shop.example.com');
  });

  it('keeps serving callers without an Origin header, and any origin when the list is empty', async () => {
    const { assistant } = await widgetAssistant({ allowed_origins: [SHOP] });
    const res = await inject('POST', '/api/conversations', {}, { assistant_id: assistant.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const open = await widgetAssistant({});
    const any = await inject('POST', '/api/conversations', { origin: EVIL }, { assistant_id: open.assistant.uuid });
    expect(any.statusCode).toBe(200);
    expect(any.headers['access-control-allow-origin']).toBe(EVIL);
  });

  it("checks a message's origin with the conversation's identity the message uses: one lookup per process, none where it was opened", async () => {
    const { assistant } = await widgetAssistant({ allowed_origins: [SHOP] });
    const lookups = async (deps: typeof ctx.t.deps) =>
      (await deps.services.conversationsModule.messageSteps.get()).values.find(
        (v) => v.metricName === 'chat_message_step_seconds_count' && v.labels.step === 'lookup',
      )?.value ?? 0;
    const send = (app: typeof ctx.t.app, id: string, origin: string) =>
      app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: { origin }, payload: { message: 'hi' } });
    const created = await inject('POST', '/api/conversations', { origin: SHOP }, { assistant_id: assistant.uuid });
    const id = created.json().conversation_id as string;

    const here = await lookups(ctx.t.deps);
    for (let i = 0; i < 2; i++) {
      ctx.llm.reply({ content: 'Hello there' });
      const res = await send(ctx.t.app, id, SHOP);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    }
    expect(await lookups(ctx.t.deps)).toBe(here);

    // Another process: one lookup serves the origin check and the message; then each message
    // sends its admission and its store only.
    const recorder = statementRecorder();
    const other = await ctx.t.startAnotherInstance({ plugins: [recorder.plugin] });
    ctx.llm.reply({ content: 'Hello there' });
    expect((await send(other.app, id, SHOP)).statusCode).toBe(200);
    recorder.statements.length = 0;
    ctx.llm.reply({ content: 'Hello again' });
    expect((await send(other.app, id, SHOP)).statusCode).toBe(200);
    expect(recorder.statements).toEqual(['prepared', 'prepared']);
    const refused = await send(other.app, id, EVIL);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    expect(recorder.statements).toHaveLength(2);
    expect(await lookups(other.deps)).toBe(1);
  });

  it('lets the widget read the 404 of an unknown conversation and the validation error of a bad body', async () => {
    const missing = await inject('GET', '/api/conversations/7c9e6679-7425-40de-944b-e07fc1f90ae7', { origin: EVIL });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe(EVIL);
    const bad = await inject('POST', '/api/conversations', { origin: EVIL }, { assistant_id: 42 });
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['access-control-allow-origin']).toBe(EVIL);
  });

  it('answers preflights: allowed with the methods and headers, refused for a conversation of another origin', async () => {
    const { assistant } = await widgetAssistant({ allowed_origins: [SHOP] });
    const id = await openConversation(ctx.t, assistant.uuid);
    const preflight = { origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' };
    for (const url of [
      '/api/conversations',
      `/api/conversations/${id}/messages`,
      `/api/conversations/${id}`,
      `/api/widget/${assistant.uuid}/config`,
    ]) {
      const res = await inject('OPTIONS', url, preflight);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(SHOP);
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
      expect(res.headers['access-control-allow-headers']).toBe('Content-Type, Accept');
      expect(res.headers['access-control-max-age']).toBe('600');
    }
    const refused = await inject('OPTIONS', `/api/conversations/${id}/messages`, { ...preflight, origin: EVIL });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    // A new conversation's assistant is only in the POST body, which the POST itself checks.
    expect((await inject('OPTIONS', '/api/conversations', { ...preflight, origin: EVIL })).statusCode).toBe(204);
  });

  it('applies an edited origin list within seconds', async () => {
    const { api, assistant } = await widgetAssistant({ allowed_origins: [SHOP] });
    const url = `/api/widget/${assistant.uuid}/config`;
    expect((await inject('GET', url, { origin: SHOP })).statusCode).toBe(200);
    await api.put(`/api/user/assistant/${assistant.id}`, { widget_settings: { allowed_origins: [EVIL] } });
    ctx.t.clock.advance(5_000);
    expect((await inject('GET', url, { origin: SHOP })).statusCode).toBe(403);
    expect((await inject('GET', url, { origin: EVIL })).statusCode).toBe(200);
  });
});

describe('GET /widget.js', () => {
  const source = readFileSync(new URL('./client/widget.js', import.meta.url));

  it('serves the script gzipped, with a content-hash ETag, long caching and a 304 on revalidation', async () => {
    const res = await inject('GET', '/widget.js', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const gz = res.rawPayload;
    expect(gunzipSync(gz).equals(source)).toBe(true);
    expect(gz.length).toBeLessThan(40 * 1024);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect((await inject('GET', '/widget.js', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    const plain = await inject('GET', '/widget.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(source)).toBe(true);
    const versioned = await inject('GET', `/widget.js?v=${etag.slice(1, -1)}`);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
