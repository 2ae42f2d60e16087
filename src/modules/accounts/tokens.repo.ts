import type { DbOrTx } from '../../core/db/transaction.js';
import type { AccessTokenRow, TokenKind } from '../../core/db/schema.js';

export function createTokensRepo(db: DbOrTx) {
  return {
    insertToken(token: {
      userId: number;
      kind: TokenKind;
      name: string;
      hash: Buffer;
      prefix: string;
      expiresAt: Date | null;
      createdAt: Date;
    }): Promise<Pick<AccessTokenRow, 'id' | 'name' | 'created_at' | 'expires_at'>> {
      return db
        .insertInto('access_tokens')
        .values({
          user_id: token.userId,
          kind: token.kind,
          name: token.name,
          token_hash: token.hash,
          token_prefix: token.prefix,
          expires_at: token.expiresAt,
          created_at: token.createdAt,
        })
        .returning(['id', 'name', 'created_at', 'expires_at'])
        .executeTakeFirstOrThrow();
    },

    /** The one query on every authenticated request: a primary-key lookup joined to its user. */
    findTokenWithUser(id: number) {
      return db
        .selectFrom('access_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id', 't.user_id', 't.kind', 't.token_hash', 't.expires_at', 't.last_used_at', 'u.name', 'u.email', 'u.balance_micros'])
        .where('t.id', '=', id)
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Every API key and session of a user, at once. */
    async deleteAllTokens(userId: number): Promise<number> {
      const result = await db.deleteFrom('access_tokens').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async touchToken(id: number, at: Date): Promise<void> {
      await db.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    listApiKeys(userId: number) {
      return db
        .selectFrom('access_tokens')
        .select(['id', 'name', 'last_used_at', 'created_at'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'api_key')
        .orderBy('id')
        .execute();
    },

    /** Deletes only the caller's own key: another user's id deletes nothing. */
    async deleteToken(userId: number, id: number, kind: TokenKind): Promise<boolean> {
      const result = await db
        .deleteFrom('access_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Expired sessions can never authenticate again; removing them keeps the table small. */
    async deleteExpiredSessions(now: Date): Promise<number> {
      const result = await db
        .deleteFrom('access_tokens')
        .where('kind', '=', 'session')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
