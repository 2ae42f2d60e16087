import { validationFailed } from '../../core/http/errors.js';
import type { KnowledgeDocumentType } from '../../core/db/schema.js';

/** Where a new document's text comes from, as the request gave it. */
export interface DocumentSourceInput {
  url?: string;
  links?: string[];
  relative_links_limit?: number;
  /** An uploaded file (multipart). */
  file?: Buffer;
  /** A txt document's text given inline in a JSON body. */
  content?: string;
}

export interface DocumentSource {
  sourceUrl: string | null;
  sourceLinks: string[] | null;
  relativeLinksLimit: number | null;
  sourceFile: Buffer | null;
}

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const DEFAULT_RELATIVE_LINKS_LIMIT = 10;

const FILE_REQUIRED = 'A file is required for this document type.';
const TOO_LARGE = `The file field must not be greater than ${MAX_FILE_BYTES / 1024} kilobytes.`;

/**
 * The rules that depend on the document type (the schema checks each field on its own): which
 * source a type needs, the 20 MB cap, and that an upload is what its type says. The last check
 * uses the file's magic bytes, not its name or declared content type, which are the client's word.
 */
export function checkDocumentSource(type: KnowledgeDocumentType, input: DocumentSourceInput): DocumentSource {
  if (type === 'website') {
    const links = input.links?.length ? [...new Set(input.links)] : null;
    if (!input.url && !links) throw validationFailed({ url: ['The url field is required when links is not present.'] });
    return {
      sourceUrl: links ? null : input.url!,
      sourceLinks: links,
      relativeLinksLimit: input.relative_links_limit ?? DEFAULT_RELATIVE_LINKS_LIMIT,
      sourceFile: null,
    };
  }
  // Only a multipart upload yields bytes: a JSON body's `file` (any JSON value) is not a file.
  if (input.file !== undefined && !Buffer.isBuffer(input.file)) throw validationFailed({ file: ['The file field must be a file.'] });
  const file = input.file ?? (type === 'txt' && input.content !== undefined ? Buffer.from(input.content, 'utf8') : undefined);
  if (!file || file.length === 0) throw validationFailed({ file: [FILE_REQUIRED] });
  if (file.length > MAX_FILE_BYTES) throw validationFailed({ file: [TOO_LARGE] });
  if (!looksLike(type, file)) throw validationFailed({ file: [`The file field must be a file of type: ${type}.`] });
  return { sourceUrl: null, sourceLinks: null, relativeLinksLimit: null, sourceFile: file };
}

export function fileTooLarge() {
  return validationFailed({ file: [TOO_LARGE] });
}

function looksLike(type: Exclude<KnowledgeDocumentType, 'website'>, file: Buffer): boolean {
  switch (type) {
    case 'pdf':
      // Readers accept the header anywhere in the first kilobyte.
      return file.subarray(0, 1024).includes('%PDF-');
    case 'docx':
      // A .docx is a zip archive.
      return file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    case 'txt':
      // Text has no NUL bytes; binaries almost always do early on.
      return !file.subarray(0, 8192).includes(0);
  }
}
