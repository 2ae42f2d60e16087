import type { Db } from '../../core/db/database.js';
import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/http/errors.js';
import { createTokensRepo } from './tokens.repo.js';
import { issueToken } from './tokens.js';

export function createApiKeysService({ db, clock }: { db: Db; clock: Clock }) {
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
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
