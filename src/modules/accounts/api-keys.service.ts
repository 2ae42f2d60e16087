import type { Db } from '../../core/db/database.js';
import type { Clock } from '../../core/clock.js';
import { notFound, validationFailed } from '../../core/http/errors.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import { roleAllows } from '../../core/http/roles.js';
import type { MemberRole } from '../../core/db/schema.js';
import { createTokensRepo } from './tokens.repo.js';
import { issueToken } from './tokens.js';
import type { AuthCache } from './auth-cache.js';

export function createApiKeysService({ db, clock, cache }: { db: Db; clock: Clock; cache: AuthCache }) {
  return {
    /**
     * Persistent key of the account, recording who created it; its plaintext is returned here
     * once and never again. It acts with the given role (by default its creator's), never more
     * than its creator may.
     */
    create(auth: AuthContext, name: string, role: MemberRole = auth.role) {
      if (!roleAllows(auth, role)) throw validationFailed({ role: [`A key cannot do more than its creator (${auth.role}).`] });
      return issueToken(db, { userId: auth.userId, memberId: auth.memberId, role, kind: 'api_key', name, now: clock.now(), ttlMs: null });
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
