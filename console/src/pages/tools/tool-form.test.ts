import { describe, expect, it } from 'vitest';
import { emptyTool, prettyBody, testArguments, testErrorInWords, toolRequest, validateTool } from './tool-form.js';

describe('the tool editor', () => {
  const valid = {
    ...emptyTool(),
    name: 'check_order_status',
    description: ' Looks up an order. ',
    endpoint: 'https://api.shop.example/orders',
    headers: [
      { name: 'X-Api-Key', value: 'sk_l…7890' },
      { name: '', value: '' },
    ],
    schema: [
      { name: 'order_id', type: 'string' as const, description: 'The order number' },
      { name: '', type: 'string' as const, description: '' },
    ],
  };

  it('sends the whole tool, masked header values as read, empty rows left out', () => {
    expect(toolRequest(valid)).toEqual({
      name: 'check_order_status',
      description: 'Looks up an order.',
      method: 'POST',
      endpoint: 'https://api.shop.example/orders',
      timeout: 10,
      headers: [{ name: 'X-Api-Key', value: 'sk_l…7890' }],
      schema: [{ name: 'order_id', type: 'string', description: 'The order number' }],
    });
    expect(validateTool(valid)).toEqual({});
  });

  it('names what the server would refuse, beside its field', () => {
    expect(
      validateTool({
        ...valid,
        name: 'Check order',
        description: '',
        endpoint: 'ftp://x',
        timeout: 31,
        headers: [{ name: 'X Api', value: 'v' }],
        schema: [
          { name: 'id', type: 'string', description: 'An id' },
          { name: 'id', type: 'number', description: 'x' },
        ],
      }),
    ).toEqual({
      name: 'Lowercase letters and underscores only, starting with a letter, e.g. check_order_status.',
      description: 'Say what the tool does, so the assistant knows when to use it.',
      endpoint: 'An address starting with https:// (or http://).',
      timeout: 'Between 1 and 30 seconds.',
      'headers.0.name': 'A header name, e.g. Authorization or X-Api-Key.',
      'schema.1.name': 'Another parameter has this name.',
      'schema.1.description': 'Say what the value is (at least 3 characters).',
    });
  });
});

describe('a test request', () => {
  const schema = [
    { name: 'order_id', type: 'string' as const, description: 'Order' },
    { name: 'quantity', type: 'number' as const, description: 'How many' },
    { name: 'gift', type: 'boolean' as const, description: 'A gift?' },
  ];

  it('types the values as the tool declares them', () => {
    expect(testArguments(schema, { order_id: ' A-17 ', quantity: '2.5', gift: true })).toEqual({
      args: { order_id: 'A-17', quantity: 2.5, gift: true },
      errors: {},
    });
    expect(testArguments(schema, { quantity: 'two' })).toEqual({
      args: { gift: false },
      errors: { order_id: 'Give a value, as the assistant would.', quantity: 'A number, e.g. 2 or 4.5.' },
    });
  });

  it('says why no answer came', () => {
    expect(testErrorInWords({ code: 'FORBIDDEN_ADDRESS', message: 'x' }, 10)).toMatch(
      /^Switchboard does not call addresses on private networks/,
    );
    expect(testErrorInWords({ code: 'TIMEOUT', message: 'The request timed out.' }, 7)).toMatch(/^Your endpoint did not answer within 7 s/);
    expect(testErrorInWords({ code: 'NETWORK', message: 'ECONNREFUSED: connect' }, 7)).toBe(
      'Your endpoint could not be reached: ECONNREFUSED: connect',
    );
  });

  it('indents JSON and leaves other text as it came', () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody('plain <b>text</b>')).toBe('plain <b>text</b>');
  });
});
