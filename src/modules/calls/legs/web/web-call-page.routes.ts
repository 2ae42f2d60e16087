import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CallPageParams } from './web-calls.schemas.js';

const read = (name: string) => readFileSync(fileURLToPath(new URL(`./client/${name}`, import.meta.url)), 'utf8');

/** The page talks to this server only: its own scripts, the API, and the call's WebSocket. */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "connect-src 'self' ws: wss:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * GET /call/{assistant uuid}: a plain page to try an assistant by voice from a browser
 * (microphone at 16 kHz, playback, live transcript, hang up). The page itself is static; the
 * call it starts is a public or test web call like any other, so the assistant's allowed
 * origins and limits apply to it too.
 */
export const webCallPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const page = read('call-page.html');
  // A Map: a name such as `constructor` or `__proto__` must find nothing (an object literal has them).
  const scripts = new Map([
    ['call-page.js', read('call-page.js')],
    ['capture-worklet.js', read('capture-worklet.js')],
  ]);
  const common = { config: { public: true }, schema: { hide: true } };

  app.get('/call/:uuid', { ...common, schema: { hide: true, params: CallPageParams } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(page),
  );

  app.get('/call/assets/:name', common, async (request, reply) => {
    const script = scripts.get((request.params as { name: string }).name);
    if (!script) return reply.status(404).type('text/plain').send('Not found');
    return (
      reply
        .type('text/javascript; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        // The website widget loads the capture worklet from its own page's origin (a CORS module load).
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(script)
    );
  });
};
