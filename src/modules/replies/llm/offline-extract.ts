/**
 * Plain-text pattern matching for the offline model: finds the values a message states outright
 * (an ISO time, an e-mail, "my name is ...", "key: value"). No guessing beyond what is written.
 */
const ISO_DATE_TIME = /\b(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?\b/;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /\+\d[\d\s().-]{6,18}\d/;

export function findDateTime(text: string): string | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, date, time, zone] = match;
  const seconds = time!.length === 5 ? `${time}:00` : time;
  return `${date}T${seconds}${zone ?? ''}`;
}

export function findDates(text: string): string[] {
  // A date that is part of a date-time still counts: "from 2026-01-20T09:00" means the 20th.
  return [...text.matchAll(ISO_DATE)].map((m) => m[0]);
}

export function findEmail(text: string): string | undefined {
  return EMAIL.exec(text)?.[0];
}

export function findPhone(text: string): string | undefined {
  return PHONE.exec(text)?.[0].replace(/[\s().-]/g, '');
}

export function findName(text: string): string | undefined {
  const match = /\b(?:my name is|name:|i am|i'm)\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)*)/u.exec(text);
  return match?.[1];
}

/** "city: Paris", "city = Paris", "city is Paris": the value up to a comma, semicolon or line end. */
export function findNamedValue(text: string, key: string): string | undefined {
  const words = key.replace(/_/g, '[ _]');
  const pattern = new RegExp(`\\b${words}\\s*(?::|=|\\bis\\b)\\s*("([^"]*)"|[^,;\\n]+)`, 'i');
  const match = pattern.exec(text);
  if (!match) return undefined;
  const value = (match[2] ?? match[1] ?? '').trim().replace(/[.!?]+$/, '');
  return value === '' ? undefined : value;
}

/** Converts a stated value to the JSON Schema type a parameter declares. */
export function coerceTo(type: unknown, value: string): unknown {
  if (type === 'number' || type === 'integer') {
    const n = Number(value.replace(/[^\d.+-]/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === 'boolean') {
    if (/^(yes|true|y|1|on)$/i.test(value)) return true;
    if (/^(no|false|n|0|off)$/i.test(value)) return false;
    return undefined;
  }
  return value;
}

/** Every declared parameter the text states with "name: value", converted to its type. */
export function namedArguments(text: string, parameters: Record<string, unknown>): Record<string, unknown> {
  const properties = (parameters.properties ?? {}) as Record<string, { type?: unknown }>;
  const args: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(properties)) {
    const raw = findNamedValue(text, key);
    if (raw === undefined) continue;
    const value = coerceTo(schema.type, raw);
    if (value !== undefined) args[key] = value;
  }
  return args;
}

const QUESTION_START = /^(what|how|when|where|who|whom|which|why|do|does|did|can|could|is|are|was|were|will|would|should|tell me)\b/i;

export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.endsWith('?') || QUESTION_START.test(trimmed);
}

/** The words of a text in lower case, for matching names and descriptions. */
export function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2),
  );
}
