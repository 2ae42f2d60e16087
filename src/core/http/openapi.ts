import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TSchema } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';
import type { App } from './fastify-types.js';
import type { ErrorShape } from './errors.js';
import { CodedErrorBody, ConversationErrorBody, MessageBody, SimpleErrorBody, ValidationErrorBody } from './schemas.js';

/**
 * OpenAPI 3.1 generated from the route schemas at /api/openapi.json, and a reference page at
 * /api/docs whose assets come from the installed package (works offline).
 * Every route gets the error responses it can produce, derived from its config, so the
 * document never forgets a 401 or a 422.
 */
export async function installOpenApi(app: App, version: string): Promise<void> {
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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}

function addErrorResponses(route: RouteOptions): void {
  // The reference page and its assets are public like the document they render.
  if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), public: true };
  const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<string, TSchema> };
  if (schema.hide) return;
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

function errorBodyFor(shape: ErrorShape): TSchema {
  if (shape === 'coded') return CodedErrorBody;
  if (shape === 'conversation') return ConversationErrorBody;
  if (shape === 'error') return SimpleErrorBody;
  return MessageBody;
}
