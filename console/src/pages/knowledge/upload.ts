import { apiErrorFrom } from '../../api/errors.js';
import { readSession } from '../../api/session.js';

export type DocumentType = 'pdf' | 'docx' | 'txt';

/** The document type the API wants for a file, from its name; null for a file it does not read. */
export function documentTypeOf(fileName: string): DocumentType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'pdf' || extension === 'docx') return extension;
  if (extension === 'txt' || extension === 'md' || extension === 'text') return 'txt';
  return null;
}

/** A document's name from its file's: "Opening hours.pdf" → "Opening hours". */
export function documentNameOf(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').slice(0, 255) || fileName.slice(0, 255);
}

/**
 * Sends a file as a new document with XMLHttpRequest, the one browser API that reports upload
 * progress (fetch does not), with the session's token like every other call.
 */
export function uploadDocument(
  knowledgeBaseId: number,
  file: File,
  type: DocumentType,
  onProgress: (fraction: number) => void,
): Promise<{ data: { id: number } }> {
  const form = new FormData();
  form.append('name', documentNameOf(file.name));
  form.append('type', type);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/user/knowledgebases/${knowledgeBaseId}/documents`);
    const session = readSession();
    if (session) request.setRequestHeader('authorization', `Bearer ${session.token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as { data: { id: number } });
      else reject(apiErrorFrom(body, request.status));
    };
    request.onerror = () => reject(new Error('The upload did not reach the server. Check the connection and try again.'));
    request.send(form);
  });
}
