import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

const run = promisify(execFile);

/** The shell blocks of a README section, in order. */
function shellBlocks(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`## ${heading}\n`);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** The JSON objects printed one after another (curl adds no newline after a body). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' && depth++ === 0) start = i;
    else if (char === '}' && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

/**
 * The README's first minutes, run as written in bash against a real server: only the address
 * differs (this test's port for 127.0.0.1:3000). The CLI's user is made the way the CLI makes it
 * (test/cli.test.ts runs the CLI itself).
 */
describe('README: the first minutes', () => {
  let t: TestApp;
  let api: string;
  const blocks = shellBlocks(readFileSync('README.md', 'utf8'), 'The first minutes');

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    const created = blocks[0]!.match(/users create --email (\S+) --password '([^']+)' --name "[^"]+" --balance (\d+)/)!;
    await createUser(t.deps, { email: created[1], password: created[2], balanceUsd: Number(created[3]) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs in, creates an assistant, activates it and chats with it, with the commands as written', async () => {
    const script = blocks[1]!.replaceAll('http://127.0.0.1:3000/api', api);
    const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', script], { timeout: 60_000 });
    const [me, created, activated, reply, key] = jsonValues(stdout);
    expect(me).toMatchObject({ email: 'you@example.com', total_balance: 10 });
    expect(created).toMatchObject({ message: 'Assistant created successfully', data: { name: 'Front desk', status: 'inactive', mode: 'pipeline' } });
    expect(activated).toMatchObject({ message: 'Assistant updated successfully', data: { status: 'active' } });
    expect(reply).toMatchObject({ status: true, message: expect.stringContaining('built-in offline model'), function_calls: [] });
    expect(key).toMatchObject({ message: 'API key created successfully.', api_key: { name: 'Production', token: expect.any(String) } });
  }, 90_000);

  it('shows the refusal an inactive assistant really answers', async () => {
    const documented = blocks[1]!.match(/^# 403 (\{.*\})$/m)![1]!;
    const owner = await createUser(t.deps);
    const res = await t.app.inject({
      method: 'POST', url: '/api/user/assistant', headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'Quiet', type: 'inbound', mode: 'pipeline', voice_id: 11, language_id: 1, llm_model_id: 1, timezone: 'UTC', initial_message: 'Hi', system_prompt: 'Hi' },
    });
    const refused = await t.app.inject({ method: 'POST', url: '/api/conversations', payload: { assistant_id: res.json().data.uuid } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(JSON.parse(documented));
  });
});
