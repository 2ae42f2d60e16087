import { FUNCTION_NAMES } from './names.js';
import { FunctionError, objectSchema, type ConversationFunction } from './types.js';

export interface KnowledgePassage {
  content: string;
  source?: string | null;
  score?: number;
}

/** The knowledge module's search, as the engine uses it (adapted in deps.ts). */
export type KnowledgeSearch = (input: {
  userId: number;
  knowledgeBaseId: number;
  query: string;
  limit: number;
}) => Promise<KnowledgePassage[]>;

export const KNOWLEDGE_RESULTS = 4;

/** Knowledge "function_call" mode: the model decides when to look something up. */
export function knowledgeFunction(knowledgeBaseId: number, search: KnowledgeSearch): ConversationFunction {
  return {
    spec: {
      name: FUNCTION_NAMES.knowledge,
      description:
        'Searches the knowledge base for passages that answer a question. Use it before answering questions about the business, its products or policies.',
      parameters: objectSchema(
        { query: { type: 'string', minLength: 1, description: 'What to look up, as a short question or keywords.' } },
        ['query'],
      ),
    },
    async call(args, ctx) {
      const query = String(args.query).trim();
      if (!query) throw new FunctionError('query must not be empty.');
      const passages = await search({ userId: ctx.userId, knowledgeBaseId, query, limit: KNOWLEDGE_RESULTS });
      return {
        result: {
          results: passages.map((p) => ({
            content: p.content,
            ...(p.source ? { source: p.source } : {}),
            ...(p.score !== undefined ? { score: p.score } : {}),
          })),
        },
      };
    },
  };
}
