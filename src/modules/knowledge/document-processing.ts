import type { Clock } from '../../core/clock.js';
import { inTransaction } from '../../core/db/transaction.js';
import { RetryableJobError, type DeadJobContext, type JobContext, type JobRunner } from '../../core/jobs/index.js';
import type { HttpClient } from '../../core/net/index.js';
import { DEFAULT_CHUNKING, chunkSections, type Chunk, type ChunkingOptions } from './chunking.js';
import { createChunksRepo, type DocumentToProcess } from './chunks.repo.js';
import type { EmbeddingsClient } from './embeddings.js';
import { createExtractionPool, type ExtractionPool } from './extraction/extraction-pool.js';
import { ExtractionError, blocksFromPlainText, textOf, type ExtractedSection } from './extraction/text-blocks.js';
import { readWebsite, type CrawlOptions } from './extraction/website.js';
import { detectTextSearchConfig } from './language.js';

export const PROCESS_DOCUMENT_JOB = 'knowledge.process-document';

export interface ProcessDocumentPayload {
  documentId: number;
}

export interface DocumentProcessorDeps {
  clock: Clock;
  /** The SSRF-guarded client: website documents are user-supplied URLs. */
  http: HttpClient;
  embeddings: EmbeddingsClient | null;
  chunking?: ChunkingOptions;
  /** Reads PDF and DOCX files off the main thread; a pool with the default limits when absent. */
  extraction?: ExtractionPool;
  /** Pages fetched at once (4 by default) and how a site's Crawl-delay is waited. */
  crawl?: Pick<CrawlOptions, 'concurrency' | 'sleep' | 'maxCrawlDelayMs'>;
}

const LANGUAGE_SAMPLE_CHARS = 20_000;

/**
 * The durable job behind every document: extract the text, chunk it, embed it (when an
 * embeddings endpoint is configured) and index it. A document the job cannot read is marked
 * failed with the reason at once; a failure that may pass (a site down, the embeddings
 * endpoint busy) is retried with backoff, and the document fails only when retries run out.
 * Runs are idempotent: chunks are replaced, and a concluded or deleted document is left alone.
 */
export function createDocumentProcessor(deps: DocumentProcessorDeps) {
  const chunking = deps.chunking ?? DEFAULT_CHUNKING;
  const extraction = deps.extraction ?? createExtractionPool();

  async function process(payload: ProcessDocumentPayload, ctx: JobContext): Promise<void> {
    const document = await createChunksRepo(ctx.db).findDocumentToProcess(payload.documentId);
    if (document?.status !== 'processing') return;

    let sections: ExtractedSection[];
    try {
      sections = await extract(document, (url, reason) =>
        ctx.logger.info({ documentId: document.id, url, reason }, 'knowledge page skipped'),
      );
    } catch (error) {
      if (!(error instanceof ExtractionError)) throw error;
      if (error.retryable) throw new RetryableJobError(error.message);
      await createChunksRepo(ctx.db).markFailed(document.id, error.message, deps.clock.now());
      return;
    }
    const chunks = chunkSections(sections, chunking);
    if (chunks.length === 0) {
      await createChunksRepo(ctx.db).markFailed(document.id, 'No text could be extracted from the document.', deps.clock.now());
      return;
    }
    const config = detectTextSearchConfig(textOf(sections, LANGUAGE_SAMPLE_CHARS));
    const embeddings = deps.embeddings ? await embed(deps.embeddings, document.name, chunks) : null;

    await inTransaction(ctx.db, async (tx) => {
      const repo = createChunksRepo(tx);
      // Deleted or renamed meanwhile: the lock makes the check and the write one step.
      const current = await repo.lockProcessingDocument(document.id);
      if (!current) return;
      await repo.replaceChunks({
        documentId: document.id,
        knowledgebaseId: document.knowledgebase_id,
        title: current.name,
        config,
        chunks,
        embeddings,
      });
      await repo.markActive(document.id, { config, chunksCount: chunks.length, now: deps.clock.now() });
    });
    ctx.logger.info({ documentId: document.id, chunks: chunks.length, config }, 'knowledge document indexed');
  }

  async function extract(document: DocumentToProcess, onPageSkipped: (url: string, reason: string) => void): Promise<ExtractedSection[]> {
    if (document.type === 'website') {
      const source = { url: document.source_url, links: document.source_links, relativeLinksLimit: document.relative_links_limit ?? 10 };
      return readWebsite(deps.http, source, { ...deps.crawl, onPageSkipped });
    }
    const file = document.source_file;
    if (!file) throw new ExtractionError('The uploaded file is no longer available; delete the document and upload it again.');
    if (document.type === 'pdf' || document.type === 'docx') return extraction.extract(document.type, file);
    return [{ sourceUrl: null, blocks: blocksFromPlainText(file.toString('utf8')) }];
  }

  async function embed(client: EmbeddingsClient, title: string, chunks: Chunk[]): Promise<number[][]> {
    try {
      // The headings travel with the text: "Returns > Damaged items" says what the passage is about.
      return await client.embed(chunks.map((c) => [title, c.heading, c.content].filter(Boolean).join('\n')));
    } catch (error) {
      throw new RetryableJobError(`The embeddings endpoint failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    process,
    /** Retries ran out: the document must not stay "processing" for ever. */
    async onDead(payload: ProcessDocumentPayload, ctx: DeadJobContext): Promise<void> {
      await createChunksRepo(ctx.db).markFailed(payload.documentId, ctx.error, ctx.now);
    },
  };
}

export function registerKnowledgeJobs(jobs: JobRunner, deps: DocumentProcessorDeps): void {
  const processor = createDocumentProcessor(deps);
  jobs.register<ProcessDocumentPayload>(PROCESS_DOCUMENT_JOB, processor.process, { onDead: processor.onDead });
}
