import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(TSX, ['src/server.ts'], { env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

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
    const port = String(20000 + Math.floor(Math.random() * 20000));
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
      execFile(TSX, ['src/cli.ts', 'users', 'list'], { env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', DATA_DIR: dataDir } }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error as { code: number }).code : 0, stderr }),
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
      execFile(TSX, ['src/cli.ts', 'users', 'list'], { env: { ...process.env, DATABASE_URL: '', SECRET_KEY: '', DATA_DIR: dataDir } }, (_e, stdout) => resolve(stdout)),
    );
    expect(JSON.parse(after)).toEqual([]);
  }, 60_000);

  it('refuses to start with a bad configuration, naming the problem', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT must be integer (got "eighty")');
  }, 60_000);
});
