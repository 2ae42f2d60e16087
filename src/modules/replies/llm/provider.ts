/**
 * What the reply engine needs from a language model, in OpenAI chat-completions terms (the
 * lingua franca of hosted and local servers). Two implementations: chat completions against any
 * OpenAI-compatible endpoint, and the built-in offline model.
 */
export interface ToolCall {
  id: string;
  name: string;
  /** JSON text as the model produced it; may be invalid and is parsed by the engine. */
  arguments: string;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface JsonObjectSchema {
  type: 'object';
  properties: Record<string, { type: 'string' | 'number' | 'boolean'; description: string }>;
  required: string[];
}

export interface ChatRequest {
  /** The provider's model name (catalog provider_model_id). */
  model: string;
  temperature: number;
  messages: ChatMessage[];
  tools: ToolSpec[];
  /**
   * Ask for one JSON object as the answer (post-call evaluation). Providers are asked for
   * `json_object`, which nearly every compatible server supports; the schema is also spelled
   * out in the prompt, and the offline model fills it directly.
   */
  json?: { schema: JsonObjectSchema };
}

export interface ChatResult {
  content: string;
  toolCalls: ToolCall[];
}

export interface ChatOptions {
  /** Called with each piece of text as it arrives; when set the provider streams. */
  onToken?: (text: string) => void;
  signal?: AbortSignal;
}

export interface LanguageModel {
  /** 'openai-compatible' or 'offline'; shown in logs and docs/api/conversations.md. */
  readonly kind: string;
  complete(request: ChatRequest, options?: ChatOptions): Promise<ChatResult>;
}

/** A model call that failed; the message becomes "Failed to process message: <publicDetail>". */
export class LanguageModelError extends Error {
  /** What may be shown to the sender of the message; `message` (with the provider's words) is for the log. */
  readonly publicDetail: string;

  constructor(message: string, options?: { cause?: unknown; publicDetail?: string }) {
    super(message, options);
    this.name = 'LanguageModelError';
    this.publicDetail = options?.publicDetail ?? 'The language model failed';
  }
}
