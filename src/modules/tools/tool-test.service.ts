import type { Db } from '../../core/db/database.js';
import type { Clock } from '../../core/clock.js';
import { maskSecret } from '../../core/crypto/secret-box.js';
import { notFound, tooManyRequests, validationFailed, type FieldErrors } from '../../core/http/errors.js';
import { throttle, type WindowLimit } from '../../core/limits/fixed-window.js';
import type { HttpClient } from '../../core/net/index.js';
import { maskHeaderValue, secretHeaderValues } from './tools.headers.js';
import { sendToolRequest, toolOutcome, type ToolExchange, type ToolTarget } from './tool-request.js';

/** Every test request reaches a server of the user's choosing: few, so the service is no one's load generator. */
export const TOOL_TEST_LIMITS = { perMinute: 10, perDay: 100 } as const;
/** Shorter values are not worth hiding and would mask ordinary text of an answer. */
const MIN_SECRET_LENGTH = 4;

type Parameter = { name: string; type: 'string' | 'number' | 'boolean' };
/** A tool as a test sends it: header values opened. */
type TestableTool = ToolTarget & { schema: Parameter[] };
type Arguments = Record<string, string | number | boolean>;

const testLimits = (userId: number): WindowLimit[] => [
  { bucket: `tool-test:user:${userId}:minute`, limit: TOOL_TEST_LIMITS.perMinute, windowMs: 60_000 },
  { bucket: `tool-test:user:${userId}:day`, limit: TOOL_TEST_LIMITS.perDay, windowMs: 86_400_000 },
];

/** The engine checks a model's arguments against the tool's parameters; a test is checked the same way, in words. */
export function argumentErrors(schema: Parameter[], args: Arguments): FieldErrors {
  const errors: FieldErrors = {};
  const known = new Set(schema.map((p) => p.name));
  for (const name of Object.keys(args)) {
    if (!known.has(name)) errors[`arguments.${name}`] = [`The arguments.${name} field is not a parameter of this tool.`];
  }
  for (const { name, type } of schema) {
    const value = args[name];
    const field = `arguments.${name}`;
    if (value === undefined) errors[field] = [`The ${field} field is required.`];
    else if (type === 'number' && (typeof value !== 'number' || !Number.isFinite(value)))
      errors[field] = [`The ${field} field must be a number.`];
    else if (type === 'boolean' && typeof value !== 'boolean') errors[field] = [`The ${field} field must be true or false.`];
    else if (type === 'string' && typeof value !== 'string') errors[field] = [`The ${field} field must be a string.`];
  }
  return errors;
}

/**
 * Everything that could be a credential of the tool: its secret header values, the token after
 * a scheme ("Bearer x" also hides a bare "x"), the URL's password. Longest first, so a value is
 * masked whole before any part of it is.
 */
export function secretsOf(target: ToolTarget): string[] {
  const values = secretHeaderValues(target.headers).flatMap((value) => {
    const token = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value)?.[1];
    return token ? [value, token] : [value];
  });
  const password = new URL(target.endpoint).password;
  if (password) values.push(password, decodeURIComponent(password));
  return [...new Set(values)].filter((v) => v.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

function redact(text: string, secrets: string[]): string {
  return secrets.reduce((masked, secret) => masked.split(secret).join(maskSecret(secret)), text);
}

/** Every string inside a parsed answer, redacted (a JSON text would hold a secret escaped). */
function redactValue(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') return redact(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secrets), redactValue(item, secrets)]));
  }
  return value;
}

/** The URL as shown: a password in it masked. */
function shownUrl(raw: string): string {
  const url = new URL(raw);
  if (url.password) url.password = '****';
  return url.toString();
}

/** What was sent (masked) and what came back (the tool's secrets masked wherever the endpoint echoed them). */
export function presentExchange(exchange: ToolExchange, target: ToolTarget, userAgent: string) {
  const secrets = secretsOf(target);
  const { request, response, error } = exchange;
  const sent: Record<string, string> = { ...request.headers };
  sent['user-agent'] ??= userAgent;
  // The client sends a URL's user name and password as Basic authorization.
  if (new URL(request.url).username && !sent.authorization) sent.authorization = 'Basic ****';
  // The tool's own headers may carry credentials; the ones the service adds (accept, user-agent) do not.
  const own = new Set(target.headers.map((h) => h.name.toLowerCase()));
  const shown = ([name, value]: [string, string]) => [name, own.has(name) ? maskHeaderValue(name, value) : value];
  const headers = Object.fromEntries(Object.entries(sent).map(shown));
  const outcome = toolOutcome(exchange, target.timeout);
  return {
    request: { method: request.method, url: shownUrl(request.url), headers, body: request.body },
    response: response && {
      status: response.status,
      headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, redact(value, secrets)])),
      body: redact(response.body.toString('utf8'), secrets),
      body_truncated: response.bodyTruncated,
    },
    error: error && { code: error.code, message: error.message },
    duration_ms: exchange.durationMs,
    function_result: redactValue('error' in outcome ? { error: outcome.error } : outcome.result, secrets) as Record<string, unknown>,
  };
}

export interface ToolTesterDeps {
  db: Db;
  clock: Clock;
  http: HttpClient;
  /** The tool with its header values opened, or undefined when it is not this user's. */
  findOpened(userId: number, id: number): Promise<TestableTool | undefined>;
}

/** "Send a test request": the tool's request as a conversation would send it, and its answer. */
export function createToolTester({ db, clock, http, findOpened }: ToolTesterDeps) {
  return {
    /** Before validation, so every request counts; a refused one counts in no window. */
    async throttle(userId: number): Promise<void> {
      const verdict = await throttle(db, testLimits(userId), clock.now());
      if (!verdict.allowed) {
        const { perMinute, perDay } = TOOL_TEST_LIMITS;
        throw tooManyRequests(`Too many test requests. Limits: ${perMinute} per minute, ${perDay} per day.`, verdict.retryAfterSeconds);
      }
    },

    async run(userId: number, id: number, args: Arguments = {}) {
      const tool = await findOpened(userId, id);
      if (!tool) throw notFound('Tool not found');
      const errors = argumentErrors(tool.schema, args);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const exchange = await sendToolRequest(http, tool, args);
      return presentExchange(exchange, tool, http.userAgent);
    },
  };
}

export type ToolTester = ReturnType<typeof createToolTester>;
