import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { createUndiciFetch } from './undici-fetch.js';
import { LanguageModelError, type ChatMessage, type ChatRequest, type ChatResult, type LanguageModel, type ToolCall } from './provider.js';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), a vLLM or Groq URL. */
  baseUrl: string;
  /** Local servers often need none; the SDK insists on a value, so a placeholder is sent. */
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
}

type Sdk = typeof import('openai');

/**
 * Chat completions through the official SDK, which brings retries with backoff on 408/409/429/5xx
 * and connection errors, and a per-request timeout. The SDK is loaded with the first call (one
 * client per model, reused by every message): a process that never calls a model, or uses the
 * offline one, does not hold it. Its HTTP goes through undici's request API (undici-fetch.ts).
 */
export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): LanguageModel {
  let loading: Promise<{ sdk: Sdk; client: OpenAI }> | undefined;
  const load = () =>
    (loading ??= import('openai').then((sdk) => ({
      sdk,
      client: new sdk.OpenAI({
        baseURL: options.baseUrl,
        apiKey: options.apiKey || 'not-needed',
        timeout: options.timeoutMs,
        maxRetries: options.maxRetries,
        fetch: createUndiciFetch(),
      }),
    })));

  return {
    kind: 'openai-compatible',
    async complete(request, callOptions = {}) {
      const body = toRequestBody(request);
      const { sdk, client } = await load();
      try {
        if (!callOptions.onToken) {
          const completion = await client.chat.completions.create({ ...body, stream: false }, { signal: callOptions.signal });
          const message = completion.choices[0]?.message;
          const toolCalls = (message?.tool_calls ?? []).flatMap((c) =>
            c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
          );
          return { content: message?.content ?? '', toolCalls };
        }
        const stream = await client.chat.completions.create({ ...body, stream: true }, { signal: callOptions.signal });
        return await collectStream(stream, callOptions.onToken);
      } catch (error) {
        throw new LanguageModelError(describeFailure(sdk.OpenAI, error), { cause: error, publicDetail: publicFailure(sdk.OpenAI, error) });
      }
    },
  };
}

function toRequestBody(request: ChatRequest): Omit<ChatCompletionCreateParamsBase, 'stream'> {
  return {
    model: request.model,
    temperature: request.temperature,
    messages: request.messages.map(toOpenAiMessage),
    ...(request.tools.length > 0
      ? {
          tools: request.tools.map((t) => ({
            type: 'function' as const,
            function: { name: t.name, description: t.description, parameters: t.parameters },
          })),
        }
      : {}),
    ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
  };
}

function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant':
      if (message.toolCalls && message.toolCalls.length > 0) {
        return {
          role: 'assistant',
          content: message.content || null,
          tool_calls: message.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
        };
      }
      return { role: 'assistant', content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
}

/** Tool calls arrive as fragments keyed by index; text arrives as deltas passed on at once. */
async function collectStream(
  stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>,
  onToken: (text: string) => void,
): Promise<ChatResult> {
  let content = '';
  const calls = new Map<number, ToolCall>();
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (!delta) continue;
    if (delta.content) {
      content += delta.content;
      onToken(delta.content);
    }
    for (const fragment of delta.tool_calls ?? []) {
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name += fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      calls.set(fragment.index, call);
    }
  }
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([index, c]) => ({ ...c, id: c.id || `call_${index}` }));
  return { content, toolCalls };
}

/**
 * Shown to whoever sent the message, after "Failed to process message: ": the kind of failure and
 * the provider's status code, never the provider's text (it can quote keys, quotas, prompts).
 */
function publicFailure(OpenAI: Sdk['OpenAI'], error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'Connection timeout';
  if (error instanceof OpenAI.APIUserAbortError) return 'Request aborted';
  if (error instanceof OpenAI.APIConnectionError) return 'Connection error';
  if (error instanceof OpenAI.APIError) return `The language model answered ${error.status ?? 'with an error'}`;
  return 'The language model failed';
}

/** The full reason, for the log. */
function describeFailure(OpenAI: Sdk['OpenAI'], error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'Connection timeout';
  if (error instanceof OpenAI.APIUserAbortError) return 'Request aborted';
  if (error instanceof OpenAI.APIConnectionError) return 'Connection error';
  if (error instanceof OpenAI.APIError) {
    const detail = error.message.replace(/^\d{3}\s*/, '').slice(0, 200);
    return `The language model answered ${error.status ?? 'with an error'}${detail ? `: ${detail}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}
