import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnvFile } from './env-file.js';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadEnvFile', () => {
  it('adds what the environment lacks and never overrides a variable already set (even to empty)', () => {
    const file = join(dir, '.env');
    writeFileSync(
      file,
      '# settings\nPORT=4000\nexport LOG_LEVEL="debug"\nDATABASE_URL=postgres://file/db\nSECRET_KEY=\'from file\' # comment\nALLOW_SIGNUP=true\n',
    );
    const env: NodeJS.ProcessEnv = { DATABASE_URL: '', ALLOW_SIGNUP: 'false' };
    expect(loadEnvFile(file, env).sort()).toEqual(['LOG_LEVEL', 'PORT', 'SECRET_KEY']);
    expect(env).toEqual({ PORT: '4000', LOG_LEVEL: 'debug', DATABASE_URL: '', SECRET_KEY: 'from file', ALLOW_SIGNUP: 'false' });
  });

  it('ignores a missing file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(join(dir, 'absent.env'), env)).toEqual([]);
    expect(env).toEqual({});
  });

  it('reports an unreadable path instead of starting without its settings', () => {
    expect(() => loadEnvFile(dir, {})).toThrow(/EISDIR/);
  });
});
