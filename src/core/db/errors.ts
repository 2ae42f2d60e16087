/**
 * PostgreSQL reports constraint violations by SQLSTATE; both drivers (pg and PGlite) expose it
 * as `code` and the constraint (or index) name as `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * The detail a statement handed to `refuse_statement` (migration 0019) when it refused, parsed;
 * undefined for any other error.
 */
export function statementRefusal<T>(error: unknown): T | undefined {
  const e = error as { code?: string; detail?: string } | null;
  if (e?.code !== 'SB001' || typeof e.detail !== 'string') return undefined;
  return JSON.parse(e.detail) as T;
}
