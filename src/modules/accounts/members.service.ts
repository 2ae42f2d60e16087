import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import type { MemberRole } from '../../core/db/schema.js';
import type { RequestActor } from '../../core/http/actor.js';
import { AppError, notFound } from '../../core/http/errors.js';
import { roleAllows } from '../../core/http/roles.js';
import { recordAudit } from '../audit/index.js';
import { revokedMemberMessage, type AuthCache } from './auth-cache.js';
import { createMembersRepo, type PublicMember } from './members.repo.js';
import { createTokensRepo } from './tokens.repo.js';

export interface MembersDeps {
  db: Db;
  clock: Clock;
  /** This process's token lookups: it forgets a changed member's tokens before answering. */
  cache: AuthCache;
}

export const memberNotFound = () => notFound('Member not found.');
/** What only an owner may do, refused in the roles' own words and code. */
export const ownersOnly = (message: string) => new AppError(403, message, { code: 'FORBIDDEN' });
const lastOwner = (message: string) => new AppError(422, message, { code: 'LAST_OWNER' });
const onlyMembersLeave = () =>
  new AppError(403, "Only a member's own sign-in can leave the account; an API key cannot.", { code: 'FORBIDDEN' });

/**
 * The account's members and their roles. Admins manage members; owners are made, changed and
 * removed only by owners; an account always keeps one owner. Every change is decided under the
 * account's members lock, so "the last owner" holds even when owners change each other at once.
 */
export function createMembersService({ db, clock, cache }: MembersDeps) {
  /** Audited before the member goes: the row names its actor, who may be the member leaving. */
  async function deleteMemberLogin(tx: DbOrTx, actor: RequestActor, member: PublicMember, action: 'member.removed' | 'member.left') {
    const now = clock.now();
    await recordAudit(tx, {
      userId: actor.auth.userId,
      actor,
      action,
      resourceType: 'member',
      resourceId: member.id,
      details: { email: member.email, role: member.role },
      now,
    });
    await createTokensRepo(tx).deleteMemberSessions(member.id);
    await createMembersRepo(tx).deleteMember(actor.auth.userId, member.id);
  }

  return {
    list(userId: number): Promise<PublicMember[]> {
      return createMembersRepo(db).listMembers(userId);
    },

    /**
     * The new role applies to the member's open sessions at once, in every process; so does a
     * lower one to the API keys they created that could do more.
     */
    async updateRole(actor: RequestActor, memberId: number, role: MemberRole): Promise<PublicMember> {
      const { auth } = actor;
      let loweredKeys: Array<{ id: number; name: string; from: MemberRole }> = [];
      const updated = await inTransaction(db, async (tx) => {
        const members = createMembersRepo(tx);
        await members.lockAccountMembers(auth.userId);
        const member = await members.findMember(auth.userId, memberId);
        if (!member) throw memberNotFound();
        const byOwner = roleAllows(auth, 'owner');
        if (member.role === 'owner' && !byOwner) throw ownersOnly("Only an owner may change an owner's role.");
        if (role === 'owner' && !byOwner) throw ownersOnly('Only an owner may make a member an owner.');
        if (member.role === role) return member;
        if (member.role === 'owner' && (await members.countOwners(auth.userId)) <= 1) {
          throw lastOwner("The account's last owner cannot be demoted; make another member an owner first.");
        }
        const now = clock.now();
        const changed = await members.updateRole(auth.userId, memberId, role, now);
        const tokens = createTokensRepo(tx);
        // A demoted member's keys cannot do more than the member now may.
        loweredKeys = await tokens.lowerMemberKeys(memberId, role);
        // Every process re-reads the member's tokens, so the new role holds from the next request.
        await tokens.announceRevocation(revokedMemberMessage(memberId));
        await recordAudit(tx, {
          userId: auth.userId,
          actor,
          action: 'member.role_changed',
          resourceType: 'member',
          resourceId: memberId,
          details: { from: member.role, to: role, ...(loweredKeys.length > 0 ? { api_keys_lowered: loweredKeys } : {}) },
          now,
        });
        return changed;
      });
      cache.revokeMember(memberId);
      for (const key of loweredKeys) cache.revokeToken(key.id);
      return updated;
    },

    /**
     * Removes a member: their sessions stop at once in every process; the keys they created stay
     * the account's (created_by becomes null). A member may remove themself, the last owner never.
     */
    async remove(actor: RequestActor, memberId: number): Promise<void> {
      const { auth } = actor;
      await inTransaction(db, async (tx) => {
        const members = createMembersRepo(tx);
        await members.lockAccountMembers(auth.userId);
        const member = await members.findMember(auth.userId, memberId);
        if (!member) throw memberNotFound();
        const self = auth.tokenKind === 'session' && auth.memberId === memberId;
        if (member.role === 'owner' && !self && !roleAllows(auth, 'owner')) throw ownersOnly('Only an owner may remove an owner.');
        if (member.role === 'owner' && (await members.countOwners(auth.userId)) <= 1) {
          throw lastOwner("The account's last owner cannot be removed; make another member an owner first.");
        }
        await deleteMemberLogin(tx, actor, member, 'member.removed');
      });
      cache.revokeMember(memberId);
    },

    /**
     * The caller leaves the account: their own login goes like a removal (sessions stop at once in
     * every process, their keys stay the account's). Only a member's session may leave; the last
     * owner may not.
     */
    async leave(actor: RequestActor): Promise<void> {
      const { auth } = actor;
      if (auth.tokenKind !== 'session' || auth.memberId === null) throw onlyMembersLeave();
      const memberId = auth.memberId;
      await inTransaction(db, async (tx) => {
        const members = createMembersRepo(tx);
        await members.lockAccountMembers(auth.userId);
        const member = await members.findMember(auth.userId, memberId);
        // The session was valid when the request began; its member went since (removed at once).
        if (!member) throw memberNotFound();
        if (member.role === 'owner' && (await members.countOwners(auth.userId)) <= 1) {
          throw lastOwner("You are the account's last owner and cannot leave it; make another member an owner first.");
        }
        await deleteMemberLogin(tx, actor, member, 'member.left');
      });
      cache.revokeMember(memberId);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
