import { expect } from 'vitest';
import type { TestApp } from './test-app.js';
import { bearer } from './factories.js';
import { SEED_VOICE_IDS } from '../../src/modules/catalog/catalog.seed-voices.js';
import { SEED_IDS } from '../../src/modules/catalog/catalog.seed.js';

export { SEED_IDS, SEED_VOICE_IDS };

/** The model each mode requires on create, unless the test names one. */
const MODE_MODELS: Record<string, Record<string, number>> = {
  pipeline: { llm_model_id: SEED_IDS.gpt4oMini },
  multimodal: { multimodal_model_id: SEED_IDS.gpt4oRealtime },
  dualplex: { multimodal_model_id: SEED_IDS.dualplexGptRealtime },
};

/** The smallest valid pipeline assistant (or of the mode the overrides name); tests override what they exercise. */
export function assistantBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Sales Assistant',
    voice_id: SEED_VOICE_IDS.rachelPipeline,
    language_id: SEED_IDS.english,
    type: 'outbound',
    mode: 'pipeline',
    ...MODE_MODELS[String(overrides.mode ?? 'pipeline')],
    timezone: 'Europe/Bucharest',
    initial_message: 'Hello! How can I help you today?',
    system_prompt: 'You are a helpful sales assistant.',
    ...overrides,
  };
}

/** A multimodal assistant body: a speech-to-speech voice and no LLM. */
export function multimodalBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return assistantBody({ mode: 'multimodal', voice_id: SEED_VOICE_IDS.alloyMultimodal, ...overrides });
}

export interface ApiResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): any;
  body: string;
}

export interface Api {
  post(url: string, payload?: unknown): Promise<ApiResponse>;
  put(url: string, payload?: unknown): Promise<ApiResponse>;
  patch(url: string, payload?: unknown): Promise<ApiResponse>;
  get(url: string): Promise<ApiResponse>;
  delete(url: string): Promise<ApiResponse>;
}

/** inject() bound to one user's token. */
export function apiFor(t: TestApp, token: string): Api {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    get: (url) => call('GET')(url),
    delete: (url) => call('DELETE')(url),
  };
}

export async function createAssistant(api: Api, overrides: Record<string, unknown> = {}): Promise<{ id: number; uuid: string }> {
  const res = await api.post('/api/user/assistant', assistantBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A custom tool (`lookup_order`, one string parameter) on the account; returns its id. */
export async function createTool(api: Api, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post('/api/user/tools', {
    name: 'lookup_order',
    description: 'Looks up an order by its id.',
    endpoint: 'https://orders.example.com/lookup',
    method: 'POST',
    timeout: 5,
    schema: [{ name: 'order_id', type: 'string', description: 'The order number' }],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

export async function readAssistant(api: Api, id: number): Promise<Record<string, any>> {
  const res = await api.get(`/api/user/assistant/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function createPhoneNumber(api: Api, phone_number: string, type = 'normal'): Promise<number> {
  const res = await api.post('/api/user/phone-numbers', { phone_number, type });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}
