import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './fastify-types.js';
import { CONSOLE_POLICY, installConsole } from './console-app.js';

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/app/assets/index-abc123.js"></script>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('the console at /app', () => {
  let dir: string;
  let app: App;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'switchboard-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    app = Fastify() as unknown as App;
    installConsole(app, dir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at /app and for any page under it, with the strict policy and no caching', async () => {
    for (const url of ['/app', '/app/', '/app/assistants', '/app/assistants/7?tab=basics']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, INDEX]);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(CONSOLE_POLICY);
    }
    expect(CONSOLE_POLICY).toContain("default-src 'self'");
    expect(CONSOLE_POLICY).toContain("script-src 'self'");
    expect(CONSOLE_POLICY).toContain("connect-src 'self'");
    expect(CONSOLE_POLICY).toContain("frame-ancestors 'none'");
    expect(CONSOLE_POLICY).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('serves hashed assets for a year, gzipped when the browser accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/app/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');

    const gzipped = await app.inject({ method: 'GET', url: '/app/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers 404, not the page, for a missing asset or file', async () => {
    for (const url of ['/app/assets/index-old999.js', '/app/favicon.ico', '/app/assets/']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.body]).toEqual([url, 404, 'Not found']);
    }
  });

  it('does not serve files outside the build', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/../package.json' });
    expect(res.body).not.toContain('"name"');
    const encoded = await app.inject({ method: 'GET', url: '/app/%2e%2e/%2e%2e/package.json' });
    expect(encoded.statusCode).toBe(404);
  });

  it('says how to build the console when it is not built', async () => {
    const bare = Fastify() as unknown as App;
    installConsole(bare, join(dir, 'missing'));
    const res = await bare.inject({ method: 'GET', url: '/app/assistants' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await bare.close();
  });
});
