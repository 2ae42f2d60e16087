import { OutboundError, type HttpClient } from '../../core/net/index.js';

/** Why a calendar provider call failed, in terms the caller can turn into a field message. */
export type CalendarErrorKind = 'unauthorized' | 'not_found' | 'refused' | 'unavailable' | 'rejected';

export class CalendarError extends Error {
  constructor(
    readonly kind: CalendarErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CalendarError';
  }
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/** GET a provider URL and parse JSON; transport failures become CalendarError('unavailable'). */
export function getJson(http: HttpClient, url: string, headers: Record<string, string>, timeoutMs: number): Promise<JsonResponse> {
  return requestJson(http, url, { method: 'GET', headers }, timeoutMs);
}

/** Any method, with an optional JSON body; the same failure mapping as getJson. */
export async function requestJson(
  http: HttpClient,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<JsonResponse> {
  let response;
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    response = await http.request(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      timeoutMs,
    });
  } catch (error) {
    if (error instanceof OutboundError && error.refused) throw new CalendarError('refused', error.message);
    throw new CalendarError('unavailable', error instanceof Error ? error.message : String(error));
  }
  let body: unknown = null;
  try {
    body = response.body.length > 0 ? JSON.parse(response.body.toString('utf8')) : null;
  } catch {
    if (response.status < 400)
      throw new CalendarError('unavailable', 'The provider answered with something other than JSON.', response.status);
  }
  return { status: response.status, body };
}

/**
 * A failed availability or booking call, with the provider's own words: Cal.com puts them in
 * `error.message`, Calendly in `message` plus `details[]`. Other 4xx answers mean the provider
 * refused this request (slot taken, bad field), which the model can act on.
 */
export function providerFailure(status: number, body: unknown): CalendarError {
  const b = (body ?? {}) as { message?: unknown; error?: unknown; details?: unknown };
  const nested = typeof b.error === 'object' && b.error !== null ? (b.error as { message?: unknown }).message : b.error;
  const details = Array.isArray(b.details)
    ? b.details.map((d: { parameter?: unknown; message?: unknown }) => [d.parameter, d.message].filter(Boolean).join(': ')).filter(Boolean)
    : [];
  const said = [typeof nested === 'string' ? nested : typeof b.message === 'string' ? b.message : '', ...details].filter(Boolean).join(' ');
  const detail = said ? `: ${said}` : '';
  if (status === 401) return new CalendarError('unauthorized', `The calendar API key was rejected${detail}`, status);
  if (status === 403 || status === 404) return new CalendarError('not_found', `The calendar provider answered ${status}${detail}`, status);
  if (status >= 400 && status < 500) return new CalendarError('rejected', `The calendar provider refused the request${detail}`, status);
  return new CalendarError('unavailable', `The calendar provider answered ${status}${detail}`, status);
}

/** The common status handling: 401/403 is the key, 404 the resource, anything else unexpected. */
export function failureFor(status: number, what: string): CalendarError {
  if (status === 401) return new CalendarError('unauthorized', 'The API key was rejected.', status);
  if (status === 403 || status === 404) return new CalendarError('not_found', `${what} was not found for this API key.`, status);
  return new CalendarError('unavailable', `The provider answered ${status}.`, status);
}

/** Joins a base URL and a path, tolerating a trailing slash on the base. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}
