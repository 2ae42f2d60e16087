import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../test/helpers/fakes/openai.js';
import { createOpenAiCompatibleModel } from './openai-compatible.js';
import { LanguageModelError, type ChatRequest } from './provider.js';

let llm: FakeOpenAi;
beforeAll(async () => {
  llm = await startFakeOpenAi();
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const request: ChatRequest = {
  model: 'gpt-4o-mini',
  temperature: 0.3,
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Hello' },
  ],
  tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: {} } }],
};

// `retry-after-ms: 0` makes the SDK retry at once instead of backing off for half a second.
const overloaded = { status: 503, content: 'overloaded', headers: { 'retry-after-ms': '0' } };

async function failure(promise: Promise<unknown>): Promise<LanguageModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LanguageModelError);
  return error as LanguageModelError;
}

describe('the OpenAI-compatible model', () => {
  it('sends the chat request with the key, and reads the answer and its tool calls', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, apiKey: 'sk-test-key', timeoutMs: 5_000, maxRetries: 0 });
    llm.reply({ content: 'Hi.', toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }] });

    expect(await model.complete(request)).toEqual({
      content: 'Hi.',
      toolCalls: [{ id: 'call_1_0', name: 'lookup', arguments: '{"q":"x"}' }],
    });
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.path).toBe('/v1/chat/completions');
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer sk-test-key');
    expect(llm.requests[0]!.body).toEqual({
      model: 'gpt-4o-mini',
      temperature: 0.3,
      stream: false,
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Hello' },
      ],
      tools: [{ type: 'function', function: { name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: {} } } }],
    });
  });

  it('retries an overloaded provider up to maxRetries, then answers from the attempt that worked', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, timeoutMs: 5_000, maxRetries: 2 });
    llm.reply(overloaded, overloaded, { content: 'Third time lucky.' });

    expect(await model.complete(request)).toEqual({ content: 'Third time lucky.', toolCalls: [] });
    expect(llm.requests).toHaveLength(3);
  });

  it('gives up after maxRetries retries with the status, keeping the provider text out of the public detail', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, timeoutMs: 5_000, maxRetries: 2 });
    llm.reply(overloaded, overloaded, overloaded, { content: 'never asked' });

    const error = await failure(model.complete(request));
    expect(error.publicDetail).toBe('The language model answered 503');
    expect(error.message).toBe('The language model answered 503: overloaded');
    expect(llm.requests).toHaveLength(3);
  });

  it('does not retry a request the provider refused as bad', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, timeoutMs: 5_000, maxRetries: 2 });
    llm.reply({ status: 400, content: 'Invalid schema for function lookup' });

    const error = await failure(model.complete(request));
    expect(error.publicDetail).toBe('The language model answered 400');
    expect(llm.requests).toHaveLength(1);
  });

  it('times out a provider that does not answer in timeoutMs', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, timeoutMs: 100, maxRetries: 0 });
    llm.reply({ content: 'too late', delayMs: 1_000 });

    const error = await failure(model.complete(request));
    expect(error.publicDetail).toBe('Connection timeout');
    expect(llm.requests).toHaveLength(1);
  });

  it('streams the answer token by token when asked to', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, timeoutMs: 5_000, maxRetries: 0 });
    llm.reply({ content: 'Streamed words arrive.' });
    const tokens: string[] = [];

    const result = await model.complete(request, { onToken: (token) => tokens.push(token) });
    expect(result).toEqual({ content: 'Streamed words arrive.', toolCalls: [] });
    expect(tokens.join('')).toBe('Streamed words arrive.');
    expect(tokens.length).toBeGreaterThan(1);
    expect(llm.requests[0]!.body.stream).toBe(true);
  });

  it('sends no authorization header when it has no key', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: `${llm.baseUrl}/`, timeoutMs: 5_000, maxRetries: 0 });
    llm.reply({ content: 'Hi.' });

    expect(await model.complete(request)).toEqual({ content: 'Hi.', toolCalls: [] });
    expect(llm.requests[0]!.path).toBe('/v1/chat/completions');
    expect(llm.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('does not retry when the provider says not to, whatever the status', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, timeoutMs: 5_000, maxRetries: 2 });
    llm.reply({ status: 503, content: 'down for maintenance', headers: { 'x-should-retry': 'false' } }, { content: 'never asked' });

    const error = await failure(model.complete(request));
    expect(error.message).toBe('The language model answered 503: down for maintenance');
    expect(llm.requests).toHaveLength(1);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    const model = createOpenAiCompatibleModel({ baseUrl: llm.baseUrl, timeoutMs: 5_000, maxRetries: 2 });
    llm.reply({ content: 'too late', delayMs: 1_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await failure(model.complete(request, { signal: controller.signal }));
    expect(error.publicDetail).toBe('Request aborted');
    expect(llm.requests).toHaveLength(1);
  });

  it('retries a provider that cannot be reached, then fails with a connection error', async () => {
    const closed = await serve(() => undefined);
    await closed.close();
    const model = createOpenAiCompatibleModel({ baseUrl: closed.baseUrl, timeoutMs: 5_000, maxRetries: 1 });

    const error = await failure(model.complete(request));
    expect(error.publicDetail).toBe('Connection error');
    expect(error.message).toMatch(/^Connection error: /);
  });

  it('fails a streamed answer on the error event a provider sends mid-stream, keeping its text out of the public detail', async () => {
    const provider = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Half ' } }] })}\n\n`);
      res.end(`data: ${JSON.stringify({ error: { message: 'quota exceeded for key sk-abc', type: 'insufficient_quota' } })}\n\n`);
    });
    const model = createOpenAiCompatibleModel({ baseUrl: provider.baseUrl, timeoutMs: 5_000, maxRetries: 0 });
    const tokens: string[] = [];

    const error = await failure(model.complete(request, { onToken: (t) => tokens.push(t) }));
    expect(tokens).toEqual(['Half ']);
    expect(error.publicDetail).toBe('The language model answered with an error');
    expect(error.message).toBe('The language model answered with an error: quota exceeded for key sk-abc');
    await provider.close();
  });

  it('fails an answer that is not JSON as a failure of the model', async () => {
    const provider = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>gateway</html>'));
    const model = createOpenAiCompatibleModel({ baseUrl: provider.baseUrl, timeoutMs: 5_000, maxRetries: 0 });

    const error = await failure(model.complete(request));
    expect(error.publicDetail).toBe('The language model failed');
    expect(error.message).toBe("The language model's answer could not be read: the answer is not JSON: <html>gateway</html>");
    await provider.close();
  });
});

/** A provider that answers as `handle` says, for the answers the fake model does not give. */
async function serve(handle: RequestListener) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
