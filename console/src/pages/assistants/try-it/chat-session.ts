import { api } from '../../../api/client.js';
import { apiErrorFrom } from '../../../api/errors.js';
import { readSession } from '../../../api/session.js';
import { createSseParser } from './sse.js';

export interface FunctionCall {
  name: string;
  arguments: unknown;
  result: unknown;
}

export interface ReplyHandlers {
  onToken: (text: string) => void;
  onFunctionCall: (call: FunctionCall) => void;
}

/** A free test conversation with the assistant (the owner's session token makes it "test"). */
export async function startTestConversation(assistantUuid: string): Promise<string> {
  const result = await api.POST('/api/conversations', { body: { assistant_id: assistantUuid, type: 'test' } });
  if (!result.response.ok || !result.data) throw apiErrorFrom(result.error, result.response.status);
  return result.data.conversation_id;
}

/**
 * Sends a message and reads the reply as it is written (server-sent events: token,
 * function_call, then done or error). openapi-fetch reads whole bodies, so this one is fetch.
 */
export async function sendAndStream(
  conversationId: string,
  message: string,
  handlers: ReplyHandlers,
): Promise<{ message: string; functionCalls: FunctionCall[] }> {
  const session = readSession();
  const response = await fetch(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: JSON.stringify({ message }),
  });
  if (!response.ok || !response.body) throw apiErrorFrom(await response.json().catch(() => undefined), response.status);
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const body = (await response.json()) as { message: string; function_calls: FunctionCall[] };
    body.function_calls.forEach(handlers.onFunctionCall);
    handlers.onToken(body.message);
    return { message: body.message, functionCalls: body.function_calls };
  }
  const feed = createSseParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const calls: FunctionCall[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const event of feed(value)) {
      const data = event.data as Record<string, unknown>;
      if (event.event === 'token') handlers.onToken(String(data.content ?? ''));
      else if (event.event === 'function_call') {
        const call = data as unknown as FunctionCall;
        calls.push(call);
        handlers.onFunctionCall(call);
      } else if (event.event === 'done') return { message: String(data.message ?? ''), functionCalls: calls };
      else if (event.event === 'error') throw apiErrorFrom(data, 500);
    }
  }
  throw new Error('The reply stopped before it finished. Try again.');
}
