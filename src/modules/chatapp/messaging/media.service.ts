import { AppError } from '../../../core/http/errors.js';
import { OutboundError } from '../../../core/net/index.js';
import type { ChatappContext } from '../chatapp.context.js';
import { createConversationsRepo } from './chatapp-conversations.repo.js';
import { PlatformError } from '../platform/index.js';
import { createSendersRepo } from '../senders/senders.repo.js';

/** The platform accepts files up to 100 MB (documents); nothing larger can exist there. */
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;
const MEDIA_TIMEOUT_MS = 60_000;

const mediaNotFound = () => new AppError(404, 'Media not found.', { code: 'MEDIA_NOT_FOUND' });
const mediaUnavailable = (why: string) =>
  new AppError(502, `The media could not be fetched from the messaging platform: ${why}`, { code: 'MEDIA_UNAVAILABLE' });

export interface FetchedMedia {
  contentType: string;
  filename: string | null;
  body: Buffer;
}

/**
 * A customer's file, fetched from the platform when the owner asks (it is never copied here).
 * Only media that arrived on one of the caller's senders: another account's is "not found".
 */
export function createMediaService(ctx: ChatappContext) {
  const { db, platforms, http } = ctx;

  return {
    async fetch(userId: number, mediaId: string): Promise<FetchedMedia> {
      const known = await createConversationsRepo(db).findOwnedMedia(userId, mediaId);
      const sender = known ? await createSendersRepo(db).findOwned(userId, known.sender_id) : undefined;
      if (!known || !sender) throw mediaNotFound();
      let location;
      try {
        location = await platforms.forSender(sender).mediaLocation(mediaId);
      } catch (error) {
        // The platform forgets media after a while (and says so with an error): gone for us too.
        if (error instanceof PlatformError && error.kind === 'rejected') throw mediaNotFound();
        throw mediaUnavailable(error instanceof Error ? error.message : String(error));
      }
      if (!location) throw mediaNotFound();
      let response;
      try {
        // The URL comes from the platform's answer, so it goes through the same guard as any URL
        // we did not write; no redirects, so the token is never sent anywhere else.
        response = await http.request(location.url, {
          headers: { authorization: location.authorization },
          timeoutMs: MEDIA_TIMEOUT_MS,
          maxResponseBytes: MAX_MEDIA_BYTES,
          maxRedirects: 0,
        });
      } catch (error) {
        if (error instanceof OutboundError) throw mediaUnavailable(error.message);
        throw error;
      }
      if (response.status === 404) throw mediaNotFound();
      if (response.status !== 200 || response.bodyTruncated) throw mediaUnavailable(`the download answered HTTP ${response.status}.`);
      const contentType = response.headers['content-type'] || location.mimeType || known.media_mime_type || 'application/octet-stream';
      return { contentType, filename: known.media_filename, body: response.body };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
