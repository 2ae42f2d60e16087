import { randomBytes } from 'node:crypto';
import type { MemberRole } from '../../src/core/db/schema.js';
import type { App } from '../../src/core/http/fastify-types.js';
import { bearer } from './factories.js';

let sequence = 0;

/** A client address of its own for each invitee, so the per-address limit on accepting never joins in. */
function nextAddress(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export function invitationPath(token: string, action = ''): string {
  return `/api/auth/invitations/${encodeURIComponent(token)}${action}`;
}

export async function invite(app: App, inviterToken: string, email: string, role: MemberRole) {
  const res = await app.inject({ method: 'POST', url: '/api/user/invitations', headers: bearer(inviterToken), payload: { email, role } });
  if (res.statusCode !== 201) throw new Error(`invitation refused: ${res.statusCode} ${res.body}`);
  return res.json().invitation as { id: number; token: string; url: string };
}

/**
 * A new member of the inviter's account with this role, as a person becomes one: invited through
 * the API, then accepting the link (which signs them in). Returns their member id and session.
 */
export async function addMember(app: App, inviterToken: string, role: MemberRole, options: { email?: string; name?: string } = {}) {
  const email = options.email ?? `member-${randomBytes(4).toString('hex')}@example.com`;
  const name = options.name ?? `Member ${email.split('@')[0]}`;
  const password = 'member password 123';
  const invitation = await invite(app, inviterToken, email, role);
  const accepted = await app.inject({
    method: 'POST',
    url: invitationPath(invitation.token, '/accept'),
    remoteAddress: nextAddress(),
    payload: { name, password },
  });
  if (accepted.statusCode !== 201) throw new Error(`acceptance refused: ${accepted.statusCode} ${accepted.body}`);
  const session = accepted.json().token as string;
  const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(session) });
  return { id: me.json().member.id as number, email, name, password, session, invitationId: invitation.id };
}
