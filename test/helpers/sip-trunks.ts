import { expect } from 'vitest';
import type { Api } from './assistants.js';

/** A trunk of the carrier at sip.carrier.example, recognised by its username and password. */
export function trunkBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sip_trunk_type: 'number',
    phone_number: '+14155550177',
    nickname: 'Main carrier',
    sip_username: 'breadco',
    sip_password: 'Carrier-Pass-2026',
    sip_address: 'sip:sip.carrier.example:5060',
    sip_calling_format: '+e164',
    inbound_authorization_type: 'auth',
    ...overrides,
  };
}

/** Creates the trunk through the API; its record. */
export async function createTrunk(api: Api, overrides: Record<string, unknown> = {}) {
  const res = await api.post('/api/user/phone-numbers/sip-trunks', trunkBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; phone_number: string; inbound_sip_domain: string } & Record<string, unknown>;
}

/** A SIP trunk request as the fake saw it: method, path below the account or /v1, form. */
export function sipRequest(r: { method: string; path: string; form: Record<string, unknown> }) {
  return { method: r.method, path: r.path.replace(/^\/2010-04-01\/Accounts\/AC[0-9a-f]{32}/, ''), form: r.form };
}
