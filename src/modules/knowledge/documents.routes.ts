import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { actorOf } from '../../core/http/actor.js';
import { MessageBody, ValidationErrorBody } from '../../core/http/schemas.js';
import { MAX_FILE_BYTES } from './document-sources.js';
import { readMultipartBody } from './multipart-body.js';
import { presentDocument } from './knowledge.presenters.js';
import type { KnowledgeService } from './knowledge.service.js';
import {
  CreateDocumentBody,
  DocumentListResponse,
  DocumentMessageResponse,
  DocumentParams,
  DocumentResponse,
  ErrorBody,
  KnowledgebaseParams,
  UpdateDocumentBody,
} from './knowledge.schemas.js';

const tags = ['Knowledge bases'];
const config = { errorShape: 'error' as const, notFoundMessage: 'Knowledgebase not found.' };
const documentConfig = { errorShape: 'error' as const, notFoundMessage: 'Document not found.' };
const notFoundResponse = { ...ErrorBody, description: "Unknown knowledge base or document, or another account's." };
// A 20 MB txt document may also arrive inline as JSON, which escaping can make larger.
const JSON_BODY_LIMIT = MAX_FILE_BYTES * 2;

export const documentsRoutes: FastifyPluginAsyncTypebox<{ knowledge: KnowledgeService }> = async (app, { knowledge }) => {
  // Scoped to this plugin: only document uploads accept multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 100 } });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const body = await readMultipartBody(request);
    normalizeMultipartFields(body);
    request.body = body;
  });

  app.get(
    '/user/knowledgebases/:id/documents',
    {
      config,
      schema: {
        tags,
        operationId: 'listDocuments',
        summary: 'List the documents of a knowledge base',
        params: KnowledgebaseParams,
        response: { 200: DocumentListResponse, 404: notFoundResponse },
      },
    },
    async (request) => ({ data: (await knowledge.listDocuments(authOf(request).userId, request.params.id)).map(presentDocument) }),
  );

  app.post(
    '/user/knowledgebases/:id/documents',
    {
      config,
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'createDocument',
        summary: 'Add a document (website, pdf, txt or docx); it is processed in the background',
        consumes: ['application/json', 'multipart/form-data'],
        params: KnowledgebaseParams,
        body: CreateDocumentBody,
        response: { 201: DocumentMessageResponse, 404: notFoundResponse, 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const document = await knowledge.createDocument(authOf(request).userId, request.params.id, request.body);
      return reply
        .status(201)
        .send({ message: 'Document created successfully. Processing will begin shortly.', data: presentDocument(document) });
    },
  );

  app.get(
    '/user/knowledgebases/:id/documents/:docId',
    {
      config: documentConfig,
      schema: {
        tags,
        operationId: 'getDocument',
        summary: 'Get a document',
        params: DocumentParams,
        response: { 200: DocumentResponse, 404: notFoundResponse },
      },
    },
    async (request) => ({
      data: presentDocument(await knowledge.getDocument(authOf(request).userId, request.params.id, request.params.docId)),
    }),
  );

  app.put(
    '/user/knowledgebases/:id/documents/:docId',
    {
      config: documentConfig,
      schema: {
        tags,
        operationId: 'updateDocument',
        summary: 'Rename or describe a document (its content cannot be changed)',
        params: DocumentParams,
        body: UpdateDocumentBody,
        response: { 200: DocumentMessageResponse, 404: notFoundResponse, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      const document = await knowledge.updateDocument(authOf(request).userId, id, docId, request.body);
      return { message: 'Document updated successfully.', data: presentDocument(document) };
    },
  );

  app.delete(
    '/user/knowledgebases/:id/documents/:docId',
    {
      config: documentConfig,
      schema: {
        tags,
        operationId: 'deleteDocument',
        summary: 'Delete a document',
        params: DocumentParams,
        response: { 200: MessageBody, 404: notFoundResponse },
      },
    },
    async (request) => {
      await knowledge.deleteDocument(authOf(request).userId, request.params.id, request.params.docId, actorOf(request));
      return { message: 'Document deleted successfully.' };
    },
  );
};

/**
 * Multipart fields are all text: turn them into the JSON body's types so one schema validates
 * both. `links[]` (the PHP/Laravel array convention) and repeated `links` both become an array.
 */
function normalizeMultipartFields(body: Record<string, unknown>): void {
  if (body['links[]'] !== undefined) {
    body.links = body['links[]'];
    delete body['links[]'];
  }
  if (typeof body.links === 'string') body.links = [body.links];
  const limit = body.relative_links_limit;
  if (typeof limit === 'string' && /^\s*\d+\s*$/.test(limit)) body.relative_links_limit = Number(limit);
  if (typeof body.file === 'string') body.file = Buffer.from(body.file, 'utf8');
  if (body.description === '') body.description = null;
}
