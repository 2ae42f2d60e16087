/**
 * PUT /api/user/assistant/{id} (the spec 4.5 path: auth, body parse and validation, then the
 * update contract) against a bare Fastify route that runs the same change as one UPDATE through
 * `pg` and nothing else. Both spread requests over 50 assistants and change two fields on every
 * request, so each one really writes. The two fields (name, speech_speed) are ones no cross-field
 * rule reads, so the service writes them with one conditional UPDATE and no read; a change to a
 * field a rule reads costs a read and a version-checked write, which a run naming a timezone as
 * well measures. The raw locking transaction the contract once required is timed for scale. The
 * reference and the service alternate for BENCH_ROUNDS rounds (3) and each side's median counts.
 *
 * PostgreSQL only: DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test; a fresh database
 * is created and dropped. Runs standalone (`npx tsx bench/assistants.ts`) or as
 * `npm run bench -- assistants`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { parseAssistantBody } from '../src/modules/assistants/assistant-input.js';
import { createBenchDatabase, createReferencePool } from './support/database.js';
import { printComparison, type LoadResult } from './support/load.js';

const ASSISTANTS = 50;
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

const database = await createBenchDatabase({ requirePostgres: true });
const config = loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789', DATA_DIR: 'memory://' });
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const app = await buildApp(deps);
const { user, apiKey } = await deps.services.accounts.createUser({ email: 'bench@example.com', password: 'bench-password' });

const ids: number[] = [];
for (let i = 0; i < ASSISTANTS; i++) {
  const body = {
    name: `Bench ${i}`,
    voice_id: 20,
    language_id: 1,
    type: 'outbound',
    mode: 'pipeline',
    llm_model_id: 1,
    timezone: 'Europe/Bucharest',
    initial_message: 'Hello!',
    system_prompt: 'You are a helpful assistant.',
    tools: [{ type: 'end_call' }],
    variables: { company: 'Acme' },
  };
  ids.push((await deps.services.assistants.create(user.id, parseAssistantBody(body, 'create'), { kind: 'system', label: 'bench' })).id);
}
const serviceUrl = await app.listen({ port: 0, host: '127.0.0.1' });

// The reference: the same two-field change, one UPDATE, no validation, no lock, no auth.
const pool = createReferencePool(database.url!, 10);
const bare = Fastify({ logger: false });
bare.put<{ Params: { id: string }; Body: { name: string; speech_speed: number } }>('/assistant/:id', async (request) => {
  const { rowCount } = await pool.query(
    'UPDATE assistants SET name = $1, speech_speed = $2, updated_at = now() WHERE id = $3 AND user_id = $4',
    [request.body.name, request.body.speech_speed, Number(request.params.id), user.id],
  );
  return { message: 'Assistant updated successfully', updated: rowCount };
});
// Not the reference, but the yardstick for the locking contract itself: the same transaction
// shape the service runs (BEGIN, lock the row, write, COMMIT), raw, with no validation.
bare.put<{ Params: { id: string }; Body: { name: string; speech_speed: number } }>('/locked/:id', async (request) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT * FROM assistants WHERE id = $1 AND user_id = $2 FOR NO KEY UPDATE', [Number(request.params.id), user.id]);
    await client.query('UPDATE assistants SET name = $1, speech_speed = $2, updated_at = now() WHERE id = $3', [
      request.body.name,
      request.body.speech_speed,
      Number(request.params.id),
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  return { message: 'Assistant updated successfully' };
});
const referenceUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const setupRequest = fileURLToPath(new URL('./support/rotating-update.cjs', import.meta.url));

const CLOCK_TICKS_PER_S = 100;
/**
 * CPU the main thread (where both servers run; autocannon has its own thread) has used so far, in
 * µs, from /proc (Linux). Per request it holds when a busy machine makes req/s swing.
 */
function serverCpuUs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_S;
}

type Run = LoadResult & { cpuUsPerRequest: number };

/** Every request picks the next assistant and new values, so each one is a real write. */
async function run(label: string, base: string, pathPrefix: string, seconds: number, ruled = false): Promise<Run> {
  const cpuBefore = serverCpuUs();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    initialContext: { ids, pathPrefix, ruled },
    requests: [
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${apiKey.token}`, 'content-type': 'application/json' },
        // In worker mode autocannon takes the function as a file to require.
        setupRequest,
      },
    ],
  });
  const cpuUsPerRequest = (serverCpuUs() - cpuBefore) / result.requests.total;
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    cpuUsPerRequest,
  };
}

await run('warm-up', referenceUrl, '/assistant/', 2);
await run('warm-up', referenceUrl, '/locked/', 2);
await run('warm-up', serviceUrl, '/api/user/assistant/', 2);
await run('warm-up', serviceUrl, '/api/user/assistant/', 2, true);
// Alternating rounds, median of each side: a shared machine's load then skews both sides alike.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const references: Run[] = [];
const services: Run[] = [];
for (let round = 1; round <= rounds; round++) {
  references.push(await run('bare route, one UPDATE (pg)', referenceUrl, '/assistant/', SECONDS));
  services.push(await run('PUT /api/user/assistant/{id}', serviceUrl, '/api/user/assistant/', SECONDS));
  const ratio = services.at(-1)!.requestsPerSecond / references.at(-1)!.requestsPerSecond;
  console.log(
    `  round ${round}: ${references.at(-1)!.requestsPerSecond.toFixed(0)} vs ${services.at(-1)!.requestsPerSecond.toFixed(0)} req/s (ratio ${ratio.toFixed(2)})`,
  );
}
const median = (list: Run[]) => [...list].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(list.length / 2)]!;
const reference = median(references);
const ruled = await run('PUT, with a field a rule reads', serviceUrl, '/api/user/assistant/', SECONDS, true);
const locked = await run('bare route, BEGIN/SELECT FOR UPDATE/UPDATE/COMMIT', referenceUrl, '/locked/', SECONDS);

printComparison(
  `assistants: update throughput on PostgreSQL, ${CONNECTIONS} connections, ${ASSISTANTS} assistants, median of ${rounds} rounds`,
  median(services),
  reference,
  0.5,
);
const medianCpu = (list: Run[]) => [...list].map((r) => r.cpuUsPerRequest).sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(
  `  server main-thread CPU per request (median): reference ${medianCpu(references).toFixed(0)} µs, service ${medianCpu(services).toFixed(0)} µs`,
);
const forScale = (result: Run) =>
  `${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms} ms, ${result.cpuUsPerRequest.toFixed(0)} µs CPU, errors ${result.errors + result.non2xx}`;
console.log(
  `  for scale: a change naming timezone too (read, every rule, version-checked write): ${forScale(ruled)} (÷ reference ${(ruled.requestsPerSecond / reference.requestsPerSecond).toFixed(2)})`,
);
console.log(
  `  for scale: the locking transaction alone, raw: ${forScale(locked)} (÷ reference ${(locked.requestsPerSecond / reference.requestsPerSecond).toFixed(2)})`,
);

const sample = await deps.services.assistants.get(user.id, ids[0]!);
if (!sample.name.startsWith('Bench')) throw new Error('the service did not write');

await app.close();
await bare.close();
await pool.end();
await database.drop();
