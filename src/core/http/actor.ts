import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './fastify-types.js';
import { authOf } from './auth.js';

/** The caller of an authenticated route and where the call came from: what an audit row records. */
export interface RequestActor {
  auth: AuthContext;
  /** The client's address (TRUST_PROXY decides whether X-Forwarded-For counts). */
  ip: string;
  userAgent: string | null;
}

export function actorOf(request: FastifyRequest): RequestActor {
  return { auth: authOf(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Where an anonymous call came from (a public route): what an audit row records besides who. */
export type RequestClient = Omit<RequestActor, 'auth'>;

export function clientOf(request: FastifyRequest): RequestClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
