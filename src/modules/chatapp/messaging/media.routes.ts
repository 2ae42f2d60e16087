import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../../core/http/auth.js';
import { CodedErrorBody } from '../../../core/http/schemas.js';
import type { ChatappServices } from '../chatapp.service.js';

const coded = (description: string) => ({ ...CodedErrorBody, description });
const MediaParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._-]+$' }) });

/** A customer's image, audio, video, document or sticker, by the platform's media id. */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ chatapp: ChatappServices }> = async (app, { chatapp }) => {
  app.get(
    '/user/chatapp/media/:id',
    {
      config: { errorShape: 'coded' as const },
      schema: {
        tags: ['Chatapp messaging'],
        operationId: 'downloadChatappMedia',
        summary: "Download a customer's media file (fetched from the platform; the body is the file, with its content type)",
        params: MediaParams,
        response: {
          // A file, not JSON: its media type is the platform's (image/jpeg, audio/ogg, application/pdf...).
          200: {
            description: "The file, with the platform's content type.",
            content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
          },
          404: coded("MEDIA_NOT_FOUND: unknown, expired on the platform, or another account's."),
          502: coded('MEDIA_UNAVAILABLE: the platform could not be reached.'),
        },
      },
    },
    async (request, reply) => {
      const media = await chatapp.media.fetch(authOf(request).userId, request.params.id);
      if (media.filename) reply.header('content-disposition', `inline; filename="${media.filename.replace(/["\\\r\n]/g, '_')}"`);
      return reply.type(media.contentType).header('cache-control', 'private, no-store').send(media.body);
    },
  );
};
