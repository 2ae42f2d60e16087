// Bundles the web console (console/) with Vite into dist/console, which the server serves at /app.
// Used by scripts/build.mjs and by the console's browser tests when dist/console is stale.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Runs `vite build` for the console; returns the exit status and what Vite printed. */
export function buildConsole(root, { quiet = false } = {}) {
  const viteDir = dirname(createRequire(join(root, 'package.json')).resolve('vite/package.json'));
  const result = spawnSync(
    process.execPath,
    [join(viteDir, 'bin', 'vite.js'), 'build', '--config', join(root, 'console', 'vite.config.ts'), '--logLevel', 'warn'],
    {
      cwd: root,
      // A test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      stdio: quiet ? 'pipe' : 'inherit',
    },
  );
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
