import { expect } from 'vitest';
import type { App } from '../../src/core/http/fastify-types.js';
import { createAssistant } from './assistants.js';
import { RELAXED_LIMITS } from './conversations.js';
import { startFakeOpenAi, type FakeOpenAi } from './fakes/openai.js';
import type { TwilioWebhook } from './fakes/twilio-messages.js';
import { formBody } from './fakes/twilio.js';
import { buy, buyer, forSale, startNumbersApp } from './numbers.js';
import type { VoiceTestApp } from './voice.js';

/** 0.0075 USD per segment, the reference's example price. */
export const SEGMENT_MICROS = 7_500;
export const HELP_TEXT = 'Acme Dental: call +1 415 555 0100 for help. Reply STOP to unsubscribe.';

export interface SmsTestApp extends VoiceTestApp {
  llm: FakeOpenAi;
}

/** An app whose Twilio is the fake (numbers for sale, Messages) and whose model is the fake OpenAI server. */
export async function startSmsApp(env: Record<string, string> = {}): Promise<SmsTestApp> {
  const llm = await startFakeOpenAi();
  const v = await startNumbersApp({
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: 'sk-test',
    LLM_MAX_RETRIES: '0',
    SMS_SEGMENT_PRICE_MICROS: String(SEGMENT_MICROS),
    SMS_HELP_TEXT: HELP_TEXT,
    ...RELAXED_LIMITS,
    ...env,
  });
  return {
    ...v,
    llm,
    async close() {
      await v.close();
      await llm.close();
    },
  };
}

/** A user with a balance and an SMS-capable number bought here (assistant: one answering it). */
export async function smsOwner(v: VoiceTestApp, options: { balanceUsd?: number; assistant?: Record<string, unknown> } = {}) {
  const owner = await buyer(v.t, options.balanceUsd ?? 10);
  const number = await buy(owner.api, forSale(v));
  const assistant = options.assistant
    ? await createAssistant(owner.api, { type: 'inbound', status: 'active', phone_number_id: number.id, ...options.assistant })
    : null;
  return { ...owner, number, assistant };
}

/** Delivers a webhook Twilio would send (signed by the fake with the account's token, unless `signature` is given) to `app`. */
export function deliver(app: App, webhook: TwilioWebhook & { signature: string }, signature = webhook.signature) {
  const url = new URL(webhook.url);
  return app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: formBody(webhook.params),
  });
}

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** Sends through the API and expects it sent. */
export async function sendSms(api: { post: (url: string, body: unknown) => Promise<any> }, body: Record<string, unknown>) {
  const res = await api.post('/api/user/sms', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The user's SMS rows, oldest first. */
export function smsRows(v: VoiceTestApp, userId: number) {
  return v.t.deps.db.selectFrom('sms_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}
