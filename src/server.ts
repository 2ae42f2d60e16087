import { ConfigError, loadConfig } from './config.js';
import { createDeps, type Deps } from './deps.js';
import { buildApp } from './app.js';
import { migrateToLatest } from './core/db/database.js';
import { DataDirInUseError } from './core/db/data-dir-lock.js';
import { DataDirVersionError } from './core/db/data-dir-version.js';
import type { App } from './core/http/fastify-types.js';
import { loadEnvFile } from './core/env-file.js';

/** Entry point: config -> deps -> migrations -> app -> listen, and a graceful stop on signals. */
async function main(): Promise<void> {
  let deps: Deps;
  try {
    loadEnvFile();
    deps = await createDeps(loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    if (error instanceof DataDirInUseError || error instanceof DataDirVersionError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config, logger } = deps;
  const applied = await migrateToLatest(deps.db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');

  const app = await buildApp(deps);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const problem = listenProblem(error, config.PORT, config.HOST);
    if (!problem) throw error;
    // One line an operator can act on, not a stack trace; the database is released first.
    console.error(problem);
    await app.close();
    await deps.database.close();
    process.exit(1);
  }
  if (config.JOBS_ENABLED) deps.jobs.start();
  logger.info(
    { database: deps.database.kind, dataDir: deps.database.kind === 'pglite' ? config.DATA_DIR : undefined },
    `Switchboard listening on http://${config.HOST}:${config.PORT} (API reference at /api/docs)`,
  );
  installShutdown(app, deps);
}

/** A listen failure the operator fixes in the configuration, as one sentence; others are bugs. */
function listenProblem(error: unknown, port: number, host: string): string | null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `Port ${port} is already in use on ${host}; set PORT to another port (or stop the process using it).`;
  if (code === 'EACCES')
    return `Port ${port} on ${host} needs privileges this process does not have; set PORT to 1024 or above, or put a proxy in front.`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine; set HOST to one of its addresses (or 0.0.0.0).`;
  return null;
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
