import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from '../src/core/process-alive.js';

const fixture = fileURLToPath(new URL('./fixtures/bench/crashing-benchmark.ts', import.meta.url));

describe('a benchmark that crashes', () => {
  it.each(['at-once', 'later'])('kills its children and runs its cleanups before it exits with 1 (%s)', (when) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fixture, when], { encoding: 'utf8', timeout: 20_000 });
    const pid = Number(/child (\d+)/.exec(run.stdout)?.[1]);
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line && !line.startsWith('child'))).toEqual(['cleanup ran']);
    expect(run.stderr).toContain(when === 'later' ? 'Error: crashed later' : 'Error: crashed at once');
    expect(isProcessAlive(pid)).toBe(false);
  });
});
