import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { AccessTokenRow, TokenKind } from '../../core/db/schema.js';
import { AUTH_CHANNEL, revokedUserMessage } from './auth-cache.js';

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

    /** A token of a user who still exists, by primary key (what the auth cache holds). */
    findActiveToken(id: number) {
      return db
        .selectFrom('access_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id', 't.user_id', 't.kind', 't.token_hash', 't.expires_at', 't.last_used_at'])
        .where('t.id', '=', id)
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Every API key and session of a user, at once. Announced on AUTH_CHANNEL in the same
     * statement, so every process's auth cache drops them exactly when the delete commits.
     */
    async deleteAllTokens(userId: number): Promise<number> {
      const result = await sql<{ n: number }>`
        WITH gone AS (DELETE FROM access_tokens WHERE user_id = ${userId} RETURNING id)
        SELECT (SELECT count(*) FROM gone)::int AS n, pg_notify(${AUTH_CHANNEL}, ${revokedUserMessage(userId)})`.execute(db);
      return result.rows[0]!.n;
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

    /** Deletes only the caller's own key: another user's id deletes nothing. Announced like deleteAllTokens. */
    async deleteToken(userId: number, id: number, kind: TokenKind): Promise<boolean> {
      const result = await sql<{ id: number }>`
        WITH gone AS (DELETE FROM access_tokens WHERE id = ${id} AND user_id = ${userId} AND kind = ${kind} RETURNING id)
        SELECT id, pg_notify(${AUTH_CHANNEL}, 'token:' || id) FROM gone`.execute(db);
      return result.rows.length > 0;
    },

    /** Expired sessions can never authenticate again (caches check the expiry too); removing them keeps the table small. */
    async deleteExpiredSessions(now: Date): Promise<number> {
      const result = await db.deleteFrom('access_tokens').where('kind', '=', 'session').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
