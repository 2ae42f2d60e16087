import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isIP } from 'node:net';

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
  LOGIN_IP_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100_000, default: 30 }),
  LOGIN_EMAIL_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100_000, default: 50 }),
  DB_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  PGLITE_SHARED_BUFFERS_MB: Type.Integer({ minimum: 1, maximum: 1024, default: 16 }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 10_000 }),
  CATALOG_FILE: Type.Optional(Type.String({ minLength: 1 })),
  CALCOM_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.cal.com' }),
  CALCOM_EU_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.cal.eu' }),
  CALENDLY_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.calendly.com' }),
  CALENDAR_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  JOBS_ENABLED: Type.Boolean({ default: true }),
  JOB_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1000, default: 8 }),
  JOB_POLL_INTERVAL_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 1_000 }),
  JOB_LEASE_MS: Type.Integer({ minimum: 500, maximum: 3_600_000, default: 30_000 }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({ pattern: '^\\d+(ms|s|m|h|d)(,\\d+(ms|s|m|h|d)){0,19}$', default: '30s,2m,10m,1h,6h' }),
  INBOUND_WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 500, maximum: 12_000, default: 5_000,
    description: 'How long an inbound call waits for its inbound-call webhook to answer (with variables) before the assistant picks up; Twilio gives up on our own answer after 15 s.',
  }),
  CHATAPP_GRAPH_URL: Type.String({ pattern: '^https?://', default: 'https://graph.facebook.com/v23.0' }),
  CHATAPP_GRAPH_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000 }),
  CHATAPP_VERIFY_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  CHATAPP_APP_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  CHATAPP_CALL_RESTRICTED_COUNTRIES: Type.String({ pattern: '^(none|[A-Za-z]{2}( *, *[A-Za-z]{2})*)$', default: 'US,CA,EG,VN,NG,TR' }),
  CHATAPP_MESSAGE_PRICE_USD: Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,6})?$', default: '0' }),
  CHATAPP_ICE_SERVERS: Type.Optional(Type.String({ pattern: '^(stuns?|turns?):[^,\\s]+( *, *(stuns?|turns?):[^,\\s]+){0,7}$' })),
  CHATAPP_TURN_USERNAME: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  CHATAPP_TURN_CREDENTIAL: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  EMBEDDINGS_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  EMBEDDINGS_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  EMBEDDINGS_MODEL: Type.String({ minLength: 1, default: 'text-embedding-3-small' }),
  EMBEDDINGS_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 30_000 }),
  KNOWLEDGE_CRAWL_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: 4 }),
  // Unset: one process per core beyond the first, at most 2 (each may hold a 512 MB heap).
  KNOWLEDGE_EXTRACTION_PROCESSES: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  LLM_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  LLM_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  LLM_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  LLM_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 30_000 }),
  LLM_MAX_RETRIES: Type.Integer({ minimum: 0, maximum: 10, default: 2 }),
  CONVERSATION_HISTORY_MESSAGES: Type.Integer({ minimum: 2, maximum: 1000, default: 50 }),
  GENERATE_REPLY_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 5 }),
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 60 }),
  WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 12 }),
  WIDGET_MESSAGES_PER_IP_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 30 }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+/?$' })),
  TWILIO_ACCOUNT_SID: Type.Optional(Type.String({ pattern: '^AC[0-9a-fA-F]{32}$' })),
  TWILIO_AUTH_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  TWILIO_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.twilio.com' }),
  TWILIO_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  VOICE_PRICE_PER_MINUTE_USD: Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,6})?$', default: '0.10' }),
  WEB_CALL_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 5, maximum: 3600, default: 60 }),
  WEB_CALLS_MAX_PER_ASSISTANT: Type.Integer({ minimum: 1, maximum: 100_000, default: 10 }),
  WEB_CALLS_MAX_PER_NETWORK: Type.Integer({ minimum: 1, maximum: 10_000, default: 3 }),
  DEEPGRAM_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  DEEPGRAM_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.deepgram.com' }),
  DEEPGRAM_STT_MODEL: Type.String({ minLength: 1, default: 'nova-3' }),
  DEEPGRAM_TTS_MODEL: Type.String({ minLength: 1, default: 'aura-2-thalia-en' }),
  ELEVENLABS_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  ELEVENLABS_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.elevenlabs.io' }),
  ELEVENLABS_MODEL: Type.String({ minLength: 1, default: 'eleven_flash_v2_5' }),
  SPEECH_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  SPEECH_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  SPEECH_TTS_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini-tts' }),
  SPEECH_STT_MODEL: Type.String({ minLength: 1, default: 'gpt-4o-mini-transcribe' }),
  SPEECH_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  REALTIME_BASE_URL: Type.Optional(Type.String({ pattern: '^(https?|wss?)://' })),
  REALTIME_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  REALTIME_DIALECT: Type.Union([Type.Literal('ga'), Type.Literal('beta')], { default: 'ga' }),
  RECORDINGS_FORMAT: Type.Union([Type.Literal('wav'), Type.Literal('wav-mulaw')], { default: 'wav' }),
  VOICE_NOISE_SUPPRESSION: Type.Union([Type.Literal('assistant'), Type.Literal('off')], {
    default: 'assistant',
    description: "assistant: denoise the caller's audio (RNNoise) on calls whose assistant has enable_noise_cancellation, before voice detection and transcription; off: never (saves about 1.5 % of a core per call).",
  }),
  RECORDINGS_S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://[^?#\\s]+$' })),
  RECORDINGS_S3_BUCKET: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' })),
  RECORDINGS_S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  RECORDINGS_S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  RECORDINGS_S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
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
  if (raw.TRUST_PROXY !== undefined && parseTrustProxy(String(raw.TRUST_PROXY)) === null) {
    problems.push(`TRUST_PROXY must be true, false, or a comma list of proxy IP addresses and CIDR ranges; hop counts are not supported (got "${env.TRUST_PROXY}")`);
  }
  const s3Keys = ['RECORDINGS_S3_ENDPOINT', 'RECORDINGS_S3_BUCKET', 'RECORDINGS_S3_ACCESS_KEY_ID', 'RECORDINGS_S3_SECRET_ACCESS_KEY'];
  // A half-configured bucket would silently keep recordings on local disk: refuse it.
  if (s3Keys.some((key) => raw[key] !== undefined) && !s3Keys.every((key) => raw[key] !== undefined)) {
    problems.push(`RECORDINGS_S3_ENDPOINT, RECORDINGS_S3_BUCKET, RECORDINGS_S3_ACCESS_KEY_ID and RECORDINGS_S3_SECRET_ACCESS_KEY must be set together (missing ${s3Keys.filter((key) => raw[key] === undefined).join(', ')})`);
  }
  problems.push(...turnProblems(raw));
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
  if (key === 'WEBHOOK_RETRY_SCHEDULE') return 'must be up to 20 comma-separated durations such as 30s,2m,10m,1h,6h';
  if (key === 'PUBLIC_URL') return 'must be the https origin Twilio reaches, such as https://voice.example.com';
  if (key === 'TWILIO_ACCOUNT_SID') return 'must be a Twilio Account SID (AC followed by 32 hex digits)';
  if (key === 'VOICE_PRICE_PER_MINUTE_USD') return 'must be a price in USD such as 0.10';
  if (key === 'CHATAPP_MESSAGE_PRICE_USD') return 'must be a price in USD such as 0.007, or 0 for free';
  if (key === 'REALTIME_DIALECT') return 'must be ga or beta';
  if (key === 'RECORDINGS_FORMAT') return 'must be wav or wav-mulaw';
  if (key === 'VOICE_NOISE_SUPPRESSION') return 'must be assistant or off';
  if (key === 'RECORDINGS_S3_BUCKET') return 'must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens)';
  if (key === 'CHATAPP_ICE_SERVERS') return 'must be up to 8 comma-separated stun:, stuns:, turn: or turns: URLs such as stun:stun.example.com:3478';
  if (key === 'CHATAPP_CALL_RESTRICTED_COUNTRIES') return 'must be comma-separated two-letter country codes such as US,CA, or none';
  return ajvMessage.replace(/^Expected/, 'must be');
}

/** A TURN server refuses an allocation without credentials; credentials with no TURN server are a typo. */
function turnProblems(raw: Record<string, unknown>): string[] {
  const hasTurn = String(raw.CHATAPP_ICE_SERVERS ?? '').split(',').some((url) => /^\s*turns?:/.test(url));
  const hasUser = raw.CHATAPP_TURN_USERNAME !== undefined;
  const hasCredential = raw.CHATAPP_TURN_CREDENTIAL !== undefined;
  if (hasTurn && !(hasUser && hasCredential)) return ['CHATAPP_TURN_USERNAME and CHATAPP_TURN_CREDENTIAL must be set for the turn: URL in CHATAPP_ICE_SERVERS'];
  if (!hasTurn && (hasUser || hasCredential)) return ['CHATAPP_TURN_USERNAME and CHATAPP_TURN_CREDENTIAL need a turn: or turns: URL in CHATAPP_ICE_SERVERS'];
  return [];
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: whom to believe about X-Forwarded-For. `true`
 * trusts every hop (only behind a proxy that overwrites the header); a list trusts those
 * addresses, CIDR ranges and proxy-addr's presets (loopback, linklocal, uniquelocal). A hop count
 * is refused: Fastify 5 treats one as "trust nothing" (a count cannot tell a proxy from a direct
 * client faking the header), so accepting it would silently do nothing. Null when invalid.
 */
export function parseTrustProxy(text: string | undefined): boolean | string[] | null {
  if (text === undefined) return false;
  const value = text.trim().toLowerCase();
  if (/^\d+$/.test(value)) return null;
  if (Object.hasOwn(BOOLEAN_WORDS, value)) return BOOLEAN_WORDS[value]!;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
