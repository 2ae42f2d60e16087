import type { Db } from '../../core/db/database.js';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/http/errors.js';
import { createTokensRepo } from './tokens.repo.js';
import { issueToken } from './tokens.js';
import type { AuthCache } from './auth-cache.js';

export function createApiKeysService({ db, clock, cache }: { db: Db; clock: Clock; cache: AuthCache }) {
  return {
    /** Persistent key; its plaintext is returned here once and never again. */
    create(userId: number, name: string) {
      return issueToken(db, { userId, kind: 'api_key', name, now: clock.now(), ttlMs: null });
    },

    list(userId: number) {
      return createTokensRepo(db).listApiKeys(userId);
    },

    async delete(userId: number, keyId: number): Promise<void> {
      const deleted = await createTokensRepo(db).deleteToken(userId, keyId, 'api_key');
      if (!deleted) throw notFound('API key not found.');
      // Other processes learn it from the deletion's notification; this one needs no wait.
      cache.revokeToken(keyId);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
