import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, KNOWLEDGE_CONTEXT_HEADING } from '../functions/names.js';
import { objectSchema } from '../functions/types.js';
import { evaluationSchema } from '../evaluation.js';
import { createOfflineModel } from './offline.js';
import type { ChatMessage, ChatRequest, ToolSpec } from './provider.js';

const model = createOfflineModel();
const spec = (name: string, properties: Record<string, Record<string, unknown>> = {}, required: string[] = []): ToolSpec => ({
  name,
  description: name,
  parameters: objectSchema(properties, required),
});
const TOOLS: ToolSpec[] = [
  spec(FUNCTION_NAMES.availability, { start_date: { type: 'string' }, end_date: { type: 'string' } }),
  spec(
    FUNCTION_NAMES.booking,
    { start_time: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' } },
    ['start_time', 'name', 'email'],
  ),
  spec(FUNCTION_NAMES.knowledge, { query: { type: 'string' } }, ['query']),
  spec(FUNCTION_NAMES.end, { reason: { type: 'string' } }),
  spec(
    FUNCTION_NAMES.transfer,
    {
      assistant_id: {
        type: 'integer',
        enum: [7, 9],
        description: 'The target assistant. 7 = Sales: new orders; 9 = Billing Desk: invoices',
      },
    },
    ['assistant_id'],
  ),
  spec('lookup_order', { order_id: { type: 'string' }, express: { type: 'boolean' } }, ['order_id', 'express']),
];

const ask = (text: string, tools: ToolSpec[] = TOOLS, history: ChatMessage[] = []): ChatRequest => ({
  model: 'offline',
  temperature: 0,
  tools,
  messages: [{ role: 'system', content: 'You are helpful.' }, ...history, { role: 'user', content: text }],
});
const callOf = async (text: string, tools?: ToolSpec[]) => {
  const result = await model.complete(ask(text, tools));
  return result.toolCalls.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments) }));
};

describe('the offline model', () => {
  it('is deterministic and says what it is', async () => {
    const first = await model.complete(ask('Tell me a joke', []));
    expect(first).toEqual({
      content: 'Thanks for your message. I am the built-in offline model, so my answers are simple: you wrote "Tell me a joke".',
      toolCalls: [],
    });
    expect(await model.complete(ask('Tell me a joke', []))).toEqual(first);
  });

  it('calls a function only when the message plainly asks for it', async () => {
    expect(await callOf('What times are available between 2026-01-20 and 2026-01-22?')).toEqual([
      { name: FUNCTION_NAMES.availability, arguments: { start_date: '2026-01-20', end_date: '2026-01-22' } },
    ]);
    expect(await callOf('Please book 2026-01-20T09:00:00+02:00 for me. My name is Jane Doe, jane@example.com, +40 711 222 333')).toEqual([
      {
        name: FUNCTION_NAMES.booking,
        arguments: { start_time: '2026-01-20T09:00:00+02:00', name: 'Jane Doe', email: 'jane@example.com', phone: '+40711222333' },
      },
    ]);
    expect(await callOf('Use lookup_order with order_id: A-17, express: yes')).toEqual([
      { name: 'lookup_order', arguments: { order_id: 'A-17', express: true } },
    ]);
    expect(await callOf('Can I speak to someone about invoices?')).toEqual([
      { name: FUNCTION_NAMES.transfer, arguments: { assistant_id: 9 } },
    ]);
    expect(await callOf('Thanks, goodbye')).toEqual([
      { name: FUNCTION_NAMES.end, arguments: { reason: 'The customer asked to end the conversation.' } },
    ]);
    expect(await callOf('Do you ship abroad?')).toEqual([{ name: FUNCTION_NAMES.knowledge, arguments: { query: 'Do you ship abroad?' } }]);
    expect(await callOf('I like turtles.')).toEqual([]);
    // Without the function, the same message gets words, not a call.
    expect(await callOf('What times are available?', [])).toEqual([]);
  });

  it('asks for what a booking still needs instead of calling', async () => {
    const result = await model.complete(ask('I want to book an appointment'));
    expect(result).toEqual({
      content: 'To book the appointment I need start time, name and email. Please send them (times as 2026-01-20T09:00:00Z).',
      toolCalls: [],
    });
  });

  it('answers from function results', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'When are you free?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'a', name: FUNCTION_NAMES.availability, arguments: '{}' },
          { id: 'b', name: 'lookup_order', arguments: '{}' },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'a',
        content: JSON.stringify({ slots: [{ start: '2026-01-20T09:00:00+02:00' }, { start: '2026-01-20T10:00:00+02:00' }] }),
      },
      { role: 'tool', toolCallId: 'b', content: JSON.stringify({ error: 'The tool did not answer within 5 s.' }) },
    ];
    const request: ChatRequest = {
      model: 'offline',
      temperature: 0,
      tools: TOOLS,
      messages: [{ role: 'system', content: 's' }, ...history],
    };
    expect((await model.complete(request)).content).toBe(
      'These times are available: 2026-01-20T09:00:00+02:00 and 2026-01-20T10:00:00+02:00. Sorry, I could not lookup order: The tool did not answer within 5 s.',
    );
  });

  it('quotes knowledge passages given in the prompt', async () => {
    const request = ask('How long do refunds take?', []);
    request.messages[0] = { role: 'system', content: `Be nice.\n\n${KNOWLEDGE_CONTEXT_HEADING}\n- Refunds: Refunds take five days.` };
    expect((await model.complete(request)).content).toBe('Here is what I know: Refunds: Refunds take five days.');
  });

  it('streams the same text word by word', async () => {
    const tokens: string[] = [];
    const result = await model.complete(ask('hello there', []), { onToken: (t) => tokens.push(t) });
    expect(tokens.join('')).toBe(result.content);
    expect(tokens.length).toBeGreaterThan(5);
  });

  it('fills an evaluation with every field in its declared type', async () => {
    const assistant = {
      post_call_schema: [
        { name: 'budget', type: 'number', description: 'Budget' },
        { name: 'wants_demo', type: 'bool', description: 'Demo?' },
        { name: 'company', type: 'string', description: 'Company' },
      ],
    };
    const schema = evaluationSchema(assistant as never);
    const request: ChatRequest = {
      model: 'offline',
      temperature: 0,
      tools: [],
      json: { schema },
      messages: [
        { role: 'system', content: 'Evaluate.' },
        { role: 'user', content: 'AI: Hello!\nCustomer: I need 3 licences. Budget: 1200, company: Acme\nAI: Great.' },
      ],
    };
    expect(JSON.parse((await model.complete(request)).content)).toEqual({
      status: true,
      summary: '1 customer message, starting with: "I need 3 licences. Budget: 1200, company: Acme"',
      budget: 1200,
      wants_demo: false,
      company: 'Acme',
    });
  });
});
