import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import { MEMBER_ROLES, type AccessTokenRow, type MemberRole, type TokenKind } from '../../core/db/schema.js';
import { AUTH_CHANNEL, revokedMemberMessage, revokedUserMessage } from './auth-cache.js';

/**
 * Makes every process read again the tokens a message names (revokedUserMessage: an account's,
 * revokedMemberMessage: a member's), deleting nothing: in the caller's transaction, so it is
 * announced exactly when the change (a suspension, a role) commits.
 */
export function announceRevocation(db: DbOrTx, message: string): Promise<void> {
  return createTokensRepo(db).announceRevocation(message);
}

export function createTokensRepo(db: DbOrTx) {
  return {
    insertToken(token: {
      userId: number;
      memberId: number | null;
      /** API keys only. */
      role: MemberRole | null;
      kind: TokenKind;
      name: string;
      hash: Buffer;
      prefix: string;
      expiresAt: Date | null;
      createdAt: Date;
    }): Promise<Pick<AccessTokenRow, 'id' | 'name' | 'role' | 'created_at' | 'expires_at'>> {
      return db
        .insertInto('access_tokens')
        .values({
          user_id: token.userId,
          member_id: token.memberId,
          role: token.role,
          kind: token.kind,
          name: token.name,
          token_hash: token.hash,
          token_prefix: token.prefix,
          expires_at: token.expiresAt,
          created_at: token.createdAt,
        })
        .returning(['id', 'name', 'role', 'created_at', 'expires_at'])
        .executeTakeFirstOrThrow();
    },

    /**
     * A token of an account that still exists, by primary key (what the auth cache holds), with
     * what it may do: a session acts with its member's role (a session whose member is gone is
     * nobody's), an API key with its own; only a session carries the operator's power.
     */
    findActiveToken(id: number) {
      return db
        .selectFrom('access_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('members as m', 'm.id', 't.member_id')
        .select([
          't.id',
          't.user_id',
          't.kind',
          't.name',
          't.member_id',
          'm.email as member_email',
          't.token_hash',
          't.expires_at',
          't.last_used_at',
        ])
        .select((eb) => [
          eb.fn.coalesce('t.role', 'm.role').$castTo<MemberRole | null>().as('role'),
          eb
            .and([eb('t.kind', '=', 'session'), eb.fn.coalesce('m.is_operator', eb.lit(false))])
            .$castTo<boolean>()
            .as('operator'),
          eb('u.suspended_at', 'is not', null).$castTo<boolean>().as('suspended'),
        ])
        .where('t.id', '=', id)
        .where('u.deleted_at', 'is', null)
        .where((eb) => eb.or([eb('t.kind', '=', 'api_key'), eb('m.user_id', '=', eb.ref('t.user_id'))]))
        .executeTakeFirst();
    },

    /** A member's sessions (removed from the account), announced like deleteAllTokens. */
    async deleteMemberSessions(memberId: number): Promise<number> {
      const result = await sql<{ n: number }>`
        WITH gone AS (DELETE FROM access_tokens WHERE member_id = ${memberId} AND kind = 'session' RETURNING id)
        SELECT (SELECT count(*) FROM gone)::int AS n, pg_notify(${AUTH_CHANNEL}, ${revokedMemberMessage(memberId)})`.execute(db);
      return result.rows[0]!.n;
    },

    /** Drops a member's or an account's tokens from every process's cache, deleting nothing (a role changed, a suspension). */
    async announceRevocation(message: string): Promise<void> {
      await sql`SELECT pg_notify(${AUTH_CHANNEL}, ${message})`.execute(db);
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

    /**
     * Lowers to `role` every API key this member created that may do more (their role was
     * lowered), announcing each like a revocation so every process reads it again.
     */
    async lowerMemberKeys(memberId: number, role: MemberRole): Promise<Array<{ id: number; name: string; from: MemberRole }>> {
      const above = MEMBER_ROLES.slice(MEMBER_ROLES.indexOf(role) + 1);
      if (above.length === 0) return [];
      const result = await sql<{ id: number; name: string; from: MemberRole }>`
        WITH lowered AS (
          UPDATE access_tokens AS t SET role = ${role}
          FROM access_tokens AS before
          WHERE before.id = t.id AND t.member_id = ${memberId} AND t.kind = 'api_key' AND t.role IN (${sql.join(above)})
          RETURNING t.id, t.name, before.role AS from
        )
        SELECT id, name, "from", pg_notify(${AUTH_CHANNEL}, 'token:' || id) FROM lowered ORDER BY id`.execute(db);
      return result.rows.map(({ id, name, from }) => ({ id, name, from }));
    },

    async touchToken(id: number, at: Date): Promise<void> {
      await db.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /** The account's keys, with who created each (null: that member was removed). */
    listApiKeys(userId: number) {
      return db
        .selectFrom('access_tokens as t')
        .leftJoin('members as m', 'm.id', 't.member_id')
        .select([
          't.id',
          't.name',
          't.role',
          't.last_used_at',
          't.created_at',
          't.member_id',
          'm.name as member_name',
          'm.email as member_email',
        ])
        .where('t.user_id', '=', userId)
        .where('t.kind', '=', 'api_key')
        .orderBy('t.id')
        .execute();
    },

    /**
     * Deletes only the caller's own key: another user's id deletes nothing (undefined). Announced
     * like deleteAllTokens.
     */
    async deleteToken(userId: number, id: number, kind: TokenKind): Promise<{ id: number; name: string } | undefined> {
      const result = await sql<{ id: number; name: string }>`
        WITH gone AS (DELETE FROM access_tokens WHERE id = ${id} AND user_id = ${userId} AND kind = ${kind} RETURNING id, name)
        SELECT id, name, pg_notify(${AUTH_CHANNEL}, 'token:' || id) FROM gone`.execute(db);
      return result.rows[0];
    },

    /** Expired sessions can never authenticate again (caches check the expiry too); removing them keeps the table small. */
    async deleteExpiredSessions(now: Date): Promise<number> {
      const result = await db.deleteFrom('access_tokens').where('kind', '=', 'session').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
