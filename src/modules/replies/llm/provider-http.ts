import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';

/** Why a call to the model provider failed: the log and the sender's message are made from it. */
export type ProviderFailure =
  | { kind: 'status'; status: number | undefined; detail: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'connection'; detail: string }
  | { kind: 'invalid'; detail: string };

export class ProviderCallError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    options?: { cause?: unknown },
  ) {
    super(
      failure.kind === 'status' || failure.kind === 'connection' || failure.kind === 'invalid' ? failure.detail : failure.kind,
      options,
    );
    this.name = 'ProviderCallError';
  }
}

export interface JsonPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Per attempt: until the answer's headers, then at most between two pieces of its body. */
  timeoutMs: number;
  maxRetries: number;
  signal?: AbortSignal;
  dispatcher: Dispatcher;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** A failure of the exchange itself (no status): a timeout, the caller's abort, or the connection. */
export function transportFailure(error: unknown, signal: AbortSignal | undefined): ProviderFailure {
  if (signal?.aborted) return { kind: 'aborted' };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return { kind: 'timeout' };
  return { kind: 'connection', detail: error instanceof Error ? error.message : String(error) };
}

/**
 * POSTs a JSON body and resolves with a 2xx answer whose body is still unread (a reply is read
 * whole, a stream as it arrives). Retried as OpenAI's own SDKs retry, so a provider behaves as it
 * does for their users: connection failures, timeouts, 408, 409, 429 and 5xx, up to `maxRetries`
 * times, after the wait the provider asks for (`retry-after-ms`, `retry-after`) when under a
 * minute, else 0.5 s doubling up to 8 s less up to 25 % jitter; `x-should-retry` overrides.
 */
export async function postJson(post: JsonPost): Promise<Dispatcher.ResponseData> {
  for (let retries = 0; ; retries++) {
    let response: Dispatcher.ResponseData;
    // undici's own headers timeout ticks in half seconds; the attempt's limit is kept exactly.
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(), post.timeoutMs);
    try {
      response = await request(post.url, {
        method: 'POST',
        headers: post.headers,
        body: post.body,
        signal: post.signal ? AbortSignal.any([post.signal, limit.signal]) : limit.signal,
        dispatcher: post.dispatcher,
        headersTimeout: 0,
        bodyTimeout: post.timeoutMs,
      });
    } catch (error) {
      const failure = limit.signal.aborted && !post.signal?.aborted ? ({ kind: 'timeout' } as const) : transportFailure(error, post.signal);
      if (failure.kind === 'aborted' || retries >= post.maxRetries) throw new ProviderCallError(failure, { cause: error });
      await waitBeforeRetry(retries, undefined, post.signal);
      continue;
    } finally {
      clearTimeout(timer);
    }
    if (response.statusCode >= 200 && response.statusCode < 300) return response;
    const text = await response.body.text().catch(() => '');
    if (!retryable(response.statusCode, response.headers) || retries >= post.maxRetries) {
      throw new ProviderCallError({ kind: 'status', status: response.statusCode, detail: errorMessageOf(text) });
    }
    await waitBeforeRetry(retries, response.headers, post.signal);
  }
}

function retryable(status: number, headers: Dispatcher.ResponseData['headers']): boolean {
  const says = headers['x-should-retry'];
  if (says === 'true') return true;
  if (says === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

async function waitBeforeRetry(
  retries: number,
  headers: Dispatcher.ResponseData['headers'] | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const asked = askedWaitMs(headers);
  const ms = asked !== undefined && asked >= 0 && asked < 60_000 ? asked : Math.min(500 * 2 ** retries, 8_000) * (1 - Math.random() * 0.25);
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    throw new ProviderCallError({ kind: 'aborted' }, { cause: error });
  }
}

function askedWaitMs(headers: Dispatcher.ResponseData['headers'] | undefined): number | undefined {
  const header = (name: string) => {
    const value = headers?.[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const ms = Number.parseFloat(header('retry-after-ms') ?? '');
  if (!Number.isNaN(ms)) return ms;
  const after = header('retry-after');
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  return Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
}

/** The provider's own words for a failure: OpenAI's `{ "error": { "message" } }`, or the text. */
function errorMessageOf(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (error && typeof error === 'object') {
      const message = (error as { message?: unknown }).message;
      return typeof message === 'string' ? message : JSON.stringify(message ?? error);
    }
  } catch {
    // Not JSON: the text as it came.
  }
  return text.trim();
}
