import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonValues, readmeFirstMinutes, startDocsServer, type DocsServer } from './helpers/doc-examples.js';
import { createUser } from './helpers/factories.js';

/**
 * The README's first minutes, run as written in bash against a real server: only the address
 * differs (this test's port for 127.0.0.1:3000). The CLI's user is made the way the CLI makes it
 * (test/cli.test.ts runs the CLI itself).
 */
describe('README: the first minutes', () => {
  let server: DocsServer;

  beforeAll(async () => {
    server = await startDocsServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('logs in, creates an assistant, activates it and chats with it, with the commands as written', async () => {
    const [me, created, activated, reply, key] = jsonValues(await server.run(readmeFirstMinutes()));
    expect(me).toMatchObject({ email: 'you@example.com', total_balance: 10 });
    expect(created).toMatchObject({
      message: 'Assistant created successfully',
      data: { name: 'Front desk', status: 'inactive', mode: 'pipeline' },
    });
    expect(activated).toMatchObject({ message: 'Assistant updated successfully', data: { status: 'active' } });
    expect(reply).toMatchObject({ status: true, message: expect.stringContaining('built-in offline model'), function_calls: [] });
    expect(key).toMatchObject({ message: 'API key created successfully.', api_key: { name: 'Production', token: expect.any(String) } });
  }, 90_000);

  it('shows the refusal an inactive assistant really answers', async () => {
    const documented = readmeFirstMinutes().match(/^# 403 (\{.*\})$/m)![1]!;
    const { t } = server;
    const owner = await createUser(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/assistant',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        name: 'Quiet',
        type: 'inbound',
        mode: 'pipeline',
        voice_id: 11,
        language_id: 1,
        llm_model_id: 1,
        timezone: 'UTC',
        initial_message: 'Hi',
        system_prompt: 'Hi',
      },
    });
    const refused = await t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: res.json().data.uuid } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(JSON.parse(documented));
  });
});
