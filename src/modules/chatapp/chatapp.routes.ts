import type { FastifyPluginAsync } from 'fastify';
import type { ChatappServices } from './chatapp.service.js';
import { sendersRoutes } from './senders/senders.routes.js';
import { messagingRoutes } from './messaging/messaging.routes.js';
import { mediaRoutes } from './messaging/media.routes.js';
import { platformWebhookRoutes } from './webhook/platform-webhook.routes.js';

export interface ChatappRoutesOptions {
  chatapp: ChatappServices;
  verifyToken: string | undefined;
  appSecret: string | undefined;
}

/** Every chatapp route: the user API under /user/chatapp and the platform's webhook. */
export const chatappRoutes: FastifyPluginAsync<ChatappRoutesOptions> = async (app, { chatapp, verifyToken, appSecret }) => {
  await app.register(sendersRoutes, { chatapp });
  await app.register(messagingRoutes, { chatapp });
  await app.register(mediaRoutes, { chatapp });
  await app.register(platformWebhookRoutes, { verifyToken, appSecret, accept: (payload) => chatapp.acceptPlatformWebhook(payload) });
  app.addHook('onClose', async () => {
    await chatapp.close();
  });
};
