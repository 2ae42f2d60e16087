import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors.js';
import type { AuthContext } from './fastify-types.js';
import { requireRole } from './roles.js';

/** Who is calling a public route: the client's address and, when a valid token came, its owner. */
export interface PublicCaller {
  clientIp: string;
  auth: AuthContext | null;
}

/**
 * Public routes may still carry a token: test conversations are their owner's. A token that
 * resolves to nobody is refused rather than ignored, so an owner sees why their call fails.
 */
export async function publicCaller(
  request: FastifyRequest,
  resolve: (token: string) => Promise<AuthContext | null>,
): Promise<PublicCaller> {
  const header = request.headers.authorization;
  if (!header) return { clientIp: request.ip, auth: null };
  const token = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1];
  const auth = token ? await resolve(token) : null;
  if (!auth) throw unauthenticated();
  return { clientIp: request.ip, auth };
}

/**
 * A caller whose token makes the request act for the account (a test conversation's messages, a
 * browser test call, run on the account's assistants at its cost): like the routes that build
 * and run assistants, it needs an editor or higher (403 in the route's shape otherwise).
 */
export async function actingCaller(
  request: FastifyRequest,
  resolve: (token: string) => Promise<AuthContext | null>,
): Promise<PublicCaller> {
  const caller = await publicCaller(request, resolve);
  if (caller.auth) requireRole(caller.auth, 'editor');
  return caller;
}
