import { randomBytes } from 'node:crypto';
import type { Deps } from '../../src/deps.js';

let sequence = 0;

/** An account with its owner member and an owner's API key; each call makes a distinct email. */
export async function createUser(deps: Deps, options: { balanceUsd?: number; password?: string; email?: string } = {}) {
  sequence += 1;
  const email = options.email ?? `user${sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const password = options.password ?? 'correct horse battery staple';
  const { user, owner, apiKey } = await deps.services.accounts.createUser({
    email,
    password,
    name: `User ${sequence}`,
    balanceUsd: options.balanceUsd,
  });
  return { user, owner, token: apiKey.token, keyId: apiKey.id, email, password };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The actor of a service call a test makes directly, not through a route (its audit rows say "test"). */
export const TEST_ACTOR = { kind: 'system', label: 'test' } as const;
