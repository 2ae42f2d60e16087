import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { normalize } from './embeddings.js';
import { fakeEmbedding, startFakeEmbeddings } from './fixtures/fake-embeddings.js';
import { knowledgeApi, processDocuments } from './fixtures/knowledge-api.js';
import { vectorSearch } from './search.repo.js';
import { createVectorSupport } from './vector-support.js';

const DOCUMENTS = [
  { name: 'Vehicle hire', content: 'Automobiles can be hired at the airport desk from six in the morning.' },
  { name: 'Opening hours', content: 'The shop opens at nine and closes at six.' },
  { name: 'Pets', content: 'Dogs are welcome on a leash.' },
];

describe('hybrid search with an embeddings endpoint', () => {
  let fake: Awaited<ReturnType<typeof startFakeEmbeddings>>;
  let t: TestApp;
  let plain: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let plainApi: ReturnType<typeof knowledgeApi>;
  let kb: number;
  let plainKb: number;

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    t = await buildTestApp({ env: { EMBEDDINGS_BASE_URL: fake.baseUrl, EMBEDDINGS_MODEL: 'fake-embedder' } });
    plain = await buildTestApp();
    api = knowledgeApi(t, (await createUser(t.deps)).token);
    plainApi = knowledgeApi(plain, (await createUser(plain.deps)).token);
    kb = await api.createKnowledgebase();
    plainKb = await plainApi.createKnowledgebase();
    for (const document of DOCUMENTS) {
      await api.addDocument(kb, { ...document, type: 'txt' });
      await plainApi.addDocument(plainKb, { ...document, type: 'txt' });
    }
    await processDocuments(t);
    await processDocuments(plain);
  });

  afterAll(async () => {
    await t?.close();
    await plain?.close();
    await fake?.close();
  });

  it('stores a unit-length embedding with every chunk', async () => {
    const chunks = await t.deps.db.selectFrom('knowledge_chunks').select(['embedding']).where('knowledgebase_id', '=', kb).execute();
    expect(chunks).toHaveLength(DOCUMENTS.length);
    for (const { embedding } of chunks) {
      expect(embedding).toHaveLength(64);
      expect(Math.hypot(...embedding!)).toBeCloseTo(1, 5);
    }
  });

  it('finds a passage that shares no word with the question, which text search alone cannot', async () => {
    expect((await plainApi.search(plainKb, 'car rental')).body.data).toEqual([]);
    const hybrid = await api.search(kb, 'car rental');
    expect(hybrid.body.data[0]).toMatchObject({ document_name: 'Vehicle hire' });
    expect(hybrid.body.data[0].score).toBeGreaterThan(0);
    expect(hybrid.body.data[0].score).toBeLessThanOrEqual(1);
  });

  it('ranks a passage found by both rankings first, with the top score', async () => {
    const res = await api.search(kb, 'when does the shop open', 3);
    expect(res.body.data[0]).toMatchObject({ document_name: 'Opening hours', score: 1 });
  });

  it('falls back to text search when the endpoint fails at query time', async () => {
    fake.state.failWith = 400;
    try {
      const res = await api.search(kb, 'when does the shop open');
      expect(res.status).toBe(200);
      expect(res.body.data[0].document_name).toBe('Opening hours');
      expect((await api.search(kb, 'car rental')).body.data).toEqual([]);
    } finally {
      fake.state.failWith = null;
    }
  });

  it('pgvector and the plain SQL fallback rank alike', async () => {
    const embedding = normalize(fakeEmbedding('car rental at the airport'));
    const fallback = await vectorSearch(t.deps.db, { knowledgebaseId: kb, embedding, limit: 3, pgvector: false });
    expect(fallback[0]!.document_name).toBe('Vehicle hire');
    const support = createVectorSupport(t.deps.db, t.deps.logger);
    // PGlite bundles pgvector; a PostgreSQL server may not have it, and then only the fallback exists.
    const hasPgvector = await support.hasPgvector();
    if (t.database.kind === 'pglite') expect(hasPgvector).toBe(true);
    if (!hasPgvector) return;
    const native = await vectorSearch(t.deps.db, { knowledgebaseId: kb, embedding, limit: 3, pgvector: true });
    expect(native.map((r) => r.chunk_id)).toEqual(fallback.map((r) => r.chunk_id));
    native.forEach((row, i) => expect(row.score).toBeCloseTo(fallback[i]!.score, 5));
  });

  it('a document whose embedding keeps failing is retried, then fails saying why', async () => {
    fake.state.failWith = 400;
    try {
      const created = await api.addDocument(kb, { name: 'Unlucky', type: 'txt', content: 'Embedding this will not work.' });
      await processDocuments(t);
      expect((await api.document(kb, created.body.data.id)).status).toBe('processing');
      await processDocuments(t, 6);
      const doc = await api.document(kb, created.body.data.id);
      expect(doc.status).toBe('failed');
      expect(doc.failure_reason).toMatch(/^The embeddings endpoint failed: 400/);
    } finally {
      fake.state.failWith = null;
    }
  });
});
