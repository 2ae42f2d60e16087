/**
 * PostgreSQL reports constraint violations by SQLSTATE; both drivers (pg and PGlite) expose it
 * as `code` and the constraint (or index) name as `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
