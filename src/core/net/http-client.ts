import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { forbiddenAddressReason, unbracketHost } from './address-policy.js';
import { OutboundError, UrlRefusedError } from './errors.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface HttpClientOptions {
  /** ALLOW_PRIVATE_URLS: skips the address check (local development and tests). */
  allowPrivateUrls: boolean;
  /** Name resolution; the system resolver (with /etc/hosts) by default. Tests map names here. */
  resolve?: Resolver;
  /** Why an address is refused, or null; the production policy by default. A test seam. */
  addressPolicy?: (address: string) => string | null;
  userAgent?: string;
}

export interface HttpRequestOptions {
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Covers connecting, every redirect hop and reading the body. */
  timeoutMs?: number;
  /** The body is read up to this many bytes; the rest is discarded. */
  maxResponseBytes?: number;
  /** 0 (default) returns a 3xx as it is; above 0 follows that many hops, checking each one. */
  maxRedirects?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  bodyTruncated: boolean;
  /** The URL that answered (differs from the requested one only after followed redirects). */
  url: string;
}

export interface HttpClient {
  /** What every request carries as its User-Agent. */
  readonly userAgent: string;
  request(url: string, options?: HttpRequestOptions): Promise<HttpResponse>;
  close(): Promise<void>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The one way the service calls a URL a user gave it. The address check runs inside the
 * socket's own DNS lookup, so the connection goes to exactly the address that was checked: a
 * name that resolves to a public address when checked and a private one a moment later (DNS
 * rebinding) cannot slip through. IP literals never reach a lookup, so they are checked first.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const resolve = options.resolve ?? systemResolver;
  const userAgent = options.userAgent ?? 'Switchboard';
  const policy = options.addressPolicy ?? forbiddenAddressReason;
  const checkAddress = (address: string, hostname: string) => {
    if (options.allowPrivateUrls) return;
    const reason = policy(address);
    if (reason) {
      const subject = hostname === address ? address : `${hostname} resolves to ${address}, which`;
      throw new UrlRefusedError('FORBIDDEN_ADDRESS', `${subject} is ${reason}; requests to private networks are refused.`);
    }
  };

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new OutboundError('DNS_FAILED', `${hostname} has no address.`);
        // Any forbidden address refuses the name: the socket may try them all.
        for (const { address } of addresses) checkAddress(address, hostname);
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
  const agent = new Agent({ connect: { lookup, timeout: DEFAULT_TIMEOUT_MS }, keepAliveTimeout: 4_000 });

  const parseTarget = (raw: string): URL => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new UrlRefusedError('INVALID_URL', `"${raw}" is not a valid URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UrlRefusedError('INVALID_URL', `Only http and https URLs can be called (got ${url.protocol}).`);
    }
    const host = unbracketHost(url.hostname);
    if (isIP(host)) checkAddress(host, host);
    return url;
  };

  async function requestOnce(url: URL, init: HttpRequestOptions, signal: AbortSignal) {
    const headers = lowerKeys(init.headers, { 'user-agent': userAgent });
    if (!url.username && !url.password)
      return request(url, { dispatcher: agent, method: init.method ?? 'GET', headers, body: init.body, signal });
    if (url.username && !headers.authorization) {
      const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    const target = new URL(url);
    target.username = '';
    target.password = '';
    return request(target, { dispatcher: agent, method: init.method ?? 'GET', headers, body: init.body, signal });
  }

  return {
    userAgent,
    async request(rawUrl, init = {}) {
      let url = parseTarget(rawUrl);
      // A timer cleared as soon as the body has been read, rather than AbortSignal.timeout()'s,
      // which stays armed (weakly held) for the whole timeout after every request.
      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new DOMException('The request timed out.', 'TimeoutError')),
        init.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
      const signal = deadline.signal;
      const maxRedirects = init.maxRedirects ?? 0;
      let hopInit = init;
      try {
        for (let hop = 0; ; hop++) {
          const response = await requestOnce(url, hopInit, signal);
          const location = response.headers.location;
          if (maxRedirects > 0 && REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
            await response.body.dump();
            if (hop >= maxRedirects) throw new OutboundError('TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects.`);
            const next = parseTarget(new URL(location, url).toString());
            hopInit = redirectedInit(hopInit, response.statusCode, url, next);
            url = next;
            continue;
          }
          const { body, truncated } = await readLimited(response.body, init.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
          return { status: response.statusCode, headers: flattenHeaders(response.headers), body, bodyTruncated: truncated, url: url.href };
        }
      } catch (error) {
        throw toOutboundError(error, signal);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => agent.close(),
  };
}

/** Browser rules: 303, and 301/302 after a POST, become a GET without a body; credentials stay on their origin. */
function redirectedInit(init: HttpRequestOptions, status: number, from: URL, to: URL): HttpRequestOptions {
  const toGet = status === 303 || ((status === 301 || status === 302) && init.method === 'POST');
  const headers = { ...lowerKeys(init.headers) };
  if (from.origin !== to.origin) delete headers.authorization;
  if (toGet) {
    delete headers['content-type'];
    delete headers['content-length'];
    return { ...init, method: 'GET', body: undefined, headers };
  }
  return { ...init, headers };
}

/**
 * Reads the body up to maxBytes; past that the stream is destroyed, so the rest is never
 * downloaded. Plain 'data' events rather than an async iterator, which adds promises per chunk.
 */
function readLimited(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (truncated: boolean) => {
      body.off('data', onData);
      resolve({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), truncated });
    };
    const onData = (chunk: Buffer) => {
      const room = maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = maxBytes;
        done(true);
        body.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    // Stays attached: destroying a body that has not ended emits an error (a no-op once resolved).
    body.on('error', reject);
    body.on('data', onData);
    body.once('end', () => done(false));
  });
}

function toOutboundError(error: unknown, signal: AbortSignal): OutboundError {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundError) return e;
  }
  const err = error as NodeJS.ErrnoException;
  if (
    signal.aborted ||
    err.name === 'TimeoutError' ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new OutboundError('TIMEOUT', 'The request timed out.', { cause: error });
  }
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'ENODATA') {
    return new OutboundError('DNS_FAILED', `The host name could not be resolved (${err.code}).`, { cause: error });
  }
  const code = err.code ?? (err.cause as NodeJS.ErrnoException | undefined)?.code;
  return new OutboundError('NETWORK', code ? `${code}: ${err.message}` : err.message || 'Network error.', { cause: error });
}

/** The headers with lower-case names, on top of `into` (which is returned). */
function lowerKeys(headers: Record<string, string> = {}, into: Record<string, string> = {}): Record<string, string> {
  for (const key in headers) into[key.toLowerCase()] = headers[key]!;
  return into;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
