import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../client/api.js';
import { apiErrorFrom } from './errors.js';
import { clearSession, readSession } from './session.js';

export type { paths };

/** Called when the API says the session is gone (401), with nothing else to do than sign in again. */
let onUnauthenticated: () => void = () => {};
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

const authentication: Middleware = {
  onRequest({ request }) {
    // A call that names its own token (checking one a sign-in just brought) keeps it.
    const session = readSession();
    if (session && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${session.token}`);
    return request;
  },
  onResponse({ request, response }) {
    // A wrong password is a 401 too; only a 401 on a signed-in call means the session ended.
    // Calls that were in flight together all answer 401: the first one ends the session, once.
    if (response.status === 401 && request.headers.has('authorization') && readSession()) {
      clearSession();
      onUnauthenticated();
    }
    return response;
  },
};

/** The typed API client: same origin, the generated `paths` types, the session's token. */
export const api = createClient<paths>({ baseUrl: '' });
api.use(authentication);

/**
 * openapi-fetch returns `{ data, error, response }`; queries and mutations want a value or a
 * thrown error. `unwrap(await api.GET(...))` gives the data or throws an ApiError in words.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) throw apiErrorFrom(result.error, result.response.status);
  return result.data as T;
}
