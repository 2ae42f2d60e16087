import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import type { MemberRole } from '../../core/db/schema.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import type { RequestActor, RequestClient } from '../../core/http/actor.js';
import { AppError, notFound, tooManyRequests, validationFailed } from '../../core/http/errors.js';
import { roleAllows } from '../../core/http/roles.js';
import { formatToken, issueSecret, parseToken, secretMatches } from '../../core/crypto/tokens.js';
import { hashPassword } from '../../core/crypto/passwords.js';
import { throttle, type WindowLimit } from '../../core/limits/fixed-window.js';
import { recordAudit } from '../audit/index.js';
import { createInvitationsRepo, type InvitationWithInviter } from './invitations.repo.js';
import { createMembersRepo } from './members.repo.js';
import { ownersOnly } from './members.service.js';
import { issueToken, sessionActor } from './tokens.js';
import type { InvitationStatus } from './members.schemas.js';

export interface InvitationsDeps {
  db: Db;
  clock: Clock;
  invitationTtlHours: number;
  sessionTtlHours: number;
}

/**
 * Looking a link up and accepting it are anonymous: per client address, at most this many of
 * either per window. A link's secret cannot be guessed; this bounds the work (a password hash
 * per acceptance) that one address can make the server do.
 */
export const INVITATION_ATTEMPTS_PER_IP = 30;
export const INVITATION_ATTEMPTS_WINDOW_MS = 15 * 60_000;

const invitationNotFound = () => notFound('Invitation not found.');
const emailIsMember = () => validationFailed({ email: ['This e-mail already belongs to a member.'] });
const GONE: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: 'This invitation has already been accepted.',
  revoked: 'This invitation was revoked. Ask an admin of the account for a new one.',
  expired: 'This invitation has expired. Ask an admin of the account for a new one.',
};

type InvitationState = Pick<InvitationWithInviter, 'accepted_at' | 'revoked_at' | 'expires_at'>;

export function invitationStatus(invitation: InvitationState, now: Date): InvitationStatus {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  if (invitation.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

const withStatus = (invitation: InvitationWithInviter, now: Date) => ({ ...invitation, status: invitationStatus(invitation, now) });

/** A link that can no longer be accepted is 410, saying why. */
function assertPending(invitation: InvitationState, now: Date): void {
  const status = invitationStatus(invitation, now);
  if (status !== 'pending') throw new AppError(410, GONE[status], { code: `INVITATION_${status.toUpperCase()}` });
}

/**
 * Invitations: single-use links that make an e-mail a member of the account with a role. Only the
 * SHA-256 of a link's secret is stored; the link itself is shown once, to whoever created it.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const { db, clock } = deps;

  async function limitClient(client: RequestClient, now: Date): Promise<void> {
    const limit: WindowLimit = {
      bucket: `invitation-ip:${client.ip}`,
      limit: INVITATION_ATTEMPTS_PER_IP,
      windowMs: INVITATION_ATTEMPTS_WINDOW_MS,
    };
    const verdict = await throttle(db, [limit], now);
    if (!verdict.allowed) {
      const seconds = verdict.retryAfterSeconds;
      throw tooManyRequests(`Too many attempts with invitation links. Please try again in ${seconds} seconds.`, seconds);
    }
  }

  /** The invitation a link names, whatever its state; unknown, malformed or wrong secret: 404. */
  async function findLink(token: string) {
    const parsed = parseToken(token);
    if (!parsed) throw invitationNotFound();
    const invitation = await createInvitationsRepo(db).findByTokenId(parsed.id);
    if (!invitation || !secretMatches(parsed.secret, invitation.token_hash)) throw invitationNotFound();
    return invitation;
  }

  return {
    /** Newest first, each with its status now. */
    async list(userId: number) {
      const now = clock.now();
      return (await createInvitationsRepo(db).listInvitations(userId)).map((row) => withStatus(row, now));
    },

    /** A new link for an e-mail; it replaces (revokes) the account's pending one for that e-mail. */
    async create(actor: RequestActor, input: { email: string; role: MemberRole }) {
      const { auth } = actor;
      if (input.role === 'owner' && !roleAllows(auth, 'owner')) throw ownersOnly('Only an owner may invite an owner.');
      const email = input.email.trim().toLowerCase();
      return inTransaction(db, async (tx) => {
        const members = createMembersRepo(tx);
        const invitations = createInvitationsRepo(tx);
        // One invitation change of the account at a time, so two invitations for one e-mail cannot both stay pending.
        await members.lockAccountMembers(auth.userId);
        if (await members.emailInUse(email)) throw emailIsMember();
        const now = clock.now();
        const replaced = await invitations.revokePendingFor(auth.userId, email, now);
        const { secret, hash } = issueSecret();
        const id = await invitations.insertInvitation({
          userId: auth.userId,
          email,
          role: input.role,
          tokenHash: hash,
          invitedBy: auth.memberId,
          expiresAt: new Date(now.getTime() + deps.invitationTtlHours * 3_600_000),
          now,
        });
        const audit = { userId: auth.userId, actor, resourceType: 'invitation', now };
        for (const old of replaced) {
          await recordAudit(tx, {
            ...audit,
            action: 'invitation.revoked',
            resourceId: old.id,
            details: { email: old.email, replaced_by: id },
          });
        }
        await recordAudit(tx, { ...audit, action: 'member.invited', resourceId: id, details: { email, role: input.role } });
        const invitation = withStatus((await invitations.findInvitation(auth.userId, id))!, now);
        return { invitation, token: formatToken(id, secret) };
      });
    },

    /** Revoking a link already revoked changes nothing; an accepted one is the member's now (409). */
    async revoke(actor: RequestActor, id: number): Promise<void> {
      const { auth } = actor;
      await inTransaction(db, async (tx) => {
        const invitations = createInvitationsRepo(tx);
        const now = clock.now();
        const revoked = await invitations.revokeInvitation(auth.userId, id, now);
        if (!revoked) {
          const existing = await invitations.findInvitation(auth.userId, id);
          if (!existing) throw invitationNotFound();
          if (existing.accepted_at) {
            throw new AppError(409, 'This invitation was already accepted; remove the member instead.', { code: 'INVITATION_ACCEPTED' });
          }
          return;
        }
        await recordAudit(tx, {
          userId: auth.userId,
          actor,
          action: 'invitation.revoked',
          resourceType: 'invitation',
          resourceId: id,
          details: { email: revoked.email },
          now,
        });
      });
    },

    /** What the invitee sees before accepting. */
    async lookup(token: string, client: RequestClient) {
      const now = clock.now();
      await limitClient(client, now);
      const invitation = await findLink(token);
      assertPending(invitation, now);
      return invitation;
    },

    /**
     * Makes the invitee a member and signs them in, in one transaction: the link is claimed by a
     * conditional update, so of concurrent acceptances exactly one succeeds and the others are 410.
     */
    async accept(token: string, input: { name: string; password: string }, client: RequestClient) {
      const now = clock.now();
      await limitClient(client, now);
      const link = await findLink(token);
      assertPending(link, now);
      if (link.suspended_at) throw new AppError(403, 'This account is suspended. Contact the operator of this server.');
      const passwordHash = await hashPassword(input.password);
      return inTransaction(db, async (tx) => {
        const invitations = createInvitationsRepo(tx);
        const claimed = await invitations.claim(link.id, now);
        if (!claimed) {
          // Accepted or revoked meanwhile: this statement sees what that transaction committed.
          const current = await invitations.findByTokenId(link.id);
          if (!current) throw invitationNotFound();
          assertPending(current, now);
          throw new AppError(410, GONE.accepted, { code: 'INVITATION_ACCEPTED' });
        }
        const members = createMembersRepo(tx);
        if (await members.emailInUse(claimed.email)) throw emailIsMember();
        const member = await members
          .insertMember({
            userId: claimed.user_id,
            email: claimed.email,
            name: input.name.trim() || claimed.email.split('@')[0] || claimed.email,
            passwordHash,
            role: claimed.role,
            now,
          })
          .catch((error: unknown) => {
            // The same e-mail joining two accounts at the same instant: the unique index decides.
            if (isUniqueViolation(error, 'members_email_key')) throw emailIsMember();
            throw error;
          });
        await invitations.setAcceptedMember(claimed.id, member.id);
        const session = await issueToken(tx, {
          userId: member.user_id,
          memberId: member.id,
          kind: 'session',
          name: 'api-token',
          now,
          ttlMs: deps.sessionTtlHours * 3_600_000,
        });
        const newcomer = {
          id: session.id,
          userId: member.user_id,
          memberId: member.id,
          role: member.role,
          operator: false,
          email: member.email,
        };
        await recordAudit(tx, {
          userId: member.user_id,
          actor: sessionActor(newcomer, client),
          action: 'member.joined',
          resourceType: 'member',
          resourceId: member.id,
          details: { invitation_id: claimed.id, role: member.role },
          now,
        });
        return { member, token: session.token, expiresAt: session.expires_at! };
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
