import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * A knowledge-base search asks for "this knowledge base's chunks holding any of these words".
 * With a full-text index over every tenant's chunks, the words' matches in all knowledge bases
 * were read and then filtered, so a tenant's search slowed as other tenants' data grew. One GIN
 * index over (knowledgebase_id, search_vector), through btree_gin, answers both conditions in
 * one scan: only the searched knowledge base's matches are read. It replaces the plain one,
 * which no query needs any more.
 *
 * btree_gin is a trusted contrib extension (PostgreSQL 13+: the database owner may create it;
 * the embedded PGlite loads it at start). A server without it keeps the old index: search
 * works as before, only without the isolation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`DO $$
    BEGIN
      CREATE EXTENSION IF NOT EXISTS btree_gin;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'btree_gin unavailable (%); knowledge search keeps its plain full-text index', SQLERRM;
    END $$`,
    sql`DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
        CREATE INDEX knowledge_chunks_kb_search_idx ON knowledge_chunks USING gin (knowledgebase_id, search_vector);
        DROP INDEX IF EXISTS knowledge_chunks_search_idx;
      END IF;
    END $$`,
  ]);
}
