import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { buildDocx } from './fixtures/docx-builder.js';
import { buildPdf } from './fixtures/pdf-builder.js';
import { CORPUS, QUESTIONS, type CorpusDocument } from './fixtures/retrieval-corpus.js';
import { htmlPage, startSiteServer } from './fixtures/site-server.js';
import { knowledgeApi, processDocuments } from './fixtures/knowledge-api.js';

const TOP_K = 3;
const REQUIRED_RECALL = 0.9;

/**
 * Retrieval quality through the public API: the corpus goes in as all four document types
 * (so every extractor's output is what gets ranked), and each question must find its
 * document among the first three passages.
 */
describe('retrieval quality', () => {
  let t: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  let kb: number;

  beforeAll(async () => {
    t = await buildTestApp();
    api = knowledgeApi(t, (await createUser(t.deps)).token);
    const pages = Object.fromEntries(CORPUS.map((d, i) => [`/doc-${i}`, { body: htmlPage({ title: d.name, sections: d.sections }) }]));
    site = await startSiteServer(pages);
    kb = await api.createKnowledgebase('Help centre');
    for (const [index, document] of CORPUS.entries()) {
      const created = await addInRotatingFormat(api, kb, document, index, site.url);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await processDocuments(t);
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await t?.close();
  });

  it(`finds the right document in the top ${TOP_K} for at least ${REQUIRED_RECALL * 100}% of ${QUESTIONS.length} questions`, async () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(30);
    const listed = await api.call('GET', `/api/user/knowledgebases/${kb}/documents`);
    expect(listed.body.data.filter((d: { status: string }) => d.status === 'active')).toHaveLength(CORPUS.length);

    const misses: string[] = [];
    let reciprocalRankSum = 0;
    for (const { question, expectedDocument } of QUESTIONS) {
      const res = await api.search(kb, question, TOP_K);
      const names: string[] = res.body.data.map((p: { document_name: string }) => p.document_name);
      const rank = names.indexOf(expectedDocument) + 1;
      if (rank === 0) misses.push(`${question} -> ${names.join(' | ') || '(nothing)'}`);
      else reciprocalRankSum += 1 / rank;
    }
    const recall = (QUESTIONS.length - misses.length) / QUESTIONS.length;
    console.log(
      `recall@${TOP_K} = ${recall.toFixed(3)} (${QUESTIONS.length - misses.length}/${QUESTIONS.length}), MRR@${TOP_K} = ${(reciprocalRankSum / QUESTIONS.length).toFixed(3)}` +
        (misses.length ? `\nmisses:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(REQUIRED_RECALL);
  });
});

/** txt, pdf, docx, website, txt, ...: a quarter of the corpus in each format. */
function addInRotatingFormat(api: ReturnType<typeof knowledgeApi>, kb: number, document: CorpusDocument, index: number, siteUrl: string) {
  const blocks = document.sections.flatMap((s) => [{ heading: s.heading }, ...s.paragraphs.map((p) => ({ paragraph: p }))]);
  switch (index % 4) {
    case 0: {
      const content = document.sections.map((s) => `## ${s.heading}\n\n${s.paragraphs.join('\n\n')}`).join('\n\n');
      return api.addDocument(kb, { name: document.name, type: 'txt', content });
    }
    case 1:
      return api.upload(
        kb,
        { name: document.name, type: 'pdf' },
        { filename: 'doc.pdf', contentType: 'application/pdf', data: buildPdf(blocks) },
      );
    case 2:
      return api.upload(
        kb,
        { name: document.name, type: 'docx' },
        { filename: 'doc.docx', contentType: 'application/octet-stream', data: buildDocx(blocks) },
      );
    default:
      return api.addDocument(kb, { name: document.name, type: 'website', links: [`${siteUrl}/doc-${index}`] });
  }
}
