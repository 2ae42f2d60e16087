import type { Logger } from 'pino';
import type { FunctionCallRecord } from '../../core/db/schema.js';
import { KNOWLEDGE_RESULTS, type KnowledgePassage, type KnowledgeSearch } from './functions/knowledge.js';
import type { createFunctionRegistry, FunctionRun, FunctionSet } from './functions/registry.js';
import type { FunctionContext, FunctionEffect, RuntimeAssistant } from './functions/types.js';
import type { ChatMessage, ChatResult, LanguageModel } from './llm/provider.js';
import type { ModelResolver } from './models.js';
import { buildMessages, fillVariables, mergedVariables, systemPrompt, type HistoryItem, type HistoryLimits } from './prompt.js';

type TransferEffect = Extract<FunctionEffect, { kind: 'transfer' }>;

/** Rounds in which the model may call functions; after them it must answer in words. */
export const MAX_TOOL_ROUNDS = 5;

export type ReplyEvent = { type: 'token'; content: string } | { type: 'function_call'; call: FunctionCallRecord };

export interface ReplyRequest {
  conversation: { id: number; uuid: string; userId: number; variables: Record<string, unknown> | null };
  assistant: RuntimeAssistant;
  history: HistoryItem[];
  userMessage: string;
  now: Date;
  onEvent?: (event: ReplyEvent) => void;
  /** Replaces the prompt's "this is a text chat" line (a phone call asks for short spoken sentences). */
  mediumNote?: string;
}

export interface Reply {
  content: string;
  functionCalls: FunctionCallRecord[];
  /** Who answers from now on (another assistant after a transfer). */
  assistant: RuntimeAssistant;
  /** Set when the model ended the conversation. */
  end?: { reason: string };
}

export interface ReplyEngineDeps {
  llm: LanguageModel;
  registry: ReturnType<typeof createFunctionRegistry>;
  modelFor: ModelResolver;
  knowledgeSearch?: KnowledgeSearch;
  historyLimits: HistoryLimits;
  logger: Logger;
}

/**
 * One reply: prompt, model, up to MAX_TOOL_ROUNDS rounds of function calls (each recorded with
 * arguments and result), then the answer. Function failures go back to the model as results;
 * only a failing model call rejects.
 */
export function createReplyEngine(deps: ReplyEngineDeps) {
  /** Knowledge "prompt" mode: passages for the message go straight into the system prompt. */
  async function promptPassages(assistant: RuntimeAssistant, query: string): Promise<KnowledgePassage[]> {
    if (assistant.knowledgebase_id === null || assistant.knowledgebase_mode !== 'prompt' || !deps.knowledgeSearch) return [];
    try {
      return await deps.knowledgeSearch({
        userId: assistant.user_id,
        knowledgeBaseId: assistant.knowledgebase_id,
        query,
        limit: KNOWLEDGE_RESULTS,
      });
    } catch (error) {
      deps.logger.warn({ err: error, assistantId: assistant.id }, 'knowledge retrieval failed; answering without it');
      return [];
    }
  }

  return {
    async reply(request: ReplyRequest): Promise<Reply> {
      let assistant = request.assistant;
      const variables = () => mergedVariables(assistant, request.conversation.variables);
      const system = async () =>
        systemPrompt(assistant, variables(), request.now, await promptPassages(assistant, request.userMessage), request.mediumNote);
      let functions = await deps.registry.forAssistant(assistant);
      const messages: ChatMessage[] = buildMessages({
        system: await system(),
        history: request.history,
        userMessage: request.userMessage,
        limits: deps.historyLimits,
      });
      const texts: string[] = [];
      const records: FunctionCallRecord[] = [];
      let end: Reply['end'];
      const say = streamer(request.onEvent);
      const ctx = {
        conversationId: request.conversation.id,
        conversationUuid: request.conversation.uuid,
        userId: request.conversation.userId,
        now: request.now,
      };

      for (let round = 0; ; round++) {
        const tools = round < MAX_TOOL_ROUNDS ? functions.specs : [];
        say.newPart();
        const result = await deps.llm.complete(
          { model: await deps.modelFor(assistant), temperature: assistant.llm_temperature, messages, tools },
          { onToken: request.onEvent ? say.token : undefined },
        );
        if (result.content.trim()) texts.push(result.content.trim());
        if (tools.length === 0 || result.toolCalls.length === 0) break;

        const runs = await runCalls(result, functions, { ...ctx, assistant }, messages, request.onEvent);
        records.push(...runs.map((r) => r.record));
        for (const { effect } of runs) if (effect?.kind === 'end') end = { reason: effect.reason };
        const transfer = runs.map((r) => r.effect).find((e): e is TransferEffect => e?.kind === 'transfer');
        if (!transfer) continue;

        assistant = transfer.assistant;
        functions = await deps.registry.forAssistant(assistant);
        messages[0] = { role: 'system', content: await system() };
        if (transfer.messageBefore) texts.push(say.whole(transfer.messageBefore));
        const greeting = fillVariables(assistant.initial_message ?? '', variables()).trim();
        // With a greeting the new assistant introduces itself; otherwise it answers the message.
        if (transfer.speakGreeting && greeting) {
          texts.push(say.whole(greeting));
          break;
        }
      }
      return { content: texts.join('\n\n'), functionCalls: records, assistant, ...(end ? { end } : {}) };
    },
  };
}

/**
 * One round of calls, run in parallel (the model asked for them together, so they do not
 * depend on each other); each result goes back to the model as a tool message.
 */
async function runCalls(
  result: ChatResult,
  functions: FunctionSet,
  ctx: FunctionContext,
  messages: ChatMessage[],
  onEvent: ReplyRequest['onEvent'],
): Promise<FunctionRun[]> {
  messages.push({ role: 'assistant', content: result.content, toolCalls: result.toolCalls });
  const runs = await Promise.all(result.toolCalls.map((call) => functions.run(call, ctx)));
  runs.forEach((run, i) => {
    onEvent?.({ type: 'function_call', call: run.record });
    messages.push({ role: 'tool', toolCallId: result.toolCalls[i]!.id, content: JSON.stringify(run.record.result) });
  });
  return runs;
}

/** Streams tokens, separating the text of successive rounds the way the final message joins them. */
function streamer(onEvent: ReplyRequest['onEvent']) {
  let spoken = false;
  let partStarted = false;
  const token = (text: string) => {
    if (!onEvent || text === '') return;
    if (!partStarted && spoken) onEvent({ type: 'token', content: '\n\n' });
    partStarted = true;
    spoken = true;
    onEvent({ type: 'token', content: text });
  };
  return {
    token,
    newPart() {
      partStarted = false;
    },
    whole(text: string) {
      this.newPart();
      token(text);
      return text;
    },
  };
}
