import { expect } from 'vitest';
import { MEMBER_ROLES, type MemberRole } from '../../src/core/db/schema.js';
import { hashPassword } from '../../src/core/crypto/passwords.js';
import { createMembersRepo } from '../../src/modules/accounts/members.repo.js';
import type { TestApp } from './test-app.js';
import { createUser } from './factories.js';

export { MEMBER_ROLES, type MemberRole };

/** A session token of the member with this e-mail, from the sign-in route. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

/**
 * An account with a member of every role (the owner is the account's first user), each signed
 * in: `sessions[role]` is that member's session token, `members[role]` its row.
 */
export async function accountWithEveryRole(t: TestApp, options: { balanceUsd?: number } = {}) {
  const account = await createUser(t.deps, { balanceUsd: options.balanceUsd ?? 10 });
  const passwordHash = await hashPassword(account.password);
  const repo = createMembersRepo(t.deps.db);
  const members: Partial<Record<MemberRole, { id: number; email: string }>> = { owner: account.owner };
  for (const role of MEMBER_ROLES.filter((r) => r !== 'owner')) {
    const email = `${role}-${account.email}`;
    members[role] = await repo.insertMember({ userId: account.user.id, email, name: `A ${role}`, passwordHash, role, now: t.clock.now() });
  }
  const signedIn = members as Record<MemberRole, { id: number; email: string }>;
  const sessions = {} as Record<MemberRole, string>;
  await Promise.all(
    MEMBER_ROLES.map(async (role) => {
      sessions[role] = await signIn(t, signedIn[role].email, account.password);
    }),
  );
  return { ...account, members: signedIn, sessions };
}

/** The body a 403 has in each error shape (core/http/errors.ts documents the four wire shapes). */
export function forbiddenBody(shape: string, message: string): Record<string, unknown> {
  switch (shape) {
    case 'coded':
      return { success: false, error: message, error_code: 'FORBIDDEN' };
    case 'conversation':
      return { status: false, error: message };
    case 'error':
      return { error: message };
    default:
      return { message };
  }
}

export const roleRefusal = (role: MemberRole, required: string) =>
  `Your role (${role}) does not allow this; it needs ${required} or higher. Ask an admin of the account.`;
