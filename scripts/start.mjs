// `npm start` / `npm run cli`: runs the compiled server (or CLI) from dist/, building it first when
// dist/ is missing or older than src/ or package-lock.json. Plain JavaScript so that a production
// install (`npm ci --omit=dev`, no tsx, no TypeScript) can start a built tree.
//   node scripts/start.mjs [server|cli] [arguments...]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleReason } from './build-stamp.mjs';

const ENTRIES = ['server', 'cli'];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist');

const [, , requested = 'server', ...args] = process.argv;
if (!ENTRIES.includes(requested)) {
  console.error(`Usage: node scripts/start.mjs [${ENTRIES.join('|')}] [arguments...]`);
  process.exit(64);
}

const reason = staleReason(root, outDir, ENTRIES);
if (reason) {
  if (!existsSync(join(root, 'node_modules', 'typescript'))) {
    console.error(
      `dist/ needs a build (${reason}), but TypeScript is not installed (a production install?). Run \`npm run build\` where dev dependencies are installed, then copy dist/ along.`,
    );
    process.exit(1);
  }
  // Build messages go to stderr: the CLI's stdout carries only its JSON.
  console.error(`Building dist/ (${reason})...`);
  const npm = process.env.npm_execpath;
  const build = npm
    ? spawnSync(process.execPath, [npm, 'run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 2, 2] })
    : spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The entry sees the same argv as if it had been started directly: node dist/cli.js users list
const entry = join(outDir, `${requested}.js`);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
