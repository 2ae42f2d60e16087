import { createParser } from 'eventsource-parser';
import { Agent, type Dispatcher } from 'undici';
import { postJson, ProviderCallError, transportFailure, type ProviderFailure } from './provider-http.js';
import { LanguageModelError, type ChatMessage, type ChatRequest, type ChatResult, type LanguageModel, type ToolCall } from './provider.js';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), a vLLM or Groq URL. */
  baseUrl: string;
  /** Sent as a bearer token; local servers often need none. */
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
}

/**
 * Chat completions over undici's request API with one keep-alive agent, retried as OpenAI's
 * SDKs retry (provider-http.ts). Through the openai SDK (already on undici) a message's model
 * step took about 0.5 ms longer on the messages bench: its request building, logging checks, and
 * the WHATWG Request, Response and stream objects its fetch needs, on the path of every message.
 * A reply is read as one JSON document; a streamed one as server-sent events
 * (eventsource-parser), each text delta passed on as it arrives.
 */
export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): LanguageModel {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };

  return {
    kind: 'openai-compatible',
    async complete(request, callOptions = {}) {
      const streaming = callOptions.onToken !== undefined;
      const body = JSON.stringify({ ...toRequestBody(request), stream: streaming });
      try {
        const response = await postJson({
          url,
          headers,
          body,
          timeoutMs: options.timeoutMs,
          maxRetries: options.maxRetries,
          signal: callOptions.signal,
          dispatcher,
        });
        if (callOptions.onToken) return await collectStream(response.body, callOptions.onToken, callOptions.signal);
        return completionResult(await readJson(response.body, callOptions.signal));
      } catch (error) {
        const failure: ProviderFailure = error instanceof ProviderCallError ? error.failure : transportFailure(error, callOptions.signal);
        throw new LanguageModelError(describeFailure(failure), { cause: error, publicDetail: publicFailure(failure) });
      }
    },
  };
}

/** The wire shapes this adapter sends and reads (OpenAI's chat completions API). */
type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };
type WireToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
interface Completion {
  choices?: Array<{ message?: { content?: string | null; tool_calls?: Array<Partial<WireToolCall>> } }>;
}
interface CompletionChunk {
  choices?: Array<{
    delta?: {
      content?: string | null;
      tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
  }>;
  error?: unknown;
}

function toRequestBody(request: ChatRequest) {
  return {
    model: request.model,
    temperature: request.temperature,
    messages: request.messages.map(toWireMessage),
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

function toWireMessage(message: ChatMessage): WireMessage {
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

type AnswerBody = Dispatcher.ResponseData['body'];

async function readJson(body: AnswerBody, signal: AbortSignal | undefined): Promise<Completion> {
  const text = await body.text().catch((error: unknown) => {
    throw new ProviderCallError(transportFailure(error, signal), { cause: error });
  });
  try {
    return JSON.parse(text) as Completion;
  } catch (error) {
    throw new ProviderCallError({ kind: 'invalid', detail: `the answer is not JSON: ${text.slice(0, 100)}` }, { cause: error });
  }
}

function completionResult(completion: Completion): ChatResult {
  const message = completion.choices?.[0]?.message;
  const toolCalls = (message?.tool_calls ?? []).flatMap((c) =>
    c.type === 'function' && c.function ? [{ id: c.id ?? '', name: c.function.name, arguments: c.function.arguments }] : [],
  );
  return { content: message?.content ?? '', toolCalls };
}

/**
 * A streamed answer: text arrives as deltas passed on at once; tool calls arrive as fragments
 * keyed by index. `[DONE]` ends it; an error event fails it as the provider's error.
 */
async function collectStream(body: AnswerBody, onToken: (text: string) => void, signal: AbortSignal | undefined): Promise<ChatResult> {
  let content = '';
  const calls = new Map<number, ToolCall>();
  let failure: ProviderFailure | undefined;
  const parser = createParser({
    onEvent(event) {
      if (failure || event.data === '[DONE]') return;
      let chunk: CompletionChunk;
      try {
        chunk = JSON.parse(event.data) as CompletionChunk;
      } catch {
        failure = { kind: 'invalid', detail: `a streamed event is not JSON: ${event.data.slice(0, 100)}` };
        return;
      }
      if (event.event === 'error' || chunk.error !== undefined) {
        failure = { kind: 'status', status: undefined, detail: errorDetail(chunk.error ?? chunk) };
        return;
      }
      const delta = chunk.choices?.[0]?.delta;
      if (!delta) return;
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
    },
  });
  const decoder = new TextDecoder();
  try {
    for await (const piece of body) {
      parser.feed(decoder.decode(piece as Buffer, { stream: true }));
      if (failure) throw new ProviderCallError(failure);
    }
  } catch (error) {
    if (error instanceof ProviderCallError) throw error;
    throw new ProviderCallError(transportFailure(error, signal), { cause: error });
  }
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([index, c]) => ({ ...c, id: c.id || `call_${index}` }));
  return { content, toolCalls };
}

function errorDetail(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

/**
 * Shown to whoever sent the message, after "Failed to process message: ": the kind of failure and
 * the provider's status code, never the provider's text (it can quote keys, quotas, prompts).
 */
function publicFailure(failure: ProviderFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return 'Connection timeout';
    case 'aborted':
      return 'Request aborted';
    case 'connection':
      return 'Connection error';
    case 'status':
      return `The language model answered ${failure.status ?? 'with an error'}`;
    case 'invalid':
      return 'The language model failed';
  }
}

/** The full reason, for the log. */
function describeFailure(failure: ProviderFailure): string {
  switch (failure.kind) {
    case 'status': {
      const detail = failure.detail.slice(0, 200);
      return `The language model answered ${failure.status ?? 'with an error'}${detail ? `: ${detail}` : ''}`;
    }
    case 'invalid':
      return `The language model's answer could not be read: ${failure.detail}`;
    case 'connection':
      return `Connection error: ${failure.detail}`;
    default:
      return publicFailure(failure);
  }
}
