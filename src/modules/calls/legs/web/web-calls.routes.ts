import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../../../core/http/fastify-types.js';
import { actingCaller } from '../../../../core/http/public-caller.js';
import { CreateWebCallBody, CreateWebCallResponse, WebCallErrors } from './web-calls.schemas.js';
import { WEB_CALL_SOCKET_PATH, webCallError, type WebCallsService } from './web-calls.service.js';

export interface WebCallsRoutesOptions {
  webCalls: WebCallsService;
  resolveBearer(token: string): Promise<AuthContext | null>;
  /** Where browsers reach us (PUBLIC_URL); unset: the address the request came to. */
  publicUrl?: string;
}

const tags = ['Calls'];
const config = { public: true, errorShape: 'conversation' as const, notFoundMessage: 'Assistant not found' };

/** The socket's origin: PUBLIC_URL behind a proxy, else what the browser used to reach us. */
function socketOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}`;
}

/** Browser calls: public like the widget's conversations, or a free test call with the owner's token. */
export const webCallsRoutes: FastifyPluginAsyncTypebox<WebCallsRoutesOptions> = async (app, { webCalls, resolveBearer, publicUrl }) => {
  app.post(
    '/calls/web',
    {
      config,
      schema: {
        tags,
        operationId: 'startWebCall',
        summary: 'Start a browser call: a single-use WebSocket URL carrying PCM16 16 kHz audio both ways',
        body: CreateWebCallBody,
        response: { 200: CreateWebCallResponse, ...WebCallErrors },
      },
    },
    async (request) => {
      const caller = await actingCaller(request, resolveBearer);
      const created = await webCalls
        .create({ assistantUuid: request.body.assistant_id, variables: request.body.variables ?? null, caller })
        .catch((error: unknown) => Promise.reject(webCallError(error)));
      const url = `${socketOrigin(request, publicUrl)}${WEB_CALL_SOCKET_PATH}?token=${encodeURIComponent(created.token)}`;
      return { call_id: created.callId, websocket_url: url, expires_at: created.expiresAt.toISOString() };
    },
  );
};
