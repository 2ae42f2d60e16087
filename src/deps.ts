import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino, type Logger } from 'pino';
import { ConfigError, type Config } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import { openDatabase, type DatabaseHandle, type Db } from './core/db/database.js';
import { createSecretBox, type SecretBox } from './core/crypto/secret-box.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createApiKeysService } from './modules/accounts/api-keys.service.js';
import { createAuthService } from './modules/accounts/auth.service.js';

/** Everything the app needs, built once. Tests build it with their own clock and database. */
export interface Deps {
  config: Config;
  db: Db;
  database: DatabaseHandle;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  services: Services;
}

export type Services = ReturnType<typeof createServices>;

export interface DepsOverrides {
  clock?: Clock;
  logger?: Logger;
  database?: DatabaseHandle;
}

export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const logger = overrides.logger ?? pino({ level: config.LOG_LEVEL });
  const clock = overrides.clock ?? systemClock;
  const secretKey = resolveSecretKey(config, logger);
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: join(config.DATA_DIR, 'pglite'),
      poolSize: config.DB_POOL_SIZE,
      onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
    }));
  const base = { config, db: database.db, database, clock, logger, secrets: createSecretBox(secretKey) };
  return { ...base, services: createServices(base) };
}

function createServices(deps: Omit<Deps, 'services'>) {
  const { db, clock, config } = deps;
  const accounts = createAccountsService({ db, clock });
  const auth = createAuthService({
    db,
    clock,
    accounts,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    loginMaxFailures: config.LOGIN_MAX_FAILURES,
    loginLockoutMinutes: config.LOGIN_LOCKOUT_MINUTES,
  });
  const apiKeys = createApiKeysService({ db, clock });
  return { accounts, auth, apiKeys };
}

/**
 * SECRET_KEY encrypts third-party secrets at rest. The embedded default generates one into
 * DATA_DIR on first start so a newcomer needs no setup; a shared PostgreSQL deployment must set
 * it, because every process has to use the same key.
 */
function resolveSecretKey(config: Config, logger: Logger): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  if (config.DATABASE_URL) {
    throw new ConfigError(['SECRET_KEY must be set when DATABASE_URL is set (every process must share it)']);
  }
  const file = join(config.DATA_DIR, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const generated = randomBytes(32).toString('hex');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  logger.warn({ file }, 'SECRET_KEY is not set: generated one into DATA_DIR. Back it up; without it stored third-party secrets cannot be read.');
  return generated;
}
