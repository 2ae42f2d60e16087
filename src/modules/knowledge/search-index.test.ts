import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { knowledgeApi, processDocuments } from './fixtures/knowledge-api.js';

/** Migration 0015: a search reads only its own knowledge base's matches, on both databases. */
describe('the per-knowledge-base full-text index', () => {
  let t: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let otherApi: ReturnType<typeof knowledgeApi>;

  beforeAll(async () => {
    t = await buildTestApp();
    api = knowledgeApi(t, (await createUser(t.deps)).token);
    otherApi = knowledgeApi(t, (await createUser(t.deps)).token);
  });
  afterAll(async () => t?.close());

  it('is one GIN index over (knowledgebase_id, search_vector), replacing the index over every tenant', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'knowledge_chunks' AND indexdef LIKE '%search_vector%'`.execute(
      t.deps.db,
    );
    expect(rows).toEqual([
      { indexname: 'knowledge_chunks_kb_search_idx', indexdef: expect.stringMatching(/USING gin \(knowledgebase_id, search_vector\)$/) },
    ]);
  });

  it('answers the search condition on both columns in one index scan', async () => {
    const mine = await api.createKnowledgebase();
    const theirs = await otherApi.createKnowledgebase();
    await api.addDocument(mine, { name: 'Bikes', type: 'txt', content: 'Folding bicycles are serviced every spring.' });
    await otherApi.addDocument(theirs, { name: 'Bikes too', type: 'txt', content: 'Bicycles of another tenant.' });
    await processDocuments(t);
    // Tiny tables are cheaper to read whole or through the knowledge-base btree; the question is
    // what this index can answer, so those ways are closed inside a transaction rolled back after.
    let plan = '';
    await t.deps.db
      .transaction()
      .execute(async (tx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(tx);
        await sql`DROP INDEX knowledge_chunks_kb_idx`.execute(tx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT id FROM knowledge_chunks WHERE knowledgebase_id = ${mine} AND search_vector @@ 'bicycl'::tsquery`.execute(tx);
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(plan).toMatch(
      /Bitmap Index Scan on knowledge_chunks_kb_search_idx .*\n\s+Index Cond: \(\(knowledgebase_id = \d+\) AND \(search_vector @@ '''bicycl'''::tsquery\)\)/,
    );
    expect((await api.search(mine, 'bicycles')).body.data.map((p: { document_name: string }) => p.document_name)).toEqual(['Bikes']);
  });
});
