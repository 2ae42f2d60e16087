import { Type, type Static } from '@sinclair/typebox';
import { HttpUrl, Nullable } from '../../core/http/schemas.js';
import { MAX_FILE_BYTES } from './document-sources.js';
import { named } from '../../core/http/openapi-components.js';

const Timestamp = Type.String({ format: 'date-time' });
const Name = Type.String({ minLength: 1, maxLength: 255 });
const Description = Nullable(Type.String({ maxLength: 255 }));
const WebUrl = HttpUrl();

export const KnowledgebaseParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const DocumentParams = Type.Object({ id: Type.Integer({ minimum: 1 }), docId: Type.Integer({ minimum: 1 }) });

export const CreateKnowledgebaseBody = Type.Object({ name: Name, description: Type.Optional(Description) });
export type CreateKnowledgebaseBody = Static<typeof CreateKnowledgebaseBody>;

export const UpdateKnowledgebaseBody = Type.Object({ name: Type.Optional(Name), description: Type.Optional(Description) });
export type UpdateKnowledgebaseBody = Static<typeof UpdateKnowledgebaseBody>;

const KnowledgebaseView = named(
  'KnowledgeBase',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    description: Nullable(Type.String()),
    status: Type.Union([Type.Literal('empty'), Type.Literal('processing'), Type.Literal('active'), Type.Literal('failed')], {
      description: 'failed if any document failed; processing while any is processed; empty with no documents.',
    }),
    status_label: Type.String(),
    documents_count: Type.Integer(),
    assistants_count: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

export const KnowledgebaseResponse = Type.Object({ data: KnowledgebaseView });
export const KnowledgebaseMessageResponse = Type.Object({ message: Type.String(), data: KnowledgebaseView });
export const KnowledgebaseListResponse = Type.Object({ data: Type.Array(KnowledgebaseView) });

const DocumentType = Type.Union([Type.Literal('website'), Type.Literal('pdf'), Type.Literal('txt'), Type.Literal('docx')]);

/** JSON or multipart/form-data; multipart text fields are converted before validation. */
export const CreateDocumentBody = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  type: DocumentType,
  url: Type.Optional(WebUrl),
  links: Type.Optional(Type.Array(WebUrl, { minItems: 1, maxItems: 50 })),
  relative_links_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  content: Type.Optional(Type.String({ maxLength: MAX_FILE_BYTES, description: 'txt only: the text itself, instead of a file.' })),
  file: Type.Optional(Type.Unsafe<Buffer>({ description: 'pdf, docx or txt: the file (multipart), at most 20 MB.' })),
});
export type CreateDocumentBody = Static<typeof CreateDocumentBody>;

export const UpdateDocumentBody = Type.Object({ name: Type.Optional(Name), description: Type.Optional(Description) });
export type UpdateDocumentBody = Static<typeof UpdateDocumentBody>;

const DocumentView = named(
  'KnowledgeDocument',
  Type.Object({
    id: Type.Integer(),
    knowledgebase_id: Type.Integer(),
    name: Type.String(),
    description: Nullable(Type.String()),
    type: DocumentType,
    type_label: Type.String(),
    status: Type.Union([Type.Literal('processing'), Type.Literal('active'), Type.Literal('failed')]),
    status_label: Type.String(),
    failure_reason: Nullable(Type.String({ description: 'Why processing failed; null unless failed.' })),
    url: Nullable(Type.String()),
    links: Nullable(Type.Array(Type.String())),
    relative_links_limit: Nullable(Type.Integer()),
    chunks_count: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

export const DocumentResponse = Type.Object({ data: DocumentView });
export const DocumentMessageResponse = Type.Object({ message: Type.String(), data: DocumentView });
export const DocumentListResponse = Type.Object({ data: Type.Array(DocumentView) });

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 1000 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 5 })),
});

export const SearchResponse = Type.Object({
  data: Type.Array(
    Type.Object({
      document_id: Type.Integer(),
      document_name: Type.String(),
      heading: Type.String({ description: 'The headings the passage sits under, outermost first.' }),
      content: Type.String(),
      url: Nullable(Type.String({ description: 'The page a website passage came from.' })),
      score: Type.Number({ description: 'Relevance, 0 to 1; higher is better.' }),
    }),
  ),
});

export const ErrorBody = Type.Object({ error: Type.String() });
