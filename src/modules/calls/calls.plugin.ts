import type { Logger } from 'pino';
import type { App, AuthContext } from '../../core/http/fastify-types.js';
import type { CallsModule } from './calls.module.js';
import { callsRoutes } from './calls.routes.js';
import { chatappCallsRoutes } from './legs/chatapp/chatapp-calls.routes.js';
import { installTwilioStream } from './legs/twilio/twilio-stream.js';
import { twilioRoutes } from './legs/twilio/twilio.routes.js';
import { webCallPageRoutes } from './legs/web/web-call-page.routes.js';
import { webCallsRoutes } from './legs/web/web-calls.routes.js';
import { installWebCallSocket } from './legs/web/web-socket.js';

export interface CallsPluginOptions {
  calls: CallsModule;
  /** Where browsers reach us (PUBLIC_URL); unset: the address the request came to. */
  publicUrl?: string;
  resolveBearer(token: string): Promise<AuthContext | null>;
  logger: Logger;
}

/**
 * Everything of the calls module the HTTP server carries: the calls API, Twilio's webhooks and
 * media-stream socket, browser calls (API, socket, test page), chatapp calls, and stopping the
 * live calls when the app closes. Registered on the app itself, not in a child context, so the
 * routes, hooks and sockets are exactly those each leg would add on its own.
 */
export async function registerCalls(app: App, { calls, publicUrl, resolveBearer, logger }: CallsPluginOptions): Promise<void> {
  await app.register(callsRoutes, { prefix: '/api', calls: calls.calls });
  await app.register(twilioRoutes, { prefix: '/api', webhooks: calls.twilioWebhooks });
  installTwilioStream(app.server, { ...calls, webhooks: calls.twilioWebhooks, logger });
  await app.register(webCallsRoutes, { prefix: '/api', webCalls: calls.webCalls, publicUrl, resolveBearer });
  installWebCallSocket(app.server, { webCalls: calls.webCalls, sessions: calls.sessions, logger });
  await app.register(webCallPageRoutes);
  const { chatappCalls } = calls;
  if (chatappCalls) {
    await app.register(chatappCallsRoutes, { prefix: '/api', chatappCalls: chatappCalls.service });
    app.addHook('onClose', () => chatappCalls.stop());
  }
  app.addHook('onClose', () => calls.sessions.stop());
}
