/**
 * GET /api/user/me with an API key, against a bare Fastify route that does the same indexed
 * primary-key SELECT of the token with the raw driver and nothing else. The ratio shows what
 * our auth, validation, error handling, metrics and serialisation cost on top of the query.
 */
import Fastify from 'fastify';
import { pino } from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { createBenchDatabase, createReferencePool } from './support/database.js';
import { measure, printComparison, warmUp } from './support/load.js';

const database = await createBenchDatabase();
const config = loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789', DATA_DIR: 'memory://' });
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const { apiKey } = await deps.services.accounts.createUser({ email: 'bench@example.com', password: 'bench-password', balanceUsd: 10 });

const app = await buildApp(deps);
const serviceUrl = await app.listen({ port: 0, host: '127.0.0.1' });

// The reference: the same single SELECT (token by primary key, joined to its user), straight
// through the driver, answering the same fields.
const query = `SELECT t.id, t.user_id, t.kind, t.token_hash, t.expires_at, t.last_used_at, u.name, u.email, u.balance_micros
  FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = $1`;
type Row = { user_id: number; name: string; email: string; balance_micros: number };
const answer = (row: Row) => ({ id: row.user_id, name: row.name, email: row.email, total_balance: row.balance_micros / 1e6 });
const bare = Fastify({ logger: false });
if (database.url) {
  const pool = createReferencePool(database.url, 10);
  bare.get('/me', async (request) => {
    const id = Number(String(request.headers.authorization).slice(7).split('|')[0]);
    const { rows } = await pool.query<Row>(query, [id]);
    return answer(rows[0]!);
  });
  bare.addHook('onClose', async () => {
    await pool.end();
  });
} else {
  bare.get('/me', async (request) => {
    const id = Number(String(request.headers.authorization).slice(7).split('|')[0]);
    const { rows } = await sql<Row>`${sql.raw(query.replace('$1', String(id)))}`.execute(deps.db);
    return answer(rows[0]!);
  });
}
const referenceUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const headers = { authorization: `Bearer ${apiKey.token}` };
await warmUp({ url: `${referenceUrl}/me`, headers });
await warmUp({ url: `${serviceUrl}/api/user/me`, headers });
const reference = await measure(`bare route, one SELECT (${database.url ? 'pg' : 'PGlite'})`, { url: `${referenceUrl}/me`, headers });
const service = await measure('GET /api/user/me with an API key', { url: `${serviceUrl}/api/user/me`, headers });

printComparison(`auth: ${database.url ? 'PostgreSQL' : 'embedded PGlite'}, 32 connections`, service, reference, 0.6);

await app.close();
await bare.close();
await database.drop();
