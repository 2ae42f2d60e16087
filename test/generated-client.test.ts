import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, generateClientFiles, readCommittedClientFiles } from '../scripts/generate-client.js';

/** The first line where two texts part, to say where a stale file went wrong. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end)')}, generated ${JSON.stringify(b[at] ?? '(end)')}`;
}

describe('the typed client in client/', () => {
  it('matches what the routes generate today (after changing a route: npm run generate:client)', async () => {
    const generated = await generateClientFiles(await buildOpenApiDocument());
    const committed = await readCommittedClientFiles();
    // Compared as booleans: a failure names the first differing line instead of printing 400 kB.
    const stale = (name: string, a: string, b: string) =>
      a === b ? null : `${name} is stale, run npm run generate:client (${firstDifference(a, b)})`;
    expect(
      [
        stale('client/openapi.json', committed.document, generated.document),
        stale('client/api.d.ts', committed.types, generated.types),
      ].filter(Boolean),
    ).toEqual([]);
  }, 120_000);
});
