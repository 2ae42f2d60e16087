import type { RuntimeAssistant } from '../../assistants/index.js';
import type { ToolSpec } from '../llm/provider.js';

export type { RuntimeAssistant };

/** What a function knows about the call it serves. */
export interface FunctionContext {
  conversationId: number;
  conversationUuid: string;
  userId: number;
  assistant: RuntimeAssistant;
  now: Date;
}

/** Changes to the conversation a function asks for; the engine applies them. */
export type FunctionEffect =
  | { kind: 'transfer'; assistant: RuntimeAssistant; messageBefore: string | null; speakGreeting: boolean }
  | { kind: 'end'; reason: string };

export interface FunctionOutcome {
  result: Record<string, unknown>;
  effect?: FunctionEffect;
}

export interface ConversationFunction {
  spec: ToolSpec;
  call(args: Record<string, unknown>, ctx: FunctionContext): Promise<FunctionOutcome>;
}

/**
 * A failure the model should hear about (bad arguments, a provider refusing a booking). Any
 * other error is reported to the model too, but also logged as unexpected.
 */
export class FunctionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FunctionError';
  }
}

/** A JSON Schema object for function parameters. */
export function objectSchema(properties: Record<string, Record<string, unknown>>, required: string[]): Record<string, unknown> {
  return { type: 'object', properties, required, additionalProperties: false };
}
