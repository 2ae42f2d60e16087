import type { ChatRequest } from './provider.js';
import { coerceTo, findNamedValue } from './offline-extract.js';

/** Prefix of the customer's lines in a formatted transcript ("Customer: ...", "AI: ..."). */
export const CUSTOMER_PREFIX = 'Customer: ';
export const ASSISTANT_PREFIX = 'AI: ';

/**
 * The offline model's post-conversation evaluation: `status` says whether the customer got at
 * least one answer, `summary` names the first request, and every other field takes a value
 * only when the customer stated it ("budget: 500"); otherwise the type's empty value.
 */
export function offlineEvaluation(request: ChatRequest): Record<string, unknown> {
  const schema = request.json!.schema;
  const transcript = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const lines = transcript.split('\n');
  const customerLines = lines.filter((l) => l.startsWith(CUSTOMER_PREFIX)).map((l) => l.slice(CUSTOMER_PREFIX.length));
  const lastCustomer = lines.map((l) => l.startsWith(CUSTOMER_PREFIX)).lastIndexOf(true);
  const answered = lastCustomer >= 0 && lines.slice(lastCustomer + 1).some((l) => l.startsWith(ASSISTANT_PREFIX));
  const customerText = customerLines.join('\n');

  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (name === 'status') result.status = answered;
    else if (name === 'summary') result.summary = summarize(customerLines);
    else {
      const raw = findNamedValue(customerText, name);
      const value = raw === undefined ? undefined : coerceTo(property.type, raw);
      result[name] = value ?? emptyValue(property.type);
    }
  }
  return result;
}

function summarize(customerLines: string[]): string {
  if (customerLines.length === 0) return 'The customer sent no messages.';
  const first = customerLines[0]!.trim();
  const topic = first.length > 80 ? `${first.slice(0, 79)}…` : first;
  const count = customerLines.length;
  return `${count} customer message${count === 1 ? '' : 's'}, starting with: "${topic}"`;
}

function emptyValue(type: string): unknown {
  if (type === 'number') return 0;
  if (type === 'boolean') return false;
  return '';
}
