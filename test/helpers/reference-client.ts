import type { App } from '../../src/core/http/fastify-types.js';

export interface ClientResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): any;
}

/**
 * Requests as existing clients of the product we replace send them (its SDKs, low-code nodes,
 * scripts): `Accept` and `Content-Type: application/json` on every method, GET and DELETE
 * without a body included, and the key as a Bearer token.
 */
export function referenceClient(app: App, token?: string) {
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<ClientResponse> =>
    app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) }) as Promise<ClientResponse>;
  return {
    get: (url: string) => call('GET', url),
    delete: (url: string) => call('DELETE', url),
    post: (url: string, body?: unknown) => call('POST', url, body),
    put: (url: string, body?: unknown) => call('PUT', url, body),
  };
}
