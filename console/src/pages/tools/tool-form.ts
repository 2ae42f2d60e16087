import type { paths } from '../../api/client.js';

export type Tool = paths['/api/user/tools/{id}']['get']['responses'][200]['content']['application/json']['data'];
export type ToolTest = paths['/api/user/tools/{id}/test']['post']['responses'][200]['content']['application/json'];
type ParameterType = 'string' | 'number' | 'boolean';
export type Method = Tool['method'];

export interface ToolValues {
  name: string;
  description: string;
  method: Method;
  endpoint: string;
  timeout: number | string;
  headers: Array<{ name: string; value: string }>;
  schema: Array<{ name: string; type: ParameterType; description: string }>;
}

export const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const emptyTool = (): ToolValues => ({
  name: '',
  description: '',
  method: 'POST',
  endpoint: '',
  timeout: 10,
  headers: [],
  schema: [],
});

export const toolValues = (tool: Tool): ToolValues => ({
  name: tool.name,
  description: tool.description,
  method: tool.method,
  endpoint: tool.endpoint,
  timeout: tool.timeout,
  headers: tool.headers.map((h) => ({ ...h })),
  schema: tool.schema.map((p) => ({ ...p })),
});

/**
 * The whole tool, as both create and update take it. Headers are sent back as read, masked
 * values included: the server keeps the stored value of a header whose masked value comes back.
 * Rows left entirely empty are dropped.
 */
export function toolRequest(values: ToolValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    method: values.method,
    endpoint: values.endpoint.trim(),
    timeout: Number(values.timeout),
    headers: values.headers.filter((h) => h.name.trim() || h.value).map((h) => ({ name: h.name.trim(), value: h.value })),
    schema: values.schema
      .filter((p) => p.name.trim() || p.description.trim())
      .map((p) => ({ name: p.name.trim(), type: p.type, description: p.description.trim() })),
  };
}

/** What the server would refuse, said beside the field before asking it. */
export function validateTool(values: ToolValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^[a-z][a-z_]*$/.test(values.name.trim()))
    errors.name = 'Lowercase letters and underscores only, starting with a letter, e.g. check_order_status.';
  if (!values.description.trim()) errors.description = 'Say what the tool does, so the assistant knows when to use it.';
  if (!/^https?:\/\/\S+$/i.test(values.endpoint.trim())) errors.endpoint = 'An address starting with https:// (or http://).';
  const timeout = Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 30) errors.timeout = 'Between 1 and 30 seconds.';
  const seen = new Set<string>();
  values.schema.forEach((p, i) => {
    const name = p.name.trim();
    if (!name && !p.description.trim()) return;
    if (!/^[A-Za-z0-9_-]{2,32}$/.test(name)) errors[`schema.${i}.name`] = '2 to 32 letters, digits, _ or -.';
    else if (seen.has(name)) errors[`schema.${i}.name`] = 'Another parameter has this name.';
    seen.add(name);
    if (p.description.trim().length < 3) errors[`schema.${i}.description`] = 'Say what the value is (at least 3 characters).';
  });
  values.headers.forEach((h, i) => {
    if ((h.name.trim() || h.value) && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(h.name.trim()))
      errors[`headers.${i}.name`] = 'A header name, e.g. Authorization or X-Api-Key.';
  });
  return errors;
}

/** A test's argument inputs hold text (and booleans); the API takes typed values. Empty inputs are left out. */
export function testArguments(
  schema: Tool['schema'],
  inputs: Record<string, string | boolean>,
): { args: Record<string, string | number | boolean>; errors: Record<string, string> } {
  const args: Record<string, string | number | boolean> = {};
  const errors: Record<string, string> = {};
  for (const { name, type } of schema) {
    const input = inputs[name];
    if (type === 'boolean') {
      args[name] = input === true;
      continue;
    }
    const text = typeof input === 'string' ? input.trim() : '';
    if (text === '') errors[name] = 'Give a value, as the assistant would.';
    else if (type === 'number' && !Number.isFinite(Number(text))) errors[name] = 'A number, e.g. 2 or 4.5.';
    else args[name] = type === 'number' ? Number(text) : text;
  }
  return { args, errors };
}

/** Why no answer came, in words, from the outbound error's code. */
export function testErrorInWords(error: { code: string; message: string }, timeoutSeconds: number): string {
  switch (error.code) {
    case 'FORBIDDEN_ADDRESS':
      return 'Switchboard does not call addresses on private networks (such as localhost or 192.168.x.x): the endpoint must be reachable from the internet.';
    case 'INVALID_URL':
      return 'The endpoint is not a valid http or https address.';
    case 'DNS_FAILED':
      return 'The host name of the endpoint could not be found. Check the address for a typo.';
    case 'TIMEOUT':
      return `Your endpoint did not answer within ${timeoutSeconds} s, the tool's time limit. The assistant would tell the customer it could not get an answer.`;
    case 'TOO_MANY_REDIRECTS':
      return 'The endpoint redirected too many times.';
    default:
      return `Your endpoint could not be reached: ${error.message}`;
  }
}

/** JSON shown indented; anything else as it came. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
