import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { actorOf } from '../../core/http/actor.js';
import { MessageBody, ValidationErrorBody } from '../../core/http/schemas.js';
import { documentsRoutes } from './documents.routes.js';
import { presentKnowledgebase, presentPassage } from './knowledge.presenters.js';
import type { KnowledgeService } from './knowledge.service.js';
import {
  CreateKnowledgebaseBody,
  ErrorBody,
  KnowledgebaseListResponse,
  KnowledgebaseMessageResponse,
  KnowledgebaseParams,
  KnowledgebaseResponse,
  SearchQuery,
  SearchResponse,
  UpdateKnowledgebaseBody,
} from './knowledge.schemas.js';

export interface KnowledgeRoutesOptions {
  knowledge: KnowledgeService;
}

const tags = ['Knowledge bases'];
// The reference's not-found body for this family is {"error": "..."}.
// The reference's knowledge-base answers use Laravel 6's wording ("may not be greater than").
const config = { errorShape: 'error' as const, notFoundMessage: 'Knowledgebase not found.', messageDialect: 'laravel6' as const };
const notFoundResponse = { ...ErrorBody, description: "Unknown or another account's knowledge base." };

export const knowledgeRoutes: FastifyPluginAsyncTypebox<KnowledgeRoutesOptions> = async (app, { knowledge }) => {
  app.get(
    '/user/knowledgebases',
    {
      config,
      schema: { tags, operationId: 'listKnowledgeBases', summary: 'List knowledge bases', response: { 200: KnowledgebaseListResponse } },
    },
    async (request) => ({ data: (await knowledge.list(authOf(request).userId)).map(presentKnowledgebase) }),
  );

  app.post(
    '/user/knowledgebases',
    {
      config,
      schema: {
        tags,
        operationId: 'createKnowledgeBase',
        summary: 'Create a knowledge base',
        body: CreateKnowledgebaseBody,
        response: { 201: KnowledgebaseMessageResponse, 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const created = await knowledge.create(authOf(request).userId, request.body);
      return reply.status(201).send({ message: 'Knowledgebase created successfully.', data: presentKnowledgebase(created) });
    },
  );

  app.get(
    '/user/knowledgebases/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getKnowledgeBase',
        summary: 'Get a knowledge base',
        params: KnowledgebaseParams,
        response: { 200: KnowledgebaseResponse, 404: notFoundResponse },
      },
    },
    async (request) => ({ data: presentKnowledgebase(await knowledge.get(authOf(request).userId, request.params.id)) }),
  );

  app.put(
    '/user/knowledgebases/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateKnowledgeBase',
        summary: 'Update a knowledge base (name, description)',
        params: KnowledgebaseParams,
        body: UpdateKnowledgebaseBody,
        response: { 200: KnowledgebaseMessageResponse, 404: notFoundResponse, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const updated = await knowledge.update(authOf(request).userId, request.params.id, request.body);
      return { message: 'Knowledgebase updated successfully.', data: presentKnowledgebase(updated) };
    },
  );

  app.delete(
    '/user/knowledgebases/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteKnowledgeBase',
        summary: 'Delete a knowledge base with its documents; assistants using it are detached',
        params: KnowledgebaseParams,
        response: { 200: MessageBody, 404: notFoundResponse },
      },
    },
    async (request) => {
      await knowledge.delete(authOf(request).userId, request.params.id, actorOf(request));
      return { message: 'Knowledgebase deleted successfully.' };
    },
  );

  app.get(
    '/user/knowledgebases/:id/search',
    {
      config,
      schema: {
        tags,
        operationId: 'searchKnowledgeBase',
        summary: 'Search a knowledge base for the passages that best answer a question',
        params: KnowledgebaseParams,
        querystring: SearchQuery,
        response: { 200: SearchResponse, 404: notFoundResponse, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const passages = await knowledge.search(authOf(request).userId, request.params.id, q, limit ?? 5);
      return { data: passages.map(presentPassage) };
    },
  );

  await app.register(documentsRoutes, { knowledge });
};
