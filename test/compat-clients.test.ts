import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createAssistant, createPhoneNumber, SEED_IDS } from './helpers/assistants.js';
import { createUser } from './helpers/factories.js';
import { referenceClient } from './helpers/reference-client.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Routes the product's public clients call, sent exactly as they send them: the n8n nodes and
 * both Activepieces pieces (assistant pickers, the "Updated Assistant" polling trigger, the
 * "Phone Call Ended" trigger) and the vendor's MCP server (folders and labels).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newOwner() {
  const { user, token } = await createUser(t.deps);
  return { user, token, api: apiFor(t, token), client: referenceClient(t.app, token) };
}

/** Activepieces' "Phone Call Ended" picker sends the key and nothing else: no Accept, no Content-Type. */
const bareGet = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('GET /api/user/assistants: the bare array assistant pickers and polling triggers read', () => {
  it('is [] for an account without assistants (the pickers say "Create one first")', async () => {
    const { token } = await newOwner();
    const res = await bareGet('/api/user/assistants', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('[]');
  });

  it('lists every assistant of the caller, newest first, with what the clients map (id, name, created_at, updated_at)', async () => {
    const { user, token, api, client } = await newOwner();
    const first = await createAssistant(api, { name: 'Front desk' });
    const second = await createAssistant(api, { name: 'Follow-up', type: 'inbound' });
    await createAssistant(apiFor(t, (await createUser(t.deps)).token), { name: "Someone else's" });

    for (const res of [await client.get('/api/user/assistants'), await bareGet('/api/user/assistants', token)]) {
      expect(res.statusCode).toBe(200);
      const items = res.json() as Array<Record<string, unknown>>;
      expect(items.map(({ id, name }) => ({ value: id, label: name }))).toEqual([
        { value: second.id, label: 'Follow-up' },
        { value: first.id, label: 'Front desk' },
      ]);
      expect(items[1]).toMatchObject({
        id: first.id,
        uuid: first.uuid,
        user_id: user.id,
        status: 'inactive',
        type: 'outbound',
        mode: 'pipeline',
        language: 'en',
      });
      for (const item of items) {
        expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
        expect(item.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      }
    }
    // The same items as the paginated list's.
    expect((await client.get('/api/user/assistants/get')).json().data).toEqual((await client.get('/api/user/assistants')).json());
    expect((await referenceClient(t.app).get('/api/user/assistants')).statusCode).toBe(401);
  });

  it("shows flags as 0/1 and numbers as two-decimal strings where the reference's list does", async () => {
    const { api, client } = await newOwner();
    const { id } = await createAssistant(api);
    const defaults = (await client.get('/api/user/assistants')).json()[0];
    expect(defaults).toMatchObject({
      fillers: 0,
      end_call_on_voicemail: 1,
      llm_temperature: '0.10',
      voice_stability: '0.70',
      voice_similarity: '0.50',
      speech_speed: '1.00',
      ambient_sound_volume: '0.50',
      // Fields the reference's list shows as plain numbers and booleans stay so.
      endpoint_sensitivity: 0.5,
      post_call_evaluation: true,
      record: false,
    });
    await client.put(`/api/user/assistant/${id}`, {
      fillers: true,
      end_call_on_voicemail: false,
      llm_temperature: 0.35,
      speech_speed: 1.1,
      voice_stability: 0.755,
      ambient_sound_volume: 0.3,
    });
    expect((await client.get('/api/user/assistants')).json()[0]).toMatchObject({
      fillers: 1,
      end_call_on_voicemail: 0,
      llm_temperature: '0.35',
      speech_speed: '1.10',
      voice_stability: '0.76',
      ambient_sound_volume: '0.30',
    });
    // One assistant's own record keeps the spec's types.
    expect((await client.get(`/api/user/assistant/${id}`)).json().data).toMatchObject({
      fillers: true,
      llm_temperature: 0.35,
      speech_speed: 1.1,
      voice_stability: 0.755,
    });
  });
});

describe.each([
  ['folder', 'Folder', 'folder_id'],
  ['label', 'Label', 'label_ids'],
])("%ss at the plural path, as the MCP server's update_%s and delete_%s call them", (kind, noun, field) => {
  it('reads, updates and deletes; the assistants are let go', async () => {
    const { api, client } = await newOwner();
    const id = (await client.post(`/api/user/${kind}s`, { name: 'Acme Corp' })).json().data.id as number;
    const assistant = await createAssistant(api, field === 'folder_id' ? { folder_id: id } : { label_ids: [id] });

    const read = await client.get(`/api/user/${kind}s/${id}`);
    expect(read.json()).toEqual({
      message: `${noun} retrieved successfully`,
      data: { id, name: 'Acme Corp', color: 'gray', assistants_count: 1 },
    });
    const updated = await client.put(`/api/user/${kind}s/${id}`, { name: 'Acme Holdings', color: 'blue' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      message: `${noun} updated successfully`,
      data: { id, name: 'Acme Holdings', color: 'blue', assistants_count: 1 },
    });

    const deleted = await client.delete(`/api/user/${kind}s/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: `${noun} deleted successfully` });
    const after = (await client.get(`/api/user/assistant/${assistant.id}`)).json().data;
    expect(after[field]).toEqual(field === 'folder_id' ? null : []);
    expect((await client.delete(`/api/user/${kind}s/${id}`)).json()).toEqual({ message: `${noun} not found` });
  });

  it("answers another account's as not found and changes nothing", async () => {
    const mine = await newOwner();
    const theirs = await newOwner();
    const id = (await theirs.client.post(`/api/user/${kind}s`, { name: 'Theirs' })).json().data.id as number;
    for (const res of [
      await mine.client.put(`/api/user/${kind}s/${id}`, { name: 'Mine now' }),
      await mine.client.delete(`/api/user/${kind}s/${id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `${noun} not found` });
    }
    expect((await theirs.client.get(`/api/user/${kind}s/${id}`)).json().data.name).toBe('Theirs');
  });
});

describe('POST /api/user/assistants/enable-webhook and disable-webhook, as the "Phone Call Ended" triggers switch them', () => {
  /** Activepieces' httpClient: a JSON body, the key, no Accept. */
  const trigger = (url: string, token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it("turns the post-call webhook on at the trigger's URL, and off again", async () => {
    const { token, api, client } = await newOwner();
    const { id } = await createAssistant(api);
    const on = await trigger('/api/user/assistants/enable-webhook', token, {
      assistant_id: id,
      webhook_url: 'https://cloud.activepieces.com/api/v1/webhooks/Fq2hX',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: 'Webhook enabled successfully', data: [] });
    expect((await client.get(`/api/user/assistant/${id}`)).json().data).toMatchObject({
      is_webhook_active: true,
      webhook_url: 'https://cloud.activepieces.com/api/v1/webhooks/Fq2hX',
    });

    const off = await trigger('/api/user/assistants/disable-webhook', token, { assistant_id: id });
    expect(off.json()).toEqual({ message: 'Webhook disabled successfully', data: [] });
    expect((await client.get(`/api/user/assistant/${id}`)).json().data).toMatchObject({ is_webhook_active: false, webhook_url: null });
  });

  it("validates like the other toggles, and answers another account's assistant as not found", async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    const { id } = await createAssistant(owner.api);
    const missing = await stranger.client.post('/api/user/assistants/enable-webhook', { assistant_id: id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { webhook_url: ['The webhook url field is required.'] },
    });
    const foreign = await stranger.client.post('/api/user/assistants/enable-webhook', {
      assistant_id: id,
      webhook_url: 'https://evil.example.com/hook',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Assistant not found' });
    expect((await owner.client.get(`/api/user/assistant/${id}`)).json().data).toMatchObject({
      is_webhook_active: false,
      webhook_url: null,
    });
  });
});

describe('POST /api/user/assistant: the model the reference requires on create', () => {
  it("refuses a pipeline assistant without llm_model_id and a realtime one without multimodal_model_id, with Laravel's required_if words", async () => {
    const { client } = await newOwner();
    const body = {
      name: 'Sales',
      voice_id: 11,
      language_id: SEED_IDS.english,
      type: 'outbound',
      timezone: 'Europe/Bucharest',
      initial_message: 'Hi!',
      system_prompt: 'Sell.',
    };
    const pipeline = await client.post('/api/user/assistant', { ...body, mode: 'pipeline' });
    expect(pipeline.statusCode).toBe(422);
    expect(pipeline.json()).toEqual({
      message: 'Validation failed',
      errors: { llm_model_id: ['The llm model id field is required when mode is pipeline.'] },
    });
    const dualplex = await client.post('/api/user/assistant', { ...body, mode: 'dualplex', llm_model_id: null });
    expect(dualplex.json()).toEqual({
      message: 'Validation failed',
      errors: { multimodal_model_id: ['The multimodal model id field is required when mode is dualplex.'] },
    });
    const created = await client.post('/api/user/assistant', { ...body, mode: 'pipeline', llm_model_id: SEED_IDS.gpt41Mini });
    expect(created.statusCode).toBe(201);
    expect((await client.get(`/api/user/assistant/${created.json().data.id}`)).json().data.llm_model_id).toBe(SEED_IDS.gpt41Mini);
    // An update keeps the stored model, or resets it to the new mode's default (spec 3.5).
    const switched = await client.put(`/api/user/assistant/${created.json().data.id}`, { mode: 'multimodal', voice_id: 1 });
    expect(switched.statusCode, switched.body).toBe(200);
  });
});

describe("GET /api/user/assistants/phone-numbers: type_label as the reference's picker shows it", () => {
  it('labels a dedicated number "Normal", and SIP and Caller ID numbers as such', async () => {
    const { api, client } = await newOwner();
    await createPhoneNumber(api, '+14155550601');
    await createPhoneNumber(api, '+14155550602', 'sip');
    await createPhoneNumber(api, '+14155550603', 'caller_id');
    const picker = (await client.get('/api/user/assistants/phone-numbers?type=outbound')).json();
    expect(picker.map((n: { type_label: string }) => n.type_label)).toEqual(['Normal', 'SIP', 'Caller ID']);
    // The account's number list keeps the reference's "Dedicated Number".
    expect((await client.get('/api/user/phone-numbers/all')).json().data.map((n: { type_label: string }) => n.type_label)).toEqual([
      'Dedicated Number',
      'SIP',
      'Caller ID',
    ]);
  });
});
