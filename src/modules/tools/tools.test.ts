import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, type Api } from '../../../test/helpers/assistants.js';

let t: TestApp;
let api: Api;
let other: Api;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiFor(t, (await createUser(t.deps)).token);
  other = apiFor(t, (await createUser(t.deps)).token);
});
afterAll(async () => {
  await t.close();
});

const orderTool = (overrides: Record<string, unknown> = {}) => ({
  name: 'check_order_status',
  description: "Checks an order's status",
  endpoint: 'https://api.yourstore.com/orders/status',
  method: 'GET',
  headers: [{ name: 'Content-Type', value: 'application/json' }],
  schema: [{ name: 'order_id', type: 'string', description: "The customer's order ID" }],
  ...overrides,
});
const NAME_RULE = 'Tool name must contain only lowercase letters and underscores, and start with a letter.';

describe('POST /api/user/tools', () => {
  it('creates a tool in the reference shape, timeout 10 by default', async () => {
    const res = await api.post('/api/user/tools', orderTool());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Tool created successfully',
      data: {
        id: expect.any(Number),
        ...orderTool(),
        timeout: 10,
        created_at: '2026-01-15T10:00:00.000000Z',
        updated_at: '2026-01-15T10:00:00.000000Z',
      },
    });
  });

  it('enforces the name pattern with the reference wording', async () => {
    for (const name of ['Check', '1check', 'check-order', 'check order']) {
      const res = await api.post('/api/user/tools', orderTool({ name }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: NAME_RULE, errors: { name: [NAME_RULE] } });
    }
  });

  it('bounds the timeout to 1..30 and checks method, endpoint and parameters', async () => {
    expect((await api.post('/api/user/tools', orderTool({ name: 'tool_a', timeout: 1 }))).statusCode).toBe(201);
    expect((await api.post('/api/user/tools', orderTool({ name: 'tool_b', timeout: 30 }))).statusCode).toBe(201);
    const res = await api.post('/api/user/tools', orderTool({ name: 'tool_c', timeout: 31, method: 'FETCH', endpoint: 'ftp://x', schema: [{ name: 'x', type: 'date', description: 'ab' }] }));
    expect(res.json().errors).toEqual({
      timeout: ['The timeout must be between 1 and 30.'],
      method: ['The selected method is invalid.'],
      endpoint: ['The endpoint field must be a valid URL.'],
      'schema.0.name': ['The schema.0.name field must be at least 2 characters.'],
      'schema.0.type': ['The selected schema.0.type is invalid.'],
      'schema.0.description': ['The schema.0.description field must be at least 3 characters.'],
    });
    expect((await api.post('/api/user/tools', orderTool({ name: 'tool_d', timeout: 0 }))).json().errors).toEqual({ timeout: ['The timeout must be between 1 and 30.'] });
  });

  it('refuses a second tool with the same name, and duplicate parameter names', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    expect((await a.post('/api/user/tools', orderTool())).statusCode).toBe(201);
    expect((await a.post('/api/user/tools', orderTool())).json()).toEqual({ message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } });
    const param = { name: 'order_id', type: 'string', description: 'The order' };
    expect((await a.post('/api/user/tools', orderTool({ name: 'other_tool', schema: [param, param] }))).json().errors).toEqual({ 'schema.1.name': ['The schema.1.name field has a duplicate value.'] });
  });
});

describe('reading, updating and deleting tools', () => {
  it('lists only the caller\'s tools as a bare array', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    await a.post('/api/user/tools', orderTool());
    await other.post('/api/user/tools', orderTool({ name: 'their_tool' }));
    const list = (await a.get('/api/user/tools')).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((x: { name: string }) => x.name)).toEqual(['check_order_status']);
  });

  it('replaces headers and schema on update and answers "Validation failed" on bad input', async () => {
    const { id } = (await api.post('/api/user/tools', orderTool({ name: 'replace_me' }))).json().data;
    const res = await api.put(`/api/user/tools/${id}`, { headers: [], schema: [{ name: 'email', type: 'string', description: 'Customer email' }], timeout: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Tool updated successfully', data: { id, name: 'replace_me', headers: [], timeout: 5, schema: [{ name: 'email' }] } });
    const bad = await api.put(`/api/user/tools/${id}`, { timeout: 60 });
    expect(bad.json()).toEqual({ message: 'Validation failed', errors: { timeout: ['The timeout must be between 1 and 30.'] } });
    expect((await api.get(`/api/user/tools/${id}`)).json().data.timeout).toBe(5);
  });

  it('is 404 "Tool not found" for another account\'s or an unknown tool', async () => {
    const { id } = (await other.post('/api/user/tools', orderTool({ name: 'private_tool' }))).json().data;
    for (const res of [
      await api.get(`/api/user/tools/${id}`),
      await api.put(`/api/user/tools/${id}`, { name: 'stolen' }),
      await api.delete(`/api/user/tools/${id}`),
      await api.get('/api/user/tools/abc'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Tool not found' });
    }
    expect((await other.get(`/api/user/tools/${id}`)).json().data.name).toBe('private_tool');
  });

  it('deletes a tool', async () => {
    const { id } = (await api.post('/api/user/tools', orderTool({ name: 'short_lived' }))).json().data;
    expect((await api.delete(`/api/user/tools/${id}`)).json()).toEqual({ message: 'Tool deleted successfully' });
    expect((await api.get(`/api/user/tools/${id}`)).statusCode).toBe(404);
  });
});
