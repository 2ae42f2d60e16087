import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/http/errors.js';
import { fileTooLarge } from './document-sources.js';

/**
 * Reads a multipart upload into a plain body (text fields as strings, the file as a Buffer), so
 * that one schema validates it like the JSON body. Read here rather than by the plugin's
 * `attachFieldsToBody`, because a broken stream there (no boundary, truncated data, a malformed
 * part header) escapes as a bare parser error, i.e. a 500; here it is a 400 that says what is wrong.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  // Safe as a plain object: the plugin refuses field names such as __proto__ and constructor.
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      const value = await partValue(part);
      const existing = body[part.fieldname];
      body[part.fieldname] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  } catch (error) {
    throw asClientError(error);
  }
  return body;
}

async function partValue(part: Multipart): Promise<unknown> {
  if (part.type === 'field') return part.value;
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }
}

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Upload one file per document.',
  FST_FIELDS_LIMIT: 'The multipart body has too many fields.',
  FST_PARTS_LIMIT: 'The multipart body has too many parts.',
};

function asClientError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: string; message?: string };
  const limit = code === undefined ? undefined : LIMIT_MESSAGES[code];
  if (limit) return new AppError(413, limit, { code: 'MULTIPART_LIMIT' });
  // The parser's own words ("Unexpected end of multipart data", "Multipart: Boundary not found")
  // describe the client's body, and say nothing about the server.
  const detail = message ? ` (${message.replace(/\.$/, '')})` : '';
  return new AppError(400, `The multipart body is malformed${detail}.`, { code: 'INVALID_MULTIPART' });
}
