import type { FunctionCallRecord } from '../../core/db/schema.js';
import { KNOWLEDGE_CONTEXT_HEADING } from './functions/names.js';
import type { KnowledgePassage } from './functions/knowledge.js';
import type { RuntimeAssistant } from './functions/types.js';
import type { ChatMessage } from './llm/provider.js';
import { isoInZone, safeTimeZone } from './time.js';

export interface HistoryItem {
  id: number;
  role: 'user' | 'assistant' | 'system';
  content: string;
  function_calls: FunctionCallRecord[] | null;
}

export interface HistoryLimits {
  /** Most recent stored messages sent to the model. */
  maxMessages: number;
  /** Rough budget in characters; older messages are dropped first. */
  maxChars: number;
}

/** `{{name}}` takes the variable's value; unknown placeholders stay visible so a typo is noticed. */
export function fillVariables(text: string, variables: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => {
    // Own keys only: `{{constructor}}` must not find Object.prototype's function.
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The assistant's defaults, overridden by what the conversation was opened with. */
export function mergedVariables(
  assistant: RuntimeAssistant,
  conversationVariables: Record<string, unknown> | null,
): Record<string, unknown> {
  return { ...(assistant.variables ?? {}), ...(conversationVariables ?? {}) };
}

/** How replies reach the customer, told to the model after the date; voice calls bring their own. */
export const CHAT_MEDIUM_NOTE = 'This is a text chat; answer in plain text.';

export function systemPrompt(
  assistant: RuntimeAssistant,
  variables: Record<string, unknown>,
  now: Date,
  passages: KnowledgePassage[] = [],
  mediumNote: string = CHAT_MEDIUM_NOTE,
): string {
  const zone = safeTimeZone(assistant.timezone);
  const parts = [
    fillVariables(assistant.system_prompt, variables),
    `Current date and time: ${isoInZone(now, zone)} (time zone ${zone}). ${mediumNote}`,
  ];
  if (passages.length > 0) {
    parts.push(`${KNOWLEDGE_CONTEXT_HEADING}\n${passages.map((p) => `- ${p.content.replace(/\s+/g, ' ').trim()}`).join('\n')}`);
  }
  return parts.join('\n\n');
}

/** System prompt, bounded history (function calls replayed as tool messages), then the new message. */
export function buildMessages(input: {
  system: string;
  history: HistoryItem[];
  userMessage: string;
  limits: HistoryLimits;
}): ChatMessage[] {
  const kept = boundHistory(input.history, input.limits);
  return [{ role: 'system', content: input.system }, ...kept.flatMap(replay), { role: 'user', content: input.userMessage }];
}

function boundHistory(history: HistoryItem[], limits: HistoryLimits): HistoryItem[] {
  const recent = history.filter((m) => m.role !== 'system').slice(-limits.maxMessages);
  let chars = recent.reduce((sum, m) => sum + size(m), 0);
  let start = 0;
  while (start < recent.length && chars > limits.maxChars) chars -= size(recent[start++]!);
  return recent.slice(start);
}

const size = (m: HistoryItem) => m.content.length + (m.function_calls ? JSON.stringify(m.function_calls).length : 0);

function replay(message: HistoryItem): ChatMessage[] {
  if (message.role === 'user') return [{ role: 'user', content: message.content }];
  const calls = message.function_calls ?? [];
  if (calls.length === 0) return [{ role: 'assistant', content: message.content }];
  const ids = calls.map((_, i) => `h${message.id}_${i}`);
  return [
    {
      role: 'assistant',
      content: '',
      toolCalls: calls.map((c, i) => ({ id: ids[i]!, name: c.name, arguments: JSON.stringify(c.arguments) })),
    },
    ...calls.map((c, i) => ({ role: 'tool' as const, toolCallId: ids[i]!, content: JSON.stringify(c.result) })),
    ...(message.content ? [{ role: 'assistant' as const, content: message.content }] : []),
  ];
}
