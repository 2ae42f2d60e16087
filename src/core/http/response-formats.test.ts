import { afterAll, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  vi.restoreAllMocks();
});

// The response serializer compiles its own Ajv for union fields; a format only the request
// validator knew was reported on stderr once per schema ("unknown format ... ignored").
it('compiles every response schema without an unknown-format warning', async () => {
  const warn = vi.spyOn(console, 'warn');
  t = await buildTestApp();
  await t.app.ready();
  const { token } = await createUser(t.deps);
  const api = apiFor(t, token);
  await createAssistant(api, { webhook_url: 'https://hooks.example.com/ended' });
  const list = await t.app.inject({ method: 'GET', url: '/api/user/assistants', headers: bearer(token) });
  expect(list.statusCode).toBe(200);
  expect(list.json()[0].webhook_url).toBe('https://hooks.example.com/ended');
  const formatWarnings = warn.mock.calls.filter((call) => String(call[0]).includes('unknown format'));
  expect(formatWarnings).toEqual([]);
});
