import type { Selectable } from 'kysely';
import type { CustomToolsTable } from '../../../core/db/schema.js';
import { OutboundError, type HttpClient } from '../../../core/net/index.js';
import { FunctionError, objectSchema, type ConversationFunction } from './types.js';

/** As the tools service loads it for a conversation: header values opened, ready to send. */
export type CustomTool = Omit<Selectable<CustomToolsTable>, 'headers'> & { headers: Array<{ name: string; value: string }> };

/** Enough of an answer for the model; the rest would only cost tokens. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * One of the account's HTTP tools as a function. The URL is the user's, so the call goes
 * through the SSRF-guarded client; arguments are checked against the tool's parameters by the
 * engine before this runs. GET and DELETE send them as the query string, the others as JSON.
 */
export function customToolFunction(tool: CustomTool, http: HttpClient): ConversationFunction {
  const parameters = objectSchema(
    Object.fromEntries(tool.schema.map((p) => [p.name, { type: p.type, description: p.description }])),
    tool.schema.map((p) => p.name),
  );
  return {
    spec: { name: tool.name, description: tool.description, parameters },
    async call(args) {
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const { name, value } of tool.headers) headers[name.toLowerCase()] = value;
      let url = tool.endpoint;
      let body: string | undefined;
      if (BODY_METHODS.has(tool.method)) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(args);
      } else {
        url = withQuery(tool.endpoint, args);
      }
      let response;
      try {
        response = await http.request(url, {
          method: tool.method,
          headers,
          body,
          timeoutMs: tool.timeout * 1000,
          maxResponseBytes: MAX_RESPONSE_BYTES,
        });
      } catch (error) {
        if (error instanceof OutboundError) {
          throw new FunctionError(error.code === 'TIMEOUT' ? `The tool did not answer within ${tool.timeout} s.` : error.message);
        }
        throw error;
      }
      const text = response.body.toString('utf8');
      const parsed = parseBody(text);
      if (response.status < 200 || response.status >= 300) {
        throw new FunctionError(`The tool's endpoint answered HTTP ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}`);
      }
      return { result: parsed };
    },
  };
}

function withQuery(endpoint: string, args: Record<string, unknown>): string {
  const url = new URL(endpoint);
  for (const [key, value] of Object.entries(args)) url.searchParams.set(key, String(value));
  return url.toString();
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
