import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import type { RequestActor } from '../../core/http/actor.js';
import { notFound, validationFailed } from '../../core/http/errors.js';
import { roleAllows } from '../../core/http/roles.js';
import type { MemberRole } from '../../core/db/schema.js';
import { recordAudit } from '../audit/index.js';
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
    create(actor: RequestActor, name: string, role: MemberRole = actor.auth.role) {
      const { auth } = actor;
      if (!roleAllows(auth, role)) throw validationFailed({ role: [`A key cannot do more than its creator (${auth.role}).`] });
      return inTransaction(db, async (tx) => {
        const now = clock.now();
        const key = await issueToken(tx, { userId: auth.userId, memberId: auth.memberId, role, kind: 'api_key', name, now, ttlMs: null });
        await recordAudit(tx, {
          userId: auth.userId,
          actor,
          action: 'api_key.created',
          resourceType: 'api_key',
          resourceId: key.id,
          details: { name, role },
          now,
        });
        return key;
      });
    },

    list(userId: number) {
      return createTokensRepo(db).listApiKeys(userId);
    },

    async delete(actor: RequestActor, keyId: number): Promise<void> {
      const { auth } = actor;
      await inTransaction(db, async (tx) => {
        const deleted = await createTokensRepo(tx).deleteToken(auth.userId, keyId, 'api_key');
        if (!deleted) throw notFound('API key not found.');
        await recordAudit(tx, {
          userId: auth.userId,
          actor,
          action: 'api_key.deleted',
          resourceType: 'api_key',
          resourceId: keyId,
          details: { name: deleted.name },
          now: clock.now(),
        });
      });
      // Other processes learn it from the deletion's notification; this one needs no wait.
      cache.revokeToken(keyId);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
