import { expect } from 'vitest';
import { apiFor, type Api } from './assistants.js';
import { createUser } from './factories.js';
import type { StockNumber } from './fakes/twilio-numbers.js';
import { referenceClient } from './reference-client.js';
import type { TestApp } from './test-app.js';
import { startVoiceApp, type VoiceTestApp } from './voice.js';

/** 3.99 USD a month, the default; Great Britain 4.99. */
export const PRICE_MICROS = 3_990_000;
export const GB_PRICE_MICROS = 4_990_000;

/** An app whose service account is a fake Twilio with numbers for sale. */
export function startNumbersApp(env: Record<string, string> = {}): Promise<VoiceTestApp> {
  return startVoiceApp({
    env: {
      PHONE_NUMBER_MONTHLY_PRICE_MICROS: String(PRICE_MICROS),
      PHONE_NUMBER_COUNTRY_PRICES_MICROS: `GB=${GB_PRICE_MICROS}`,
      PHONE_NUMBER_RENEWAL_GRACE_DAYS: '7',
      ...env,
    },
  });
}

let sequence = 0;

/** A US local number Twilio has for sale, fresh for each call (overrides: its other traits). */
export function forSale(v: VoiceTestApp, overrides: Partial<StockNumber> = {}): string {
  sequence += 1;
  const phoneNumber = overrides.phoneNumber ?? `+1628555${String(2000 + sequence)}`;
  v.twilio.numbers.addAvailable({
    phoneNumber,
    isoCountry: 'US',
    kind: 'Local',
    locality: 'Oakland',
    region: 'CA',
    sms: true,
    addressRequirements: 'none',
    ...overrides,
  });
  return phoneNumber;
}

export async function buyer(t: TestApp, balanceUsd = 10) {
  const owner = await createUser(t.deps, { balanceUsd });
  return { ...owner, userId: owner.user.id, api: apiFor(t, owner.token), client: referenceClient(t.app, owner.token) };
}

/** Buys the number through the API; its record. */
export async function buy(api: Api, phoneNumber: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/api/user/phone-numbers/purchase', { phone_number: phoneNumber, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; phone_number: string; paid_until: string } & Record<string, unknown>;
}

/** The user's ledger rows, oldest first. */
export function ledger(t: TestApp, userId: number) {
  return t.deps.db
    .selectFrom('balance_ledger')
    .select(['amount_micros', 'balance_after_micros', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function balanceOf(t: TestApp, userId: number): Promise<number> {
  return (await t.deps.services.accounts.getUser(userId)).balance_micros;
}
