import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boundaryViolations, findCycles, readImports, sourceFiles, type ImportEdge } from './helpers/import-graph.js';

// The layering DESIGN.md describes: core/ knows no module; a module uses another only through its
// index.ts or a *.port.ts; no file imports itself back, not even for a type.

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const edges = readImports(SRC, sourceFiles(SRC));

const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });

describe('the import graph of src/', () => {
  it('is read from the sources (a sanity check on the parser)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual(edge('app.ts', 'core/http/error-handler.ts'));
    expect(edges.some((e) => e.typeOnly)).toBe(true);
  });

  it('has core/ import no module, and modules import each other only through index.ts or a port', () => {
    expect(boundaryViolations(edges)).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(findCycles(edges).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('report core/ importing a module and a module reaching past another one', () => {
    expect(
      boundaryViolations([
        edge('core/http/auth.ts', 'modules/accounts/index.ts'),
        edge('modules/calls/calls.service.ts', 'modules/accounts/accounts.service.ts'),
        edge('modules/calls/calls.service.ts', 'modules/accounts/index.ts'),
        edge('modules/calls/calls.service.ts', 'modules/chatapp/voice-calls.port.ts'),
        edge('modules/calls/calls.service.ts', 'modules/calls/calls.repo.ts'),
        edge('app.ts', 'modules/calls/calls.routes.ts'),
      ]),
    ).toEqual([
      'core/http/auth.ts -> modules/accounts/index.ts: core/ imports no module',
      'modules/calls/calls.service.ts -> modules/accounts/accounts.service.ts: use modules/accounts/index.ts or a *.port.ts',
    ]);
  });

  it('find a cycle through type-only imports, and none in a tree', () => {
    expect(findCycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts', true), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')])).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
    ]);
    expect(findCycles([edge('a.ts', 'b.ts'), edge('a.ts', 'c.ts'), edge('b.ts', 'c.ts')])).toEqual([]);
    expect(findCycles([edge('a.ts', 'a.ts')])).toEqual([['a.ts', 'a.ts']]);
  });
});
