/**
 * GET /api/user/chatapp/session-status on PostgreSQL with 100k conversations on one sender,
 * against a bare Fastify route that runs the same indexed query with pg and builds the same
 * body. The ratio shows what auth (a second indexed query), validation, phone normalisation,
 * error handling, metrics and serialisation cost on top of the lookup itself.
 */
import Fastify from 'fastify';
import { pino } from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { sessionStatus, windowTimestamp } from '../src/modules/chatapp/messaging/session-window.js';
import { SESSION_ROW_SQL } from '../src/modules/chatapp/messaging/chatapp-conversations.repo.js';
import { seedChatappConversations } from './support/chatapp-conversations.js';
import { createBenchDatabase, createReferencePool } from './support/database.js';
import { measure, printComparison, warmUp, type LoadResult } from './support/load.js';

const CONTACTS = 100_000;
const database = await createBenchDatabase({ requirePostgres: true });
const config = loadConfig({
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  DATA_DIR: 'memory://',
  DATABASE_URL: database.url,
});
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const { user, apiKey, sender } = await seedChatappConversations(deps, { email: 'bench@example.com', contacts: CONTACTS });
const recipient = '+40700054321';

// Literally the service's query text, so both sides run the same SQL.
const query = SESSION_ROW_SQL;
const plan = await sql<{
  'QUERY PLAN': string;
}>`${sql.raw(`EXPLAIN ${query.replace('$1', String(sender.id)).replace('$2', `'${recipient}'`).replace('$3', String(user.id))}`)}`.execute(
  deps.db,
);
console.log(`query plan:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);

const app = await buildApp(deps);
const serviceUrl = await app.listen({ port: 0, host: '127.0.0.1' });

type Row = { sender_id: number; conversation_id: number | null; customer_name: string | null; last_customer_message_at: Date | null };
const pool = createReferencePool(database.url!, 10);
const bare = Fastify({ logger: false });
bare.get('/session-status', async (request) => {
  const q = request.query as { sender_id: string; recipient_phone: string };
  const { rows } = await pool.query<Row>(query, [Number(q.sender_id), q.recipient_phone, user.id]);
  const row = rows[0]!;
  const now = new Date();
  if (row.conversation_id === null)
    return {
      success: true,
      has_conversation: false,
      session_status: sessionStatus({ hasConversation: false, lastCustomerMessageAt: null, now }),
    };
  const last = row.last_customer_message_at;
  return {
    success: true,
    has_conversation: true,
    conversation_id: row.conversation_id,
    customer_name: row.customer_name,
    last_customer_message_at: last ? windowTimestamp(last) : null,
    session_status: sessionStatus({ hasConversation: true, lastCustomerMessageAt: last, now }),
  };
});
bare.addHook('onClose', async () => {
  await pool.end();
});
const referenceUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const search = `sender_id=${sender.id}&recipient_phone=${encodeURIComponent(recipient)}`;
const headers = { authorization: `Bearer ${apiKey.token}` };
const check = await app.inject({ method: 'GET', url: `/api/user/chatapp/session-status?${search}`, headers });
if (check.statusCode !== 200 || !check.json().has_conversation) throw new Error(`unexpected answer: ${check.statusCode} ${check.body}`);

await warmUp({ url: `${referenceUrl}/session-status?${search}` });
await warmUp({ url: `${serviceUrl}/api/user/chatapp/session-status?${search}`, headers });
// Alternating rounds, median of each side: a shared machine's load then skews both sides alike.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 6);
const references: LoadResult[] = [];
const services: LoadResult[] = [];
for (let round = 1; round <= rounds; round++) {
  references.push(
    await measure('bare route, same indexed query (pg)', { url: `${referenceUrl}/session-status?${search}`, durationSeconds }),
  );
  services.push(
    await measure('GET /api/user/chatapp/session-status', {
      url: `${serviceUrl}/api/user/chatapp/session-status?${search}`,
      headers,
      durationSeconds,
    }),
  );
  const ratio = services.at(-1)!.requestsPerSecond / references.at(-1)!.requestsPerSecond;
  console.log(
    `  round ${round}: ${references.at(-1)!.requestsPerSecond.toFixed(0)} vs ${services.at(-1)!.requestsPerSecond.toFixed(0)} req/s (ratio ${ratio.toFixed(2)})`,
  );
}
const median = (list: LoadResult[]) => [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(list.length / 2)]!;

printComparison(
  `session-status: PostgreSQL, ${CONTACTS.toLocaleString('en-US')} conversations on the sender, 32 connections, median of ${rounds} rounds`,
  median(services),
  median(references),
);

await app.close();
await bare.close();
await database.drop();
