import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './api.js';

export type * from './api.js';

export type SwitchboardClient = Client<paths>;

/**
 * A typed client of the Switchboard API, built on openapi-fetch from the types in api.d.ts
 * (generated from the OpenAPI document by `npm run generate:client`). Paths, parameters, bodies
 * and answers are checked by TypeScript, so a client written against it breaks at compile time
 * when a route changes. `token` is an API key or a session token; without one only the public
 * routes answer.
 *
 *   const api = createSwitchboardClient('https://switchboard.example.com', process.env.SWITCHBOARD_KEY);
 *   const { data, error } = await api.GET('/api/user/assistant/{id}', { params: { path: { id: 7 } } });
 */
export function createSwitchboardClient(baseUrl: string, token?: string, options: Pick<ClientOptions, 'fetch'> = {}): SwitchboardClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
    ...options,
  });
}
