import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/core/db/database.js';
import { runAdminStatement, withDatabaseName } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/**
 * With TEST_DATABASE_URL set, migrate one template database once per run; every test file then
 * gets a fresh copy of it (CREATE DATABASE ... TEMPLATE), which takes milliseconds. The name is
 * unique per run so two runs on one server never touch each other's template.
 */
export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const template = `switchboard_test_template_${randomBytes(4).toString('hex')}`;
  await runAdminStatement(url, `CREATE DATABASE ${template}`);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: withDatabaseName(url, template), max: 1 }) }),
  });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('templateDatabase', template);
  return () => runAdminStatement(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
