/**
 * Knowledge-base search latency on PostgreSQL as the number of chunks grows: 10k chunks in
 * one knowledge base, 200k in one knowledge base (another tenant's), and the same 10k
 * knowledge base once those 200k chunks sit beside it (210k in all). Chunks are generated in
 * SQL (words drawn from a skewed vocabulary, so some words are everywhere and most are rare,
 * as in real text) and indexed exactly as the processing job indexes them. Each query is a different natural-language question.
 *
 * Measured: GET /api/user/knowledgebases/:id/search one request at a time (p50/p99), against
 * a minimal reference: PostgreSQL's own ranking (ts_rank over the OR-ed question) in a single
 * statement straight through `pg`, which is what a plain full-text search would cost. The
 * ratio shows what our IDF ranking, auth, validation and HTTP add or save.
 *
 * The last scenario is also compared, query by query, with the same plain search over a table
 * that holds only the searched knowledge base's 10k chunks: what a tenant would pay with the
 * database to itself. Then the index is put back as it was before migration 0015 (a GIN over
 * every tenant's search vectors) and the comparison repeated: before and after in one run.
 * With each index, the service's own statements for the same questions are run under
 * EXPLAIN (ANALYZE, BUFFERS): the shared buffer blocks they touch are a count that the
 * machine's load cannot blur.
 */
import { pino } from 'pino';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/deps.js';
import { loadConfig } from '../src/config.js';
import { createChunksRepo, searchVectorSql } from '../src/modules/knowledge/chunks.repo.js';
import { fullTextSearch } from '../src/modules/knowledge/search.repo.js';
import { createBenchDatabase, createReferencePool } from './support/database.js';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 400);
const WARM_UP_QUERIES = 50;
const LARGE_CHUNKS = Number(process.env.BENCH_LARGE_CHUNKS ?? 200_000);
const CHUNKS_PER_DOCUMENT = 100;
const WORDS_PER_CHUNK = 120;
const BLOCK_COUNT_QUESTIONS = 100;

/** The minimal reference: one statement, PostgreSQL's ts_rank, no word statistics. */
const PLAIN_FULL_TEXT_SEARCH = `
  WITH query AS (SELECT replace(plainto_tsquery('english', $2)::text, ' & ', ' | ')::tsquery AS q)
  SELECT c.id, d.name, c.heading, c.content, ts_rank(c.search_vector, query.q) AS score
  FROM query JOIN knowledge_chunks c ON c.search_vector @@ query.q JOIN knowledge_documents d ON d.id = c.document_id
  WHERE c.knowledgebase_id = $1
  ORDER BY score DESC, c.id LIMIT $3`;

/** Migration 0015's full-text index, over (knowledgebase_id, search_vector). */
const PER_KNOWLEDGEBASE_INDEX = 'knowledge_chunks_kb_search_idx';

/** The same search over a table holding only the searched knowledge base's chunks. */
const ISOLATED_REFERENCE_SEARCH = `
  WITH query AS (SELECT replace(plainto_tsquery('english', $1)::text, ' & ', ' | ')::tsquery AS q)
  SELECT c.id, d.name, c.heading, c.content, ts_rank(c.search_vector, query.q) AS score
  FROM query JOIN reference_chunks c ON c.search_vector @@ query.q JOIN knowledge_documents d ON d.id = c.document_id
  ORDER BY score DESC, c.id LIMIT $2`;

const database = await createBenchDatabase({ requirePostgres: true });
const config = loadConfig({
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  DATABASE_URL: database.url,
  JOBS_ENABLED: 'false',
});
const deps = await createDeps(config, { database: database.handle, logger: pino({ level: 'silent' }) });
const { user, apiKey } = await deps.services.accounts.createUser({ email: 'bench@example.com', password: 'bench-password' });
const otherTenant = await deps.services.accounts.createUser({ email: 'other-tenant@example.com', password: 'bench-password' });
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
const questions = Array.from(
  { length: QUERIES + WARM_UP_QUERIES },
  (_, i) => `${QUESTION_OPENERS[i % QUESTION_OPENERS.length]} ${Array.from({ length: 3 + (i % 4) }, randomWord).join(' ')}`,
);

console.log(`knowledge search on PostgreSQL (${database.url?.replace(/\/\/[^@]*@/, '//')}), ${QUERIES} queries per scenario`);
console.log(`search indexes on knowledge_chunks: ${(await searchIndexes()).map((i) => i.indexname).join(', ')}`);
try {
  const small = await createKnowledgebase(user.id, '10k');
  await generateChunks(small, 10_000);
  await analyze();
  await copyToReferenceTable(small);
  const alone = await report('10k chunks, one knowledge base', small);

  const large = await createKnowledgebase(otherTenant.user.id, 'large');
  await generateChunks(large, LARGE_CHUNKS);
  await analyze();
  await report(`${LARGE_CHUNKS / 1000}k chunks, one knowledge base`, large, otherTenant.apiKey.token);
  const among = await report(`10k-chunk knowledge base among ${(LARGE_CHUNKS + 10_000) / 1000}k chunks`, small);

  console.log(
    `\nother tenants' data: the 10k knowledge base among ${(LARGE_CHUNKS + 10_000) / 1000}k chunks, against the plain search on a table`,
  );
  console.log(`holding only those 10k rows (the two interleaved query by query, so both see the same load)`);
  console.log(`  (the service alone, measured above, was ${(alone.p50 / among.p50).toFixed(2)} of the service among them at p50)`);
  const indexes = (await searchIndexes()).map((i) => i.indexname);
  const current = await isolationRatio(small, `with ${indexes.join(', ')}`);
  const currentBlocks = await blockCounts(small);
  if (indexes.includes(PER_KNOWLEDGEBASE_INDEX)) {
    // The same data with the index as it was before migration 0015, for a before/after in one run.
    await sql`CREATE INDEX knowledge_chunks_search_idx ON knowledge_chunks USING gin (search_vector)`.execute(deps.db);
    await sql`DROP INDEX ${sql.ref(PER_KNOWLEDGEBASE_INDEX)}`.execute(deps.db);
    await analyze();
    const previous = await isolationRatio(small, 'with knowledge_chunks_search_idx only (before migration 0015)');
    const previousBlocks = await blockCounts(small);
    console.log(
      `  per-knowledge-base index: service p50 ${previous.p50.toFixed(1)} -> ${current.p50.toFixed(1)} ms, ratio ${previous.ratio.toFixed(2)} -> ${current.ratio.toFixed(2)}`,
    );
    console.log(
      `  shared blocks per search (EXPLAIN ANALYZE BUFFERS, ${BLOCK_COUNT_QUESTIONS} questions), global index -> per-knowledge-base index:`,
    );
    console.log(
      `    whole search  median ${previousBlocks.total.median} -> ${currentBlocks.total.median}, mean ${previousBlocks.total.mean.toFixed(0)} -> ${currentBlocks.total.mean.toFixed(0)}, max ${previousBlocks.total.max} -> ${currentBlocks.total.max}`,
    );
    console.log(
      `    index scans (any index, heap fetches of plain index scans included)   median ${previousBlocks.index.median} -> ${currentBlocks.index.median}, mean ${previousBlocks.index.mean.toFixed(0)} -> ${currentBlocks.index.mean.toFixed(0)}, max ${previousBlocks.index.max} -> ${currentBlocks.index.max}`,
    );
    console.log(
      `    rows read and then dropped by a filter or an index recheck: mean ${previousBlocks.filtered.toFixed(0)} -> ${currentBlocks.filtered.toFixed(0)}`,
    );
  }
} finally {
  await app.close();
  await pool.end();
  await database.drop();
}

async function createKnowledgebase(ownerId: number, name: string): Promise<number> {
  return (await deps.services.knowledge.create(ownerId, { name })).id;
}

/** The indexes over search_vector, whatever the migrations named them, with their definitions. */
async function searchIndexes() {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE tablename = 'knowledge_chunks' AND indexdef LIKE '%search_vector%' ORDER BY indexname`.execute(deps.db);
  return rows;
}

/** The minimal reference's own table: only the searched knowledge base's chunks, its own GIN index. */
async function copyToReferenceTable(knowledgebaseId: number): Promise<void> {
  await sql`CREATE TABLE reference_chunks AS SELECT id, document_id, heading, content, search_vector FROM knowledge_chunks WHERE knowledgebase_id = ${knowledgebaseId}`.execute(
    deps.db,
  );
  await sql`CREATE INDEX reference_chunks_search_idx ON reference_chunks USING gin (search_vector)`.execute(deps.db);
  await sql`ANALYZE reference_chunks`.execute(deps.db);
}

/**
 * Documents of 100 chunks each, generated and indexed inside PostgreSQL, then the word counts
 * search uses for IDF. The full-text index is dropped during the load and rebuilt after it,
 * the usual way to bulk-load (building a GIN index at once is far faster than row by row).
 */
async function generateChunks(knowledgebaseId: number, count: number): Promise<void> {
  const started = performance.now();
  const indexes = await searchIndexes();
  for (const index of indexes) await sql`DROP INDEX ${sql.ref(index.indexname)}`.execute(deps.db);
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
  for (const index of indexes) await sql.raw(index.indexdef).execute(deps.db);
  await deps.db.transaction().execute((tx) => createChunksRepo(tx).recountLexemes(knowledgebaseId));
  console.log(`  generated and indexed ${count} chunks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function isolationRatio(knowledgebaseId: number, label: string) {
  const [isolated, service] = await timeInterleaved(questions, [
    async (q) => (await pool.query(ISOLATED_REFERENCE_SEARCH, [q, 5])).rowCount ?? 0,
    (q) => searchThroughService(knowledgebaseId, apiKey.token, q),
  ]);
  console.log(`  ${label}`);
  console.log(row('plain ts_rank search, 10k-row table', isolated!));
  console.log(row('GET .../search, 10k among the rest', service!));
  const ratio = service!.p50 / isolated!.p50;
  console.log(`  ratio p50 (service / 10k-row table): ${ratio.toFixed(2)}`);
  return { p50: service!.p50, ratio };
}

interface PlanNode {
  'Node Type': string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The statements the service runs for each question, captured through a logging Kysely, then
 * each run again under EXPLAIN (ANALYZE, BUFFERS): blocks touched by the whole search, by its
 * index scans alone, and the rows fetched from the table only to be thrown away.
 */
async function blockCounts(knowledgebaseId: number) {
  const captured: CompiledQuery[] = [];
  const logging = new Kysely<never>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
  const totals: number[] = [];
  const indexBlocks: number[] = [];
  let filtered = 0;
  const byNode = new Map<string, number>();
  for (const question of questions.slice(0, BLOCK_COUNT_QUESTIONS)) {
    captured.length = 0;
    await fullTextSearch(logging as never, knowledgebaseId, question, 5);
    let total = 0;
    let index = 0;
    for (const [statement, query] of captured.entries()) {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`, [...query.parameters]);
      const plan = (rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan;
      total += plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
      for (const node of planNodes(plan)) {
        const where = `statement ${statement + 1} ${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`;
        byNode.set(where, (byNode.get(where) ?? 0) + node['Shared Hit Blocks'] + node['Shared Read Blocks']);
        if (node['Node Type'].includes('Index Scan')) index += node['Shared Hit Blocks'] + node['Shared Read Blocks'];
        filtered += (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      }
    }
    totals.push(total);
    indexBlocks.push(index);
  }
  // Blocks are cumulative up the plan: a node's figure includes its children's.
  const heaviest = [...byNode].sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(
    `  blocks per search by plan node (mean, cumulative): ${heaviest.map(([where, blocks]) => `${where} ${(blocks / BLOCK_COUNT_QUESTIONS).toFixed(0)}`).join('; ')}`,
  );
  return { total: summarise(totals), index: summarise(indexBlocks), filtered: filtered / BLOCK_COUNT_QUESTIONS };
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

function summarise(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    max: sorted[sorted.length - 1]!,
  };
}

async function analyze(): Promise<void> {
  await sql`ANALYZE knowledge_chunks`.execute(deps.db);
  await sql`ANALYZE knowledge_documents`.execute(deps.db);
}

async function searchThroughService(knowledgebaseId: number, token: string, q: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const response = await fetch(`${serviceUrl}/api/user/knowledgebases/${knowledgebaseId}/search?q=${encodeURIComponent(q)}&limit=5`, {
    headers,
  });
  if (response.status !== 200) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: unknown[] }).data.length;
}

async function report(title: string, knowledgebaseId: number, token = apiKey.token) {
  const viaService = (q: string) => searchThroughService(knowledgebaseId, token, q);
  const viaDriver = async (q: string) => (await pool.query(PLAIN_FULL_TEXT_SEARCH, [knowledgebaseId, q, 5])).rowCount ?? 0;

  const service = await timeEach(questions, viaService);
  const bare = await timeEach(questions, viaDriver);
  console.log(`\n${title}`);
  console.log(row('plain ts_rank search through pg', bare));
  console.log(row('GET /api/user/knowledgebases/:id/search', service));
  console.log(
    `  ratio p50 (service / reference): ${(service.p50 / bare.p50).toFixed(2)}   passages found per query: ${service.found.toFixed(1)} of 5`,
  );
  return service;
}

async function timeEach(inputs: string[], run: (q: string) => Promise<number>) {
  return (await timeInterleaved(inputs, [run]))[0]!;
}

/** Each question through every runner in turn, so the runners share the machine's load. */
async function timeInterleaved(inputs: string[], runs: Array<(q: string) => Promise<number>>) {
  for (const q of inputs.slice(0, WARM_UP_QUERIES)) for (const run of runs) await run(q);
  const latencies = runs.map(() => [] as number[]);
  const found = runs.map(() => 0);
  for (const q of inputs.slice(WARM_UP_QUERIES)) {
    for (const [i, run] of runs.entries()) {
      const started = performance.now();
      found[i]! += await run(q);
      latencies[i]!.push(performance.now() - started);
    }
  }
  return latencies.map((values, i) => {
    values.sort((a, b) => a - b);
    const at = (p: number) => values[Math.min(values.length - 1, Math.floor(p * values.length))]!;
    return { p50: at(0.5), p99: at(0.99), mean: values.reduce((a, b) => a + b, 0) / values.length, found: found[i]! / values.length };
  });
}

function row(label: string, r: { p50: number; p99: number; mean: number }): string {
  return `  ${label.padEnd(44)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   mean ${r.mean.toFixed(1).padStart(7)} ms`;
}
