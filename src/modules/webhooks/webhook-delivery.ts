import type { Clock } from '../../core/clock.js';
import { RetryableJobError, type DeadJobContext, type JobContext, type JobRunner } from '../../core/jobs/index.js';
import { OutboundError, signPayload, type HttpClient, type HttpResponse } from '../../core/net/index.js';
import { VERSION } from '../../version.js';
import {
  concludedAttemptsStatement,
  createWebhooksRepo,
  sendableDeliveryOf,
  type ConcludedAttempt,
  type RequestHeaders,
  type SendableDelivery,
} from './webhooks.repo.js';
import type { SigningSecrets } from './signing-secrets.js';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';
/** Only a backstop against crash loops: the retry schedule decides when a delivery fails. */
export const WEBHOOK_JOB_MAX_ATTEMPTS = 25;
/** What the delivery log keeps of a receiver's answer. */
export const RESPONSE_BODY_BYTES = 2048;

export interface DeliveryJobPayload {
  deliveryId: number;
}

/** What one attempt came to, before it is written down. */
export interface AttemptResult {
  delivered: boolean;
  retryable: boolean;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  retryAfterMs?: number;
}

/**
 * 2xx is delivered. Network errors, timeouts, 408, 429 and 5xx are worth retrying; any other
 * answer (other 4xx, an unfollowed redirect) and a refused URL are final.
 */
export function classifyResponse(response: HttpResponse, now: Date): AttemptResult {
  const status = response.status;
  // PostgreSQL text cannot hold NUL; a receiver's binary error page must not break the log.
  const responseBody = response.body.toString('utf8').replace(/\u0000/g, '');
  if (status >= 200 && status < 300) return { delivered: true, retryable: false, statusCode: status, error: null, responseBody };
  const retryable = status === 408 || status === 429 || status >= 500;
  let error = `HTTP ${status}`;
  if (status >= 300 && status < 400) {
    error = `HTTP ${status}: redirects are not followed${response.headers.location ? ` (Location: ${response.headers.location})` : ''}`;
  }
  return {
    delivered: false,
    retryable,
    statusCode: status,
    error,
    responseBody,
    retryAfterMs: retryable ? parseRetryAfter(response.headers['retry-after'], now) : undefined,
  };
}

export function classifyError(error: OutboundError): AttemptResult {
  const message = error.refused ? `URL refused: ${error.message}` : error.message;
  return { delivered: false, retryable: !error.refused, statusCode: null, error: message, responseBody: null };
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "30s,2m,10m,1h,6h" -> delays in ms (config validates the format). */
export function parseRetrySchedule(text: string): number[] {
  return text.split(',').map((part) => {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(part.trim());
    if (!match) throw new Error(`Invalid duration "${part}" in WEBHOOK_RETRY_SCHEDULE`);
    return Number(match[1]) * UNIT_MS[match[2]!]!;
  });
}

/** The headers of one attempt but its signature: what the delivery log keeps and shows. */
export function unsignedHeaders(
  delivery: { event: string; uuid: string; redeliveryOfUuid?: string | null },
  timestamp: number,
): RequestHeaders {
  return {
    'content-type': 'application/json',
    'user-agent': `Switchboard-Webhooks/${VERSION}`,
    'x-switchboard-event': delivery.event,
    'x-switchboard-delivery': delivery.uuid,
    ...(delivery.redeliveryOfUuid ? { 'x-switchboard-redelivery-of': delivery.redeliveryOfUuid } : {}),
    'x-switchboard-timestamp': String(timestamp),
  };
}

/** One signed POST of a delivery; the receiver's failures and the network's are results, not errors. */
export async function postDelivery(
  deps: { http: HttpClient; clock: Clock },
  delivery: { url: string; event: string; uuid: string; body: string; redeliveryOfUuid?: string | null },
  secret: string,
  limits: { timeoutMs: number; maxResponseBytes: number },
): Promise<AttemptResult & { requestHeaders: RequestHeaders }> {
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const requestHeaders = unsignedHeaders(delivery, timestamp);
  const headers = { ...requestHeaders, 'x-switchboard-signature': signPayload(secret, timestamp, delivery.body) };
  try {
    const response = await deps.http.request(delivery.url, { method: 'POST', headers, body: delivery.body, ...limits });
    return { ...classifyResponse(response, deps.clock.now()), requestHeaders };
  } catch (error) {
    if (error instanceof OutboundError) return { ...classifyError(error), requestHeaders };
    throw error;
  }
}

export interface WebhookDelivererDeps {
  clock: Clock;
  http: HttpClient;
  signingSecrets: SigningSecrets;
  retryScheduleMs: number[];
  timeoutMs: number;
}

const OPENED_SECRETS_KEPT = 1_000;

/**
 * The job that sends one delivery: sign, POST, then retry or conclude. A concluded attempt
 * (delivered, or failed for good) is returned and written by recordResults, in the statement that
 * also finishes its job and those of the deliveries that finished with it.
 */
export function createWebhookDeliverer({ clock, http, signingSecrets, retryScheduleMs, timeoutMs }: WebhookDelivererDeps) {
  const longestDelayMs = Math.max(...retryScheduleMs);
  // Unsealing is the same work for every delivery of an account; a rotation seals a new value.
  const opened = new Map<string, string>();
  const openSecret = (sealed: string) => {
    let secret = opened.get(sealed);
    if (secret === undefined) {
      if (opened.size >= OPENED_SECRETS_KEPT) opened.clear();
      secret = signingSecrets.open(sealed);
      opened.set(sealed, secret);
    }
    return secret;
  };

  return {
    /** ctx.loaded: the delivery, read by the claim statement (sendableDeliveryOf). */
    async deliver(_payload: DeliveryJobPayload, ctx: JobContext<SendableDelivery>): Promise<ConcludedAttempt | undefined> {
      const delivery = ctx.loaded;
      // Concluded already (a repeated run after the job lost its lease, or a redelivery racing it).
      if (delivery?.status !== 'pending') return undefined;
      const secret = delivery.secret_sealed
        ? openSecret(delivery.secret_sealed)
        : (await signingSecrets.get(ctx.db, delivery.user_id)).secret;
      const startedAt = clock.now();
      const started = performance.now();
      const result = await postDelivery({ http, clock }, { ...delivery, redeliveryOfUuid: delivery.redelivery_of_uuid }, secret, {
        timeoutMs,
        maxResponseBytes: RESPONSE_BODY_BYTES,
      });
      const durationMs = Math.round(performance.now() - started);

      const now = clock.now();
      const retryDelayMs =
        result.retryable && ctx.attempt <= retryScheduleMs.length
          ? result.retryAfterMs !== undefined
            ? clampDelay(result.retryAfterMs, longestDelayMs)
            : retryScheduleMs[ctx.attempt - 1]!
          : undefined;
      const record = {
        deliveryId: delivery.id,
        startedAt,
        durationMs,
        statusCode: result.statusCode,
        error: result.error,
        responseBody: result.responseBody,
        requestHeaders: result.requestHeaders,
      };
      if (retryDelayMs === undefined) return { ...record, status: result.delivered ? 'delivered' : 'failed' };
      await createWebhooksRepo(ctx.db).recordAttempt({
        ...record,
        status: 'pending',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs),
        now,
      });
      throw new RetryableJobError(result.error ?? 'retry', retryDelayMs);
    },

    /** The job itself gave up (crash loop, unexpected error): the delivery must not stay pending. */
    async onDead(payload: DeliveryJobPayload, ctx: DeadJobContext): Promise<void> {
      await createWebhooksRepo(ctx.db).failPending(payload.deliveryId, `Delivery abandoned: ${ctx.error}`, ctx.now);
    },
  };
}

/** A receiver's Retry-After is honoured, within 1 s and the longest delay of our own schedule. */
function clampDelay(delayMs: number, longestMs: number): number {
  return Math.min(Math.max(delayMs, 1_000), longestMs);
}

export function registerWebhookJobs(jobs: JobRunner, deps: WebhookDelivererDeps): void {
  const deliverer = createWebhookDeliverer(deps);
  jobs.register<DeliveryJobPayload, ConcludedAttempt, SendableDelivery>(WEBHOOK_DELIVERY_JOB, deliverer.deliver, {
    onDead: deliverer.onDead,
    recordResults: concludedAttemptsStatement,
    loadInClaim: sendableDeliveryOf,
  });
}
