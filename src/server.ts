import { ConfigError, loadConfig } from './config.js';
import { createDeps, type Deps } from './deps.js';
import { buildApp } from './app.js';
import { migrateToLatest } from './core/db/database.js';
import { DataDirInUseError } from './core/db/data-dir-lock.js';
import type { App } from './core/http/fastify-types.js';

/** Entry point: config -> deps -> migrations -> app -> listen, and a graceful stop on signals. */
async function main(): Promise<void> {
  let deps: Deps;
  try {
    deps = await createDeps(loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config, logger } = deps;
  const applied = await migrateToLatest(deps.db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');

  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.JOBS_ENABLED) deps.jobs.start();
  logger.info(
    { database: deps.database.kind, dataDir: deps.database.kind === 'pglite' ? config.DATA_DIR : undefined },
    `Switchboard listening on http://${config.HOST}:${config.PORT} (API reference at /api/docs)`,
  );
  installShutdown(app, deps);
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, then close the
 * database. A second signal, or the timeout, forces the exit.
 */
function installShutdown(app: App, deps: Deps): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      deps.logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    deps.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      deps.logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, deps.config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await deps.database.close();
      process.exit(0);
    } catch (error) {
      deps.logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
