import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { buildDocx } from './fixtures/docx-builder.js';
import { buildPdf } from './fixtures/pdf-builder.js';
import { htmlPage, startSiteServer } from './fixtures/site-server.js';
import { knowledgeApi, processDocuments } from './fixtures/knowledge-api.js';

/** Each document type end to end: HTTP in, durable job, extraction, chunks, search out. */
describe('knowledge documents', () => {
  let t: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let site: Awaited<ReturnType<typeof startSiteServer>>;

  beforeAll(async () => {
    t = await buildTestApp();
    api = knowledgeApi(t, (await createUser(t.deps)).token);
    site = await startSiteServer({
      '/': {
        body: htmlPage({
          title: 'Acme Bikes',
          sections: [{ heading: 'Welcome', paragraphs: ['Acme Bikes builds folding bicycles in Lisbon since 1998.'] }],
          links: ['/warranty', '/repairs', '/contact', 'https://elsewhere.example/offsite', '/brochure.pdf'],
        }),
      },
      '/warranty': {
        body: htmlPage({
          title: 'Warranty',
          sections: [{ heading: 'Frame warranty', paragraphs: ['Every frame carries a lifetime warranty against cracks.'] }],
          links: ['/deep'],
        }),
      },
      '/repairs': { redirectTo: '/service' },
      '/service': {
        body: htmlPage({ title: 'Service', sections: [{ heading: 'Repairs', paragraphs: ['Spoke repairs take two working days.'] }] }),
      },
      '/contact': {
        body: htmlPage({ title: 'Contact', sections: [{ heading: 'Phone', paragraphs: ['Call the workshop on weekdays.'] }] }),
      },
      '/deep': {
        body: htmlPage({ title: 'Deep', sections: [{ heading: 'Hidden', paragraphs: ['A page two links deep about saddles.'] }] }),
      },
      '/notes.txt': { contentType: 'text/plain', body: 'Tyre pressure\n\nInflate tyres to six bar before every ride.' },
    });
  });

  afterAll(async () => {
    await site?.close();
    await t?.close();
  });

  it('indexes a txt document sent as JSON text, and finds its passage with the document name', async () => {
    const kb = await api.createKnowledgebase();
    const created = await api.addDocument(kb, {
      name: 'Returns FAQ',
      type: 'txt',
      content:
        '# Returns\n\nYou can return unworn shoes within 30 days for a full refund.\n\n## Damaged items\n\nDamaged parcels are replaced free of charge.',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Document created successfully. Processing will begin shortly.',
      data: { name: 'Returns FAQ', type: 'txt', type_label: 'TXT', status: 'processing', status_label: 'Processing', failure_reason: null },
    });
    expect((await api.knowledgebase(kb)).status).toBe('processing');

    await processDocuments(t);
    const doc = await api.document(kb, created.body.data.id);
    expect(doc).toMatchObject({ status: 'active', status_label: 'Active', chunks_count: 2 });
    expect(await api.knowledgebase(kb)).toMatchObject({ status: 'active', documents_count: 1 });

    const found = await api.search(kb, 'what happens to damaged parcels?');
    expect(found.status).toBe(200);
    expect(found.body.data[0]).toMatchObject({ document_name: 'Returns FAQ', heading: 'Returns > Damaged items', url: null });
    expect(found.body.data[0].content).toContain('replaced free of charge');
    expect(found.body.data[0].score).toBeGreaterThan(0);
  });

  it('indexes a txt file uploaded as multipart', async () => {
    const kb = await api.createKnowledgebase();
    const data = Buffer.from('Opening hours\n\nThe showroom opens at nine and closes at six, Monday to Saturday.');
    const created = await api.upload(kb, { name: 'Hours', type: 'txt' }, { filename: 'hours.txt', contentType: 'text/plain', data });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).status).toBe('active');
    const found = await api.search(kb, 'when does the showroom close');
    expect(found.body.data[0]).toMatchObject({ document_name: 'Hours', heading: 'Opening hours' });
  });

  it('indexes a pdf, keeping its headings (set in a larger font) as passage headings', async () => {
    const kb = await api.createKnowledgebase();
    const pdf = buildPdf([
      { heading: 'Installation Guide' },
      { paragraph: 'Mount the bracket on a load-bearing wall using the four supplied anchors. '.repeat(3) },
      { heading: 'Troubleshooting' },
      { paragraph: 'If the display flickers, replace the ribbon cable behind the front panel.' },
    ]);
    const created = await api.upload(
      kb,
      { name: 'Manual', type: 'pdf', description: 'Printed manual' },
      { filename: 'manual.pdf', contentType: 'application/pdf', data: pdf },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ type: 'pdf', type_label: 'PDF', description: 'Printed manual' });
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).status).toBe('active');
    const found = await api.search(kb, 'display flickers');
    expect(found.body.data[0]).toMatchObject({ document_name: 'Manual', heading: 'Troubleshooting' });
    expect(found.body.data[0].content).toBe('If the display flickers, replace the ribbon cable behind the front panel.');
  });

  it('indexes a docx with its heading styles', async () => {
    const kb = await api.createKnowledgebase();
    const docx = buildDocx([
      { heading: 'Employee Handbook' },
      { heading: 'Holidays', level: 2 },
      { paragraph: 'Staff receive twenty-five days of paid annual leave.' },
      { heading: 'Expenses', level: 2 },
      { paragraph: 'Submit travel receipts within one month.' },
    ]);
    const created = await api.upload(
      kb,
      { name: 'Handbook', type: 'docx' },
      {
        filename: 'handbook.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: docx,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).status).toBe('active');
    const found = await api.search(kb, 'how many days of annual leave');
    expect(found.body.data[0]).toMatchObject({
      heading: 'Employee Handbook > Holidays',
      content: 'Staff receive twenty-five days of paid annual leave.',
    });
  });

  it('crawls a website: same-site links only, up to relative_links_limit pages, redirects followed, page furniture dropped', async () => {
    const kb = await api.createKnowledgebase();
    const before = site.requested.length;
    const created = await api.addDocument(kb, { name: 'Acme site', type: 'website', url: `${site.url}/`, relative_links_limit: 2 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ type: 'website', type_label: 'Website', url: `${site.url}/`, relative_links_limit: 2 });
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).status).toBe('active');
    // robots.txt (none here: allowed), the start page, then two links fetched side by side (the
    // redirect followed); the off-site link and the PDF are not fetched.
    const requested = site.requested.slice(before);
    expect(requested.slice(0, 2)).toEqual(['/robots.txt', '/']);
    expect(requested.slice(2).sort()).toEqual(['/repairs', '/service', '/warranty']);

    const warranty = await api.search(kb, 'lifetime frame warranty');
    expect(warranty.body.data[0]).toMatchObject({ heading: 'Warranty > Frame warranty', url: `${site.url}/warranty` });
    const repairs = await api.search(kb, 'spoke repairs');
    expect(repairs.body.data[0]).toMatchObject({ url: `${site.url}/service` });
    expect((await api.search(kb, 'saddles')).body.data).toEqual([]);
    expect((await api.search(kb, 'tracking cookie banner copyright')).body.data).toEqual([]);
  });

  it('reads exactly the pages given as links[], plain text pages included', async () => {
    const kb = await api.createKnowledgebase();
    const created = await api.addDocument(kb, { name: 'Pages', type: 'website', links: [`${site.url}/contact`, `${site.url}/notes.txt`] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ url: null, links: [`${site.url}/contact`, `${site.url}/notes.txt`] });
    await processDocuments(t);
    expect((await api.document(kb, created.body.data.id)).status).toBe('active');
    expect((await api.search(kb, 'tyre pressure bar')).body.data[0].url).toBe(`${site.url}/notes.txt`);
    expect((await api.search(kb, 'lifetime warranty')).body.data).toEqual([]);
  });

  it('renames and deletes documents; a rename is searchable at once', async () => {
    const kb = await api.createKnowledgebase();
    const created = await api.addDocument(kb, { name: 'Draft', type: 'txt', content: 'The cafeteria serves lunch from noon.' });
    await processDocuments(t);
    const renamed = await api.call('PUT', `/api/user/knowledgebases/${kb}/documents/${created.body.data.id}`, { name: 'Canteen menu' });
    expect(renamed).toMatchObject({
      status: 200,
      body: { message: 'Document updated successfully.', data: { name: 'Canteen menu', status: 'active' } },
    });
    expect((await api.search(kb, 'canteen')).body.data[0].document_name).toBe('Canteen menu');

    const listed = await api.call('GET', `/api/user/knowledgebases/${kb}/documents`);
    expect(listed.body.data.map((d: { name: string }) => d.name)).toEqual(['Canteen menu']);
    const deleted = await api.call('DELETE', `/api/user/knowledgebases/${kb}/documents/${created.body.data.id}`);
    expect(deleted).toEqual({ status: 200, body: { message: 'Document deleted successfully.' } });
    expect((await api.search(kb, 'lunch')).body.data).toEqual([]);
    expect(await api.call('GET', `/api/user/knowledgebases/${kb}/documents/${created.body.data.id}`)).toEqual({
      status: 404,
      body: { error: 'Document not found.' },
    });
    expect(await api.knowledgebase(kb)).toMatchObject({ status: 'empty', documents_count: 0 });
  });

  it('keeps the word counts that weigh search equal to the chunks through adds, renames and deletes', async () => {
    const kb = await api.createKnowledgebase();
    const first = await api.addDocument(kb, { name: 'Tents', type: 'txt', content: 'Tents keep rain out. Tents need pegs.' });
    await api.addDocument(kb, { name: 'Stoves', type: 'txt', content: 'Stoves need fuel and pegs are not needed.' });
    await processDocuments(t);
    await api.call('PUT', `/api/user/knowledgebases/${kb}/documents/${first.body.data.id}`, { name: 'Shelters' });
    await api.call('DELETE', `/api/user/knowledgebases/${kb}/documents/${first.body.data.id}`);
    const { rows: drift } = await sql<{ lexeme: string }>`
      SELECT coalesce(k.lexeme, c.lexeme) AS lexeme
      FROM (SELECT lexeme, chunk_count FROM knowledge_lexemes WHERE knowledgebase_id = ${kb} AND chunk_count <> 0) k
      FULL JOIN (SELECT w.lexeme, count(*)::int AS chunk_count FROM knowledge_chunks ch, unnest(ch.search_vector) w
                 WHERE ch.knowledgebase_id = ${kb} GROUP BY w.lexeme) c ON c.lexeme = k.lexeme
      WHERE k.chunk_count IS DISTINCT FROM c.chunk_count`.execute(t.deps.db);
    expect(drift).toEqual([]);
    expect((await api.search(kb, 'pegs')).body.data.map((p: { document_name: string }) => p.document_name)).toEqual(['Stoves']);
  });

  it('a document deleted before its job runs is skipped quietly', async () => {
    const kb = await api.createKnowledgebase();
    const created = await api.addDocument(kb, { name: 'Gone', type: 'txt', content: 'Short lived.' });
    await api.call('DELETE', `/api/user/knowledgebases/${kb}/documents/${created.body.data.id}`);
    await processDocuments(t);
    const job = await t.deps.db
      .selectFrom('jobs')
      .select(['status'])
      .where('kind', '=', 'knowledge.process-document')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('succeeded');
  });
});
