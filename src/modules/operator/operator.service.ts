import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import type { RequestActor } from '../../core/http/actor.js';
import { AppError, notFound, validationFailed } from '../../core/http/errors.js';
import { microsToUsd, usdToMicros } from '../../core/money.js';
import {
  announceRevocation,
  changeBalance,
  InsufficientBalanceError,
  latestLedgerEntry,
  revokedUserMessage,
  type AccountsService,
  type AuthCache,
} from '../accounts/index.js';
import { recordAudit } from '../audit/index.js';
import { createOperatorRepo } from './operator.repo.js';

export interface OperatorDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountsService, 'createUser'>;
  /** This process's token cache: a suspension applies to the next request here, not only after the notification. */
  cache: Pick<AuthCache, 'revokeUser'>;
}

const accountNotFound = () => notFound('Account not found.', 'ACCOUNT_NOT_FOUND');

/** USD as the API takes it: at most 6 decimals (micro-USD), refused rather than rounded. */
function micros(usd: number, field: string): number {
  // The same decimals parse to the same double: a 7th decimal makes the rounded text differ.
  if (Number(usd.toFixed(6)) !== usd) throw validationFailed({ [field]: [`The ${field} may have at most 6 decimals.`] });
  return usdToMicros(usd);
}

function required(text: string, field: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw validationFailed({ [field]: [`The ${field} field is required.`] });
  return trimmed;
}

/**
 * What the operator of the server does to accounts: list and create them, move their balance
 * with a reason, suspend and restore them. Every change is in the account's audit log, written
 * in the change's transaction.
 */
export function createOperatorService({ db, clock, accounts, cache }: OperatorDeps) {
  const repo = createOperatorRepo(db);

  async function account(id: number) {
    const found = await repo.find(id);
    if (!found) throw accountNotFound();
    return found;
  }

  return {
    async list(search: string | undefined, page: number, perPage: number) {
      return repo.page(search, perPage, (page - 1) * perPage);
    },

    async create(input: { email: string; name: string; password: string; balanceUsd?: number }) {
      const balanceUsd = input.balanceUsd === undefined ? undefined : microsToUsd(micros(input.balanceUsd, 'balance'));
      const name = required(input.name, 'name');
      const { user } = await accounts.createUser({ email: input.email, name, password: input.password, balanceUsd });
      return account(user.id);
    },

    /** Credits (a positive amount) or debits an account; never below zero, never concurrently past it. */
    async changeBalance(actor: RequestActor, id: number, input: { amountUsd: number; reason: string }) {
      const amountMicros = micros(input.amountUsd, 'amount');
      if (amountMicros === 0) throw validationFailed({ amount: ['The amount must not be zero.'] });
      const reason = required(input.reason, 'reason');
      const target = await account(id);
      const now = clock.now();
      try {
        return await inTransaction(db, async (tx) => {
          const balanceMicros = await changeBalance(tx, { userId: id, amountMicros, reason, kind: 'adjustment', now });
          const entry = await latestLedgerEntry(tx, id);
          await recordAudit(tx, {
            userId: id,
            actor: { kind: 'operator', actor },
            action: amountMicros > 0 ? 'balance.credited' : 'balance.debited',
            resourceType: 'balance',
            resourceId: entry.id,
            details: { amount: microsToUsd(amountMicros), reason },
            now,
          });
          return { balanceMicros, entry };
        });
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
        const balance = microsToUsd((await account(id)).balance_micros);
        throw validationFailed(
          { amount: [`This would take the balance below zero: ${target.email} has ${balance} USD.`] },
          'The balance cannot go below zero.',
        );
      }
    },

    async suspend(actor: RequestActor, id: number, input: { reason: string }) {
      if (id === actor.auth.userId) throw new AppError(422, 'You cannot suspend your own account.', { code: 'OWN_ACCOUNT' });
      const reason = required(input.reason, 'reason');
      await account(id);
      await inTransaction(db, async (tx) => {
        const now = clock.now();
        if (!(await createOperatorRepo(tx).suspend(id, reason, now))) {
          throw new AppError(409, 'This account is already suspended.', { code: 'ALREADY_SUSPENDED' });
        }
        await recordAudit(tx, {
          userId: id,
          actor: { kind: 'operator', actor },
          action: 'account.suspended',
          resourceType: 'account',
          resourceId: id,
          details: { reason },
          now,
        });
        // Every process reads the account's tokens again once this commits: they are refused from then on.
        await announceRevocation(tx, revokedUserMessage(id));
      });
      cache.revokeUser(id);
      return account(id);
    },

    async restore(actor: RequestActor, id: number) {
      await account(id);
      await inTransaction(db, async (tx) => {
        const now = clock.now();
        if (!(await createOperatorRepo(tx).restore(id, now))) {
          throw new AppError(409, 'This account is not suspended.', { code: 'NOT_SUSPENDED' });
        }
        await recordAudit(tx, {
          userId: id,
          actor: { kind: 'operator', actor },
          action: 'account.restored',
          resourceType: 'account',
          resourceId: id,
          now,
        });
        await announceRevocation(tx, revokedUserMessage(id));
      });
      cache.revokeUser(id);
      return account(id);
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
