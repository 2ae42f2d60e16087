import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../src/core/db/database.js';
import { TEMPLATE_DATABASE, withDatabaseName } from './postgres.js';

/**
 * With TEST_DATABASE_URL set, migrate one template database once; every test file then gets a
 * fresh copy of it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabaseName(url, TEMPLATE_DATABASE), max: 1 }) }),
  });
  try {
    await migrateToLatest(db);
    await sql`select 1`.execute(db);
  } finally {
    await db.destroy();
  }
}
