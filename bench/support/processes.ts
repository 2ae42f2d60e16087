import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export { freePort } from '../../test/helpers/server-process.js';

/** A child process whose output is kept (and shown when it exits early). */
export function startProcess(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null) console.error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`);
  });
  return { child: child as ChildProcess, exited, output: () => output };
}

export async function waitForHealth(base: string, deadlineMs = 180_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > deadlineMs) throw new Error(`${base} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface Memory {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** tsx runs the server in a child of its own: the parent's RSS comes on top. */
  launcherRssMb?: number;
}

/** The serving process's memory from its Prometheus /metrics (prom-client's default metrics). */
export async function memoryOf(base: string, launcherPid?: number): Promise<Memory> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const metric = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`${name} missing from /metrics`);
    return Number(line.split(' ')[1]) / 1048576;
  };
  return {
    rssMb: metric('process_resident_memory_bytes'),
    heapUsedMb: metric('nodejs_heap_size_used_bytes'),
    heapTotalMb: metric('nodejs_heap_size_total_bytes'),
    externalMb: metric('nodejs_external_memory_bytes'),
    ...(launcherPid ? { launcherRssMb: rssOfPid(launcherPid) } : {}),
  };
}

function rssOfPid(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
