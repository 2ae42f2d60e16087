import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { MemberRole } from '../../core/db/schema.js';

/** What an invitation's row shows; its token hash never leaves the repo but for the link's check. */
const invitationColumns = [
  'i.id',
  'i.user_id',
  'i.email',
  'i.role',
  'i.invited_by_member_id',
  'i.expires_at',
  'i.accepted_at',
  'i.revoked_at',
  'i.created_at',
] as const;

export function createInvitationsRepo(db: DbOrTx) {
  /** An account's invitations with who sent each (null once that member was removed). */
  const withInviter = () =>
    db
      .selectFrom('invitations as i')
      .leftJoin('members as m', 'm.id', 'i.invited_by_member_id')
      .select(invitationColumns)
      .select(['m.name as inviter_name', 'm.email as inviter_email']);

  return {
    async insertInvitation(invitation: {
      userId: number;
      email: string;
      role: MemberRole;
      tokenHash: Buffer;
      invitedBy: number | null;
      expiresAt: Date;
      now: Date;
    }): Promise<number> {
      const row = await db
        .insertInto('invitations')
        .values({
          user_id: invitation.userId,
          email: invitation.email,
          role: invitation.role,
          token_hash: invitation.tokenHash,
          invited_by_member_id: invitation.invitedBy,
          expires_at: invitation.expiresAt,
          created_at: invitation.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The account's links for an e-mail that could still be accepted: revoked, returned for the log. */
    revokePendingFor(userId: number, email: string, now: Date) {
      return db
        .updateTable('invitations')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'email'])
        .execute();
    },

    listInvitations(userId: number) {
      return withInviter().where('i.user_id', '=', userId).orderBy('i.id', 'desc').execute();
    },

    findInvitation(userId: number, id: number) {
      return withInviter().where('i.user_id', '=', userId).where('i.id', '=', id).executeTakeFirst();
    },

    /** Revokes a link not yet accepted (nor revoked); undefined when there was none such. */
    revokeInvitation(userId: number, id: number, now: Date) {
      return db
        .updateTable('invitations')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning(['id', 'email'])
        .executeTakeFirst();
    },

    /** A link's invitation, by the id its token carries, for an account that still exists. */
    findByTokenId(id: number) {
      return withInviter()
        .innerJoin('users as u', 'u.id', 'i.user_id')
        .select(['i.token_hash', 'u.name as account_name', 'u.suspended_at'])
        .where('i.id', '=', id)
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Takes a link for one acceptance: only one of concurrent claims matches (the others wait on
     * the row and then find it accepted). Undefined when it is accepted, revoked or expired.
     */
    claim(id: number, now: Date) {
      return db
        .updateTable('invitations')
        .set({ accepted_at: now })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'user_id', 'email', 'role'])
        .executeTakeFirst();
    },

    async setAcceptedMember(id: number, memberId: number): Promise<void> {
      await db.updateTable('invitations').set({ accepted_member_id: memberId }).where('id', '=', id).execute();
    },
  };
}

export type InvitationWithInviter = NonNullable<Awaited<ReturnType<ReturnType<typeof createInvitationsRepo>['findInvitation']>>>;
