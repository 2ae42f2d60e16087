import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>, cwd = process.cwd()) {
  const child = spawn(TSX, [join(process.cwd(), 'src/server.ts')], {
    cwd,
    env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child: child as ChildProcess, output: () => output, stderr: () => stderr, exited };
}

const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

async function waitFor(url: string, deadlineMs = 30_000): Promise<Response> {
  const start = Date.now();
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() - start > deadlineMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('the server process', () => {
  it('starts on the embedded default, serves, and stops cleanly on SIGTERM', async () => {
    const port = String(randomPort());
    const server = startServer({ PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const health = await waitFor(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect(await (await fetch(`http://127.0.0.1:${port}/ready`)).json()).toEqual({ status: 'ready' });
    const unauthenticated = await fetch(`http://127.0.0.1:${port}/api/user/me`);
    expect(unauthenticated.status).toBe(401);
    expect(server.output()).toContain('SECRET_KEY is not set: generated one into DATA_DIR');

    // The embedded database serves one process: a CLI run against the live data dir is refused.
    const { execFile } = await import('node:child_process');
    const cli = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(
        TSX,
        ['src/cli.ts', 'users', 'list'],
        { env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', DATA_DIR: dataDir } },
        (error, _stdout, stderr) => resolve({ code: error ? (error as { code: number }).code : 0, stderr }),
      ),
    );
    expect(cli.code).toBe(1);
    // (tsx runs the server in a child process of its own, so the pid is not server.child.pid)
    expect(cli.stderr).toMatch(new RegExp(`The embedded database in ${dataDir}/pglite is in use by another process \\(pid \\d+\\)\\.`));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    // After a clean stop the CLI can use the data dir again, and sees what the server stored.
    const after = await new Promise<string>((resolve) =>
      execFile(
        TSX,
        ['src/cli.ts', 'users', 'list'],
        { env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', DATA_DIR: dataDir } },
        (_e, stdout) => resolve(stdout),
      ),
    );
    expect(JSON.parse(after)).toEqual([]);
  }, 60_000);

  it('a port already in use is one clear line on stderr and exit code 1, and the data dir is released', async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)),
    );
    try {
      const ownDataDir = mkdtempSync(join(tmpdir(), 'switchboard-port-'));
      const server = startServer({ PORT: String(port), DATA_DIR: ownDataDir, LOG_LEVEL: 'warn' });
      expect(await server.exited).toBe(1);
      rmSync(ownDataDir, { recursive: true, force: true });
      expect(server.stderr()).toBe(
        `Port ${port} is already in use on 127.0.0.1; set PORT to another port (or stop the process using it).\n`,
      );
    } finally {
      holder.close();
    }
  }, 180_000);

  it('reads .env from the working directory, the real environment winning', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'switchboard-dotenv-'));
    try {
      const port = randomPort();
      // PORT and DATA_DIR come from the file; ALLOW_SIGNUP is set in the environment too, which wins.
      writeFileSync(join(cwd, '.env'), `PORT=${port}\nDATA_DIR="${join(cwd, 'data')}"\nALLOW_SIGNUP=true\n`);
      const env = { ...process.env, ALLOW_SIGNUP: 'false' } as Record<string, string>;
      delete env.PORT;
      delete env.DATA_DIR;
      const server = startServer(env, cwd);
      try {
        expect((await waitFor(`http://127.0.0.1:${port}/health`, 150_000)).status).toBe(200);
        const register = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'A', email: 'a@example.com', password: 'long enough' }),
        });
        expect(register.status).toBe(403);
        const root = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
        expect([root.status, root.headers.get('location')]).toEqual([302, '/app']);
        expect(server.output()).toContain(`"dataDir":"${join(cwd, 'data')}"`);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses to start with a bad configuration, naming the problem', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT must be integer (got "eighty")');
  }, 60_000);
});
