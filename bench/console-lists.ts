/**
 * The console's list pages on PostgreSQL: GET /api/user/conversations and GET /api/user/calls
 * for an account with 100k conversations and 100k calls (and a second account with as many, so
 * the user filter matters), one request at a time, with the filters the pages offer. Each is
 * compared with the same rows read by a bare SQL query through pg (no HTTP, auth, validation or
 * JSON), and the ratio of the p50s is printed.
 */
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { assistantBody } from '../test/helpers/assistants.js';
import { createBenchDatabase, createReferencePool } from './support/database.js';
import { latencyOf } from './support/load.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const database = await createBenchDatabase({ requirePostgres: true });
const config = loadConfig({
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  DATA_DIR: 'memory://',
  DATABASE_URL: database.url,
});
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const app = await buildApp(deps);
const serviceUrl = await app.listen({ port: 0, host: '127.0.0.1' });

async function seedAccount(email: string) {
  const { user, apiKey } = await deps.services.accounts.createUser({ email, password: 'bench-password' });
  const headers = { authorization: `Bearer ${apiKey.token}` };
  const assistants: number[] = [];
  for (const name of ['Front desk', 'Night line']) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/user/assistant',
      headers,
      payload: assistantBody({ name, status: 'active' }),
    });
    assistants.push(created.json().data.id as number);
  }
  const [a, b] = assistants as [number, number];
  // Conversations over the past 100 days, every fourth on the second assistant, types in turn.
  await sql`
    INSERT INTO conversations (uuid, user_id, origin_assistant_id, assistant_id, type, message_count, last_activity_at, created_at, updated_at)
    SELECT gen_random_uuid(), ${user.id}, CASE WHEN i % 4 = 0 THEN ${b}::int ELSE ${a}::int END, CASE WHEN i % 4 = 0 THEN ${b}::int ELSE ${a}::int END,
           (ARRAY['widget','test','api','whatsapp'])[1 + i % 4], 1 + i % 9,
           now() - (${ROWS} - i) * interval '86 seconds', now() - (${ROWS} - i) * interval '86 seconds', now() - (${ROWS} - i) * interval '86 seconds'
    FROM generate_series(1, ${ROWS}) AS i`.execute(deps.db);
  await sql`
    INSERT INTO calls (uuid, user_id, assistant_id, type, direction, status, provider, variables, transcript, duration_seconds, price_per_minute_micros, created_at, updated_at)
    SELECT gen_random_uuid(), ${user.id}, CASE WHEN i % 4 = 0 THEN ${b}::int ELSE ${a}::int END,
           (ARRAY['inbound','outbound','web'])[1 + i % 3], CASE WHEN i % 3 = 1 THEN 'outbound' ELSE 'inbound' END,
           (ARRAY['completed','no-answer','failed','busy','completed'])[1 + i % 5], CASE WHEN i % 3 = 2 THEN 'web' ELSE 'twilio' END,
           '{}'::jsonb, '[]'::jsonb, i % 600, 100000, now() - (${ROWS} - i) * interval '86 seconds', now() - (${ROWS} - i) * interval '86 seconds'
    FROM generate_series(1, ${ROWS}) AS i`.execute(deps.db);
  return { user, headers, assistants: [a, b] as const };
}

const started = performance.now();
const owner = await seedAccount('owner@example.com');
await seedAccount('neighbour@example.com');
await sql`ANALYZE`.execute(deps.db);
console.log(
  `seeded ${(2 * ROWS).toLocaleString('en-US')} conversations and ${(2 * ROWS).toLocaleString('en-US')} calls in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const pool = createReferencePool(database.url!, 4);
const [a, b] = owner.assistants;
const userId = owner.user.id;
const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

interface Case {
  label: string;
  url: string;
  /** The rows the page shows, read with one plain statement (and the count, for calls). */
  bare: Array<{ text: string; values: unknown[] }>;
  expectRows: number;
}

const CONVERSATION_BARE = `SELECT c.*, a.uuid AS assistant_uuid, a.name AS assistant_name FROM conversations c JOIN assistants a ON a.id = c.assistant_id WHERE c.user_id = $1`;
const CALL_COUNT = `SELECT count(*) FROM calls c WHERE c.user_id = $1`;
const CALL_PAGE = `SELECT c.*, a.name AS assistant_name FROM calls c LEFT JOIN assistants a ON a.id = c.assistant_id WHERE c.user_id = $1`;
const cases: Case[] = [
  {
    label: 'conversations, first page',
    url: '/api/user/conversations?per_page=20',
    expectRows: 20,
    bare: [{ text: `${CONVERSATION_BARE} ORDER BY c.id DESC LIMIT 21`, values: [userId] }],
  },
  {
    label: 'conversations, chat app',
    url: '/api/user/conversations?per_page=20&type=chatapp',
    expectRows: 20,
    bare: [{ text: `${CONVERSATION_BARE} AND c.type = 'whatsapp' ORDER BY c.id DESC LIMIT 21`, values: [userId] }],
  },
  {
    label: 'conversations, assistant + test (none)',
    url: `/api/user/conversations?per_page=20&assistant_id=${b}&type=test`,
    expectRows: 0,
    bare: [{ text: `${CONVERSATION_BARE} AND c.assistant_id = $2 AND c.type = 'test' ORDER BY c.id DESC LIMIT 21`, values: [userId, b] }],
  },
  {
    label: 'calls, first page',
    url: '/api/user/calls?per_page=15',
    expectRows: 15,
    bare: [
      { text: CALL_COUNT, values: [userId] },
      { text: `${CALL_PAGE} ORDER BY c.id DESC LIMIT 15`, values: [userId] },
    ],
  },
  {
    label: 'calls, status + type',
    url: '/api/user/calls?per_page=15&status=completed&type=inbound',
    expectRows: 15,
    bare: [
      { text: `${CALL_COUNT} AND c.status = 'completed' AND c.type = 'inbound'`, values: [userId] },
      { text: `${CALL_PAGE} AND c.status = 'completed' AND c.type = 'inbound' ORDER BY c.id DESC LIMIT 15`, values: [userId] },
    ],
  },
  {
    label: 'calls, assistant + last 7 days, page 3',
    url: `/api/user/calls?per_page=15&page=3&assistant_id=${a}&date_from=${days(7)}`,
    expectRows: 15,
    bare: [
      { text: `${CALL_COUNT} AND c.assistant_id = $2 AND c.created_at >= $3`, values: [userId, a, days(7)] },
      {
        text: `${CALL_PAGE} AND c.assistant_id = $2 AND c.created_at >= $3 ORDER BY c.id DESC LIMIT 15 OFFSET 30`,
        values: [userId, a, days(7)],
      },
    ],
  },
];

async function timed(run: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await run();
  const durations: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await run();
    durations.push(performance.now() - t0);
  }
  return durations;
}

console.log(
  `\nconsole lists: PostgreSQL, ${ROWS.toLocaleString('en-US')} rows of each per account, ${SAMPLES} sequential requests per case (ms)`,
);
console.log('case                                      service p50/p99    bare SQL p50/p99    ratio (p50)');
for (const c of cases) {
  const check = await fetch(`${serviceUrl}${c.url}`, { headers: owner.headers });
  const body = (await check.json()) as { data: unknown[] };
  if (check.status !== 200 || body.data.length !== c.expectRows)
    throw new Error(`${c.url}: ${check.status} with ${body.data?.length} rows, expected ${c.expectRows}`);
  const service = latencyOf(
    await timed(async () => {
      const response = await fetch(`${serviceUrl}${c.url}`, { headers: owner.headers });
      await response.arrayBuffer();
    }),
  );
  const bare = latencyOf(
    await timed(async () => {
      for (const statement of c.bare) await pool.query(statement.text, statement.values);
    }),
  );
  console.log(
    `${c.label.padEnd(42)}${`${service.p50.toFixed(2)} / ${service.p99.toFixed(2)}`.padEnd(19)}${`${bare.p50.toFixed(2)} / ${bare.p99.toFixed(2)}`.padEnd(20)}${(service.p50 / bare.p50).toFixed(2)}`,
  );
}

await pool.end();
await app.close();
await database.drop();
