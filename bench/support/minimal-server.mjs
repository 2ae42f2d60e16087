// The soak benchmark's memory reference: bare Fastify with the service's database driver (pg
// when DATABASE_URL is set, else in-memory PGlite), one query per request, prom-client's
// default metrics at /metrics so it is measured exactly like the service.
import Fastify from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';

const registry = new Registry();
collectDefaultMetrics({ register: registry });
let query;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = () => pool.query('select 1 as one');
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  // With the buffer pool the service gives it (src/core/db/database.ts), so that only the
  // service's own code differs; PostgreSQL's default 128 MB would hold about 150 MB more.
  const db = await PGlite.create({ startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
  query = () => db.query('select 1 as one');
}
const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
app.get('/query', async () => (await query()).rows[0]);
app.get('/metrics', async (_request, reply) => reply.header('content-type', registry.contentType).send(await registry.metrics()));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
