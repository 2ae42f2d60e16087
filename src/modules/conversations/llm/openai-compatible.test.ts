import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../test/helpers/fake-openai.js';
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

    expect(await model.complete(request)).toEqual({ content: 'Hi.', toolCalls: [{ id: 'call_1_0', name: 'lookup', arguments: '{"q":"x"}' }] });
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
});
