import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { actorOf } from '../../core/http/actor.js';
import { IdParams, MessageBody } from '../../core/http/schemas.js';
import { GROUP_NOUN, type GroupsService } from './groups.service.js';
import { CreateGroupBody, GroupEnvelope, GroupList, GroupListQuery, UpdateGroupBody } from './groups.schemas.js';

export interface GroupsRoutesOptions {
  folders: GroupsService;
  labels: GroupsService;
}

/** /user/folders, /user/folder/{id} (also /user/folders/{id}), and the same for labels: one set of routes for both kinds. */
export const groupsRoutes: FastifyPluginAsyncTypebox<GroupsRoutesOptions> = async (app, { folders, labels }) => {
  for (const groups of [folders, labels]) {
    const noun = GROUP_NOUN[groups.kind];
    const tags = [`${noun}s`];
    // Clients of the reference also address one at the plural (list) path.
    const byId = { errorShape: 'validation' as const, notFoundMessage: `${noun} not found`, alsoAt: [`/user/${groups.kind}s/:id`] };
    const notFoundBody = { ...MessageBody, description: `Unknown or another account's ${groups.kind}.` };

    app.get(
      `/user/${groups.kind}s`,
      {
        config: { errorShape: 'validation' },
        schema: {
          tags,
          operationId: `list${noun}s`,
          summary: `List ${groups.kind}s`,
          querystring: GroupListQuery,
          response: { 200: GroupList },
        },
      },
      async (request) => {
        const { page, per_page } = request.query;
        const { rows, total } = await groups.list(authOf(request).userId, page, per_page);
        return { data: rows, current_page: page, per_page, total };
      },
    );

    app.post(
      `/user/${groups.kind}`,
      // Clients of the reference also create at the plural (list) path.
      {
        config: { errorShape: 'validation', alsoAt: [`/user/${groups.kind}s`] },
        schema: {
          tags,
          operationId: `create${noun}`,
          summary: `Create a ${groups.kind}`,
          body: CreateGroupBody,
          response: { 201: GroupEnvelope },
        },
      },
      async (request, reply) => {
        const data = await groups.create(authOf(request).userId, request.body);
        return reply.status(201).send({ message: `${noun} created successfully`, data });
      },
    );

    app.get(
      `/user/${groups.kind}/:id`,
      {
        config: byId,
        schema: {
          tags,
          operationId: `get${noun}`,
          summary: `Get a ${groups.kind}`,
          params: IdParams,
          response: { 200: GroupEnvelope, 404: notFoundBody },
        },
      },
      async (request) => ({ message: `${noun} retrieved successfully`, data: await groups.get(authOf(request).userId, request.params.id) }),
    );

    app.put(
      `/user/${groups.kind}/:id`,
      {
        config: byId,
        schema: {
          tags,
          operationId: `update${noun}`,
          summary: `Update a ${groups.kind}`,
          params: IdParams,
          body: UpdateGroupBody,
          response: { 200: GroupEnvelope, 404: notFoundBody },
        },
      },
      async (request) => {
        const data = await groups.update(authOf(request).userId, request.params.id, request.body);
        return { message: `${noun} updated successfully`, data };
      },
    );

    app.delete(
      `/user/${groups.kind}/:id`,
      {
        config: byId,
        schema: {
          tags,
          operationId: `delete${noun}`,
          summary: `Delete a ${groups.kind}`,
          params: IdParams,
          response: { 200: MessageBody, 404: notFoundBody },
        },
      },
      async (request) => {
        await groups.delete(authOf(request).userId, request.params.id, actorOf(request));
        return { message: `${noun} deleted successfully` };
      },
    );
  }
};
