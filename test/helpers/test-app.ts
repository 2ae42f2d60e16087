import type { KyselyPlugin } from 'kysely';
import { pino, type Logger } from 'pino';
import { loadConfig, type Config } from '../../src/config.js';
import { createDeps, type Deps, type DepsOverrides } from '../../src/deps.js';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/core/clock.js';
import type { App } from '../../src/core/http/fastify-types.js';
import type { DatabaseHandle } from '../../src/core/db/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import type { CallEngine } from '../../src/modules/calls/engine/engine.types.js';

export const TEST_SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789abcdef';

export interface TestApp {
  app: App;
  deps: Deps;
  clock: ManualClock;
  database: TestDatabase;
  /** Another app on the same database, as a second server process would be; `plugins` see every statement it sends. */
  startAnotherInstance(options?: { plugins?: KyselyPlugin[] }): Promise<{ app: App; deps: Deps }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: ManualClock;
  /** The call engine voice tests script (deps' default otherwise). */
  callEngine?: CallEngine;
  /** Timers, latency hooks and audio lead of the real call engines. */
  callEngineHooks?: DepsOverrides['callEngineHooks'];
  /** Silent unless a test reads what the app logs. */
  logger?: Logger;
}

/** A real app on a real, freshly migrated database, with a manual clock and a silent logger. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const clock = options.clock ?? new ManualClock();
  const database = await createTestDatabase();
  const started: Array<{ app: App; deps: Deps }> = [];

  const start = async (handle: DatabaseHandle) => {
    const deps = await createDeps(config, {
      clock,
      database: handle,
      logger: options.logger ?? pino({ level: 'silent' }),
      callEngine: options.callEngine,
      callEngineHooks: options.callEngineHooks,
    });
    const app = await buildApp(deps);
    started.push({ app, deps });
    return { app, deps };
  };

  const first = await start(database);
  return {
    ...first,
    clock,
    database,
    async startAnotherInstance(another: { plugins?: KyselyPlugin[] } = {}) {
      // PostgreSQL: a separate pool, like another process. PGlite: the same embedded database.
      const handle = database.openAnother ? await database.openAnother() : { ...database, close: async () => {} };
      const plugins = another.plugins ?? [];
      return start({ ...handle, db: plugins.reduce((db, plugin) => db.withPlugin(plugin), handle.db) });
    },
    async close() {
      for (const { app } of started) await app.close();
      await database.close();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: TEST_SECRET_KEY, DATA_DIR: 'memory://', ALLOW_PRIVATE_URLS: 'true', ...env });
}
