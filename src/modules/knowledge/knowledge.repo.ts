import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { KnowledgeDocumentType, KnowledgeDocumentsTable } from '../../core/db/schema.js';

export interface KnowledgebaseSummaryRow {
  id: number;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
  documents_count: number;
  failed_count: number;
  processing_count: number;
  assistants_count: number;
}

export type DocumentRow = Omit<Selectable<KnowledgeDocumentsTable>, 'source_file'>;

export interface NewDocument {
  knowledgebaseId: number;
  name: string;
  description: string | null;
  type: KnowledgeDocumentType;
  sourceUrl: string | null;
  sourceLinks: string[] | null;
  relativeLinksLimit: number | null;
  sourceFile: Buffer | null;
  now: Date;
}

const DOCUMENT_COLUMNS = [
  'id',
  'knowledgebase_id',
  'name',
  'description',
  'type',
  'status',
  'failure_reason',
  'source_url',
  'source_links',
  'relative_links_limit',
  'text_search_config',
  'chunks_count',
  'processed_at',
  'created_at',
  'updated_at',
] as const;

export interface NamePatch {
  name?: string;
  description?: string | null;
}

/**
 * The only columns a rename may write, picked by name: whatever else the object carries (a body
 * key a schema forgot: user_id, knowledgebase_id, text_search_config) never reaches SQL.
 */
function namePatchColumns(patch: NamePatch): NamePatch {
  const columns: NamePatch = {};
  if (patch.name !== undefined) columns.name = patch.name;
  if (patch.description !== undefined) columns.description = patch.description;
  return columns;
}

/** Knowledge bases and their documents. Every read and write of a knowledge base is scoped to its owner. */
export function createKnowledgeRepo(db: DbOrTx) {
  const summaries = () =>
    db
      .selectFrom('knowledgebases as kb')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('knowledge_documents as d')
            .whereRef('d.knowledgebase_id', '=', 'kb.id')
            .select([
              sql<number>`count(*)::int`.as('documents_count'),
              sql<number>`(count(*) FILTER (WHERE d.status = 'failed'))::int`.as('failed_count'),
              sql<number>`(count(*) FILTER (WHERE d.status = 'processing'))::int`.as('processing_count'),
            ])
            .as('docs'),
        (join) => join.onTrue(),
      )
      .select([
        'kb.id',
        'kb.name',
        'kb.description',
        'kb.created_at',
        'kb.updated_at',
        'docs.documents_count',
        'docs.failed_count',
        'docs.processing_count',
      ])
      // Only the owner's assistants count: another account's assistant naming this id is not ours to report.
      .select(
        sql<number>`(SELECT count(*)::int FROM assistants a WHERE a.knowledgebase_id = kb.id AND a.user_id = kb.user_id)`.as(
          'assistants_count',
        ),
      );

  return {
    listKnowledgebases(userId: number): Promise<KnowledgebaseSummaryRow[]> {
      return summaries().where('kb.user_id', '=', userId).orderBy('kb.id').execute();
    },

    findKnowledgebase(userId: number, id: number): Promise<KnowledgebaseSummaryRow | undefined> {
      return summaries().where('kb.user_id', '=', userId).where('kb.id', '=', id).executeTakeFirst();
    },

    async ownsKnowledgebase(userId: number, id: number): Promise<boolean> {
      const row = await db.selectFrom('knowledgebases').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    insertKnowledgebase(input: { userId: number; name: string; description: string | null; now: Date }) {
      return db
        .insertInto('knowledgebases')
        .values({ user_id: input.userId, name: input.name, description: input.description, created_at: input.now, updated_at: input.now })
        .returning(['id', 'name', 'description', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
    },

    async updateKnowledgebase(userId: number, id: number, patch: NamePatch, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('knowledgebases')
        .set({ ...namePatchColumns(patch), updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The deleted knowledge base's name; undefined when it is not this user's. */
    deleteKnowledgebase(userId: number, id: number): Promise<{ name: string } | undefined> {
      return db.deleteFrom('knowledgebases').where('user_id', '=', userId).where('id', '=', id).returning('name').executeTakeFirst();
    },

    /** Assistants must not keep pointing at a knowledge base that no longer exists. */
    async detachFromAssistants(knowledgebaseId: number, now: Date): Promise<void> {
      await db
        .updateTable('assistants')
        .set({ knowledgebase_id: null, updated_at: now })
        .where('knowledgebase_id', '=', knowledgebaseId)
        .execute();
    },

    listDocuments(knowledgebaseId: number): Promise<DocumentRow[]> {
      return db
        .selectFrom('knowledge_documents')
        .select(DOCUMENT_COLUMNS)
        .where('knowledgebase_id', '=', knowledgebaseId)
        .orderBy('id')
        .execute();
    },

    findDocument(knowledgebaseId: number, id: number): Promise<DocumentRow | undefined> {
      return db
        .selectFrom('knowledge_documents')
        .select(DOCUMENT_COLUMNS)
        .where('knowledgebase_id', '=', knowledgebaseId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    insertDocument(input: NewDocument): Promise<DocumentRow> {
      return db
        .insertInto('knowledge_documents')
        .values({
          knowledgebase_id: input.knowledgebaseId,
          name: input.name,
          description: input.description,
          type: input.type,
          source_url: input.sourceUrl,
          source_links: input.sourceLinks,
          relative_links_limit: input.relativeLinksLimit,
          // As base64 text: PGlite encodes a large bytea parameter an order of magnitude slower.
          source_file: input.sourceFile ? sql<Buffer>`decode(${input.sourceFile.toString('base64')}, 'base64')` : null,
          created_at: input.now,
          updated_at: input.now,
        })
        .returning(DOCUMENT_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    updateDocument(knowledgebaseId: number, id: number, patch: NamePatch, now: Date) {
      return db
        .updateTable('knowledge_documents')
        .set({ ...namePatchColumns(patch), updated_at: now })
        .where('knowledgebase_id', '=', knowledgebaseId)
        .where('id', '=', id)
        .returning(DOCUMENT_COLUMNS)
        .executeTakeFirst();
    },

    /** The deleted document's name; undefined when it is not in this knowledge base. */
    deleteDocument(knowledgebaseId: number, id: number): Promise<{ name: string } | undefined> {
      return db
        .deleteFrom('knowledge_documents')
        .where('knowledgebase_id', '=', knowledgebaseId)
        .where('id', '=', id)
        .returning('name')
        .executeTakeFirst();
    },
  };
}

export type KnowledgeRepo = ReturnType<typeof createKnowledgeRepo>;
