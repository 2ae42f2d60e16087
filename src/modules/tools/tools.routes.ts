import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../core/http/auth.js';
import { hidesSecrets } from '../../core/http/roles.js';
import { actorOf } from '../../core/http/actor.js';
import { IdParams, MessageBody, isoTimestamp } from '../../core/http/schemas.js';
import type { ToolsService } from './tools.service.js';
import { CreateToolBody, ToolEnvelope, ToolRecord, UpdateToolBody } from './tools.schemas.js';
import { TestToolBody, ToolTestResult } from './tool-test.schemas.js';
import { TOOL_TEST_LIMITS } from './tool-test.service.js';

export interface ToolsRoutesOptions {
  tools: ToolsService;
}

type ToolRow = Awaited<ReturnType<ToolsService['get']>>;

const tags = ['Custom tools'];
const notFoundConfig = { errorShape: 'validation' as const, notFoundMessage: 'Tool not found' };
const notFoundResponse = { ...MessageBody, description: "Unknown or another account's tool." };

function present(tool: ToolRow) {
  return { ...tool, created_at: isoTimestamp(tool.created_at)!, updated_at: isoTimestamp(tool.updated_at)! };
}

/** Custom mid-call tools, as the reference's /user/tools. */
export const toolsRoutes: FastifyPluginAsyncTypebox<ToolsRoutesOptions> = async (app, { tools }) => {
  app.post(
    '/user/tools',
    {
      config: { errorShape: 'validation' },
      schema: { tags, operationId: 'createTool', summary: 'Create a custom tool', body: CreateToolBody, response: { 201: ToolEnvelope } },
    },
    async (request, reply) => {
      const tool = await tools.create(authOf(request).userId, request.body);
      return reply.status(201).send({ message: 'Tool created successfully', data: present(tool) });
    },
  );

  app.get(
    '/user/tools',
    { schema: { tags, operationId: 'listTools', summary: 'List custom tools', response: { 200: Type.Array(ToolRecord) } } },
    async (request) => {
      const auth = authOf(request);
      return (await tools.list(auth.userId, { hideSecrets: hidesSecrets(auth) })).map(present);
    },
  );

  app.get(
    '/user/tools/:id',
    {
      config: notFoundConfig,
      schema: {
        tags,
        operationId: 'getTool',
        summary: 'Get a custom tool',
        params: IdParams,
        response: { 200: Type.Object({ data: ToolRecord }), 404: notFoundResponse },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return { data: present(await tools.get(auth.userId, request.params.id, { hideSecrets: hidesSecrets(auth) })) };
    },
  );

  app.put(
    '/user/tools/:id',
    {
      config: { ...notFoundConfig, validationMessage: 'Validation failed' },
      schema: {
        tags,
        operationId: 'updateTool',
        summary: 'Update a custom tool (headers and schema are replaced)',
        params: IdParams,
        body: UpdateToolBody,
        response: { 200: ToolEnvelope, 404: notFoundResponse },
      },
    },
    async (request) => {
      const tool = await tools.update(authOf(request).userId, request.params.id, request.body);
      return { message: 'Tool updated successfully', data: present(tool) };
    },
  );

  app.delete(
    '/user/tools/:id',
    {
      config: notFoundConfig,
      schema: {
        tags,
        operationId: 'deleteTool',
        summary: 'Delete a custom tool (detaches it from every assistant)',
        params: IdParams,
        response: { 200: MessageBody, 404: notFoundResponse },
      },
    },
    async (request) => {
      await tools.delete(authOf(request).userId, request.params.id, actorOf(request));
      return { message: 'Tool deleted successfully' };
    },
  );

  app.post(
    '/user/tools/:id/test',
    {
      config: notFoundConfig,
      // Before validation, so every request counts, whatever it is answered.
      preValidation: async (request) => tools.throttleTest(authOf(request).userId),
      schema: {
        tags,
        operationId: 'testTool',
        summary:
          'Send a test request: the tool is called with these arguments as a conversation would call it; answers the request sent (secrets masked) and the response',
        params: IdParams,
        body: TestToolBody,
        response: {
          200: ToolTestResult,
          404: notFoundResponse,
          429: {
            ...MessageBody,
            description: `${TOOL_TEST_LIMITS.perMinute} per minute, ${TOOL_TEST_LIMITS.perDay} per day per account; Retry-After says when.`,
          },
        },
      },
    },
    async (request) => tools.test(authOf(request).userId, request.params.id, request.body.arguments),
  );
};
