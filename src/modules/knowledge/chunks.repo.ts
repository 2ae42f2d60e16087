import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { Chunk } from './chunking.js';

export interface DocumentToProcess {
  id: number;
  knowledgebase_id: number;
  name: string;
  type: 'website' | 'pdf' | 'txt' | 'docx';
  status: 'processing' | 'active' | 'failed';
  source_url: string | null;
  source_links: string[] | null;
  relative_links_limit: number | null;
  source_file: Buffer | null;
}

// Keeps each INSERT's parameter payload moderate however long the document is.
const INSERT_BATCH = 200;
// Advisory locks are one namespace per database: the first key says whose lock this is.
const LEXEME_LOCK_NAMESPACE = 740_401;

/**
 * The search vector of a chunk: the document name and the headings above the passage weigh
 * most (A), its text less (B). Names and headings say what a passage is about in few words.
 */
export function searchVectorSql(
  config: RawBuilder<unknown> | string,
  title: RawBuilder<unknown> | string,
  heading: RawBuilder<unknown>,
  content: RawBuilder<unknown>,
) {
  return sql`setweight(to_tsvector(${config}::regconfig, ${title}::text || ' ' || ${heading}::text), 'A')
    || setweight(to_tsvector(${config}::regconfig, ${content}::text), 'B')`;
}

/** What the processing job reads and writes: a document's source, its chunks, its outcome. */
export function createChunksRepo(db: DbOrTx) {
  return {
    async findDocumentToProcess(id: number): Promise<DocumentToProcess | undefined> {
      const row = await db
        .selectFrom('knowledge_documents')
        .select(['id', 'knowledgebase_id', 'name', 'type', 'status', 'source_url', 'source_links', 'relative_links_limit'])
        // As base64 text: PGlite decodes a large bytea an order of magnitude slower.
        .select(sql<string | null>`encode(source_file, 'base64')`.as('source_file_base64'))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { source_file_base64: base64, ...rest } = row;
      return { ...rest, source_file: base64 === null ? null : Buffer.from(base64, 'base64') };
    },

    /** Locks a document still waiting to be indexed; undefined when it was deleted or concluded meanwhile. */
    lockProcessingDocument(id: number) {
      return db
        .selectFrom('knowledge_documents')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .forUpdate()
        .executeTakeFirst();
    },

    /** Replaces the document's chunks, so a repeated run of the job leaves one copy. Call in a transaction. */
    async replaceChunks(input: {
      documentId: number;
      knowledgebaseId: number;
      title: string;
      config: string;
      chunks: Chunk[];
      embeddings: number[][] | null;
    }) {
      await this.countLexemes(input.knowledgebaseId, input.documentId, -1);
      await db.deleteFrom('knowledge_chunks').where('document_id', '=', input.documentId).execute();
      for (let start = 0; start < input.chunks.length; start += INSERT_BATCH) {
        const rows = input.chunks.slice(start, start + INSERT_BATCH).map((chunk, i) => ({
          position: start + i,
          heading: chunk.heading,
          content: chunk.content,
          source_url: chunk.sourceUrl,
          embedding: input.embeddings ? `{${input.embeddings[start + i]!.join(',')}}` : null,
        }));
        await sql`
          INSERT INTO knowledge_chunks (knowledgebase_id, document_id, position, heading, content, source_url, search_vector, embedding)
          SELECT ${input.knowledgebaseId}, ${input.documentId}, c.position, c.heading, c.content, c.source_url,
                 ${searchVectorSql(input.config, input.title, sql.ref('c.heading'), sql.ref('c.content'))},
                 c.embedding::real[]
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS c(position integer, heading text, content text, source_url text, embedding text)`.execute(db);
      }
      await this.countLexemes(input.knowledgebaseId, input.documentId, 1);
    },

    /**
     * Adds (+1) or removes (-1) a document's chunks from its knowledge base's word counts. Call
     * in the transaction that changes the chunks. A per-knowledge-base lock serialises writers,
     * so documents indexed or deleted side by side cannot deadlock on shared words.
     */
    async countLexemes(knowledgebaseId: number, documentId: number, sign: 1 | -1): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${LEXEME_LOCK_NAMESPACE}, ${knowledgebaseId})`.execute(db);
      await sql`
        INSERT INTO knowledge_lexemes (knowledgebase_id, lexeme, chunk_count)
        SELECT ${knowledgebaseId}, w.lexeme, ${sign}::int * count(*)::int
        FROM knowledge_chunks c, unnest(c.search_vector) AS w
        WHERE c.document_id = ${documentId} AND c.knowledgebase_id = ${knowledgebaseId}
        GROUP BY w.lexeme
        ON CONFLICT (knowledgebase_id, lexeme) DO UPDATE SET chunk_count = knowledge_lexemes.chunk_count + excluded.chunk_count`.execute(
        db,
      );
    },

    /** Rebuilds a knowledge base's word counts from its chunks (after a bulk load, or as a repair). */
    async recountLexemes(knowledgebaseId: number): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${LEXEME_LOCK_NAMESPACE}, ${knowledgebaseId})`.execute(db);
      await db.deleteFrom('knowledge_lexemes').where('knowledgebase_id', '=', knowledgebaseId).execute();
      await sql`
        INSERT INTO knowledge_lexemes (knowledgebase_id, lexeme, chunk_count)
        SELECT ${knowledgebaseId}, w.lexeme, count(*)::int
        FROM knowledge_chunks c, unnest(c.search_vector) AS w
        WHERE c.knowledgebase_id = ${knowledgebaseId}
        GROUP BY w.lexeme`.execute(db);
    },

    async markActive(id: number, input: { config: string; chunksCount: number; now: Date }): Promise<void> {
      await db
        .updateTable('knowledge_documents')
        .set({
          status: 'active',
          failure_reason: null,
          text_search_config: input.config,
          chunks_count: input.chunksCount,
          source_file: null,
          processed_at: input.now,
          updated_at: input.now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Only a document still processing can fail; a concluded one keeps its outcome. */
    async markFailed(id: number, reason: string, now: Date): Promise<void> {
      await db
        .updateTable('knowledge_documents')
        .set({ status: 'failed', failure_reason: reason, source_file: null, processed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    /** After a rename: the document name is part of every chunk's search vector. Call in a transaction. */
    async reindexTitle(knowledgebaseId: number, documentId: number, title: string): Promise<void> {
      await this.countLexemes(knowledgebaseId, documentId, -1);
      await sql`
        UPDATE knowledge_chunks c
        SET search_vector = ${searchVectorSql(sql.ref('d.text_search_config'), title, sql.ref('c.heading'), sql.ref('c.content'))}
        FROM knowledge_documents d
        WHERE d.id = c.document_id AND c.document_id = ${documentId} AND d.text_search_config IS NOT NULL`.execute(db);
      await this.countLexemes(knowledgebaseId, documentId, 1);
    },
  };
}
