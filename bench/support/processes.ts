import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export { freePort } from '../../test/helpers/server-process.js';

const interruptCleanups: Array<() => Promise<unknown>> = [];

/**
 * The benchmark's child processes, killed whenever it ends: on exit, on SIGINT or SIGTERM (which
 * end Node without the 'exit' event and would leave them running, the fake servers still
 * holding their ports), and on a crash (an error nothing caught, in the benchmark or in one of
 * autocannon's workers). The last two run the onInterrupt cleanups first, so a crashed run
 * leaves no database behind either. Push later children onto the returned list.
 */
export function killedWithBenchmark(...children: ChildProcess[]): ChildProcess[] {
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let ending = false;
  const endWith = (code: number) => {
    if (ending) return;
    ending = true;
    killAll();
    // What was running fails as its children and database go: expected, and the exit below sets the code.
    process.on('uncaughtException', () => {});
    const cleaned = Promise.allSettled(interruptCleanups.map((cleanup) => cleanup()));
    void Promise.race([cleaned, new Promise((resolve) => setTimeout(resolve, 5_000))]).then(() => process.exit(code));
  };
  process.on('exit', killAll);
  // Once: a second signal while the cleanups run ends the process at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => endWith(128 + constants.signals[signal]));
  process.once('uncaughtException', (error) => {
    console.error(error);
    endWith(1);
  });
  return children;
}

/** Also run on SIGINT, SIGTERM or a crash before the benchmark exits (at most 5 s), e.g. dropping its database. */
export function onInterrupt(cleanup: () => Promise<unknown>): void {
  interruptCleanups.push(cleanup);
}

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

/**
 * The fake OpenAI-compatible model (fake-llm-process.ts) in its own process, so its work is not
 * done on the measured event loop. `url` resolves with its base URL once it listens.
 */
export function spawnFakeLlm(): { child: ChildProcess; url: Promise<string> } {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/fake-llm-process.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fake LLM exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { child, url };
}
