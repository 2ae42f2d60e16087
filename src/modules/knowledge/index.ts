// The knowledge module (knowledge bases, documents, retrieval): what other modules and the
// composition root (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { registerKnowledgeJobs } from './document-processing.js';
export { embeddingsFromConfig } from './embeddings.js';
export type { EmbeddingsClient } from './embeddings.js';
export { createExtractionPool } from './extraction/extraction-pool.js';
export type { ExtractionPool } from './extraction/extraction-pool.js';
export { knowledgeRoutes } from './knowledge.routes.js';
export { createKnowledgeService } from './knowledge.service.js';
export type { KnowledgeService } from './knowledge.service.js';
export { createVectorSupport } from './vector-support.js';
