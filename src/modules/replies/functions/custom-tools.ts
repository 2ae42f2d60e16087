import type { Selectable } from 'kysely';
import type { CustomToolsTable } from '../../../core/db/schema.js';
import type { HttpClient } from '../../../core/net/index.js';
import { sendToolRequest, toolOutcome } from '../../tools/index.js';
import { FunctionError, objectSchema, type ConversationFunction } from './types.js';

/** As the tools service loads it for a conversation: header values opened, ready to send. */
export type CustomTool = Omit<Selectable<CustomToolsTable>, 'headers'> & { headers: Array<{ name: string; value: string }> };

/**
 * One of the account's HTTP tools as a function. The request is built and sent by the tools
 * module (the same code its "send a test request" route runs), through the SSRF-guarded client;
 * arguments are checked against the tool's parameters by the engine before this runs.
 */
export function customToolFunction(tool: CustomTool, http: HttpClient): ConversationFunction {
  const parameters = objectSchema(
    Object.fromEntries(tool.schema.map((p) => [p.name, { type: p.type, description: p.description }])),
    tool.schema.map((p) => p.name),
  );
  return {
    spec: { name: tool.name, description: tool.description, parameters },
    async call(args) {
      const outcome = toolOutcome(await sendToolRequest(http, tool, args), tool.timeout);
      if ('error' in outcome) throw new FunctionError(outcome.error);
      return { result: outcome.result };
    },
  };
}
