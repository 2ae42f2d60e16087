import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { notFound } from '../../core/http/errors.js';
import type { KnowledgeDocumentType } from '../../core/db/schema.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { createChunksRepo } from './chunks.repo.js';
import { PROCESS_DOCUMENT_JOB, type ProcessDocumentPayload } from './document-processing.js';
import { checkDocumentSource, type DocumentSourceInput } from './document-sources.js';
import type { EmbeddingsClient } from './embeddings.js';
import { createKnowledgeRepo, type DocumentRow, type KnowledgebaseSummaryRow } from './knowledge.repo.js';
import { fuseRankings } from './ranking.js';
import { fullTextSearch, vectorSearch, type PassageRow } from './search.repo.js';
import type { VectorSupport } from './vector-support.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

export type KnowledgebaseStatus = 'empty' | 'processing' | 'active' | 'failed';

export interface Knowledgebase {
  id: number;
  name: string;
  description: string | null;
  status: KnowledgebaseStatus;
  documentsCount: number;
  assistantsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A passage found by search, as the HTTP endpoint and the conversation engine both return it. */
export interface Passage {
  documentId: number;
  documentName: string;
  heading: string;
  content: string;
  sourceUrl: string | null;
  score: number;
}

export interface NewDocumentInput extends DocumentSourceInput {
  name: string;
  description?: string | null;
  type: KnowledgeDocumentType;
}

export interface KnowledgeServiceDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  embeddings: EmbeddingsClient | null;
  vectors: VectorSupport;
}

const knowledgebaseNotFound = () => notFound('Knowledgebase not found.');
const documentNotFound = () => notFound('Document not found.');
// Hybrid search fuses this many candidates from each ranking per passage returned.
const CANDIDATES_PER_RESULT = 4;
const MIN_CANDIDATES = 20;

export function createKnowledgeService(deps: KnowledgeServiceDeps) {
  const { db, clock } = deps;

  async function requireKnowledgebase(userId: number, id: number): Promise<void> {
    if (!(await createKnowledgeRepo(db).ownsKnowledgebase(userId, id))) throw knowledgebaseNotFound();
  }

  async function vectorCandidates(knowledgebaseId: number, question: string, limit: number): Promise<PassageRow[] | null> {
    if (!deps.embeddings) return null;
    try {
      const [embedding] = await deps.embeddings.embed([question]);
      return await vectorSearch(db, { knowledgebaseId, embedding: embedding!, limit, pgvector: await deps.vectors.hasPgvector() });
    } catch (error) {
      // Text search alone still answers; an unavailable embeddings endpoint must not break search.
      deps.logger.warn({ err: error }, 'vector search unavailable; using full-text search only');
      return null;
    }
  }

  return {
    async list(userId: number): Promise<Knowledgebase[]> {
      return (await createKnowledgeRepo(db).listKnowledgebases(userId)).map(toKnowledgebase);
    },

    async get(userId: number, id: number): Promise<Knowledgebase> {
      const row = await createKnowledgeRepo(db).findKnowledgebase(userId, id);
      if (!row) throw knowledgebaseNotFound();
      return toKnowledgebase(row);
    },

    async create(userId: number, input: { name: string; description?: string | null }): Promise<Knowledgebase> {
      const row = await createKnowledgeRepo(db).insertKnowledgebase({
        userId,
        name: input.name,
        description: input.description ?? null,
        now: clock.now(),
      });
      return { ...row, status: 'empty', documentsCount: 0, assistantsCount: 0, createdAt: row.created_at, updatedAt: row.updated_at };
    },

    async update(userId: number, id: number, patch: { name?: string; description?: string | null }): Promise<Knowledgebase> {
      if (!(await createKnowledgeRepo(db).updateKnowledgebase(userId, id, patch, clock.now()))) throw knowledgebaseNotFound();
      return this.get(userId, id);
    },

    /** Its documents and chunks go with it (cascade); assistants using it are detached in the same transaction. */
    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const repo = createKnowledgeRepo(tx);
        // Deleting first takes the row lock that isOwnedBy's KEY SHARE waits on, so an assistant
        // saved concurrently is either refused or committed before the detach below sees it.
        const deleted = await repo.deleteKnowledgebase(userId, id);
        if (!deleted) throw knowledgebaseNotFound();
        await repo.detachFromAssistants(id, clock.now());
        await recordAudit(tx, {
          userId,
          actor,
          action: 'knowledge_base.deleted',
          resourceType: 'knowledge_base',
          resourceId: id,
          details: { name: deleted.name },
          now: clock.now(),
        });
      });
    },

    /** For the assistants module: may this user attach this knowledge base? Locks it against deletion until tx ends. */
    async isOwnedBy(userId: number, id: number, tx: DbOrTx = db): Promise<boolean> {
      const row = await tx
        .selectFrom('knowledgebases')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forKeyShare()
        .executeTakeFirst();
      return row !== undefined;
    },

    async listDocuments(userId: number, knowledgebaseId: number): Promise<DocumentRow[]> {
      await requireKnowledgebase(userId, knowledgebaseId);
      return createKnowledgeRepo(db).listDocuments(knowledgebaseId);
    },

    async getDocument(userId: number, knowledgebaseId: number, id: number): Promise<DocumentRow> {
      await requireKnowledgebase(userId, knowledgebaseId);
      const row = await createKnowledgeRepo(db).findDocument(knowledgebaseId, id);
      if (!row) throw documentNotFound();
      return row;
    },

    /** Stores the document as processing and enqueues its processing job in the same transaction. */
    async createDocument(userId: number, knowledgebaseId: number, input: NewDocumentInput): Promise<DocumentRow> {
      await requireKnowledgebase(userId, knowledgebaseId);
      const source = checkDocumentSource(input.type, input);
      return inTransaction(db, async (tx) => {
        const document = await createKnowledgeRepo(tx).insertDocument({
          knowledgebaseId,
          name: input.name,
          description: input.description ?? null,
          type: input.type,
          ...source,
          now: clock.now(),
        });
        await enqueueJob(tx, { kind: PROCESS_DOCUMENT_JOB, payload: { documentId: document.id } satisfies ProcessDocumentPayload });
        return document;
      });
    },

    async updateDocument(
      userId: number,
      knowledgebaseId: number,
      id: number,
      patch: { name?: string; description?: string | null },
    ): Promise<DocumentRow> {
      await requireKnowledgebase(userId, knowledgebaseId);
      return inTransaction(db, async (tx) => {
        const row = await createKnowledgeRepo(tx).updateDocument(knowledgebaseId, id, patch, clock.now());
        if (!row) throw documentNotFound();
        if (patch.name !== undefined) await createChunksRepo(tx).reindexTitle(knowledgebaseId, id, patch.name);
        return row;
      });
    },

    async deleteDocument(userId: number, knowledgebaseId: number, id: number, actor: AuditActor): Promise<void> {
      await requireKnowledgebase(userId, knowledgebaseId);
      await inTransaction(db, async (tx) => {
        // Its words leave the knowledge base's counts with it.
        await createChunksRepo(tx).countLexemes(knowledgebaseId, id, -1);
        const deleted = await createKnowledgeRepo(tx).deleteDocument(knowledgebaseId, id);
        if (!deleted) throw documentNotFound();
        await recordAudit(tx, {
          userId,
          actor,
          action: 'document.deleted',
          resourceType: 'document',
          resourceId: id,
          details: { name: deleted.name, knowledge_base_id: knowledgebaseId },
          now: clock.now(),
        });
      });
    },

    /**
     * The passages of a knowledge base that best answer a question: full-text ranking, fused
     * with vector similarity when an embeddings endpoint is configured. The conversation
     * engine's knowledge function and the HTTP search endpoint both call this.
     */
    async search(userId: number, knowledgebaseId: number, query: string, limit: number): Promise<Passage[]> {
      await requireKnowledgebase(userId, knowledgebaseId);
      const question = query.trim();
      if (question === '') return [];
      if (!deps.embeddings) return (await fullTextSearch(db, knowledgebaseId, question, limit)).map(toPassage);
      const candidates = Math.max(limit * CANDIDATES_PER_RESULT, MIN_CANDIDATES);
      const textRanking = await fullTextSearch(db, knowledgebaseId, question, candidates);
      const vectorRanking = await vectorCandidates(knowledgebaseId, question, candidates);
      const rankings = vectorRanking ? [textRanking, vectorRanking] : [textRanking];
      return fuseRankings(rankings, limit).map(toPassage);
    },
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

/** The reference's rule: one failed document fails the knowledge base; any still processing makes it processing. */
export function knowledgebaseStatus(
  row: Pick<KnowledgebaseSummaryRow, 'documents_count' | 'failed_count' | 'processing_count'>,
): KnowledgebaseStatus {
  if (row.failed_count > 0) return 'failed';
  if (row.processing_count > 0) return 'processing';
  return row.documents_count === 0 ? 'empty' : 'active';
}

function toKnowledgebase(row: KnowledgebaseSummaryRow): Knowledgebase {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: knowledgebaseStatus(row),
    documentsCount: row.documents_count,
    assistantsCount: row.assistants_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toPassage(row: PassageRow): Passage {
  return {
    documentId: row.document_id,
    documentName: row.document_name,
    heading: row.heading,
    content: row.content,
    sourceUrl: row.source_url,
    score: row.score,
  };
}
