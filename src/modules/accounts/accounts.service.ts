import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import { hashPassword } from '../../core/crypto/passwords.js';
import { microsToUsd, usdToMicros } from '../../core/money.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { createAccountsRepo, type BalanceChange, type PublicUser } from './accounts.repo.js';
import { createTokensRepo } from './tokens.repo.js';
import { issueToken } from './tokens.js';
import { createMembersRepo } from './members.repo.js';
import { revokedMemberMessage } from './auth-cache.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
}

export class InsufficientBalanceError extends AppError {
  constructor(message = 'Insufficient balance. Please top up your account.') {
    super(402, message, { code: 'INSUFFICIENT_BALANCE' });
  }
}

/**
 * Moves a user's balance and writes its ledger row in the caller's transaction. Refuses (and
 * changes nothing) when the balance would go below zero. The one way money moves.
 */
export async function changeBalance(tx: DbOrTx, change: BalanceChange): Promise<number> {
  const balanceAfter = await createAccountsRepo(tx).moveBalance(change);
  if (balanceAfter === undefined) throw new InsufficientBalanceError();
  return balanceAfter;
}

/** Whether an operator suspended the account: its public entry points (widget, inbound calls) refuse it. */
export function isAccountSuspended(db: DbOrTx, userId: number): Promise<boolean> {
  return createAccountsRepo(db).isSuspended(userId);
}

/** The ledger row a balance move just wrote, read in the move's transaction (accounts.repo.ts). */
export function latestLedgerEntry(tx: DbOrTx, userId: number) {
  return createAccountsRepo(tx).latestLedgerEntry(userId);
}

/** The CLI's own actor in an account's audit log. */
export const ADMIN_CLI: AuditActor = { kind: 'system', label: 'admin CLI' };

const emailTaken = () => validationFailed({ email: ['The email has already been taken.'] });
const userNotFound = (email: string) => new AppError(404, `No user with email ${email}.`, { code: 'USER_NOT_FOUND' });

export function createAccountsService({ db, clock }: AccountsDeps) {
  return {
    /** Creates a user with an initial API key (and opening balance), all in one transaction. */
    async createUser(input: { email: string; password: string; name?: string; balanceUsd?: number }) {
      const email = input.email.trim().toLowerCase();
      const passwordHash = await hashPassword(input.password);
      return inTransaction(db, async (tx) => {
        const repo = createAccountsRepo(tx);
        const members = createMembersRepo(tx);
        // The e-mail must be free both as an account's and as any member's login.
        if ((await repo.findUserByEmail(email)) || (await members.emailInUse(email))) {
          throw emailTaken();
        }
        const now = clock.now();
        const user = await repo
          .insertUser({
            email,
            name: input.name?.trim() || email.split('@')[0] || email,
            password_hash: passwordHash,
            created_at: now,
            updated_at: now,
          })
          .catch((error: unknown) => {
            // Two sign-ups with one email at the same instant: the unique index decides.
            if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
            throw error;
          });
        const openingMicros = usdToMicros(input.balanceUsd ?? 0);
        if (openingMicros < 0) throw validationFailed({ balance: ['The balance must be at least 0.'] });
        if (openingMicros > 0) {
          await changeBalance(tx, { userId: user.id, amountMicros: openingMicros, reason: 'Opening balance', kind: 'adjustment', now });
        }
        // The account's first member is its owner, signing in with the same e-mail and password.
        const owner = await members
          .insertMember({ userId: user.id, email, name: user.name, passwordHash, role: 'owner', now })
          .catch((error: unknown) => {
            if (isUniqueViolation(error, 'members_email_key')) throw emailTaken();
            throw error;
          });
        const apiKey = await issueToken(tx, {
          userId: user.id,
          memberId: owner.id,
          role: 'owner',
          kind: 'api_key',
          name: 'Default',
          now,
          ttlMs: null,
        });
        return { user, owner, apiKey };
      });
    },

    /** Credits (or, with a negative amount, debits) a user; never below zero. Recorded in the account's audit log. */
    async creditBalance(input: { email: string; amountUsd: number; reason: string; actor?: AuditActor }) {
      const amountMicros = usdToMicros(input.amountUsd);
      return inTransaction(db, async (tx) => {
        const repo = createAccountsRepo(tx);
        const user = await repo.findUserByEmail(input.email);
        if (!user) throw userNotFound(input.email);
        const now = clock.now();
        try {
          const balanceMicros = await changeBalance(tx, { userId: user.id, amountMicros, reason: input.reason, kind: 'adjustment', now });
          const entry = await latestLedgerEntry(tx, user.id);
          await recordAudit(tx, {
            userId: user.id,
            actor: input.actor ?? ADMIN_CLI,
            action: amountMicros < 0 ? 'balance.debited' : 'balance.credited',
            resourceType: 'balance',
            resourceId: entry.id,
            details: { amount: microsToUsd(amountMicros), reason: input.reason },
            now,
          });
          return { user, balanceMicros };
        } catch (error) {
          if (error instanceof InsufficientBalanceError) {
            throw new AppError(422, `The balance of ${user.email} cannot go below zero.`, { code: 'BALANCE_BELOW_ZERO' });
          }
          throw error;
        }
      });
    },

    /**
     * Makes a member (by e-mail) the server's operator, or no longer one (the admin CLI). Their
     * open sessions are read again by every process, so the change applies at once.
     */
    async setOperator(input: { email: string; isOperator: boolean }) {
      return inTransaction(db, async (tx) => {
        const member = await createMembersRepo(tx).setOperator(input.email, input.isOperator, clock.now());
        if (!member) throw new AppError(404, `No member with email ${input.email.trim()}.`, { code: 'MEMBER_NOT_FOUND' });
        await createTokensRepo(tx).announceRevocation(revokedMemberMessage(member.id));
        return member;
      });
    },

    /**
     * Deletes a user for good: every token stops working at once (they are deleted, and the
     * bearer lookup skips deleted users), login finds no such e-mail, and the balance ledger stays.
     */
    async deleteUser(input: { email: string }) {
      return inTransaction(db, async (tx) => {
        const repo = createAccountsRepo(tx);
        const user = await repo.findUserByEmail(input.email.trim(), { forUpdate: true });
        if (!user) throw userNotFound(input.email);
        const tokensRevoked = await createTokensRepo(tx).deleteAllTokens(user.id);
        await createMembersRepo(tx).deleteAccountMembers(user.id);
        const now = clock.now();
        await repo.softDeleteUser(user.id, now);
        return { user, tokensRevoked, deletedAt: now };
      });
    },

    /** A user by e-mail, for the admin CLI's commands about an account. */
    async userByEmail(email: string) {
      const user = await createAccountsRepo(db).findUserByEmail(email.trim());
      if (!user) throw userNotFound(email);
      return { id: user.id, email: user.email };
    },

    listUsers(): Promise<PublicUser[]> {
      return createAccountsRepo(db).listUsers();
    },

    /** The account and, for a session or a key whose creator is still a member, that member. */
    async getCurrentUser(auth: AuthContext) {
      const user = await this.getUser(auth.userId);
      const member = auth.memberId === null ? undefined : await createMembersRepo(db).findMember(auth.userId, auth.memberId);
      return { user, member };
    },

    async getUser(userId: number): Promise<PublicUser> {
      const user = await createAccountsRepo(db).findUserById(userId);
      if (!user) throw new AppError(401, 'Unauthenticated.');
      return user;
    },

    /** The balance's history for the account page: each change, its reason and the balance after it. */
    ledgerPage(userId: number, page: number, perPage: number) {
      return createAccountsRepo(db).ledgerPage(userId, perPage, (page - 1) * perPage);
    },

    ledgerTotalMicros(userId: number): Promise<number> {
      return createAccountsRepo(db).ledgerTotal(userId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
