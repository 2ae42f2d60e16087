import { Ajv, type ValidateFunction } from 'ajv';
import type { Logger } from 'pino';
import type { FunctionCallRecord } from '../../../core/db/schema.js';
import type { HttpClient } from '../../../core/net/index.js';
import type { CalendarClients } from '../../assistants/index.js';
import type { ToolCall, ToolSpec } from '../llm/provider.js';
import { assistantTransferFunction, type TransferTarget } from './assistant-transfer.js';
import { calendarFunctions } from './calendar.js';
import { customToolFunction, type CustomTool } from './custom-tools.js';
import { endConversationFunction } from './end-conversation.js';
import { knowledgeFunction, type KnowledgeSearch } from './knowledge.js';
import { FunctionError, type ConversationFunction, type FunctionContext, type FunctionEffect, type RuntimeAssistant } from './types.js';

export interface FunctionRegistryDeps {
  calendars: CalendarClients;
  http: HttpClient;
  customTools: { findMany(userId: number, ids: number[]): Promise<CustomTool[]> };
  knowledgeSearch?: KnowledgeSearch;
  /** Transfer targets by id within the account (name for the prompt, full config on transfer). */
  findAssistant(userId: number, id: number): Promise<RuntimeAssistant | undefined>;
  logger: Logger;
}

export interface FunctionRun {
  record: FunctionCallRecord;
  effect?: FunctionEffect;
}

export interface FunctionSet {
  specs: ToolSpec[];
  run(call: ToolCall, ctx: FunctionContext): Promise<FunctionRun>;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>();
const MAX_VALIDATORS = 1_000;

/** Compiled once per distinct schema; custom tools change rarely, so the cache stays small. */
function validatorFor(parameters: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(parameters);
  let validate = validators.get(key);
  if (!validate) {
    if (validators.size >= MAX_VALIDATORS) validators.clear();
    validate = ajv.compile(parameters);
    validators.set(key, validate);
  }
  return validate;
}

/** The functions an assistant offers the model, built from its tools, tool_ids and knowledge base. */
export function createFunctionRegistry(deps: FunctionRegistryDeps) {
  async function build(assistant: RuntimeAssistant): Promise<ConversationFunction[]> {
    const functions: ConversationFunction[] = [];
    const calendar = assistant.tools.find((t) => t.type === 'calendar_integration');
    if (calendar) functions.push(...calendarFunctions(calendar, deps.calendars));
    if (assistant.knowledgebase_id !== null && assistant.knowledgebase_mode === 'function_call' && deps.knowledgeSearch) {
      functions.push(knowledgeFunction(assistant.knowledgebase_id, deps.knowledgeSearch));
    }
    const targets = await transferTargets(assistant);
    if (targets.length > 0) functions.push(assistantTransferFunction(targets, deps.findAssistant));
    const endCall = assistant.tools.find((t) => t.type === 'end_call');
    if (endCall) functions.push(endConversationFunction((endCall.description as string | null) ?? null));
    const taken = new Set(functions.map((f) => f.spec.name));
    for (const tool of await deps.customTools.findMany(assistant.user_id, assistant.tool_ids)) {
      // A built-in function keeps its name; a custom tool with the same name cannot shadow it.
      if (taken.has(tool.name)) continue;
      taken.add(tool.name);
      functions.push(customToolFunction(tool, deps.http));
    }
    return functions;
  }

  async function transferTargets(assistant: RuntimeAssistant): Promise<TransferTarget[]> {
    const tools = assistant.tools.filter((t) => t.type === 'assistant_transfer');
    const targets = await Promise.all(
      tools.map(async (t) => {
        const target = await deps.findAssistant(assistant.user_id, Number(t.assistant_id));
        if (!target || target.id === assistant.id) return undefined;
        return {
          id: target.id,
          name: target.name,
          description: String(t.description ?? ''),
          messageBeforeTransfer: (t.message_before_transfer as string | null | undefined) ?? null,
          speakGreeting: t.speak_transfer_greeting !== false,
        };
      }),
    );
    return targets.filter((t): t is TransferTarget => t !== undefined);
  }

  return {
    async forAssistant(assistant: RuntimeAssistant): Promise<FunctionSet> {
      const functions = await build(assistant);
      const byName = new Map(functions.map((f) => [f.spec.name, f]));
      return {
        specs: functions.map((f) => f.spec),
        run: (call, ctx) => runOne(byName.get(call.name), call, ctx, deps.logger),
      };
    },
  };
}

/** Never throws: whatever goes wrong becomes an `error` result the model can read and act on. */
async function runOne(fn: ConversationFunction | undefined, call: ToolCall, ctx: FunctionContext, logger: Logger): Promise<FunctionRun> {
  const parsed = parseArguments(call.arguments);
  const fail = (message: string): FunctionRun => ({ record: { name: call.name, arguments: parsed.args, result: { error: message } } });
  if (!fn) return fail(`There is no function named ${call.name}.`);
  if (parsed.error) return fail(parsed.error);
  const validate = validatorFor(fn.spec.parameters);
  if (!validate(parsed.args)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'arguments'} ${e.message ?? 'is invalid'}`,
    );
    return fail(`Invalid arguments: ${problems.join('; ')}.`);
  }
  try {
    const outcome = await fn.call(parsed.args, ctx);
    return { record: { name: call.name, arguments: parsed.args, result: outcome.result }, effect: outcome.effect };
  } catch (error) {
    if (error instanceof FunctionError) return fail(error.message);
    logger.warn({ err: error, function: call.name }, 'function call failed unexpectedly');
    return fail(`The function failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function parseArguments(text: string): { args: Record<string, unknown>; error?: string } {
  if (text.trim() === '') return { args: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { args: value as Record<string, unknown> };
    return { args: { value }, error: 'The arguments must be a JSON object.' };
  } catch {
    return { args: { raw: text.slice(0, 2000) }, error: 'The arguments are not valid JSON.' };
  }
}
