import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Every configuration key the service reads, with its default. Each key is documented in the
 * README; keep the two in step. Values come from the environment only (twelve-factor), so one
 * image runs everywhere.
 */
const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  SECRET_KEY: Type.Optional(Type.String({ minLength: 32 })),
  ALLOW_PRIVATE_URLS: Type.Boolean({ default: false }),
  ALLOW_SIGNUP: Type.Boolean({ default: false }),
  SESSION_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 365, default: 720 }),
  LOGIN_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 1000, default: 5 }),
  LOGIN_LOCKOUT_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
  DB_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 10_000 }),
});

export type Config = Static<typeof ConfigSchema> & {
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };

/** Pure: reads only the given env object, never process.env, so tests can build any config. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, schema] of Object.entries(ConfigSchema.properties)) {
    const text = env[key];
    if (text === undefined || text === '') continue;
    const type = (schema as { type?: string }).type;
    if (type === 'integer') {
      raw[key] = /^-?\d+$/.test(text.trim()) ? Number(text) : text;
    } else if (type === 'boolean') {
      const parsed = BOOLEAN_WORDS[text.trim().toLowerCase()];
      if (parsed === undefined) problems.push(`${key} must be true or false (got "${text}")`);
      else raw[key] = parsed;
    } else {
      raw[key] = text;
    }
  }
  const withDefaults = Value.Default(ConfigSchema, raw);
  for (const error of Value.Errors(ConfigSchema, withDefaults)) {
    const key = error.path.replace(/^\//, '');
    if (problems.some((p) => p.startsWith(`${key} `))) continue;
    problems.push(`${key} ${describe(key, error.message)} (got "${env[key] ?? ''}")`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return withDefaults as Config;
}

function describe(key: string, ajvMessage: string): string {
  if (key === 'DATABASE_URL') return 'must be a postgres:// or postgresql:// connection string';
  if (key === 'SECRET_KEY') return 'must be at least 32 characters (e.g. `openssl rand -hex 32`)';
  if (key === 'LOG_LEVEL') return 'must be one of fatal, error, warn, info, debug, trace, silent';
  return ajvMessage.replace(/^Expected/, 'must be');
}
