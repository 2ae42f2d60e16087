import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../core/http/auth.js';
import { hidesSecrets } from '../../core/http/roles.js';
import { actorOf } from '../../core/http/actor.js';
import { createValidator } from '../../core/http/validation.js';
import { IdParams, MessageBody } from '../../core/http/schemas.js';
import { withExample } from '../../core/http/openapi-components.js';
import { LengthAwarePage, lengthAwarePage, pageQuery, requestPath } from '../../core/http/page-pagination.js';
import { type PhoneNumbersService, PICKER_TYPE_LABELS } from '../phone-numbers/index.js';
import type { AssistantsService } from './assistants.service.js';
import { AssistantCreateBody, AssistantUpdateBody } from './assistant-fields.schemas.js';
import { parseAssistantBody } from './assistant-input.js';
import { AssistantListItem, AssistantRecord, AssistantSummary } from './assistant-record.schemas.js';

export interface AssistantsRoutesOptions {
  assistants: AssistantsService;
  phoneNumbers: PhoneNumbersService;
}

const tags = ['Assistants'];
const notFoundBody = { ...MessageBody, description: "Unknown or another account's assistant." };
const config = { errorShape: 'validation' as const, validationMessage: 'Validation failed', notFoundMessage: 'Assistant not found' };

/**
 * The body schema is declared for the API reference, but the service validates the body itself
 * (parseAssistantBody) so one 422 lists schema and cross-field errors together. Path and query
 * still go through the app's coercing validator, so ids get the same bounds as on every route.
 */
const textAjv = createValidator({ coerceTypes: 'array', useDefaults: true });
const bodyCheckedByService: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  httpPart === 'body' ? () => true : textAjv.compile(schema as object);

const SummaryEnvelope = Type.Object({ message: Type.String(), data: AssistantSummary });
// New assistants start inactive; voice 11 is OpenAI's Nova (a pipeline voice), model 1 GPT-4o-mini.
const CreatedEnvelope = withExample(
  Type.Object({ message: Type.String(), data: Type.Object({ ...AssistantSummary.properties, uuid: Type.String() }) }),
  {
    message: 'Assistant created successfully',
    data: {
      id: 1,
      name: 'Bakery front desk',
      status: 'inactive',
      type: 'inbound',
      mode: 'pipeline',
      uuid: '9b2f6c1e-4d3a-4f7b-8e21-5c0d9a7b3e44',
    },
  },
);
const CreateExample = withExample(AssistantCreateBody, {
  name: 'Bakery front desk',
  type: 'inbound',
  mode: 'pipeline',
  voice_id: 11,
  llm_model_id: 1,
  language_id: 1,
  timezone: 'Europe/Bucharest',
  initial_message: 'Hi! Thanks for calling Bread & Co. How can I help?',
  system_prompt: 'You answer questions about opening hours, orders and deliveries for Bread & Co, a bakery in Cluj.',
});
const AssignableNumbers = Type.Array(
  Type.Object({
    id: Type.Integer(),
    phone_number: Type.String(),
    country_code: Type.String(),
    type_label: Type.String(),
    is_available: Type.Boolean(),
  }),
);

export const assistantsRoutes: FastifyPluginAsyncTypebox<AssistantsRoutesOptions> = async (app, { assistants, phoneNumbers }) => {
  app.post(
    '/user/assistant',
    {
      config,
      validatorCompiler: bodyCheckedByService,
      schema: {
        tags,
        operationId: 'createAssistant',
        summary: 'Create assistant',
        body: CreateExample,
        response: { 201: CreatedEnvelope },
      },
    },
    async (request, reply) => {
      const data = await assistants.create(authOf(request).userId, parseAssistantBody(request.body, 'create'), actorOf(request));
      return reply.status(201).send({ message: 'Assistant created successfully', data });
    },
  );

  app.get(
    '/user/assistants/get',
    {
      config,
      schema: {
        tags,
        operationId: 'listAssistants',
        summary: 'List assistants (paginated)',
        querystring: pageQuery(10),
        response: { 200: LengthAwarePage(AssistantListItem) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const auth = authOf(request);
      const { items, total } = await assistants.list(auth.userId, page, per_page, { hideSecrets: hidesSecrets(auth) });
      return lengthAwarePage(items, total, { page, perPage: per_page, path: requestPath(request) });
    },
  );

  app.get(
    '/user/assistants',
    {
      config,
      schema: {
        tags,
        operationId: 'listAllAssistants',
        summary: 'Every assistant of the account, newest first (bare array, no pagination; for assistant pickers)',
        response: { 200: Type.Array(AssistantListItem) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return assistants.listAll(auth.userId, { hideSecrets: hidesSecrets(auth) });
    },
  );

  app.get(
    '/user/assistant/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getAssistant',
        summary: 'Get assistant (every configurable field)',
        params: IdParams,
        response: { 200: Type.Object({ data: AssistantRecord }), 404: notFoundBody },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return { data: await assistants.get(auth.userId, request.params.id, { hideSecrets: hidesSecrets(auth) }) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/user/assistant/:id',
      config,
      validatorCompiler: bodyCheckedByService,
      schema: {
        tags,
        // PUT and PATCH behave alike; each needs its own name in the generated client.
        operationId: method === 'PUT' ? 'updateAssistant' : 'patchAssistant',
        summary: 'Update assistant: omitted fields stay, null removes, arrays and objects are replaced',
        params: IdParams,
        body: AssistantUpdateBody,
        response: { 200: SummaryEnvelope, 404: notFoundBody },
      },
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const data = await assistants.update(authOf(request).userId, id, parseAssistantBody(request.body, 'update'), actorOf(request));
        return { message: 'Assistant updated successfully', data };
      },
    });
  }

  app.delete(
    '/user/assistant/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteAssistant',
        summary: 'Delete assistant',
        params: IdParams,
        response: { 200: MessageBody, 404: notFoundBody },
      },
    },
    async (request) => {
      await assistants.delete(authOf(request).userId, request.params.id, actorOf(request));
      return { message: 'Assistant deleted successfully' };
    },
  );

  app.get(
    '/user/assistants/phone-numbers',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'listAssignablePhoneNumbers',
        summary: 'Numbers assignable to assistants',
        querystring: Type.Object({
          type: Type.Unsafe<'inbound' | 'outbound'>({ type: 'string', enum: ['inbound', 'outbound'], default: 'outbound' }),
        }),
        response: { 200: AssignableNumbers },
      },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const inbound = request.query.type === 'inbound';
      const [numbers, taken] = await Promise.all([phoneNumbers.list(userId), assistants.inboundPhoneIds(userId)]);
      // An inbound assistant cannot answer on a Caller ID number, nor on one another inbound assistant holds.
      return numbers
        .filter((n) => !inbound || n.type !== 'caller_id')
        .map((n) => ({
          id: n.id,
          phone_number: n.phone_number,
          country_code: n.country_code,
          type_label: PICKER_TYPE_LABELS[n.type],
          is_available: !inbound || !taken.has(n.id),
        }));
    },
  );
};
