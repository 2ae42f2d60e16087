import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/core/db/database.js';
import { runAdminStatement, withDatabaseName } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    /** Without TEST_DATABASE_URL: a tarball of a migrated embedded database's data directory. */
    pgliteTemplate: string;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates = await sharedTemplates();
  for (const [key, value] of Object.entries(templates.provided)) project.provide(key as keyof Provided, value);
  return templates.release;
}

type Provided = { templateDatabase: string; pgliteTemplate: string };
interface Templates {
  provided: Partial<Provided>;
  teardown: () => Promise<void>;
}

/**
 * vitest calls setup once per project (the root included), in the one main process: the first
 * call makes the templates, every project is given the same, and the last teardown removes them.
 */
const shared = globalThis as { switchboardTemplates?: Promise<Templates>; switchboardTemplateUsers?: number };
async function sharedTemplates(): Promise<{ provided: Partial<Provided>; release: () => Promise<void> }> {
  shared.switchboardTemplates ??= makeTemplates();
  shared.switchboardTemplateUsers = (shared.switchboardTemplateUsers ?? 0) + 1;
  const templates = await shared.switchboardTemplates;
  return {
    provided: templates.provided,
    async release() {
      shared.switchboardTemplateUsers = (shared.switchboardTemplateUsers ?? 1) - 1;
      if (shared.switchboardTemplateUsers > 0) return;
      shared.switchboardTemplates = undefined;
      await templates.teardown();
    },
  };
}

/**
 * With TEST_DATABASE_URL set, migrate one template database once per run; every test file then
 * gets a fresh copy of it (CREATE DATABASE ... TEMPLATE), which takes milliseconds. The name is
 * unique per run so two runs on one server never touch each other's template.
 */
async function makeTemplates(): Promise<Templates> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return setupPgliteTemplate();
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
  return {
    provided: { templateDatabase: template },
    teardown: () => runAdminStatement(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`),
  };
}

/**
 * Without TEST_DATABASE_URL: initdb and the migrations take seconds on the embedded database,
 * so run them once per run, here, and give every test file a copy of the resulting data
 * directory (loading it takes under a second). The database is opened through openDatabase,
 * so the copy has the server's extensions and settings.
 */
async function setupPgliteTemplate(): Promise<Templates> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  let dump: Blob;
  try {
    await migrateToLatest(handle.db);
    dump = await handle.dumpDataDir!();
  } finally {
    await handle.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-pglite-template-'));
  const file = join(dir, 'pgdata.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  return { provided: { pgliteTemplate: file }, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
}
