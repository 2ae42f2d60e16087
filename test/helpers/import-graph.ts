import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One relative import of a source file, resolved to the file it names (a path under src/). */
export interface ImportEdge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Production sources under src/ (tests, fixtures and the generated client left out), as src-relative paths with `/`. */
export function sourceFiles(srcDir: string): string[] {
  return readdirSync(srcDir, { recursive: true })
    .map((entry) => String(entry).split(sep).join('/'))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.endsWith('.test.ts'))
    .filter((path) => !path.startsWith('client/') && !path.includes('/fixtures/'));
}

/**
 * Every relative import of the given files, read with the TypeScript parser: static imports and
 * re-exports, `import()` calls and `import('…')` types. Type-only imports are kept (and marked):
 * they make a cycle as much as a value import does for whoever reads the code.
 */
export function readImports(srcDir: string, files: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const source = ts.createSourceFile(from, readFileSync(join(srcDir, from), 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (specifier: string, typeOnly: boolean) => {
      if (!specifier.startsWith('.')) return;
      const target = relative(srcDir, resolve(dirname(join(srcDir, from)), specifier))
        .split(sep)
        .join('/');
      edges.push({ from, to: target.replace(/\.js$/, '.ts'), typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const typeOnly =
          !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
        add(node.moduleSpecifier.text, typeOnly);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) add(argument.text, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return edges;
}

/** The module a src-relative path belongs to (`modules/<name>/…`), or null outside modules/. */
export function moduleOf(path: string): string | null {
  const match = /^modules\/([^/]+)\//.exec(path);
  return match ? match[1]! : null;
}

/** Imports that break the layering: core/ reaching into a module, or a module past another's entry points. */
export function boundaryViolations(edges: ImportEdge[]): string[] {
  const violations: string[] = [];
  for (const { from, to } of edges) {
    const target = moduleOf(to);
    if (!target) continue;
    if (from.startsWith('core/')) {
      violations.push(`${from} -> ${to}: core/ imports no module`);
      continue;
    }
    const source = moduleOf(from);
    if (!source || source === target) continue;
    if (to === `modules/${target}/index.ts` || to.endsWith('.port.ts')) continue;
    violations.push(`${from} -> ${to}: use modules/${target}/index.ts or a *.port.ts`);
  }
  return violations;
}

/** Each import cycle once, as the path of files around it (Tarjan's strongly connected components). */
export function findCycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (next.get(node) ?? []).includes(node)) components.push(component.reverse());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => cyclePath(component, next));
}

/** A readable loop through one strongly connected component: a -> b -> … -> a. */
function cyclePath(component: string[], next: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const path = [start];
  const seen = new Set([start]);
  let at = start;
  for (;;) {
    const targets = (next.get(at) ?? []).filter((target) => members.has(target));
    const step =
      targets.find((target) => target === start && path.length > 1) ?? targets.find((target) => !seen.has(target)) ?? targets[0]!;
    path.push(step);
    if (step === start || seen.has(step)) return path;
    seen.add(step);
    at = step;
  }
}
