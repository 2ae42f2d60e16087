import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The benchmarks are not run by the tests, and a file one of them hands to autocannon (a worker
 * thread loads it by path) is not seen by the type check either: a renamed or deleted one only
 * showed when the benchmark ran. This checks every such path in bench/ names a file that exists.
 */
const benchDir = new URL('../bench/', import.meta.url);

function sources(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(new URL(`${entry.name}/`, dir)) : /\.(ts|mjs|cjs)$/.test(entry.name) ? [new URL(entry.name, dir)] : [],
  );
}

describe('benchmark files', () => {
  it('refer by URL only to files that exist', () => {
    const references = sources(benchDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new URL\('(\.{1,2}\/[^']+)', import\.meta\.url\)/g)].map((match) => ({
        from: fileURLToPath(file).replace(fileURLToPath(benchDir), 'bench/'),
        to: match[1]!,
        exists: existsSync(new URL(match[1]!, file)),
      })),
    );
    expect(references.length).toBeGreaterThan(5);
    expect(references.filter((reference) => !reference.exists)).toEqual([]);
  });

  it('require only CommonJS files that exist', () => {
    const missing = sources(benchDir)
      .filter((file) => file.pathname.endsWith('.cjs'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/require\('(\.{1,2}\/[^']+)'\)/g)].map((match) => new URL(match[1]!, file)),
      )
      .filter((target) => !existsSync(target));
    expect(missing).toEqual([]);
  });
});
