import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './fastify-types.js';

/** Where `npm run build` puts the console: dist/console at the repository root (this file is 3 levels down in src/ and in dist/). */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../dist/console', import.meta.url));

/**
 * The console's pages may load and talk to this origin only: no inline or foreign script, no
 * framing. Inline styles stay allowed because the component library sets style attributes and
 * its theme variables at run time; a style cannot run code. Recordings play from blob: URLs.
 */
export const CONSOLE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

interface StaticFile {
  body: Buffer;
  gzipped: Buffer | null;
  type: string;
  /** Content-hashed by the build (assets/...): cached for a year, never revalidated. */
  immutable: boolean;
}

/** Reads the built console once, gzipping what compresses, so each request is a map lookup. */
function loadConsole(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = relative(dir, file).split(sep).join('/');
    const body = readFileSync(file);
    const extension = extname(path);
    files.set(path, {
      body,
      gzipped: COMPRESSIBLE.has(extension) && body.length > 512 ? gzipSync(body, { level: 9 }) : null,
      type: TYPES[extension] ?? 'application/octet-stream',
      immutable: path.startsWith('assets/'),
    });
  }
  return files;
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Switchboard</title>
<p>The console has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it), then reload.
The API reference is at <a href="/api/docs">/api/docs</a>.</p></html>`;

/**
 * The web console at /app: static files from the build, and index.html for every other path
 * under /app so the console's own router shows the page (a reload of /app/assistants/7 works).
 * Public like any static page; the data behind it needs the session token from sign-in.
 */
export function installConsole(app: App, dir: string = DEFAULT_CONSOLE_DIR): void {
  // Read on the first request, not at start: most app instances (tests, the CLI's) never serve it.
  // Until it is built, every request looks again, so a build made while the server runs is served.
  let loaded: Map<string, StaticFile> | undefined;
  const consoleFiles = () => {
    if (!loaded && existsSync(join(dir, 'index.html'))) loaded = loadConsole(dir);
    return loaded ?? null;
  };
  const options = { config: { public: true }, schema: { hide: true } };

  const send = (request: FastifyRequest, reply: FastifyReply, file: StaticFile) => {
    reply
      .type(file.type)
      .header('content-security-policy', CONSOLE_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .header('vary', 'accept-encoding')
      .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (file.gzipped && acceptsGzip) return reply.header('content-encoding', 'gzip').send(file.gzipped);
    return reply.send(file.body);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const files = consoleFiles();
    if (!files) return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    const path = (request.params as { '*'?: string })['*'] ?? '';
    const file = files.get(path);
    if (file) return send(request, reply, file);
    // A missing script or style must not be answered with the page (the browser would run HTML as JS).
    if (path.startsWith('assets/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return send(request, reply, files.get('index.html')!);
  };

  app.get('/app', options, handler);
  app.get('/app/*', options, handler);
}
