import { bearer } from './factories.js';
import { deepArrays, deepObjects } from './fuzz-values.js';

/**
 * Bodies no JSON serialiser writes, sent to every operation that takes one: malformed and empty
 * JSON, prototype keys, 5,000 levels of nesting, bytes that are not UTF-8, JSON escapes of NUL
 * and lone surrogates, wrong and missing content types, and broken multipart.
 */

interface Operation {
  method: string;
  path: string;
  spec: Record<string, any>;
}

const BOUNDARY = 'fuzzboundary';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;

const jsonBodies: Array<string | Buffer> = [
  '',
  '   ',
  '{',
  '{"a":',
  '}',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"name": undefined}',
  "{'a': 1}",
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  '{"a": 1, "a": 2}',
  deepArrays(5000),
  deepObjects(5000),
  `{"name": ${deepArrays(65)}}`,
  Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
  '{"name": "a\\u0000b", "message": "a\\u0000b", "assistant_id": "\\u0000"}',
  '{"name": "\\ud800", "message": "\\udfff", "customer_identifier": "\\ud800x"}',
  '{"\\u0000": 1, "variables": {"\\u0000key": "x", "k": "\\ud800"}}',
  '{"id": 1e309, "page": 1e21, "assistant_id": 123456789012345678901234567890}',
];

const multipartBodies: Array<{ contentType: string; body: string }> = [
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: 'not multipart at all' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: part('name', 'Doc') + part('type', 'txt') },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('name', 'Doc')}${part('type', 'txt')}${part('file', 'hello', 'a.txt')}--${BOUNDARY}--\r\n`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('name', 'a\u0000b')}${part('type', 'txt')}${part('file', 'x\u0000y', 'a.txt')}--${BOUNDARY}--\r\n`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${part('file', 'one', 'a.txt')}${part('file', 'two', 'b.txt')}--${BOUNDARY}--\r\n`,
  },
  { contentType: 'multipart/form-data', body: `${part('name', 'Doc')}--${BOUNDARY}--\r\n` },
  { contentType: 'multipart/form-data; boundary=', body: '--\r\n' },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\n\r\n\r\n--${BOUNDARY}--\r\n` },
];

/** Over the 1 MiB body limit (built once: the same string serves every operation). */
const OVERSIZED = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });

const otherContentTypes = [
  { contentType: 'text/plain', body: '{"name":"x"}' },
  { contentType: 'application/x-www-form-urlencoded', body: 'name=x' },
  { contentType: 'application/json; charset=latin1', body: '{"name":"x"}' },
  { contentType: 'application/vnd.api+json', body: '{"name":"x"}' },
  { contentType: 'bogus', body: '{}' },
  { contentType: '', body: '{}' },
];

/** The raw requests for one operation, with its path parameters set to 1. */
export function rawBodyCases(operation: Operation, token: string, sign: (body: string | Buffer) => string) {
  const url = operation.path.replace(/\{uuid\}/g, '00000000-0000-4000-8000-000000000000').replace(/\{[^}]+\}/g, '1');
  const headersFor = (contentType: string, payload: string | Buffer): Record<string, string> => {
    const headers: Record<string, string> = { ...bearer(token) };
    if (contentType) headers['content-type'] = contentType;
    if (operation.path === '/api/webhooks/chatapp') headers['x-hub-signature-256'] = sign(payload);
    return headers;
  };
  const cases = [
    ...jsonBodies.map((payload) => ({ contentType: 'application/json', body: payload })),
    ...otherContentTypes,
    ...(operation.spec.requestBody?.content?.['multipart/form-data'] ? multipartBodies : multipartBodies.slice(0, 2)),
    { contentType: 'application/json', body: OVERSIZED },
  ];
  return cases.map(({ contentType, body }) => ({ method: operation.method, url, headers: headersFor(contentType, body), payload: body }));
}
