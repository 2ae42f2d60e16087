import type { RuntimeAssistant } from './functions/types.js';
import { ASSISTANT_PREFIX, CUSTOMER_PREFIX } from './llm/offline-evaluation.js';
import type { JsonObjectSchema, LanguageModel } from './llm/provider.js';
import type { ModelResolver } from './models.js';

export interface TranscriptLine {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

/** Every assistant has these two, before its own post_call_schema fields (reference section 12). */
const DEFAULT_FIELDS = [
  { name: 'status', type: 'bool', description: 'Whether the conversation objective was achieved or not' },
  { name: 'summary', type: 'string', description: 'Conversation summary in a few words' },
] as const;

const JSON_TYPES = { string: 'string', number: 'number', bool: 'boolean' } as const;
const MAX_TRANSCRIPT_CHARS = 60_000;

/** "AI: ..." / "Customer: ..." lines, as the conversation-ended webhook's formatted_transcript. */
export function formatTranscript(lines: TranscriptLine[]): string {
  return lines
    .filter((l) => l.role !== 'system')
    .map((l) => `${l.role === 'user' ? CUSTOMER_PREFIX : ASSISTANT_PREFIX}${l.content}`)
    .join('\n');
}

export function evaluationSchema(assistant: RuntimeAssistant): JsonObjectSchema {
  const custom = (assistant.post_call_schema ?? []).filter((f) => f.name !== 'status' && f.name !== 'summary');
  const fields = [...DEFAULT_FIELDS, ...custom];
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, { type: JSON_TYPES[f.type], description: f.description }])),
    required: fields.map((f) => f.name),
  };
}

/**
 * Post-conversation evaluation: the model reads the transcript and fills `status`, `summary`
 * and every post_call_schema field; each value is then forced to its declared type (null when
 * the model gave nothing usable), so receivers can rely on the types.
 */
export async function evaluateConversation(input: {
  llm: LanguageModel;
  modelFor: ModelResolver;
  assistant: RuntimeAssistant;
  transcript: TranscriptLine[];
}): Promise<Record<string, unknown>> {
  const schema = evaluationSchema(input.assistant);
  const fieldList = Object.entries(schema.properties)
    .map(([name, p]) => `- "${name}" (${p.type}): ${p.description}`)
    .join('\n');
  const system = [
    'You evaluate a finished chat between an AI assistant and a customer.',
    'Answer with one JSON object and nothing else. It must have exactly these keys:',
    fieldList,
    'Use true or false for booleans and plain numbers for numbers. Use null when the conversation does not tell.',
    `The assistant's instructions were:\n${input.assistant.system_prompt.slice(0, 4_000)}`,
  ].join('\n');
  const transcript = formatTranscript(input.transcript).slice(-MAX_TRANSCRIPT_CHARS);
  const result = await input.llm.complete({
    model: await input.modelFor(input.assistant),
    temperature: 0,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: transcript || '(no messages)' },
    ],
    tools: [],
    json: { schema },
  });
  const answer = parseJsonObject(result.content);
  return Object.fromEntries(Object.entries(schema.properties).map(([name, p]) => [name, coerce(answer[name], p.type)]));
}

/** Models wrap JSON in prose or code fences now and then; the first {...} block is taken. */
function parseJsonObject(text: string): Record<string, unknown> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return {};
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function coerce(value: unknown, type: 'string' | 'number' | 'boolean'): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      if (typeof value === 'string' && /^(true|yes|1)$/i.test(value.trim())) return true;
      if (typeof value === 'string' && /^(false|no|0)$/i.test(value.trim())) return false;
      return null;
    case 'number': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      // "500", "$500", "1,200": the digits count; a string without any is no number.
      const digits = typeof value === 'string' ? value.replace(/[^\d.eE+-]/g, '') : '';
      const n = /\d/.test(digits) ? Number(digits) : NaN;
      return Number.isFinite(n) ? n : null;
    }
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
