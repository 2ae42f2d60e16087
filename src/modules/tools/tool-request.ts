import { OutboundError, type HttpClient, type HttpResponse } from '../../core/net/index.js';
import type { ToolHeader } from './tools.headers.js';

/** What a request to a tool is made of: its endpoint, method, timeout and opened header values. */
export interface ToolTarget {
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Seconds. */
  timeout: number;
  headers: ToolHeader[];
}

/** The request exactly as it is sent: header names lower-case, the body as its text. */
export interface ToolRequest {
  method: ToolTarget['method'];
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** One request to a tool and what came of it: a response, or the reason none came. */
export interface ToolExchange {
  request: ToolRequest;
  response: HttpResponse | null;
  error: OutboundError | null;
  durationMs: number;
}

/** Enough of an answer for the model; the rest would only cost tokens. */
export const MAX_TOOL_RESPONSE_BYTES = 64 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * GET and DELETE send the arguments as the query string, the others as a JSON body. The tool's
 * own headers come after `accept`, so a tool may ask for another type.
 */
export function buildToolRequest(tool: ToolTarget, args: Record<string, unknown>): ToolRequest {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const { name, value } of tool.headers) headers[name.toLowerCase()] = value;
  if (BODY_METHODS.has(tool.method)) {
    headers['content-type'] = 'application/json';
    return { method: tool.method, url: tool.endpoint, headers, body: JSON.stringify(args) };
  }
  const url = new URL(tool.endpoint);
  for (const [key, value] of Object.entries(args)) url.searchParams.set(key, String(value));
  return { method: tool.method, url: url.toString(), headers, body: null };
}

/**
 * Sends a tool's request through the SSRF-guarded client (the URL is the user's). A refused URL,
 * a timeout or a network failure is an outcome, not a throw: the caller decides what to say.
 */
export async function sendToolRequest(http: HttpClient, tool: ToolTarget, args: Record<string, unknown>): Promise<ToolExchange> {
  const request = buildToolRequest(tool, args);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await http.request(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? undefined,
      timeoutMs: tool.timeout * 1000,
      maxResponseBytes: MAX_TOOL_RESPONSE_BYTES,
    });
    return { request, response, error: null, durationMs: elapsed() };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return { request, response: null, error, durationMs: elapsed() };
  }
}

/** What the assistant is given: the answer as an object, or why the tool failed, in words. */
export function toolOutcome(exchange: ToolExchange, timeoutSeconds: number): { result: Record<string, unknown> } | { error: string } {
  const { response, error } = exchange;
  if (!response) {
    return { error: error?.code === 'TIMEOUT' ? `The tool did not answer within ${timeoutSeconds} s.` : (error?.message ?? 'No answer.') };
  }
  const text = response.body.toString('utf8');
  if (response.status < 200 || response.status >= 300) {
    return { error: `The tool's endpoint answered HTTP ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}` };
  }
  return { result: parseBody(text) };
}

/** A JSON object is the result as is; anything else is wrapped so results are always objects. */
function parseBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { result: value };
  } catch {
    return { result: text };
  }
}
