import { expect } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.js';
import { createUser } from './factories.js';
import { apiFor, createAssistant, type Api } from './assistants.js';
import { startFakeOpenAi, type FakeOpenAi } from './fakes/openai.js';

export interface ConversationsTestApp {
  t: TestApp;
  llm: FakeOpenAi;
  close(): Promise<void>;
}

/**
 * A test app whose model is the fake OpenAI-compatible server (no retries, so failures are
 * immediate). The public widget limits are raised out of the way (every inject comes from one
 * address); the limits' own tests set them.
 */
export async function startConversationsApp(env: Record<string, string> = {}): Promise<ConversationsTestApp> {
  const llm = await startFakeOpenAi();
  const t = await buildTestApp({
    env: { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-test', LLM_MAX_RETRIES: '0', ...RELAXED_LIMITS, ...env },
  });
  return {
    t,
    llm,
    async close() {
      await t.close();
      await llm.close();
    },
  };
}

/** Limits high enough that no test meets them unless it means to. */
export const RELAXED_LIMITS = {
  GENERATE_REPLY_PER_MINUTE: '1000',
  WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: '100000',
  WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: '10000',
  WIDGET_MESSAGES_PER_IP_PER_MINUTE: '100000',
};

/** A user with a balance and one active assistant (overrides go to the assistant body). */
export async function ownerWithAssistant(t: TestApp, options: { balanceUsd?: number; assistant?: Record<string, unknown> } = {}) {
  const owner = await createUser(t.deps, { balanceUsd: options.balanceUsd ?? 10 });
  const api = apiFor(t, owner.token);
  // New assistants start inactive (as the reference's do), and the widget serves only active ones.
  const assistant = await createAssistant(api, { status: 'active', ...options.assistant });
  return { ...owner, api, assistant };
}

export async function openConversation(
  t: TestApp,
  assistantUuid: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/conversations', headers, payload: { assistant_id: assistantUuid, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().conversation_id;
}

export function sendMessage(t: TestApp, conversationId: string, message: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers, payload: { message } });
}

/** The history through the public get route (pass the owner's bearer header for a test conversation). */
export async function history(t: TestApp, conversationId: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().history as Array<{
    role: string;
    content: string;
    function_calls?: Array<{ name: string; arguments: any; result: any }>;
  }>;
}

export async function balanceMicros(t: TestApp, userId: number): Promise<number> {
  return (await t.deps.services.accounts.getUser(userId)).balance_micros;
}

export async function ledger(t: TestApp, userId: number) {
  return t.deps.db.selectFrom('balance_ledger').select(['amount_micros', 'reason']).where('user_id', '=', userId).orderBy('id').execute();
}

export type { Api };
