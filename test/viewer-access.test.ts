import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createAssistant, createTool, type Api } from './helpers/assistants.js';
import { createCampaign } from './helpers/campaigns.js';
import { bearer, createUser } from './helpers/factories.js';
import { startFakeCalcom } from './helpers/fakes/calendars.js';
import { accountWithEveryRole, roleRefusal, signIn } from './helpers/roles.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A viewer reads the account but none of its secrets, and cannot use a token to act for the
 * account on the public routes that take one (test conversations, browser test calls).
 * test/route-roles.test.ts checks every route; this file pins the exact answers.
 */
const HIDDEN = '••••••';
const CAL_KEY = 'cal_live_0123456789abcdef';

let t: TestApp;
let calcom: Awaited<ReturnType<typeof startFakeCalcom>>;
let a: Awaited<ReturnType<typeof accountWithEveryRole>>;
let viewer: Api;
let editor: Api;

beforeAll(async () => {
  calcom = await startFakeCalcom();
  calcom.addEventType(CAL_KEY, { id: 42, title: '30 Minute Consultation', slug: '30min' });
  t = await buildTestApp({ env: { CALCOM_API_URL: calcom.url } });
  a = await accountWithEveryRole(t);
  viewer = apiFor(t, a.sessions.viewer);
  editor = apiFor(t, a.sessions.editor);
});

afterAll(async () => {
  await t?.close();
  await calcom?.close();
});

describe('a viewer sees no secret', () => {
  it("custom tools: every header's value hidden, its name kept; an editor still sees them masked", async () => {
    const secret = 'sk-live-0123456789abcdef';
    const id = await createTool(editor, {
      headers: [
        { name: 'Authorization', value: `Bearer ${secret}` },
        { name: 'Content-Type', value: 'application/json' },
        { name: 'X-Pin', value: '1234' },
      ],
    });
    const hidden = [
      { name: 'Authorization', value: HIDDEN },
      { name: 'Content-Type', value: HIDDEN },
      { name: 'X-Pin', value: HIDDEN },
    ];
    const one = await viewer.get(`/api/user/tools/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.headers).toEqual(hidden);
    const all = await viewer.get('/api/user/tools');
    expect(all.json().find((tool: { id: number }) => tool.id === id).headers).toEqual(hidden);
    expect(`${one.body}${all.body}`).not.toMatch(/Bear|cdef|1234/);

    expect((await editor.get(`/api/user/tools/${id}`)).json().data.headers).toEqual([
      { name: 'Authorization', value: 'Bear…cdef' },
      { name: 'Content-Type', value: 'application/json' },
      { name: 'X-Pin', value: '****' },
    ]);
    // The hidden value is never taken for a header's value.
    const written = await editor.put(`/api/user/tools/${id}`, { headers: hidden.slice(0, 1) });
    expect(written.statusCode).toBe(422);
    expect(written.json().errors).toEqual({ 'headers.0.value': ['The headers.0.value field must be the full value.'] });
  });

  it("assistants: no part of a calendar tool's API key, on the record or in either list", async () => {
    const { id } = await createAssistant(editor);
    const tools = [{ type: 'calendar_integration', provider_a_api_key: CAL_KEY, provider_a_event_slug: '30min' }];
    const saved = await editor.put(`/api/user/assistant/${id}`, { tools });
    expect(saved.statusCode, saved.body).toBe(200);

    const record = await viewer.get(`/api/user/assistant/${id}`);
    expect(record.json().data.tools[0]).toMatchObject({ provider_a_api_key: HIDDEN, provider_b_api_key: null });
    const page = await viewer.get('/api/user/assistants/get');
    const all = await viewer.get('/api/user/assistants');
    const listed = (items: Array<{ id: number; tools: unknown[] }>) => items.find((item) => item.id === id)?.tools[0];
    expect(listed(page.json().data)).toMatchObject({ provider_a_api_key: HIDDEN, provider_b_api_key: null });
    expect(listed(all.json())).toMatchObject({ provider_a_api_key: HIDDEN, provider_b_api_key: null });
    expect(`${record.body}${page.body}${all.body}`).not.toMatch(/cal_|cdef/);

    expect((await editor.get(`/api/user/assistant/${id}`)).json().data.tools[0].provider_a_api_key).toBe('cal_…cdef');
  });

  it("campaigns: the pre-dial webhook's signing secret hidden; an editor reads it to check signatures", async () => {
    const { id: assistantId } = await createAssistant(editor);
    const campaign = await createCampaign(editor, assistantId);
    const secret = String(campaign.pre_dial_webhook_secret);
    expect(secret).toMatch(/^whsec_/);
    expect((await viewer.get(`/api/user/campaigns/${campaign.id}`)).json().data.pre_dial_webhook_secret).toBe(HIDDEN);
    const listed = await viewer.get('/api/user/campaigns');
    expect(listed.json().find((c: { id: number }) => c.id === campaign.id).pre_dial_webhook_secret).toBe(HIDDEN);
    expect(listed.body).not.toContain(secret);
    expect((await editor.get(`/api/user/campaigns/${campaign.id}`)).json().data.pre_dial_webhook_secret).toBe(secret);
  });
});

describe("a viewer's token does not act for the account on public routes", () => {
  const refusal = { status: false, error: roleRefusal('viewer', 'editor') };
  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('test conversations: a viewer cannot open one or send to one; an editor can', async () => {
    const { uuid } = await createAssistant(editor);
    const refused = await post('/api/conversations', a.sessions.viewer, { assistant_id: uuid, type: 'test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusal);
    expect(await t.deps.db.selectFrom('conversations').select('id').where('user_id', '=', a.user.id).execute()).toEqual([]);

    const opened = await post('/api/conversations', a.sessions.editor, { assistant_id: uuid, type: 'test' });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversationId = opened.json().conversation_id;
    const sent = await post(`/api/conversations/${conversationId}/messages`, a.sessions.viewer, { message: 'Hello' });
    expect(sent.statusCode).toBe(403);
    expect(sent.json()).toEqual(refusal);
    const messages = await t.deps.db
      .selectFrom('conversation_messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('m.role')
      .where('c.uuid', '=', conversationId)
      .execute();
    expect(messages.filter((m) => m.role === 'user')).toEqual([]);
    // Reading it stays open to every member.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: bearer(a.sessions.viewer) })).statusCode,
    ).toBe(200);
  });

  it('browser test calls: a viewer cannot start one; an editor gets past the role', async () => {
    const { uuid } = await createAssistant(editor, { status: 'active' });
    const refused = await post('/api/calls/web', a.sessions.viewer, { assistant_id: uuid });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusal);
    expect(await t.deps.db.selectFrom('calls').select('id').where('user_id', '=', a.user.id).execute()).toEqual([]);

    // Past the role: the test call is the editor's, told (as the owner is) which key this server lacks.
    const started = await post('/api/calls/web', a.sessions.editor, { assistant_id: uuid });
    expect(started.statusCode).toBe(503);
    expect(started.json()).toEqual({ status: false, error: 'The ElevenLabs synthesizer needs ELEVENLABS_API_KEY to be set.' });
  });

  it("a suspended account's token is refused there too", async () => {
    const owner = await createUser(t.deps, { balanceUsd: 10 });
    // Its API key is used only once the account is suspended, so no process has it cached as it was.
    const { uuid } = await createAssistant(apiFor(t, await signIn(t, owner.email, owner.password)));
    await t.deps.db
      .updateTable('users')
      .set({ suspended_at: t.clock.now(), suspension_reason: 'Unpaid' })
      .where('id', '=', owner.user.id)
      .execute();
    const suspended = { status: false, error: 'This account is suspended. Contact the operator of this server.' };
    for (const [url, body] of [
      ['/api/conversations', { assistant_id: uuid, type: 'test' }],
      ['/api/calls/web', { assistant_id: uuid }],
    ] as const) {
      const res = await post(url, owner.token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(suspended);
    }
  });
});
