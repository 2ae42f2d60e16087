import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** What loadConfig refuses in `env`, or [] when it takes it. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (e) {
    return (e as ConfigError).problems;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      ALLOW_PRIVATE_URLS: false,
      ALLOW_SIGNUP: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SECRET_KEY).toBeUndefined();
  });

  it('parses numbers and booleans from text', () => {
    const config = loadConfig({ PORT: '8080', ALLOW_PRIVATE_URLS: 'true', ALLOW_SIGNUP: '0', DATABASE_URL: 'postgres://u@h/db' });
    expect(config.PORT).toBe(8080);
    expect(config.ALLOW_PRIVATE_URLS).toBe(true);
    expect(config.ALLOW_SIGNUP).toBe(false);
    expect(config.DATABASE_URL).toBe('postgres://u@h/db');
  });

  it('refuses bad values, naming every one of them', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', ALLOW_SIGNUP: 'maybe', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems).toEqual(
      expect.arrayContaining([
        'ALLOW_SIGNUP must be true or false (got "maybe")',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
        'DATABASE_URL must be a postgres:// or postgresql:// connection string (got "mysql://x")',
        'SECRET_KEY must be at least 32 characters (e.g. `openssl rand -hex 32`) (got "short")',
      ]),
    );
    expect(problems.find((p) => p.startsWith('PORT'))).toMatch(/^PORT must be integer \(got "eighty"\)$/);
  });

  it('reads the knowledge crawl and extraction limits, and refuses zero', () => {
    expect(loadConfig({})).toMatchObject({ KNOWLEDGE_CRAWL_CONCURRENCY: 4 });
    expect(loadConfig({}).KNOWLEDGE_EXTRACTION_PROCESSES).toBeUndefined();
    expect(loadConfig({ KNOWLEDGE_CRAWL_CONCURRENCY: '8', KNOWLEDGE_EXTRACTION_PROCESSES: '3' })).toMatchObject({
      KNOWLEDGE_CRAWL_CONCURRENCY: 8,
      KNOWLEDGE_EXTRACTION_PROCESSES: 3,
    });
    expect(() => loadConfig({ KNOWLEDGE_CRAWL_CONCURRENCY: '0', KNOWLEDGE_EXTRACTION_PROCESSES: 'two' })).toThrow(
      /KNOWLEDGE_CRAWL_CONCURRENCY .*\(got "0"\)[\s\S]*KNOWLEDGE_EXTRACTION_PROCESSES .*\(got "two"\)/,
    );
  });

  it('runs Speex as the noise suppressor unless RNNoise is asked for, and names a bad one', () => {
    expect(loadConfig({}).VOICE_NOISE_SUPPRESSOR).toBe('speex');
    expect(loadConfig({ VOICE_NOISE_SUPPRESSOR: 'rnnoise' }).VOICE_NOISE_SUPPRESSOR).toBe('rnnoise');
    expect(problems({ VOICE_NOISE_SUPPRESSOR: 'krisp' })).toEqual(['VOICE_NOISE_SUPPRESSOR must be speex or rnnoise (got "krisp")']);
  });

  it('refuses an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('takes the recordings bucket only whole, and names bad recording settings', () => {
    const bucket = {
      RECORDINGS_S3_ENDPOINT: 'https://s3.example.com',
      RECORDINGS_S3_BUCKET: 'calls',
      RECORDINGS_S3_ACCESS_KEY_ID: 'id',
      RECORDINGS_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(bucket)).toMatchObject({ ...bucket, RECORDINGS_S3_REGION: 'us-east-1', RECORDINGS_FORMAT: 'wav' });
    expect(problems({ RECORDINGS_S3_BUCKET: 'calls', RECORDINGS_S3_ENDPOINT: 'https://s3.example.com' })).toEqual([
      'RECORDINGS_S3_ENDPOINT, RECORDINGS_S3_BUCKET, RECORDINGS_S3_ACCESS_KEY_ID and RECORDINGS_S3_SECRET_ACCESS_KEY must be set together (missing RECORDINGS_S3_ACCESS_KEY_ID, RECORDINGS_S3_SECRET_ACCESS_KEY)',
    ]);
    expect(problems({ ...bucket, RECORDINGS_S3_BUCKET: 'Calls_Bucket', RECORDINGS_FORMAT: 'mp3' })).toEqual([
      'RECORDINGS_FORMAT must be wav or wav-mulaw (got "mp3")',
      'RECORDINGS_S3_BUCKET must be an S3 bucket name (3-63 lowercase letters, digits, dots and hyphens) (got "Calls_Bucket")',
    ]);
  });

  it('takes single sign-on only whole, over https or on this machine, and with PUBLIC_URL', () => {
    const oidc = {
      OIDC_ISSUER: 'https://login.example.com/realms/acme',
      OIDC_CLIENT_ID: 'switchboard',
      OIDC_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://voice.example.com',
    };
    expect(loadConfig(oidc)).toMatchObject({ ...oidc, OIDC_PROVIDER_NAME: 'single sign-on' });
    expect(loadConfig({ ...oidc, OIDC_PROVIDER_NAME: 'Okta' }).OIDC_PROVIDER_NAME).toBe('Okta');
    expect(loadConfig({}).OIDC_ISSUER).toBeUndefined();
    expect(problems({ OIDC_ISSUER: oidc.OIDC_ISSUER, PUBLIC_URL: oidc.PUBLIC_URL })).toEqual([
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (missing OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    ]);
    expect(problems({ OIDC_CLIENT_SECRET: 'secret' })).toEqual([
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (missing OIDC_ISSUER, OIDC_CLIENT_ID)',
    ]);
    expect(problems({ ...oidc, PUBLIC_URL: '' })).toEqual([
      'PUBLIC_URL must be set for OIDC_ISSUER: the redirect URI registered at the provider is PUBLIC_URL/api/auth/oidc/callback',
    ]);
    expect(problems({ ...oidc, OIDC_ISSUER: 'http://login.example.com' })).toEqual([
      'OIDC_ISSUER must be an https:// URL; http:// only for a provider on this machine (got "http://login.example.com")',
    ]);
    for (const local of ['http://localhost:8080', 'http://127.0.0.1:9000/realms/x', 'http://[::1]:9000']) {
      expect(problems({ ...oidc, OIDC_ISSUER: local }), local).toEqual([]);
    }
    expect(problems({ ...oidc, OIDC_ISSUER: 'login.example.com' })).toEqual([
      'OIDC_ISSUER must be the issuer URL of an OpenID Connect provider, such as https://accounts.google.com (got "login.example.com")',
    ]);
  });

  it('takes STUN and TURN servers for chatapp calls, with TURN credentials only beside a turn: URL', () => {
    const servers = 'stun:stun.example.com:3478, turn:turn.example.com:3478?transport=udp';
    expect(loadConfig({ CHATAPP_ICE_SERVERS: servers, CHATAPP_TURN_USERNAME: 'u', CHATAPP_TURN_CREDENTIAL: 'p' })).toMatchObject({
      CHATAPP_ICE_SERVERS: servers,
    });
    expect(problems({ CHATAPP_ICE_SERVERS: 'https://stun.example.com' })).toEqual([
      'CHATAPP_ICE_SERVERS must be up to 8 comma-separated stun:, stuns:, turn: or turns: URLs such as stun:stun.example.com:3478 (got "https://stun.example.com")',
    ]);
    expect(problems({ CHATAPP_ICE_SERVERS: 'turn:turn.example.com', CHATAPP_TURN_USERNAME: 'u' })).toEqual([
      'CHATAPP_TURN_USERNAME and CHATAPP_TURN_CREDENTIAL must be set for the turn: URL in CHATAPP_ICE_SERVERS',
    ]);
    expect(problems({ CHATAPP_ICE_SERVERS: 'stun:stun.example.com', CHATAPP_TURN_CREDENTIAL: 'p' })).toEqual([
      'CHATAPP_TURN_USERNAME and CHATAPP_TURN_CREDENTIAL need a turn: or turns: URL in CHATAPP_ICE_SERVERS',
    ]);
  });
});
