import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, assistantBody, createAssistant, readAssistant, type Api } from '../../../test/helpers/assistants.js';

let t: TestApp;
let api: Api;
let other: Api;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiFor(t, (await createUser(t.deps)).token);
  other = apiFor(t, (await createUser(t.deps)).token);
});
afterAll(async () => {
  await t.close();
});

const NOT_FOUND = { message: 'Assistant not found' };

describe('POST /api/user/assistant', () => {
  it('creates an inactive assistant with an integer id and a UUID', async () => {
    const res = await api.post('/api/user/assistant', assistantBody());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Assistant created successfully',
      data: {
        id: expect.any(Number),
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Sales Assistant',
        status: 'inactive',
        type: 'outbound',
        mode: 'pipeline',
      },
    });
  });

  it('fills every optional field with its documented default', async () => {
    const { id, uuid } = await createAssistant(api);
    const record = await readAssistant(api, id);
    expect(record).toMatchObject({
      id,
      uuid,
      llm_model_id: 1,
      multimodal_model_id: null,
      knowledgebase_mode: 'function_call',
      tts_emotion_enabled: true,
      voice_stability: 0.7,
      voice_similarity: 0.5,
      speech_speed: 1,
      llm_temperature: 0.1,
      allow_interruptions: true,
      fillers: false,
      filler_config: { positive: [], negative: [], question: [], neutral: [] },
      max_duration: 600,
      max_silence_duration: 40,
      ringing_time: 30,
      reengagement_interval: 30,
      end_call_on_voicemail: true,
      endpoint_type: 'vad',
      ambient_sound: 'off',
      send_webhook_only_on_completed: true,
      include_recording_in_webhook: true,
      post_call_evaluation: true,
      conversation_inactivity_timeout: 30,
      conversation_ended_retrigger: false,
      tools: [],
      tool_ids: [],
      label_ids: [],
      variables: {},
      created_at: '2026-01-15T10:00:00.000000Z',
    });
  });

  it('lists every missing required field at once', async () => {
    const res = await api.post('/api/user/assistant', {});
    expect(res.statusCode).toBe(422);
    const required = ['name', 'voice_id', 'language_id', 'type', 'mode', 'timezone', 'initial_message', 'system_prompt'];
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: Object.fromEntries(required.map((f) => [f, [`The ${f.replace(/_/g, ' ')} field is required.`]])),
    });
  });

  it('drops unknown fields instead of storing them', async () => {
    const { id } = await createAssistant(api, { favourite_colour: 'teal' });
    expect(await readAssistant(api, id)).not.toHaveProperty('favourite_colour');
  });

  it('refuses a body that is not a JSON object', async () => {
    const arr = await api.post('/api/user/assistant', [1, 2]);
    expect(arr.statusCode).toBe(422);
    expect(arr.json().errors).toEqual({ body: ['The request body must be a JSON object.'] });
  });
});

describe('GET /api/user/assistant/:id', () => {
  it("is 404 for an unknown, malformed or another account's id", async () => {
    const { id } = await createAssistant(other);
    for (const url of [`/api/user/assistant/${id}`, '/api/user/assistant/999999', '/api/user/assistant/abc', '/api/user/assistant/0']) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('PUT and PATCH /api/user/assistant/:id', () => {
  it('answers with the reference envelope', async () => {
    const { id } = await createAssistant(api);
    const res = await api.put(`/api/user/assistant/${id}`, { name: 'Updated Sales Assistant', status: 'active' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Assistant updated successfully',
      data: { id, name: 'Updated Sales Assistant', status: 'active', type: 'outbound', mode: 'pipeline' },
    });
  });

  it('accepts PATCH the same way', async () => {
    const { id } = await createAssistant(api);
    const res = await api.patch(`/api/user/assistant/${id}`, { name: 'Patched' });
    expect(res.statusCode).toBe(200);
    expect((await readAssistant(api, id)).name).toBe('Patched');
  });

  it("is 404 for another account's assistant, which stays untouched", async () => {
    const { id } = await createAssistant(other, { name: 'Theirs' });
    for (const body of [{ name: 'Mine now' }, { name: 'x'.repeat(300) }]) {
      const res = await api.put(`/api/user/assistant/${id}`, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await readAssistant(other, id)).name).toBe('Theirs');
    expect((await api.put('/api/user/assistant/abc', { name: 'x' })).json()).toEqual(NOT_FOUND);
  });

  it('with an empty body changes nothing, not even updated_at', async () => {
    const { id } = await createAssistant(api);
    const before = await readAssistant(api, id);
    t.clock.advance(60_000);
    expect((await api.put(`/api/user/assistant/${id}`, {})).statusCode).toBe(200);
    expect(await readAssistant(api, id)).toEqual(before);
  });

  it('stamps updated_at on a change', async () => {
    const { id } = await createAssistant(api);
    t.clock.advance(60_000);
    await api.put(`/api/user/assistant/${id}`, { name: 'Later' });
    const record = await readAssistant(api, id);
    expect(record.updated_at).toBe(t.clock.now().toISOString().replace('Z', '000Z'));
    expect(record.created_at).not.toBe(record.updated_at);
  });
});

describe('GET /api/user/assistants/get', () => {
  it("pages the caller's assistants with the length-aware paginator", async () => {
    const mine = apiFor(t, (await createUser(t.deps)).token);
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createAssistant(mine, { name: `A${i}` }));
    await createAssistant(other);
    const first = await mine.get('/api/user/assistants/get?per_page=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      current_page: 1,
      from: 1,
      to: 2,
      last_page: 2,
      per_page: 2,
      total: 3,
      path: 'http://localhost:80/api/user/assistants/get',
      first_page_url: 'http://localhost:80/api/user/assistants/get?page=1',
      next_page_url: 'http://localhost:80/api/user/assistants/get?page=2',
      prev_page_url: null,
    });
    expect(body.links.map((l: { label: string }) => l.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
    expect(body.data.map((a: { name: string }) => a.name)).toEqual(['A2', 'A1']);
    expect(body.data[0]).toHaveProperty('system_prompt');
    const second = (await mine.get('/api/user/assistants/get?per_page=2&page=2')).json();
    expect(second.data.map((a: { id: number }) => a.id)).toEqual([created[0]!.id]);
    expect(second.next_page_url).toBeNull();
  });

  it('defaults to 10 per page and bounds per_page to 1..100', async () => {
    expect((await api.get('/api/user/assistants/get')).json().per_page).toBe(10);
    expect((await api.get('/api/user/assistants/get?per_page=100')).statusCode).toBe(200);
    for (const bad of ['0', '101', 'x']) {
      const res = await api.get(`/api/user/assistants/get?per_page=${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Validation failed');
    }
  });
});

describe('DELETE /api/user/assistant/:id', () => {
  it('deletes the assistant; then it is not found', async () => {
    const { id } = await createAssistant(api);
    const res = await api.delete(`/api/user/assistant/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Assistant deleted successfully' });
    expect((await api.get(`/api/user/assistant/${id}`)).statusCode).toBe(404);
    expect((await api.delete(`/api/user/assistant/${id}`)).json()).toEqual(NOT_FOUND);
  });

  it("cannot delete another account's assistant", async () => {
    const { id } = await createAssistant(other);
    expect((await api.delete(`/api/user/assistant/${id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/user/assistant/${id}`)).statusCode).toBe(200);
  });
});

describe("the conversation engine's view", () => {
  it('finds an assistant by UUID with its full configuration', async () => {
    const { id, uuid } = await createAssistant(api, { variables: { company: 'Acme' } });
    const runtime = await t.deps.services.assistants.getRuntimeByUuid(uuid);
    expect(runtime).toMatchObject({ id, uuid, variables: { company: 'Acme' }, llm_model_id: 1 });
    expect(await t.deps.services.assistants.getRuntimeByUuid('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
