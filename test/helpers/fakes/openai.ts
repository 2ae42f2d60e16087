import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the fake model. */
export interface FakeReply {
  content?: string;
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> | string }>;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
  /** Wait this long before answering (timeouts, ordering). */
  delayMs?: number;
  /** Extra response headers of an error answer (e.g. `retry-after-ms`). */
  headers?: Record<string, string>;
}

export interface FakeCompletionRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    temperature?: number;
    stream?: boolean;
    messages: Array<{
      role: string;
      content: string | null;
      tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
      tool_call_id?: string;
    }>;
    tools?: Array<{ type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }>;
    response_format?: { type: string };
  };
}

type Script = FakeReply | ((request: FakeCompletionRequest) => FakeReply);

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol (plain and streamed), on
 * 127.0.0.1. Tests queue replies (text or tool calls); with nothing queued it answers
 * "Fake reply N" at once, which the benchmark uses as an instant model.
 */
export async function startFakeOpenAi() {
  const requests: FakeCompletionRequest[] = [];
  const queue: Script[] = [];
  let fallback: Script | undefined;
  let served = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
          return;
        }
        const request: FakeCompletionRequest = {
          path: req.url,
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        };
        requests.push(request);
        served += 1;
        const script = queue.shift() ?? fallback ?? { content: `Fake reply ${served}` };
        const reply = typeof script === 'function' ? script(request) : script;
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        if (reply.status && reply.status >= 400) {
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(JSON.stringify({ error: { message: reply.content ?? 'Scripted failure', type: 'server_error' } }));
          return;
        }
        const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({
          id: `call_${served}_${i}`,
          type: 'function' as const,
          function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
        }));
        if (request.body.stream) writeStream(res, reply.content ?? '', toolCalls);
        else writeCompletion(res, reply.content ?? '', toolCalls);
      })();
    });
  });
  // Node closes idle keep-alive sockets after 5 s; a client whose event loop is busy (a burst
  // test) can pick such a socket just as it closes and fail with "Connection error". Tests run
  // with no retries, so idle sockets are kept until close().
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Queue answers, used in order by the next requests. */
    reply(...scripts: Script[]) {
      queue.push(...scripts);
    },
    /** The answer when nothing is queued (undefined: "Fake reply N"). */
    setFallback(script: Script | undefined) {
      fallback = script;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = undefined;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

type WireToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

function writeCompletion(res: import('node:http').ServerResponse, content: string, toolCalls: WireToolCall[]) {
  const body = {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model: 'fake',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: toolCalls.length > 0 && !content ? null : content,
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
      },
    ],
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Text in a few pieces; each tool call as an id/name fragment followed by two argument fragments. */
function writeStream(res: import('node:http').ServerResponse, content: string, toolCalls: WireToolCall[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  send({ role: 'assistant' });
  for (const piece of content.match(/\S+\s*/g) ?? []) send({ content: piece });
  toolCalls.forEach((call, index) => {
    const half = Math.ceil(call.function.arguments.length / 2);
    send({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
    send({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(0, half) } }] });
    send({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] });
  });
  send({}, toolCalls.length ? 'tool_calls' : 'stop');
  res.end('data: [DONE]\n\n');
}
