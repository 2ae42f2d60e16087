import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { MemberRole, MemberRow } from '../../core/db/schema.js';

/** What a member's row shows; the password hash and the OpenID subject never leave this module. */
export const memberColumns = ['id', 'user_id', 'email', 'name', 'role', 'is_operator', 'created_at'] as const;
export type PublicMember = Pick<MemberRow, (typeof memberColumns)[number]>;

/** pg_advisory_xact_lock's first key for an account's members (the second is the account). */
const ACCOUNT_MEMBERS_LOCKS = 740_404;

export function createMembersRepo(db: DbOrTx) {
  return {
    insertMember(member: {
      userId: number;
      email: string;
      name: string;
      passwordHash: string | null;
      role: MemberRole;
      now: Date;
    }): Promise<PublicMember> {
      return db
        .insertInto('members')
        .values({
          user_id: member.userId,
          email: member.email,
          name: member.name,
          password_hash: member.passwordHash,
          role: member.role,
          created_at: member.now,
          updated_at: member.now,
        })
        .returning(memberColumns)
        .executeTakeFirstOrThrow();
    },

    /** A member of an account that still exists, by e-mail (any case), with what signing in needs. */
    findMemberForLogin(email: string) {
      return db
        .selectFrom('members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.user_id', 'm.email', 'm.name', 'm.role', 'm.is_operator', 'm.password_hash', 'u.suspended_at'])
        .where(sql`lower(m.email)`, '=', email.trim().toLowerCase())
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    findMember(userId: number, memberId: number): Promise<PublicMember | undefined> {
      return db.selectFrom('members').select(memberColumns).where('user_id', '=', userId).where('id', '=', memberId).executeTakeFirst();
    },

    listMembers(userId: number): Promise<PublicMember[]> {
      return db.selectFrom('members').select(memberColumns).where('user_id', '=', userId).orderBy('id').execute();
    },

    /**
     * Held by every change of an account's members or their roles until its transaction ends, so
     * those changes happen one at a time: two owners demoting each other at once cannot both see
     * the other as the remaining owner.
     */
    async lockAccountMembers(userId: number): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_MEMBERS_LOCKS}, ${userId}::int)`.execute(db);
    },

    async countOwners(userId: number): Promise<number> {
      const row = await db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    updateRole(userId: number, memberId: number, role: MemberRole, now: Date): Promise<PublicMember> {
      return db
        .updateTable('members')
        .set({ role, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', memberId)
        .returning(memberColumns)
        .executeTakeFirstOrThrow();
    },

    /** Their API keys stay the account's (created_by becomes null); delete their sessions first. */
    async deleteMember(userId: number, memberId: number): Promise<void> {
      await db.deleteFrom('members').where('user_id', '=', userId).where('id', '=', memberId).execute();
    },

    /** An e-mail is one login on the whole server. */
    async emailInUse(email: string): Promise<boolean> {
      const row = await db.selectFrom('members').select('id').where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A member of an account that still exists with what an OpenID Connect sign-in needs: by the
     * identity bound to it (`iss|sub`), or by e-mail (any case).
     */
    findMemberForOidc(by: { subject: string } | { email: string }) {
      return db
        .selectFrom('members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.user_id', 'm.email', 'm.name', 'm.role', 'm.is_operator', 'm.oidc_subject', 'u.suspended_at'])
        .$call((query) =>
          'subject' in by
            ? query.where('m.oidc_subject', '=', by.subject)
            : query.where(sql`lower(m.email)`, '=', by.email.trim().toLowerCase()),
        )
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Binds an identity to a member that has none yet; false when the member has one already. */
    async bindOidcSubject(memberId: number, subject: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('members')
        .set({ oidc_subject: subject, updated_at: now })
        .where('id', '=', memberId)
        .where('oidc_subject', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Makes a member of an account that still exists the server's operator, or no longer one
     * (the admin CLI). Undefined when no such member.
     */
    setOperator(email: string, isOperator: boolean, now: Date): Promise<Pick<MemberRow, 'id' | 'email' | 'is_operator'> | undefined> {
      return db
        .updateTable('members')
        .set({ is_operator: isOperator, updated_at: now })
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('deleted_at', 'is', null))
        .returning(['id', 'email', 'is_operator'])
        .executeTakeFirst();
    },

    /** A deleted account's members go with it: their e-mails are free for a new account. */
    async deleteAccountMembers(userId: number): Promise<void> {
      await db.deleteFrom('members').where('user_id', '=', userId).execute();
    },
  };
}
