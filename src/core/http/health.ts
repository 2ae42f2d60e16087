import type { App } from './fastify-types.js';
import { pingDatabase, type Db } from '../db/database.js';

/**
 * /health says the process is up; /ready says it can serve (the database answers). The bare
 * address, where a person opening the server in a browser lands, opens the console (which links
 * to the API reference at /api/docs).
 */
export function installHealth(app: App, db: Db): void {
  app.get('/', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/app', 302));
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
