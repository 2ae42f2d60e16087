import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { buildPdf } from './fixtures/pdf-builder.js';
import { htmlPage, startSiteServer } from './fixtures/site-server.js';
import { knowledgeApi, processDocuments } from './fixtures/knowledge-api.js';

/** A port on 127.0.0.1 where nothing listens: connections are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('documents that cannot be processed say why', () => {
  let t: TestApp;
  let api: ReturnType<typeof knowledgeApi>;

  beforeAll(async () => {
    t = await buildTestApp();
    api = knowledgeApi(t, (await createUser(t.deps)).token);
  });
  afterAll(async () => t?.close());

  it("a corrupt pdf fails at once with the reader's reason, and fails its knowledge base", async () => {
    const kb = await api.createKnowledgebase();
    const good = await api.addDocument(kb, { name: 'Fine', type: 'txt', content: 'All good here.' });
    const corrupt = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage without a cross-reference table');
    const created = await api.upload(
      kb,
      { name: 'Broken', type: 'pdf' },
      { filename: 'broken.pdf', contentType: 'application/pdf', data: corrupt },
    );
    expect(created.status).toBe(201);
    await processDocuments(t);
    const doc = await api.document(kb, created.body.data.id);
    expect(doc).toMatchObject({ status: 'failed', status_label: 'Failed', chunks_count: 0 });
    expect(doc.failure_reason).toMatch(/^The file is not a readable PDF \(.+\)\.$/);
    expect((await api.document(kb, good.body.data.id)).status).toBe('active');
    expect(await api.knowledgebase(kb)).toMatchObject({ status: 'failed', status_label: 'Failed', documents_count: 2 });
  });

  it('a pdf without a text layer fails with a reason', async () => {
    const kb = await api.createKnowledgebase();
    const created = await api.upload(
      kb,
      { name: 'Scan', type: 'pdf' },
      { filename: 'scan.pdf', contentType: 'application/pdf', data: buildPdf([]) },
    );
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).failure_reason).toBe(
      'No text could be extracted from the PDF (scanned images are not supported).',
    );
  });

  it('a corrupt docx fails with a reason', async () => {
    const kb = await api.createKnowledgebase();
    const notReallyZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    const created = await api.upload(
      kb,
      { name: 'Broken', type: 'docx' },
      { filename: 'x.docx', contentType: 'application/octet-stream', data: notReallyZip },
    );
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).failure_reason).toMatch(/^The file is not a readable DOCX document/);
  });

  it('an unreachable site is retried with backoff, then fails with the network error', async () => {
    const kb = await api.createKnowledgebase();
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const created = await api.addDocument(kb, { name: 'Down', type: 'website', url });
    await processDocuments(t);
    // Still processing: the first failure may pass, so the job waits for its next attempt.
    expect((await api.document(kb, created.body.data.id)).status).toBe('processing');
    await processDocuments(t, 6);
    const doc = await api.document(kb, created.body.data.id);
    expect(doc.status).toBe('failed');
    expect(doc.failure_reason).toMatch(new RegExp(`^Could not fetch ${url.replace(/[.]/g, '\\.')}: .*ECONNREFUSED`));
    const job = await t.deps.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'knowledge.process-document')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'dead', attempts: 5 });
  });

  it('a page that answers 404 fails at once', async () => {
    const site = await startSiteServer({});
    try {
      const kb = await api.createKnowledgebase();
      const created = await api.addDocument(kb, { name: 'Missing', type: 'website', url: `${site.url}/nothing-here` });
      await processDocuments(t);
      expect((await api.document(kb, created.body.data.id)).failure_reason).toBe(
        `Could not fetch ${site.url}/nothing-here: the server answered HTTP 404.`,
      );
    } finally {
      await site.close();
    }
  });
});

describe('with ALLOW_PRIVATE_URLS=false', () => {
  let t: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let site: Awaited<ReturnType<typeof startSiteServer>>;

  beforeAll(async () => {
    t = await buildTestApp({ env: { ALLOW_PRIVATE_URLS: 'false' } });
    api = knowledgeApi(t, (await createUser(t.deps)).token);
    site = await startSiteServer({
      '/': { body: htmlPage({ title: 'Internal', sections: [{ heading: 'Secrets', paragraphs: ['Admin panel'] }] }) },
    });
  });
  afterAll(async () => {
    await site?.close();
    await t?.close();
  });

  it('a private address is refused without a request, and the document fails at once', async () => {
    const kb = await api.createKnowledgebase();
    const created = await api.addDocument(kb, { name: 'Internal', type: 'website', url: `${site.url}/` });
    await processDocuments(t);
    const doc = await api.document(kb, created.body.data.id);
    expect(doc.status).toBe('failed');
    expect(doc.failure_reason).toBe(
      `Could not fetch ${site.url}/: 127.0.0.1 is a loopback address; requests to private networks are refused.`,
    );
    expect(site.requested).toEqual([]);
  });

  it('the cloud metadata address is refused too', async () => {
    const kb = await api.createKnowledgebase();
    const created = await api.addDocument(kb, { name: 'Metadata', type: 'website', links: ['http://169.254.169.254/latest/meta-data/'] });
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).failure_reason).toMatch(
      /169\.254\.169\.254 is the cloud metadata service; requests to private networks are refused\.$/,
    );
  });
});
