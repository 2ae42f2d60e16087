// `npm run build`: compiles src/ to dist/ with tsc, copies the files the code reads at run time
// (browser scripts and pages next to their modules), builds the web console (console/, Vite) into
// dist/console, and writes the build stamp last, so an interrupted build is never taken for a
// current one.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildInput, writeStamp } from './build-stamp.mjs';
import { buildConsole } from './build-console.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'src');
const outDir = join(root, 'dist');

let tsc;
try {
  tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  console.error('Building needs TypeScript, a dev dependency: run `npm ci` (not --omit=dev) where you build.');
  process.exit(1);
}

rmSync(outDir, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) {
  rmSync(outDir, { recursive: true, force: true });
  process.exit(compiled.status ?? 1);
}

let assets = 0;
for (const entry of readdirSync(srcDir, { recursive: true, withFileTypes: true })) {
  const file = join(entry.parentPath ?? entry.path, entry.name);
  const path = relative(srcDir, file);
  if (!entry.isFile() || path.endsWith('.ts') || !isBuildInput(path)) continue;
  mkdirSync(join(outDir, dirname(path)), { recursive: true });
  cpSync(file, join(outDir, path));
  assets++;
}

// The console: Vite bundles console/ into dist/console, which the server serves at /app.
const consoleBuild = buildConsole(root);
if (consoleBuild.status !== 0) {
  rmSync(outDir, { recursive: true, force: true });
  process.exit(consoleBuild.status ?? 1);
}

writeStamp(root, outDir);
console.error(
  `Built ${relative(root, outDir) || '.'}${sep} (${assets} asset files copied, the console in ${relative(root, join(outDir, 'console'))}${sep}).`,
);
