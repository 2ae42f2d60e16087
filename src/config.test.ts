import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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

  it('refuses an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });
});
