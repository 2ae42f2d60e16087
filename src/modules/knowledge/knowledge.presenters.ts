import { isoTimestamp } from '../../core/http/schemas.js';
import type { DocumentRow } from './knowledge.repo.js';
import type { Knowledgebase, Passage } from './knowledge.service.js';

/** Service results in the reference's wire shape (snake_case, labels, microsecond timestamps). */
const STATUS_LABELS: Record<string, string> = { empty: 'Empty', processing: 'Processing', active: 'Active', failed: 'Failed' };
const TYPE_LABELS: Record<string, string> = { website: 'Website', pdf: 'PDF', txt: 'TXT', docx: 'DOCX' };

export function presentKnowledgebase(kb: Knowledgebase) {
  return {
    id: kb.id,
    name: kb.name,
    description: kb.description,
    status: kb.status,
    status_label: STATUS_LABELS[kb.status]!,
    documents_count: kb.documentsCount,
    assistants_count: kb.assistantsCount,
    created_at: isoTimestamp(kb.createdAt)!,
    updated_at: isoTimestamp(kb.updatedAt)!,
  };
}

export function presentDocument(document: DocumentRow) {
  return {
    id: document.id,
    knowledgebase_id: document.knowledgebase_id,
    name: document.name,
    description: document.description,
    type: document.type,
    type_label: TYPE_LABELS[document.type]!,
    status: document.status,
    status_label: STATUS_LABELS[document.status]!,
    failure_reason: document.failure_reason,
    url: document.source_url,
    links: document.source_links,
    relative_links_limit: document.relative_links_limit,
    chunks_count: document.chunks_count,
    created_at: isoTimestamp(document.created_at)!,
    updated_at: isoTimestamp(document.updated_at)!,
  };
}

export function presentPassage(passage: Passage) {
  return {
    document_id: passage.documentId,
    document_name: passage.documentName,
    heading: passage.heading,
    content: passage.content,
    url: passage.sourceUrl,
    score: passage.score,
  };
}
