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
      expect(res.json()).toEqual({
        message: 'The name field must contain only lowercase letters and underscores, and start with a letter.',
        errors: { name: [NAME_RULE] },
      });
    }
  });

  it('bounds the timeout to 1..30 and checks method, endpoint and parameters', async () => {
    expect((await api.post('/api/user/tools', orderTool({ name: 'tool_a', timeout: 1 }))).statusCode).toBe(201);
    expect((await api.post('/api/user/tools', orderTool({ name: 'tool_b', timeout: 30 }))).statusCode).toBe(201);
    const res = await api.post(
      '/api/user/tools',
      orderTool({
        name: 'tool_c',
        timeout: 31,
        method: 'FETCH',
        endpoint: 'ftp://x',
        schema: [{ name: 'x', type: 'date', description: 'ab' }],
      }),
    );
    expect(res.json().errors).toEqual({
      timeout: ['The timeout must be between 1 and 30.'],
      method: ['The selected method is invalid.'],
      endpoint: ['The endpoint field must be a valid URL.'],
      'schema.0.name': ['The schema.0.name field must be at least 2 characters.'],
      'schema.0.type': ['The selected schema.0.type is invalid.'],
      'schema.0.description': ['The schema.0.description field must be at least 3 characters.'],
    });
    expect((await api.post('/api/user/tools', orderTool({ name: 'tool_d', timeout: 0 }))).json().errors).toEqual({
      timeout: ['The timeout must be between 1 and 30.'],
    });
  });

  it('refuses a second tool with the same name, and duplicate parameter names', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    expect((await a.post('/api/user/tools', orderTool())).statusCode).toBe(201);
    expect((await a.post('/api/user/tools', orderTool())).json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    const param = { name: 'order_id', type: 'string', description: 'The order' };
    expect((await a.post('/api/user/tools', orderTool({ name: 'other_tool', schema: [param, param] }))).json().errors).toEqual({
      'schema.1.name': ['The schema.1.name field has a duplicate value.'],
    });
  });
});

describe('reading, updating and deleting tools', () => {
  it("lists only the caller's tools as a bare array", async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    await a.post('/api/user/tools', orderTool());
    await other.post('/api/user/tools', orderTool({ name: 'their_tool' }));
    const list = (await a.get('/api/user/tools')).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((x: { name: string }) => x.name)).toEqual(['check_order_status']);
  });

  it('replaces headers and schema on update and answers "Validation failed" on bad input', async () => {
    const { id } = (await api.post('/api/user/tools', orderTool({ name: 'replace_me' }))).json().data;
    const res = await api.put(`/api/user/tools/${id}`, {
      headers: [],
      schema: [{ name: 'email', type: 'string', description: 'Customer email' }],
      timeout: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Tool updated successfully',
      data: { id, name: 'replace_me', headers: [], timeout: 5, schema: [{ name: 'email' }] },
    });
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

describe('header values are secrets', () => {
  const API_KEY = 'sk_live_4f9a8b7c6d5e1234567890';
  const storedHeaders = async (id: number) =>
    (await t.deps.db.selectFrom('custom_tools').select('headers').where('id', '=', id).executeTakeFirstOrThrow()).headers;

  it('are sealed at rest and returned masked everywhere, content negotiation headers excepted', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    const headers = [
      { name: 'X-Api-Key', value: API_KEY },
      { name: 'Content-Type', value: 'application/json' },
      { name: 'X-Short', value: 'abc' },
    ];
    const created = await a.post('/api/user/tools', orderTool({ headers }));
    expect(created.statusCode).toBe(201);
    const masked = [
      { name: 'X-Api-Key', value: 'sk_l…7890' },
      { name: 'Content-Type', value: 'application/json' },
      { name: 'X-Short', value: '****' },
    ];
    const { id } = created.json().data;
    expect(created.json().data.headers).toEqual(masked);
    expect((await a.get(`/api/user/tools/${id}`)).json().data.headers).toEqual(masked);
    expect((await a.get('/api/user/tools')).json()[0].headers).toEqual(masked);

    const stored = await storedHeaders(id);
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
    expect(JSON.stringify(stored)).not.toContain('application/json');
    expect(stored.map((h) => Object.keys(h).sort())).toEqual([
      ['name', 'value_sealed'],
      ['name', 'value_sealed'],
      ['name', 'value_sealed'],
    ]);
    expect(stored.map((h) => t.deps.secrets.open(h.value_sealed!))).toEqual([API_KEY, 'application/json', 'abc']);
  });

  it('keep their stored value when the masked value is sent back, and take a new value when one is sent', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    const { id } = (
      await a.post(
        '/api/user/tools',
        orderTool({
          headers: [
            { name: 'X-Api-Key', value: API_KEY },
            { name: 'X-Short', value: 'abc' },
          ],
        }),
      )
    ).json().data;
    const read = (await a.get(`/api/user/tools/${id}`)).json().data;
    const res = await a.put(`/api/user/tools/${id}`, {
      headers: [...read.headers, { name: 'Authorization', value: 'Bearer new-token-0001' }],
      description: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.headers).toEqual([...read.headers, { name: 'Authorization', value: 'Bear…0001' }]);
    expect((await storedHeaders(id)).map((h) => t.deps.secrets.open(h.value_sealed!))).toEqual([API_KEY, 'abc', 'Bearer new-token-0001']);

    // A header's name is matched case-insensitively; a new full value replaces the old one.
    await a.put(`/api/user/tools/${id}`, {
      headers: [
        { name: 'x-api-key', value: 'sk_l…7890' },
        { name: 'X-Short', value: 'xyz' },
      ],
    });
    expect((await storedHeaders(id)).map((h) => [h.name, t.deps.secrets.open(h.value_sealed!)])).toEqual([
      ['x-api-key', API_KEY],
      ['X-Short', 'xyz'],
    ]);
  });

  it('refuse a masked value that matches no stored header, changing nothing', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    const { id } = (await a.post('/api/user/tools', orderTool({ headers: [{ name: 'X-Api-Key', value: API_KEY }] }))).json().data;
    const before = await storedHeaders(id);
    for (const headers of [
      [{ name: 'X-Api-Key', value: 'sk_l…0000' }],
      [{ name: 'X-Other-Key', value: 'sk_l…7890' }],
      [{ name: 'X-Api-Key', value: '****' }],
    ]) {
      const res = await a.put(`/api/user/tools/${id}`, { headers, name: 'renamed_tool' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Validation failed',
        errors: { 'headers.0.value': ['The headers.0.value field must be the full value.'] },
      });
    }
    expect(await storedHeaders(id)).toEqual(before);
    expect((await a.get(`/api/user/tools/${id}`)).json().data.name).toBe('check_order_status');
    const created = await a.post(
      '/api/user/tools',
      orderTool({ name: 'copied_tool', headers: [{ name: 'X-Api-Key', value: 'sk_l…7890' }] }),
    );
    expect(created.json()).toEqual({
      message: 'The headers.0.value field must be the full value.',
      errors: { 'headers.0.value': ['The headers.0.value field must be the full value.'] },
    });
  });

  it('stored in plain text before sealing are read as plain, masked, and sealed on the next update', async () => {
    const a = apiFor(t, (await createUser(t.deps)).token);
    const { id } = (await a.post('/api/user/tools', orderTool({ name: 'legacy_tool', headers: [] }))).json().data;
    await t.deps.db
      .updateTable('custom_tools')
      .set({ headers: JSON.stringify([{ name: 'X-Api-Key', value: API_KEY }]) })
      .where('id', '=', id)
      .execute();
    const read = (await a.get(`/api/user/tools/${id}`)).json().data;
    expect(read.headers).toEqual([{ name: 'X-Api-Key', value: 'sk_l…7890' }]);
    expect((await a.put(`/api/user/tools/${id}`, { headers: read.headers })).statusCode).toBe(200);
    const stored = await storedHeaders(id);
    expect(stored[0]!.value).toBeUndefined();
    expect(t.deps.secrets.open(stored[0]!.value_sealed!)).toBe(API_KEY);
  });
});
