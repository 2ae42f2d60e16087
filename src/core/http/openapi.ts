import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TSchema } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';
import type { App } from './fastify-types.js';
import type { ErrorShape } from './errors.js';
import { hoistNamedSchemas, type OpenApiDocument } from './openapi-components.js';
import { addMissingExamples } from './openapi-examples.js';
import { CodedErrorBody, ConversationErrorBody, MessageBody, SimpleErrorBody, ValidationErrorBody } from './schemas.js';

/**
 * OpenAPI 3.1 generated from the route schemas at /api/openapi.json, and a reference page at
 * /api/docs whose assets come from the installed package (works offline).
 * Every route gets the error responses it can produce, derived from its config, so the
 * document never forgets a 401 or a 422.
 */
export async function installOpenApi(app: App, version: string, requestExamples: Record<string, unknown> = {}): Promise<void> {
  app.addHook('onRoute', addErrorResponses);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchboard API',
        version,
        description: 'Self-hosted AI assistants for calls and chat. All routes live under /api.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key or session token' } },
      },
    },
    hideUntagged: false,
    // Named schemas become components, then every body and answer gets an example (see both files).
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      return addMissingExamples(
        hoistNamedSchemas(documentObject.openapiObject as OpenApiDocument),
        requestExamples,
      ) as typeof documentObject.openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}

function addErrorResponses(route: RouteOptions): void {
  // The reference page and its assets are public like the document they render.
  if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), public: true };
  const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<string, TSchema> };
  if (schema.hide) return;
  if (typeof route.method === 'string') schema.operationId ??= derivedOperationId(route.method, route.url);
  const config = (route.config ?? {}) as { public?: boolean; errorShape?: ErrorShape };
  const response = (schema.response ??= {});
  const isApi = route.url.startsWith('/api/');
  const shape = config.errorShape ?? 'plain';
  const invalidInput = shape === 'coded' ? CodedErrorBody : ValidationErrorBody;
  const other = errorBodyFor(shape);
  const described = (body: TSchema, description: string) => ({ ...body, description });

  if (isApi && !config.public) {
    response[401] ??= described(MessageBody, 'Missing, unknown, expired or revoked token.');
    if (!('security' in schema)) schema.security = [{ bearerAuth: [] }];
  }
  // Said explicitly, so a reader (and a linter) knows the route needs no token.
  if (isApi && config.public && !('security' in schema)) schema.security = [];
  if (schema.body || schema.querystring) {
    response[422] ??= described(invalidInput, 'The input failed validation; every failing field is listed.');
  }
  if (schema.body) {
    response[400] ??= described(other, 'The body is not valid JSON.');
    response[413] ??= described(other, 'The body is larger than 1 MiB.');
    response[415] ??= described(other, 'The body is not JSON.');
  }
  response[500] ??= described(other, 'Unexpected error.');
}

/**
 * Routes name their operation (`operationId: 'createAssistant'`), which reads best in the
 * generated client; one that does not still gets a stable, unique name from its method and path
 * (`POST /api/user/chatapp/voice/call` -> `postUserChatappVoiceCall`).
 */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capitalize(word.slice(1))}` : capitalize(word)));
  return method.toLowerCase() + words.join('');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function errorBodyFor(shape: ErrorShape): TSchema {
  if (shape === 'coded') return CodedErrorBody;
  if (shape === 'conversation') return ConversationErrorBody;
  if (shape === 'error') return SimpleErrorBody;
  return MessageBody;
}
