import { sql } from 'kysely';
import type { Db } from './database.js';

export interface VacuumedTable {
  table: string;
  deadRows: number;
  ms: number;
}

/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL without its background workers, so
 * nothing vacuums or analyses on its own: the dead rows of tables updated all the time (jobs,
 * conversations' turn counters, rate-limit counters, balances) would only ever be pruned page by
 * page, and an install running for months grows on disk and in the buffer pool, with the planner
 * working from no statistics. This does what autovacuum would, with its default thresholds: each
 * table with more dead rows than 50 + 20% of its live ones, or more changes since its last
 * analysis than 50 + 10%, gets VACUUM (ANALYZE).
 *
 * One table at a time: PGlite runs one statement at a time for the whole process, so requests
 * wait while a table is vacuumed, and go on between tables. A table dropped meanwhile is skipped.
 */
export async function vacuumStaleTables(db: Db): Promise<VacuumedTable[]> {
  const { rows } = await sql<{ schema: string; table: string; dead_rows: number }>`
    SELECT schemaname AS schema, relname AS table, n_dead_tup::int AS dead_rows
    FROM pg_stat_user_tables
    WHERE n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
    ORDER BY n_dead_tup DESC`.execute(db);
  const vacuumed: VacuumedTable[] = [];
  for (const row of rows) {
    const started = performance.now();
    try {
      await sql`VACUUM (ANALYZE) ${sql.id(row.schema, row.table)}`.execute(db);
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') continue;
      throw error;
    }
    vacuumed.push({ table: row.table, deadRows: row.dead_rows, ms: Math.round(performance.now() - started) });
  }
  return vacuumed;
}
