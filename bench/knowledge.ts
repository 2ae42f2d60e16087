/**
 * Knowledge-base search latency on PostgreSQL as the number of chunks grows: 10k chunks in
 * one knowledge base, 200k in one knowledge base, and a 10k knowledge base among 200k chunks
 * of other tenants. Chunks are generated in SQL (words drawn from a skewed vocabulary, so
 * some words are everywhere and most are rare, as in real text) and indexed exactly as the
 * processing job indexes them. Each query is a different natural-language question.
 *
 * Measured: GET /api/user/knowledgebases/:id/search one request at a time (p50/p99), against
 * a minimal reference: PostgreSQL's own ranking (ts_rank over the OR-ed question) in a single
 * statement straight through `pg`, which is what a plain full-text search would cost. The
 * ratio shows what our IDF ranking, auth, validation and HTTP add or save.
 */
import { pino } from 'pino';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { createChunksRepo, searchVectorSql } from '../src/modules/knowledge/chunks.repo.js';
import { createBenchDatabase, createReferencePool } from './support/database.js';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 400);
const WARM_UP_QUERIES = 50;
const LARGE_CHUNKS = Number(process.env.BENCH_LARGE_CHUNKS ?? 200_000);
const CHUNKS_PER_DOCUMENT = 100;
const WORDS_PER_CHUNK = 120;

/** The minimal reference: one statement, PostgreSQL's ts_rank, no word statistics. */
const PLAIN_FULL_TEXT_SEARCH = `
  WITH query AS (SELECT replace(plainto_tsquery('english', $2)::text, ' & ', ' | ')::tsquery AS q)
  SELECT c.id, d.name, c.heading, c.content, ts_rank(c.search_vector, query.q) AS score
  FROM query JOIN knowledge_chunks c ON c.search_vector @@ query.q JOIN knowledge_documents d ON d.id = c.document_id
  WHERE c.knowledgebase_id = $1
  ORDER BY score DESC, c.id LIMIT $3`;

const database = await createBenchDatabase({ requirePostgres: true });
const config = loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789', DATABASE_URL: database.url, JOBS_ENABLED: 'false' });
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const { user, apiKey } = await deps.services.accounts.createUser({ email: 'bench@example.com', password: 'bench-password' });
const app = await buildApp(deps);
const serviceUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const pool = createReferencePool(database.url!, 2);
// DROP DATABASE ... WITH (FORCE) at the end may cut an idle connection; that is expected.
pool.on('error', () => undefined);

// Word n of a made-up language; drawn as floor(V * random()^3), word 0 is the commonest and
// most words are rare, roughly like real text. The same formula runs in SQL below.
const VOCABULARY_SIZE = 20_000;
const word = (n: number) => `q${String.fromCharCode(97 + (n % 26), 97 + (Math.floor(n / 26) % 26), 97 + (Math.floor(n / 676) % 26))}`;
const randomWord = () => word(Math.floor(VOCABULARY_SIZE * Math.random() ** 3));
const WORD_SQL = sql`'q' || chr(97 + x % 26) || chr(97 + (x / 26) % 26) || chr(97 + (x / 676) % 26)`;
const QUESTION_OPENERS = ['how do i', 'what is the', 'can you tell me about', 'where can i find', 'why does my', 'when should i'];
const questions = Array.from({ length: QUERIES + WARM_UP_QUERIES }, (_, i) =>
  `${QUESTION_OPENERS[i % QUESTION_OPENERS.length]} ${Array.from({ length: 3 + (i % 4) }, randomWord).join(' ')}`,
);

console.log(`knowledge search on PostgreSQL (${database.url?.replace(/\/\/[^@]*@/, '//')}), ${QUERIES} queries per scenario`);
try {
  const small = await createKnowledgebase('10k');
  await generateChunks(small, 10_000);
  await analyze();
  await report('10k chunks, one knowledge base', small);

  const large = await createKnowledgebase('large');
  await generateChunks(large, LARGE_CHUNKS);
  await analyze();
  await report(`${LARGE_CHUNKS / 1000}k chunks, one knowledge base`, large);
  await report(`10k-chunk knowledge base among ${(LARGE_CHUNKS + 10_000) / 1000}k chunks`, small);
} finally {
  await app.close();
  await pool.end();
  await database.drop();
}

async function createKnowledgebase(name: string): Promise<number> {
  return (await deps.services.knowledge.create(user.id, { name })).id;
}

/**
 * Documents of 100 chunks each, generated and indexed inside PostgreSQL, then the word counts
 * search uses for IDF. The full-text index is dropped during the load and rebuilt after it,
 * the usual way to bulk-load (building a GIN index at once is far faster than row by row).
 */
async function generateChunks(knowledgebaseId: number, count: number): Promise<void> {
  const started = performance.now();
  await sql`DROP INDEX knowledge_chunks_search_idx`.execute(deps.db);
  const batch = 20_000;
  for (let offset = 0; offset < count; offset += batch) {
    const size = Math.min(batch, count - offset);
    await sql`
      WITH docs AS (
        INSERT INTO knowledge_documents (knowledgebase_id, name, type, status, text_search_config, chunks_count)
        SELECT ${knowledgebaseId}, 'Generated document ' || (${offset} + g), 'txt', 'active', 'english', ${CHUNKS_PER_DOCUMENT}
        FROM generate_series(0, ${Math.ceil(size / CHUNKS_PER_DOCUMENT) - 1}) g
        RETURNING id
      ),
      numbered AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM docs),
      generated AS (
        SELECT d.id AS document_id, p AS position,
               (SELECT string_agg(${WORD_SQL}, ' ') FROM (SELECT floor(${VOCABULARY_SIZE} * power(random(), 3))::int AS x FROM generate_series(1, 6 + p * 0)) w) AS heading,
               (SELECT string_agg(${WORD_SQL}, ' ') FROM (SELECT floor(${VOCABULARY_SIZE} * power(random(), 3))::int AS x FROM generate_series(1, ${WORDS_PER_CHUNK} + p * 0)) w) AS content
        FROM numbered d, generate_series(0, ${CHUNKS_PER_DOCUMENT - 1}) p
        WHERE d.n * ${CHUNKS_PER_DOCUMENT} + p < ${size}
      )
      INSERT INTO knowledge_chunks (knowledgebase_id, document_id, position, heading, content, search_vector)
      SELECT ${knowledgebaseId}, document_id, position, heading, content,
             ${searchVectorSql('english', 'Generated document', sql.ref('heading'), sql.ref('content'))}
      FROM generated`.execute(deps.db);
    process.stdout.write(`  generated ${offset + size} chunks\r`);
  }
  await sql`CREATE INDEX knowledge_chunks_search_idx ON knowledge_chunks USING gin (search_vector)`.execute(deps.db);
  await deps.db.transaction().execute((tx) => createChunksRepo(tx).recountLexemes(knowledgebaseId));
  console.log(`  generated and indexed ${count} chunks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function analyze(): Promise<void> {
  await sql`ANALYZE knowledge_chunks`.execute(deps.db);
  await sql`ANALYZE knowledge_documents`.execute(deps.db);
}

async function report(title: string, knowledgebaseId: number): Promise<void> {
  const headers = { authorization: `Bearer ${apiKey.token}` };
  const viaService = async (q: string) => {
    const response = await fetch(`${serviceUrl}/api/user/knowledgebases/${knowledgebaseId}/search?q=${encodeURIComponent(q)}&limit=5`, { headers });
    if (response.status !== 200) throw new Error(`search answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: unknown[] }).data.length;
  };
  const viaDriver = async (q: string) => (await pool.query(PLAIN_FULL_TEXT_SEARCH, [knowledgebaseId, q, 5])).rowCount ?? 0;

  const service = await timeEach(questions, viaService);
  const bare = await timeEach(questions, viaDriver);
  console.log(`\n${title}`);
  console.log(row('plain ts_rank search through pg', bare));
  console.log(row('GET /api/user/knowledgebases/:id/search', service));
  console.log(`  ratio p50 (service / reference): ${(service.p50 / bare.p50).toFixed(2)}   passages found per query: ${service.found.toFixed(1)} of 5`);
}

async function timeEach(inputs: string[], run: (q: string) => Promise<number>) {
  for (const q of inputs.slice(0, WARM_UP_QUERIES)) await run(q);
  const latencies: number[] = [];
  let found = 0;
  for (const q of inputs.slice(WARM_UP_QUERIES)) {
    const started = performance.now();
    found += await run(q);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { p50: at(0.5), p99: at(0.99), mean: latencies.reduce((a, b) => a + b, 0) / latencies.length, found: found / latencies.length };
}

function row(label: string, r: { p50: number; p99: number; mean: number }): string {
  return `  ${label.padEnd(44)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   mean ${r.mean.toFixed(1).padStart(7)} ms`;
}
