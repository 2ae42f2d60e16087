// What a build of dist/ was made from, so `npm start` can tell whether dist/ is stale.
// Plain JavaScript on purpose: it runs before anything is compiled and without dev dependencies.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const STAMP_FILE = '.build-stamp';

/**
 * Files under src/ that the build compiles or copies: not tests and their fixtures, nor the
 * statements rendered for reading into sql/ folders (npm run generate:sql), which nothing runs.
 */
export function isBuildInput(path) {
  const parts = path.split(sep);
  const renderedSql = path.endsWith('.sql') && parts.at(-2) === 'sql';
  return !path.endsWith('.test.ts') && !parts.includes('fixtures') && !renderedSql;
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** The console's sources under console/ (its tests are not built). */
function isConsoleInput(path) {
  return !/\.test\.tsx?$/.test(path);
}

/**
 * A digest of the build's inputs: every built file under src/ and console/ (path and content),
 * the tsconfigs and package-lock.json. Content rather than modification times, so a copied or freshly checked
 * out tree whose files all look new is not rebuilt for nothing (and an edit is never missed).
 */
export function inputDigests(root) {
  const sources = createHash('sha256');
  const srcDir = join(root, 'src');
  for (const file of listFiles(srcDir)
    .filter((f) => isBuildInput(relative(srcDir, f)))
    .sort()) {
    sources.update(relative(root, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  const consoleDir = join(root, 'console');
  if (existsSync(consoleDir)) {
    for (const file of listFiles(consoleDir)
      .filter((f) => isConsoleInput(relative(consoleDir, f)))
      .sort()) {
      sources.update(relative(root, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  for (const name of ['tsconfig.json', 'tsconfig.build.json']) {
    const file = join(root, name);
    if (existsSync(file)) sources.update(name).update('\0').update(readFileSync(file)).update('\0');
  }
  const lockFile = join(root, 'package-lock.json');
  const lock = existsSync(lockFile) ? createHash('sha256').update(readFileSync(lockFile)).digest('hex') : null;
  return { sources: sources.digest('hex'), lock };
}

export function writeStamp(root, outDir) {
  const stamp = { ...inputDigests(root), builtAt: new Date().toISOString() };
  writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** Why dist/ must be built again before it runs, or null when it is current. */
export function staleReason(root, outDir, entries) {
  const missing = entries.find((entry) => !existsSync(join(outDir, `${entry}.js`)));
  if (missing) return `${relative(root, outDir)}/${missing}.js is missing`;
  if (!existsSync(join(outDir, 'console', 'index.html'))) return `${relative(root, outDir)}/console/index.html is missing`;
  const stampFile = join(outDir, STAMP_FILE);
  if (!existsSync(stampFile)) return `${relative(root, stampFile)} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return `${relative(root, stampFile)} is unreadable`;
  }
  const current = inputDigests(root);
  if (stamp.sources !== current.sources) return 'src/ or console/ changed since the last build';
  if (stamp.lock !== current.lock) return 'package-lock.json changed since the last build';
  return null;
}
