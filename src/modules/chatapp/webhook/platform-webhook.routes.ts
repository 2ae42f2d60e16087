import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../../core/http/errors.js';
import { MessageBody } from '../../../core/http/schemas.js';
import { isValidPlatformSignature, secretsEqual, storableJson } from './webhook-signature.js';

export interface PlatformWebhookOptions {
  verifyToken: string | undefined;
  appSecret: string | undefined;
  accept(payload: unknown): Promise<void>;
}

/** The platform batches up to 1000 updates in one POST. */
const WEBHOOK_BODY_LIMIT = 16 * 1024 * 1024;
const tags = ['Chatapp platform webhook'];

const HandshakeQuery = Type.Object({
  'hub.mode': Type.Optional(Type.String()),
  'hub.verify_token': Type.Optional(Type.String()),
  'hub.challenge': Type.Optional(Type.String({ maxLength: 1024 })),
});

/**
 * Where the platform sends events. Its own plugin, so that only here every body arrives as raw
 * bytes: the signature is an HMAC of exactly those bytes, checked before anything is parsed.
 */
export const platformWebhookRoutes: FastifyPluginAsyncTypebox<PlatformWebhookOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get(
    '/webhooks/chatapp',
    {
      config: { public: true },
      // No response schema: the 200 body is the bare challenge text (a wrong token gets 403).
      schema: {
        tags,
        operationId: 'verifyChatappWebhook',
        summary: 'Verification handshake: echoes hub.challenge as text, 403 on a wrong verify token',
        querystring: HandshakeQuery,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const token = options.verifyToken;
      const valid =
        query['hub.mode'] === 'subscribe' &&
        !!token &&
        secretsEqual(query['hub.verify_token'] ?? '', token) &&
        query['hub.challenge'] !== undefined;
      if (!valid) throw new AppError(403, 'Verification failed.');
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge']);
    },
  );

  app.post(
    '/webhooks/chatapp',
    {
      config: { public: true },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'receiveChatappWebhook',
        summary: 'Platform events (signed with X-Hub-Signature-256)',
        response: { 200: Type.Object({ received: Type.Boolean() }), 400: MessageBody },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // Without an app secret nothing can be verified, so nothing is accepted.
      if (!options.appSecret || !isValidPlatformSignature(options.appSecret, raw, request.headers['x-hub-signature-256'])) {
        throw new AppError(401, 'Invalid signature.');
      }
      let payload: unknown;
      try {
        payload = storableJson(JSON.parse(raw.toString('utf8')));
      } catch {
        payload = undefined;
      }
      if (payload === undefined) throw new AppError(400, 'The request body is not valid JSON.');
      await options.accept(payload);
      return { received: true };
    },
  );
};
