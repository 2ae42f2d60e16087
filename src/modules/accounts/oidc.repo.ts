import type { DbOrTx } from '../../core/db/transaction.js';

/** OpenID Connect sign-ins between their start and their callback (0034-oidc-logins.ts). */
export function createOidcLoginsRepo(db: DbOrTx) {
  return {
    async insertLogin(login: { stateHash: Buffer; codeVerifier: string; nonce: string; createdAt: Date }): Promise<void> {
      await db
        .insertInto('oidc_logins')
        .values({ state_hash: login.stateHash, code_verifier: login.codeVerifier, nonce: login.nonce, created_at: login.createdAt })
        .execute();
    },

    /** Takes the sign-in of a state out of the table: of two callbacks with one state, only one gets it. */
    consumeLogin(stateHash: Buffer) {
      return db
        .deleteFrom('oidc_logins')
        .where('state_hash', '=', stateHash)
        .returning(['code_verifier', 'nonce', 'created_at'])
        .executeTakeFirst();
    },

    async deleteLoginsCreatedBefore(cutoff: Date): Promise<number> {
      const result = await db.deleteFrom('oidc_logins').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
