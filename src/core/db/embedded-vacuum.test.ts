import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import type { Db } from './database.js';
import { vacuumStaleTables } from './embedded-vacuum.js';

interface TableStats {
  n_live_tup: number;
  n_dead_tup: number;
  vacuumed: boolean;
  analysed: boolean;
}

/**
 * PostgreSQL publishes a backend's table statistics when it goes idle, at most once a second
 * unless asked: every statement of a test runs on one pinned connection that flushes them before
 * the next read.
 */
async function statsOf(db: Db, table: string): Promise<TableStats> {
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const { rows } = await sql<TableStats>`
    SELECT n_live_tup::int, n_dead_tup::int, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
    FROM pg_stat_user_tables WHERE relname = ${table}`.execute(db);
  return rows[0]!;
}

/** 200 rows, each updated `times` times: up to 200 * times dead row versions. */
async function churn(db: Db, table: string, times: number): Promise<void> {
  await sql`CREATE TABLE ${sql.id(table)} (id int PRIMARY KEY, n int NOT NULL)`.execute(db);
  await sql`INSERT INTO ${sql.id(table)} SELECT g, 0 FROM generate_series(1, 200) AS g`.execute(db);
  for (let i = 0; i < times; i++) await sql`UPDATE ${sql.id(table)} SET n = n + 1`.execute(db);
}

describe('vacuumStaleTables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('vacuums and analyses the tables past autovacuum thresholds, and only those', async () => {
    await t.deps.db.connection().execute(async (db) => {
      await churn(db, 'vacuum_probe_churned', 5);
      // 200 live rows and 2 dead: under 50 + 20% for dead rows; 200 changes: past 50 + 10% for analysis.
      await churn(db, 'vacuum_probe_quiet', 0);
      // The inserts' counts reach the statistics before ANALYZE, which then resets them.
      await sql`SELECT pg_stat_force_next_flush()`.execute(db);
      await sql`ANALYZE vacuum_probe_quiet`.execute(db);
      await sql`UPDATE vacuum_probe_quiet SET n = 1 WHERE id <= 2`.execute(db);
      // Of the 1,000 dead versions, page pruning removes some as the updates go.
      const churned = await statsOf(db, 'vacuum_probe_churned');
      expect(churned).toMatchObject({ n_live_tup: 200, vacuumed: false, analysed: false });
      expect(churned.n_dead_tup).toBeGreaterThan(50 + 0.2 * 200);
      expect(await statsOf(db, 'vacuum_probe_quiet')).toEqual({ n_live_tup: 200, n_dead_tup: 2, vacuumed: false, analysed: true });

      const vacuumed = await vacuumStaleTables(db);
      const tables = vacuumed.map((v) => v.table);
      expect(tables).toContain('vacuum_probe_churned');
      expect(tables).not.toContain('vacuum_probe_quiet');
      expect(vacuumed.find((v) => v.table === 'vacuum_probe_churned')).toMatchObject({ deadRows: churned.n_dead_tup });

      expect(await statsOf(db, 'vacuum_probe_churned')).toEqual({ n_live_tup: 200, n_dead_tup: 0, vacuumed: true, analysed: true });
      expect(await statsOf(db, 'vacuum_probe_quiet')).toEqual({ n_live_tup: 200, n_dead_tup: 2, vacuumed: false, analysed: true });
      // Nothing left past a threshold: a second run vacuums nothing.
      expect(await vacuumStaleTables(db)).toEqual([]);
    });
  });

  it('is scheduled every 15 minutes on the embedded database only, where PostgreSQL has autovacuum', async () => {
    await t.deps.jobs.drain();
    const { rows } = await sql<{ name: string; every_ms: number }>`
      SELECT name, every_ms::int FROM job_schedules WHERE name LIKE 'maintenance.%' ORDER BY name`.execute(t.deps.db);
    expect(rows).toEqual([
      { name: 'maintenance.prune-expired', every_ms: 900_000 },
      ...(t.database.kind === 'pglite' ? [{ name: 'maintenance.vacuum-embedded', every_ms: 900_000 }] : []),
    ]);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('runs as a job when its schedule fires', async () => {
    await t.deps.db.connection().execute(async (db) => {
      await churn(db, 'vacuum_probe_job', 3);
      const before = await statsOf(db, 'vacuum_probe_job');
      expect(before).toMatchObject({ n_live_tup: 200, vacuumed: false });
      expect(before.n_dead_tup).toBeGreaterThan(50 + 0.2 * 200);
    });
    t.clock.advance(15 * 60_000);
    await t.deps.jobs.drain();
    expect(await statsOf(t.deps.db, 'vacuum_probe_job')).toEqual({ n_live_tup: 200, n_dead_tup: 0, vacuumed: true, analysed: true });
  });
});
