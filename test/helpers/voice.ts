import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.js';
import { createUser } from './factories.js';
import { apiFor, createAssistant, createPhoneNumber, type Api } from './assistants.js';
import { formBody, newAccountSid, signTwilio, startFakeTwilio, type FakeTwilio, type Form } from './fakes/twilio.js';
import { scriptedEngine } from './scripted-engine.js';

export const PUBLIC_HOST = 'voice.switchboard.test';
export const PUBLIC_URL = `https://${PUBLIC_HOST}`;
/** 0.12 USD a minute: 2,000 micro-USD a second. */
export const PRICE_MICROS = 120_000;

export interface VoiceTestApp {
  t: TestApp;
  twilio: FakeTwilio;
  accountSid: string;
  authToken: string;
  engine: ReturnType<typeof scriptedEngine>;
  dataDir: string;
  close(): Promise<void>;
}

/** An app wired to a fake Twilio (the configured account) with a scripted call engine. */
export async function startVoiceApp(
  options: { engine?: 'hangUp' | 'listen'; env?: Record<string, string>; extraAccounts?: Record<string, string> } = {},
): Promise<VoiceTestApp> {
  const accountSid = newAccountSid();
  const authToken = `token-${accountSid.slice(2, 10)}`;
  const twilio = await startFakeTwilio({ [accountSid]: authToken, ...options.extraAccounts });
  const engine = scriptedEngine(options.engine ?? 'hangUp');
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-voice-'));
  const t = await buildTestApp({
    callEngine: engine.engine,
    env: {
      PUBLIC_URL,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_API_URL: twilio.url,
      TWILIO_VOICE_API_URL: twilio.url,
      VOICE_PRICE_PER_MINUTE_USD: '0.12',
      DATA_DIR: dataDir,
      ...options.env,
    },
  });
  return {
    t,
    twilio,
    accountSid,
    authToken,
    engine,
    dataDir,
    async close() {
      await t.close();
      await twilio.close();
    },
  };
}

let lineSequence = 0;
const nextNumber = () => `+1415555${String(500 + ++lineSequence).padStart(4, '0')}`;

type LineOptions = { balanceUsd?: number; number?: string; assistant?: Record<string, unknown> };

async function ownerWith(t: TestApp, options: LineOptions, line: (userId: number, api: Api, number: string) => Promise<number>) {
  const owner = await createUser(t.deps, { balanceUsd: options.balanceUsd ?? 10 });
  const api: Api = apiFor(t, owner.token);
  const number = options.number ?? nextNumber();
  const phoneNumberId = await line(owner.user.id, api, number);
  const assistant = await createAssistant(api, { phone_number_id: phoneNumberId, ...options.assistant });
  return { ...owner, api, number, phoneNumberId, assistant };
}

/**
 * A user with a balance, a number and an assistant calling from it (overrides go to the
 * assistant). The number is registered through the API: it can place calls, not receive them.
 */
export function ownerWithLine(t: TestApp, options: LineOptions = {}) {
  return ownerWith(t, options, (_userId, api, number) => createPhoneNumber(api, number));
}

/**
 * The same with a number of the service's own Twilio account, which the fake lists and the
 * operator assigned to the user (as `phone-numbers assign` does): it receives calls.
 */
export function ownerWithOperatorLine(v: VoiceTestApp, options: LineOptions = {}) {
  return ownerWith(v.t, options, async (userId, _api, number) => {
    v.twilio.addIncomingNumber(v.accountSid, number);
    return (await v.t.deps.services.phoneNumbers.assignOperatorNumber({ userId, phoneNumber: number, reassign: false })).line.id;
  });
}

export async function makeCall(api: Api, assistantId: number, phone = '+14155550199', variables?: Record<string, unknown>) {
  const res = await api.post('/api/user/make_call', {
    phone_number: phone,
    assistant_id: assistantId,
    ...(variables ? { variables } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().call_id as number;
}

/** Posts a form to a Twilio route, signed with `token` over the public URL (or with `signature`). */
export function postTwilio(t: TestApp, pathAndQuery: string, params: Form, signing: { token: string } | { signature: string }) {
  const signature = 'signature' in signing ? signing.signature : signTwilio(signing.token, `${PUBLIC_URL}${pathAndQuery}`, params);
  return t.app.inject({
    method: 'POST',
    url: pathAndQuery,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: formBody(params),
  });
}

export async function callRow(t: TestApp, id: number) {
  return t.deps.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function balanceMicros(t: TestApp, userId: number): Promise<number> {
  return (await t.deps.services.accounts.getUser(userId)).balance_micros;
}
