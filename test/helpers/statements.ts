import type { KyselyPlugin, OperationNode, QueryId } from 'kysely';

/**
 * Records every statement a Kysely instance sends (give `plugin` to startAnotherInstance), each
 * named by its kind and the tables it reads or writes: "select chatapp_messages chatapp_senders".
 * A statement compiled ahead (fixed-statement.ts) passes no query node and is named "prepared".
 */
export function statementRecorder() {
  const names = new Map<QueryId, string>();
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      names.set(queryId, statementName(node));
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      statements.push(names.get(queryId) ?? 'prepared');
      names.delete(queryId);
      return result;
    },
  };
  return { plugin, statements };
}

function statementName(node: OperationNode): string {
  // Table nodes name tables and, in column references, aliases and common table expressions
  // (WITH): those are left out.
  const tables = new Set<string>();
  const aliases = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const candidate = value as {
      kind?: string;
      table?: { identifier?: { name?: string }; table?: { identifier?: { name?: string } } };
      alias?: { kind?: string; name?: string };
    };
    if (candidate.kind === 'TableNode' && candidate.table?.identifier?.name) tables.add(candidate.table.identifier.name);
    if (candidate.kind === 'AliasNode' && candidate.alias?.kind === 'IdentifierNode' && candidate.alias.name)
      aliases.add(candidate.alias.name);
    if (candidate.kind === 'CommonTableExpressionNameNode' && candidate.table?.table?.identifier?.name)
      aliases.add(candidate.table.table.identifier.name);
    Object.values(value).forEach(visit);
  };
  visit(node);
  const kind = node.kind.replace(/QueryNode$|Node$/, '').toLowerCase();
  return [kind, ...[...tables].filter((table) => !aliases.has(table))].join(' ');
}

/**
 * Whether a recorded statement is the job runner's own: finding, claiming and finishing jobs
 * (on its tables, or raw or prepared). Tests of a job's work leave these out.
 */
export function isJobRunnerStatement(statement: string): boolean {
  return statement === 'raw' || statement === 'prepared' || /\bjob(s|_schedules)\b/.test(statement);
}
