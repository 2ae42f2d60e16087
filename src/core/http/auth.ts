import type { App, AuthContext } from './fastify-types.js';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors.js';

export type BearerResolver = (token: string) => Promise<AuthContext | null>;

/**
 * Every route is authenticated unless its config says `public: true`; secure by default.
 * Runs on onRequest, before the body is read, so an unauthenticated caller costs us little.
 */
export function installAuth(app: App, resolveBearer: BearerResolver): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config?.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const auth = await resolveBearer(token);
    if (!auth) throw unauthenticated();
    request.auth = auth;
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The caller of an authenticated route; throws when used on a public route by mistake. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
