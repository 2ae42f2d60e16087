import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';

export interface PassageRow {
  chunk_id: number;
  document_id: number;
  document_name: string;
  heading: string;
  content: string;
  source_url: string | null;
  score: number;
}

// Large knowledge bases: the question's words are kept rarest first while together they
// match at most a quarter of the chunks, and never more than 10,000 (the rarest word always
// stays), which bounds the rows scored per query. The words dropped are the commonest, whose
// IDF is lowest anyway; below 1,000 chunks nothing is dropped.
const MATCH_BUDGET_SHARE = 0.25;
const MATCH_BUDGET_MIN_CHUNKS = 1_000;
const MATCH_BUDGET_MAX_CHUNKS = 10_000;
const MAX_QUESTION_WORDS = 12;
// A word in the document name or a heading counts this much more than one in the text.
const HEADING_BONUS = 0.5;

/**
 * Full-text search over one knowledge base. The question is parsed once per language its
 * documents were indexed in (stemming and stop words differ), and a passage matches if it
 * holds any of its words: a natural question holds words no passage has, so requiring all of
 * them would find nothing. A passage scores the inverse document frequency (BM25's IDF, from
 * the knowledge base's own word counts) of each question word it holds, plus a bonus for
 * words in its headings or document name, as a share of the best possible: 0..1. Weighing
 * words by rarity is what keeps "shipping" from being drowned by "order" in a shop's FAQ; on
 * the retrieval test corpus it ranked better than ts_rank and ts_rank_cd. Two statements: the
 * first finds the question's words and their weights, the second scores passages with them.
 */
export async function fullTextSearch(db: DbOrTx, knowledgebaseId: number, question: string, limit: number): Promise<PassageRow[]> {
  const { rows: words } = await questionWordsSql(knowledgebaseId, question).execute(db);
  if (words.length === 0) return [];
  const { rows } = await rankingSql(knowledgebaseId, words, limit).execute(db);
  return rows;
}

interface QuestionWord {
  /** A one-word tsquery, as text. */
  match: string;
  idf: number;
}

/** The question's words this knowledge base holds, rarest first, with their IDF. */
function questionWordsSql(knowledgebaseId: number, question: string) {
  return sql<QuestionWord>`
    WITH configs AS (
      SELECT DISTINCT text_search_config::regconfig AS config
      FROM knowledge_documents
      WHERE knowledgebase_id = ${knowledgebaseId} AND status = 'active' AND text_search_config IS NOT NULL
    ),
    chunk_total AS (
      SELECT greatest(coalesce(sum(chunks_count), 0), 1)::float8 AS n
      FROM knowledge_documents WHERE knowledgebase_id = ${knowledgebaseId} AND status = 'active'
    ),
    known_words AS (
      SELECT w.lexeme, l.chunk_count AS df,
             row_number() OVER (ORDER BY l.chunk_count, w.lexeme) AS rarity,
             sum(l.chunk_count) OVER (ORDER BY l.chunk_count, w.lexeme) AS matched_so_far
      FROM (SELECT DISTINCT t.lexeme FROM configs, unnest(to_tsvector(configs.config, ${question}::text)) AS t) w
      JOIN knowledge_lexemes l ON l.knowledgebase_id = ${knowledgebaseId} AND l.lexeme = w.lexeme AND l.chunk_count > 0
    )
    SELECT plainto_tsquery('simple', lexeme)::text AS match, ln(1 + (n - df + 0.5) / (df + 0.5))::float8 AS idf
    FROM known_words, chunk_total
    WHERE rarity = 1 OR (rarity <= ${MAX_QUESTION_WORDS}
      AND matched_so_far <= least(${MATCH_BUDGET_MAX_CHUNKS}, greatest(${MATCH_BUDGET_MIN_CHUNKS}, n * ${MATCH_BUDGET_SHARE})))
    ORDER BY rarity`;
}

/**
 * Scores every chunk holding any of the words. The per-word tests are spelled out in the
 * statement (rather than joined from a table of words) so scoring a row is a few index-free
 * lookups in its own vector, which keeps large match sets cheap.
 */
function rankingSql(knowledgebaseId: number, words: QuestionWord[], limit: number) {
  const best = words.reduce((sum, w) => sum + w.idf, 0) * (1 + HEADING_BONUS);
  const points = words.map((w) => {
    // A phrase ("e-mail" becomes 'e-mail' <-> 'e' <-> 'mail') cannot carry a weight label.
    const inHeading = w.match.includes(' ')
      ? sql``
      : sql` + CASE WHEN c.search_vector @@ ${`${w.match}:A`}::tsquery THEN ${w.idf * HEADING_BONUS}::float8 ELSE 0 END`;
    return sql`CASE WHEN c.search_vector @@ ${w.match}::tsquery THEN ${w.idf}::float8 ELSE 0 END${inHeading}`;
  });
  return sql<PassageRow>`
    SELECT c.id AS chunk_id, c.document_id, d.name AS document_name, c.heading, c.content, c.source_url,
           ((${sql.join(points, sql` + `)}) / ${best}::float8)::float8 AS score
    FROM knowledge_chunks c
    JOIN knowledge_documents d ON d.id = c.document_id
    WHERE c.knowledgebase_id = ${knowledgebaseId} AND c.search_vector @@ ${words.map((w) => w.match).join(' | ')}::tsquery
    ORDER BY score DESC, c.id
    LIMIT ${limit}`;
}

/**
 * Nearest passages by cosine similarity (embeddings are stored unit-length, so it is a dot
 * product). Exact, per knowledge base: with pgvector its C distance operator, otherwise plain
 * SQL over the arrays. Chunks embedded by a model of another dimension are skipped.
 */
export async function vectorSearch(
  db: DbOrTx,
  input: { knowledgebaseId: number; embedding: number[]; limit: number; pgvector: boolean },
): Promise<PassageRow[]> {
  const dimensions = input.embedding.length;
  const similarity = input.pgvector
    ? sql`1 - ((c.embedding::vector) <=> ${`[${input.embedding.join(',')}]`}::vector)`
    : sql`(SELECT sum(a * b) FROM unnest(c.embedding, ${`{${input.embedding.join(',')}}`}::real[]) AS t(a, b))`;
  const { rows } = await sql<PassageRow>`
    SELECT c.id AS chunk_id, c.document_id, d.name AS document_name, c.heading, c.content, c.source_url,
           (${similarity})::float8 AS score
    FROM knowledge_chunks c
    JOIN knowledge_documents d ON d.id = c.document_id
    WHERE c.knowledgebase_id = ${input.knowledgebaseId} AND cardinality(c.embedding) = ${dimensions}
    ORDER BY score DESC, c.id
    LIMIT ${input.limit}`.execute(db);
  return rows;
}
