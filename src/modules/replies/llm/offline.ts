import { BUILT_IN_FUNCTIONS, FUNCTION_NAMES, KNOWLEDGE_CONTEXT_HEADING } from '../functions/names.js';
import type { ChatMessage, ChatRequest, ChatResult, LanguageModel, ToolCall, ToolSpec } from './provider.js';
import {
  findDateTime,
  findDates,
  findEmail,
  findName,
  findNamedValue,
  findPhone,
  coerceTo,
  isQuestion,
  namedArguments,
  wordsOf,
} from './offline-extract.js';
import { offlineEvaluation } from './offline-evaluation.js';

/**
 * The built-in offline stand-in for a language model: deterministic (same input, same output),
 * no network. It calls one of the assistant's functions when the latest message plainly asks
 * for it, answers from the function's result, and otherwise replies with a fixed, honest
 * sentence. It exists so the embedded default works end to end; it is not a chatbot.
 */
export function createOfflineModel(): LanguageModel {
  return {
    kind: 'offline',
    async complete(request, options = {}) {
      const result = respond(request);
      if (options.onToken && result.content) {
        // Streams word by word so clients see the same event sequence as with a real model.
        for (const piece of result.content.match(/\S+\s*/g) ?? []) options.onToken(piece);
      }
      return result;
    },
  };
}

const END = /\b(goodbye|bye|end (?:the |this )?(?:chat|conversation))\b/i;
const TRANSFER = /\b(transfer me|talk to|speak (?:to|with)|connect me)\b/i;
const BOOK = /\b(book|reserve)\b/i;
const AVAILABILITY = /\b(availab\w*|free (?:slots?|times?)|open slots?|what times?|when can)\b/i;

function respond(request: ChatRequest): ChatResult {
  if (request.json) return { content: JSON.stringify(offlineEvaluation(request)), toolCalls: [] };
  const lastUser = lastIndexWhere(request.messages, (m) => m.role === 'user');
  const userText = lastUser >= 0 ? (request.messages[lastUser] as { content: string }).content : '';
  const sinceUser = request.messages.slice(lastUser + 1);
  if (sinceUser.some((m) => m.role === 'tool')) return { content: replyFromResults(sinceUser), toolCalls: [] };
  const plan = planCall(userText, request.tools);
  if (typeof plan === 'string') return { content: plan, toolCalls: [] };
  if (plan) return { content: '', toolCalls: [plan] };
  return { content: plainReply(userText, request.messages), toolCalls: [] };
}

/** One call when the message plainly asks for something a function does; a question when details are missing. */
function planCall(text: string, tools: ToolSpec[]): ToolCall | string | null {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const call = (name: string, args: Record<string, unknown>): ToolCall => ({
    id: `offline_${name}`,
    name,
    arguments: JSON.stringify(args),
  });
  const lower = text.toLowerCase();

  for (const tool of tools) {
    if (BUILT_IN_FUNCTIONS.has(tool.name)) continue;
    // The tool's name as written ("lookup_order") or as words ("lookup order").
    const name = tool.name.toLowerCase().replace(/[^a-z0-9_]/g, '');
    if (new RegExp(`\\b(${name}|${name.replace(/_/g, ' ')})\\b`).test(lower)) return call(tool.name, namedArguments(text, tool.parameters));
  }
  if (byName.has(FUNCTION_NAMES.end) && END.test(text))
    return call(FUNCTION_NAMES.end, { reason: 'The customer asked to end the conversation.' });
  const transfer = byName.get(FUNCTION_NAMES.transfer);
  if (transfer && TRANSFER.test(text)) return call(transfer.name, { assistant_id: pickTransferTarget(text, transfer) });
  const booking = byName.get(FUNCTION_NAMES.booking);
  if (booking && BOOK.test(text)) return planBooking(text, booking, call);
  if (byName.has(FUNCTION_NAMES.availability) && AVAILABILITY.test(text)) {
    const [startDate, endDate] = findDates(text);
    return call(FUNCTION_NAMES.availability, {
      ...(startDate ? { start_date: startDate } : {}),
      ...(endDate ? { end_date: endDate } : {}),
    });
  }
  if (byName.has(FUNCTION_NAMES.knowledge) && isQuestion(text)) return call(FUNCTION_NAMES.knowledge, { query: text.trim() });
  return null;
}

function planBooking(text: string, tool: ToolSpec, call: (name: string, args: Record<string, unknown>) => ToolCall): ToolCall | string {
  const args: Record<string, unknown> = { ...namedArguments(text, tool.parameters) };
  const found = { start_time: findDateTime(text), name: findName(text), email: findEmail(text), phone: findPhone(text) };
  for (const [key, value] of Object.entries(found)) if (value !== undefined) args[key] = value;
  const properties = (tool.parameters.properties ?? {}) as Record<string, { type?: unknown }>;
  for (const key of Object.keys(properties)) {
    if (args[key] !== undefined) continue;
    const raw = findNamedValue(text, key);
    const value = raw === undefined ? undefined : coerceTo(properties[key]?.type, raw);
    if (value !== undefined) args[key] = value;
  }
  const required = (tool.parameters.required ?? []) as string[];
  const missing = required.filter((key) => args[key] === undefined);
  if (missing.length > 0) {
    return `To book the appointment I need ${joinWords(missing.map((k) => k.replace(/_/g, ' ')))}. Please send ${missing.length === 1 ? 'it' : 'them'} (times as 2026-01-20T09:00:00Z).`;
  }
  return call(tool.name, args);
}

/** The target whose name words occur in the message, else the first one offered. */
function pickTransferTarget(text: string, tool: ToolSpec): unknown {
  const property = ((tool.parameters.properties ?? {}) as Record<string, { enum?: unknown[]; description?: string }>).assistant_id;
  const targets = property?.enum ?? [];
  const words = wordsOf(text);
  const described = /(\d+)\s*=\s*([^;]+)/g;
  for (const match of (property?.description ?? '').matchAll(described)) {
    if ([...wordsOf(match[2]!)].some((w) => words.has(w))) return Number(match[1]);
  }
  return targets[0];
}

function replyFromResults(messages: ChatMessage[]): string {
  const names = new Map<string, string>();
  for (const m of messages) if (m.role === 'assistant') for (const c of m.toolCalls ?? []) names.set(c.id, c.name);
  const parts: string[] = [];
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    parts.push(describeResult(names.get(m.toolCallId) ?? 'the function', parseObject(m.content)));
  }
  return parts.join(' ');
}

function describeResult(name: string, result: Record<string, unknown>): string {
  if (typeof result.error === 'string') return `Sorry, I could not ${humanize(name)}: ${result.error}`;
  switch (name) {
    case FUNCTION_NAMES.availability: {
      const slots = (Array.isArray(result.slots) ? result.slots : []) as unknown[];
      if (slots.length === 0) return 'There are no available times in that period.';
      const times = slots.slice(0, 5).map((s) => (typeof s === 'string' ? s : String((s as { start?: unknown }).start)));
      return `These times are available: ${joinWords(times)}.`;
    }
    case FUNCTION_NAMES.booking:
      return result.status === 'pending'
        ? `Your booking request for ${String(result.start)} was sent and awaits the host's confirmation.`
        : `Your appointment is booked for ${String(result.start)}.`;
    case FUNCTION_NAMES.knowledge: {
      const first = (Array.isArray(result.results) ? result.results[0] : undefined) as { content?: unknown } | undefined;
      return first?.content
        ? `Here is what I found: ${truncate(String(first.content), 400)}`
        : 'I found nothing about that in the knowledge base.';
    }
    case FUNCTION_NAMES.transfer:
      return `You are now talking to ${String(result.assistant_name ?? 'another assistant')}. How can I help?`;
    case FUNCTION_NAMES.end:
      return 'Thank you for chatting with us. Goodbye!';
    default:
      return `${capitalize(humanize(name))} returned: ${truncate(JSON.stringify(result), 300)}`;
  }
}

function plainReply(userText: string, messages: ChatMessage[]): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const at = system.indexOf(KNOWLEDGE_CONTEXT_HEADING);
  if (at >= 0 && isQuestion(userText)) {
    const passage = system
      .slice(at + KNOWLEDGE_CONTEXT_HEADING.length)
      .split('\n')
      .map((l) => l.replace(/^[-*\d.\s]+/, '').trim())
      .find(Boolean);
    if (passage) return `Here is what I know: ${truncate(passage, 400)}`;
  }
  if (userText.trim() === '') return 'Hello! How can I help you?';
  return `Thanks for your message. I am the built-in offline model, so my answers are simple: you wrote "${truncate(userText.trim(), 200)}".`;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { value: text };
  }
}

function lastIndexWhere<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

const humanize = (name: string) => name.replace(/_/g, ' ');
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function joinWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
