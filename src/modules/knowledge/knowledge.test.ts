import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, readAssistant } from '../../../test/helpers/assistants.js';
import { buildDocx } from './fixtures/docx-builder.js';
import { knowledgeApi, processDocuments } from './fixtures/knowledge-api.js';

const MICROSECOND_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

describe('knowledge bases', () => {
  let t: TestApp;
  let owner: { token: string };
  let api: ReturnType<typeof knowledgeApi>;
  let other: ReturnType<typeof knowledgeApi>;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.deps);
    api = knowledgeApi(t, owner.token);
    other = knowledgeApi(t, (await createUser(t.deps)).token);
  });
  afterAll(async () => t?.close());

  it("creates, lists, reads, updates and deletes with the reference's shapes and messages", async () => {
    const created = await api.call('POST', '/api/user/knowledgebases', { name: 'Product Documentation', description: 'Manuals' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Knowledgebase created successfully.',
      data: {
        name: 'Product Documentation',
        description: 'Manuals',
        status: 'empty',
        status_label: 'Empty',
        documents_count: 0,
        assistants_count: 0,
      },
    });
    expect(created.body.data.created_at).toMatch(MICROSECOND_TIMESTAMP);
    const id = created.body.data.id;

    const listed = await api.call('GET', '/api/user/knowledgebases');
    expect(listed.body.data).toEqual([created.body.data]);
    expect(await api.call('GET', `/api/user/knowledgebases/${id}`)).toEqual({ status: 200, body: { data: created.body.data } });

    const updated = await api.call('PUT', `/api/user/knowledgebases/${id}`, { name: 'Docs', description: null });
    expect(updated).toMatchObject({
      status: 200,
      body: { message: 'Knowledgebase updated successfully.', data: { id, name: 'Docs', description: null } },
    });

    expect(await api.call('DELETE', `/api/user/knowledgebases/${id}`)).toEqual({
      status: 200,
      body: { message: 'Knowledgebase deleted successfully.' },
    });
    expect(await api.call('GET', `/api/user/knowledgebases/${id}`)).toEqual({ status: 404, body: { error: 'Knowledgebase not found.' } });
  });

  it('validates names and descriptions like the reference', async () => {
    expect(await api.call('POST', '/api/user/knowledgebases', {})).toEqual({
      status: 422,
      body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } },
    });
    const id = await api.createKnowledgebase();
    const tooLong = await api.call('PUT', `/api/user/knowledgebases/${id}`, { name: 'x'.repeat(256) });
    // The reference's own example answer, in Laravel 6's wording.
    expect(tooLong).toEqual({
      status: 422,
      body: {
        message: 'The name may not be greater than 255 characters.',
        errors: { name: ['The name may not be greater than 255 characters.'] },
      },
    });
    expect(await api.call('GET', '/api/user/knowledgebases/abc')).toEqual({ status: 404, body: { error: 'Knowledgebase not found.' } });
  });

  it("another account's knowledge base is not found, on every route", async () => {
    const id = await api.createKnowledgebase('Private');
    const doc = await api.addDocument(id, { name: 'Secret', type: 'txt', content: 'The vault code is 1234.' });
    await processDocuments(t);
    const notFound = { status: 404, body: { error: 'Knowledgebase not found.' } };
    expect(await other.call('GET', `/api/user/knowledgebases/${id}`)).toEqual(notFound);
    expect(await other.call('PUT', `/api/user/knowledgebases/${id}`, { name: 'Mine now' })).toEqual(notFound);
    expect(await other.call('DELETE', `/api/user/knowledgebases/${id}`)).toEqual(notFound);
    expect(await other.call('GET', `/api/user/knowledgebases/${id}/documents`)).toEqual(notFound);
    expect(await other.addDocument(id, { name: 'Injected', type: 'txt', content: 'x' })).toEqual(notFound);
    expect(await other.call('GET', `/api/user/knowledgebases/${id}/documents/${doc.body.data.id}`)).toEqual(notFound);
    expect(await other.call('DELETE', `/api/user/knowledgebases/${id}/documents/${doc.body.data.id}`)).toEqual(notFound);
    expect(await other.search(id, 'vault code')).toEqual(notFound);
    expect((await other.call('GET', '/api/user/knowledgebases')).body.data).toEqual([]);
    expect(await t.deps.services.knowledge.search(999_999, id, 'vault', 3).catch((e: Error) => e.message)).toBe('Knowledgebase not found.');
    // Still intact for its owner.
    expect((await api.search(id, 'vault code')).body.data).toHaveLength(1);
  });

  it('a document of one knowledge base is not found through another of the same account', async () => {
    const first = await api.createKnowledgebase();
    const second = await api.createKnowledgebase();
    const doc = await api.addDocument(first, { name: 'A', type: 'txt', content: 'Alpha.' });
    expect(await api.call('GET', `/api/user/knowledgebases/${second}/documents/${doc.body.data.id}`)).toEqual({
      status: 404,
      body: { error: 'Document not found.' },
    });
  });

  it('counts assistants, and deleting a knowledge base detaches it from them', async () => {
    const assistants = apiFor(t, owner.token);
    const id = await api.createKnowledgebase('Support');
    const assistant = await createAssistant(assistants, { knowledgebase_id: id });
    expect((await readAssistant(assistants, assistant.id)).knowledgebase_id).toBe(id);
    expect((await api.knowledgebase(id)).assistants_count).toBe(1);

    await api.call('DELETE', `/api/user/knowledgebases/${id}`);
    expect((await readAssistant(assistants, assistant.id)).knowledgebase_id).toBeNull();
    // And it can no longer be attached.
    const reattach = await assistants.patch(`/api/user/assistant/${assistant.id}`, { knowledgebase_id: id });
    expect(reattach.statusCode).toBe(422);
  });

  it("an assistant cannot use another account's knowledge base", async () => {
    const foreign = await other.createKnowledgebase('Theirs');
    const res = await apiFor(t, owner.token).post('/api/user/assistant', { knowledgebase_id: foreign });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.knowledgebase_id).toBeDefined();
  });
});

describe('document validation', () => {
  let t: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let kb: number;

  beforeAll(async () => {
    t = await buildTestApp();
    api = knowledgeApi(t, (await createUser(t.deps)).token);
    kb = await api.createKnowledgebase();
  });
  afterAll(async () => t?.close());

  it('requires a name and a known type', async () => {
    expect(await api.addDocument(kb, { type: 'video' })).toEqual({
      status: 422,
      body: {
        message: 'The name field is required. (and 1 more error)',
        errors: { name: ['The name field is required.'], type: ['The selected type is invalid.'] },
      },
    });
  });

  it('file types need a file', async () => {
    for (const type of ['pdf', 'docx', 'txt']) {
      expect(await api.addDocument(kb, { name: 'No file', type })).toEqual({
        status: 422,
        body: { message: 'A file is required for this document type.', errors: { file: ['A file is required for this document type.'] } },
      });
    }
    expect((await api.upload(kb, { name: 'No file', type: 'pdf' })).status).toBe(422);
  });

  it('a file must be of its declared type', async () => {
    const docx = buildDocx([{ paragraph: 'hello' }]);
    const res = await api.upload(
      kb,
      { name: 'Mislabelled', type: 'pdf' },
      { filename: 'a.pdf', contentType: 'application/pdf', data: docx },
    );
    expect(res).toEqual({
      status: 422,
      body: { message: 'The file field must be a file of type: pdf.', errors: { file: ['The file field must be a file of type: pdf.'] } },
    });
    const binary = await api.upload(
      kb,
      { name: 'Binary', type: 'txt' },
      { filename: 'a.txt', contentType: 'text/plain', data: Buffer.from([0, 1, 2, 3]) },
    );
    expect(binary.body.errors.file).toEqual(['The file field must be a file of type: txt.']);
  });

  it('refuses files over 20 MB', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
    const res = await api.upload(kb, { name: 'Huge', type: 'txt' }, { filename: 'huge.txt', contentType: 'text/plain', data: big });
    expect(res).toEqual({
      status: 422,
      body: {
        message: 'The file field must not be greater than 20480 kilobytes.',
        errors: { file: ['The file field must not be greater than 20480 kilobytes.'] },
      },
    });
    const exactly = await api.upload(
      kb,
      { name: 'Max', type: 'txt' },
      { filename: 'max.txt', contentType: 'text/plain', data: big.subarray(1) },
    );
    expect(exactly.status).toBe(201);
  });

  it('websites need a url or links, checks their form, and bounds relative_links_limit', async () => {
    expect(await api.addDocument(kb, { name: 'Site', type: 'website' })).toMatchObject({
      status: 422,
      body: { errors: { url: ['The url field is required when links is not present.'] } },
    });
    expect((await api.addDocument(kb, { name: 'Site', type: 'website', url: 'ftp://example.com' })).body.errors).toEqual({
      url: ['The url field must be a valid URL.'],
    });
    expect(
      (await api.addDocument(kb, { name: 'Site', type: 'website', url: 'https://example.com', relative_links_limit: 51 })).body.errors,
    ).toEqual({
      relative_links_limit: ['The relative links limit must be between 1 and 50.'],
    });
    const multipartLinks = await api.upload(kb, {
      name: 'Site',
      type: 'website',
      'links[]': ['https://example.com/a', 'https://example.com/b'],
      relative_links_limit: '3',
    });
    expect(multipartLinks.status).toBe(201);
    expect(multipartLinks.body.data).toMatchObject({ links: ['https://example.com/a', 'https://example.com/b'], relative_links_limit: 3 });
    const defaults = await api.addDocument(kb, { name: 'Site', type: 'website', url: 'https://example.com' });
    expect(defaults.body.data.relative_links_limit).toBe(10);
  });

  it('search needs a query and a sane limit', async () => {
    expect((await api.call('GET', `/api/user/knowledgebases/${kb}/search`)).body).toEqual({
      message: 'The q field is required.',
      errors: { q: ['The q field is required.'] },
    });
    expect((await api.search(kb, 'x', 51)).body.errors).toEqual({ limit: ['The limit must be between 1 and 50.'] });
    expect(await api.search(kb, 'nothing indexed yet')).toEqual({ status: 200, body: { data: [] } });
  });
});
