import { pino } from 'pino';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { createBenchDatabase } from './database.js';
import { killedWithBenchmark, onInterrupt, spawnFakeLlm } from './processes.js';

/**
 * The service's dependencies in this process, on a fresh PostgreSQL database, with the fake model
 * in its own process (`llmUrl`): both go with the benchmark, however it ends. `env` adds to the
 * configuration (or overrides it).
 */
export async function startBenchService(env: Record<string, string> = {}) {
  const { child: fakeLlm, url } = spawnFakeLlm();
  killedWithBenchmark(fakeLlm);
  const llmUrl = await url;
  const database = await createBenchDatabase({ requirePostgres: true });
  onInterrupt(() => database.drop());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
    DATA_DIR: 'memory://',
    LLM_BASE_URL: llmUrl,
    LLM_MAX_RETRIES: '0',
    DB_POOL_SIZE: '20',
    ...env,
  });
  const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
  return { deps, database, llmUrl, fakeLlm };
}
