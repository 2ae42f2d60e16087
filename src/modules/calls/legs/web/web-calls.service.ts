import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../../core/clock.js';
import { issueSecret, sha256 } from '../../../../core/crypto/tokens.js';
import type { Db } from '../../../../core/db/database.js';
import { inTransaction, type Tx } from '../../../../core/db/transaction.js';
import { AppError, tooManyRequests } from '../../../../core/http/errors.js';
import { accountSuspended } from '../../../../core/http/roles.js';
import { InsufficientBalanceError, isAccountSuspended } from '../../../accounts/index.js';
import type { RuntimeAssistant } from '../../../assistants/index.js';
import {
  assistantInactive,
  assistantUnavailable,
  clientNetwork,
  conversationStartLimits,
  enforceLimits,
  type PublicCaller,
  type PublicLimits,
  secondsToNextBudgetDay,
} from '../../../conversations/index.js';
import type { OriginVerdict } from '../../../widget/index.js';
import { budgetAssistantOf, DailyBudgetSpentError, reserveMinute } from '../../lifecycle/call-billing.js';
import type { CallReadiness } from '../../lifecycle/call-readiness.js';
import { createCallsRepo } from '../../calls.repo.js';
import { createWebCallsRepo } from './web-calls.repo.js';

export const WEB_CALL_SOCKET_PATH = '/api/calls/web/socket';

export interface WebCallsDeps {
  db: Db;
  clock: Clock;
  pricePerMinuteMicros: number;
  /** The widget's per-network bounds: a browser call counts as one conversation start. */
  publicLimits: PublicLimits;
  /** Public browser calls in progress at once, per assistant and per client network. */
  callsInProgress: { perAssistant: number; perNetwork: number };
  tokenTtlMs: number;
  assistantByUuid(uuid: string): Promise<RuntimeAssistant | undefined>;
  readiness: CallReadiness;
  /** The assistant's allowed origins, as the widget's routes judge them. */
  originForAssistant(assistantUuid: string, origin: string): Promise<OriginVerdict>;
}

export interface WebCallCreated {
  callId: number;
  /** The single-use secret the socket URL carries; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

/** Why a socket was refused, as the HTTP status of the upgrade answer. */
export type SocketRefusal = 401 | 403;

const ASSISTANT_BUSY = 'This assistant is taking as many calls as it can right now. Please try again in a moment.';
const NETWORK_BUSY = 'Too many calls are in progress from your network. Please try again when one has ended.';
const BUSY_RETRY_SECONDS = 30;

/** Widget chat's answer to a spent daily budget (429, Retry-After until the next UTC day), in a call's words. */
const callsBudgetSpent = (now: Date) =>
  tooManyRequests(
    'This assistant has taken all the calls it can today. Please try again tomorrow.',
    secondsToNextBudgetDay(now),
    'DAILY_BUDGET_SPENT',
  );

const assistantNotFound = () => new AppError(404, 'Assistant not found', { code: 'ASSISTANT_NOT_FOUND' });
const callsUnavailable = () => new AppError(503, 'Calls are not available for this assistant right now.', { code: 'CALLS_UNAVAILABLE' });

/**
 * Browser calls. Public ones are like widget conversations (the owner pays per minute through
 * the same reservation as phone calls; the widget's per-network limit and allowed origins
 * apply); an owner's Bearer token makes a free test call on any of their assistants.
 */
export function createWebCallsService(deps: WebCallsDeps) {
  const { db, clock } = deps;

  async function admittedAssistant(assistantUuid: string, caller: PublicCaller): Promise<RuntimeAssistant> {
    const assistant = await deps.assistantByUuid(assistantUuid);
    if (!assistant || (caller.auth && caller.auth.userId !== assistant.user_id)) throw assistantNotFound();
    // As POST /conversations: the owner hears that the account is suspended, a visitor only that the assistant is unavailable.
    if (await isAccountSuspended(db, assistant.user_id)) throw caller.auth ? accountSuspended() : assistantUnavailable();
    if (!caller.auth && assistant.status !== 'active') throw assistantInactive();
    const reason = await deps.readiness.unavailableReason(assistant);
    // The owner is told which key to set; a visitor only that calls are off.
    if (reason) throw caller.auth ? new AppError(503, reason, { code: 'CALLS_UNAVAILABLE' }) : callsUnavailable();
    return assistant;
  }

  /**
   * Refuses a public call's start beyond the calls in progress allowed for the assistant and the
   * network. Counted under locks held to commit, so the bound is exact across processes.
   */
  async function refuseBeyondCallsInProgress(tx: Tx, assistantId: number, network: string, now: Date): Promise<void> {
    const repo = createWebCallsRepo(tx);
    await repo.lockCallsInProgress(assistantId, network);
    const live = await repo.countCallsInProgress(assistantId, network, now);
    if (live.byAssistant >= deps.callsInProgress.perAssistant)
      throw tooManyRequests(ASSISTANT_BUSY, BUSY_RETRY_SECONDS, 'CALLS_IN_PROGRESS');
    if (live.byNetwork >= deps.callsInProgress.perNetwork) throw tooManyRequests(NETWORK_BUSY, BUSY_RETRY_SECONDS, 'CALLS_IN_PROGRESS');
  }

  return {
    /**
     * The call record, its first minute's reservation (public calls: counted against the
     * assistant's daily widget budget too), the per-network start count and the bound on calls
     * in progress commit together; a refusal of any leaves nothing behind. The call then waits
     * for its socket until the token expires (the sweep closes it unbilled if it never comes).
     */
    async create(input: {
      assistantUuid: string;
      variables: Record<string, unknown> | null;
      caller: PublicCaller;
    }): Promise<WebCallCreated> {
      const assistant = await admittedAssistant(input.assistantUuid, input.caller);
      const isTest = input.caller.auth !== null;
      const network = isTest ? null : clientNetwork(input.caller.clientIp);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + deps.tokenTtlMs);
      const { secret, hash } = issueSecret();
      const callId = await inTransaction(db, async (tx) => {
        if (network !== null) {
          await enforceLimits(tx, conversationStartLimits(deps.publicLimits, input.caller.clientIp), now);
          await refuseBeyondCallsInProgress(tx, assistant.id, network, now);
        }
        const row = await createCallsRepo(tx).insert({
          uuid: randomUUID(),
          user_id: assistant.user_id,
          assistant_id: assistant.id,
          phone_number_id: null,
          type: 'web',
          direction: 'inbound',
          is_test: isTest,
          status: 'initiated',
          provider: 'web',
          provider_call_id: hash.toString('hex'),
          provider_account_id: null,
          from_number: null,
          to_number: null,
          variables: input.variables ?? {},
          price_per_minute_micros: isTest ? 0 : deps.pricePerMinuteMicros,
          lease_until: expiresAt,
          now,
          client_network: network,
        });
        const price = Number(row.price_per_minute_micros);
        await reserveMinute(
          tx,
          { id: row.id, userId: row.user_id, pricePerMinuteMicros: price, budgetAssistantId: budgetAssistantOf(row) },
          now,
        );
        return row.id;
      }).catch((error: unknown) => Promise.reject(error instanceof DailyBudgetSpentError ? callsBudgetSpent(now) : error));
      return { callId, token: secret, expiresAt };
    },

    /**
     * Spends a socket token: the call it opens, or why not. An unknown, used or expired token
     * is 401; a page on an origin the assistant does not allow is 403 (and the token stays
     * unspent, since that page must not be able to burn a visitor's call).
     */
    async openSocket(token: string, origin: string | undefined): Promise<{ callId: number } | { refused: SocketRefusal }> {
      if (token.length < 16 || token.length > 256) return { refused: 401 };
      const hash = sha256(token).toString('hex');
      const now = clock.now();
      const repo = createWebCallsRepo(db);
      const waiting = await repo.findWaiting(hash, now);
      if (!waiting) return { refused: 401 };
      if (origin && (await deps.originForAssistant(waiting.assistant_uuid, origin)) === 'refused') return { refused: 403 };
      if (!(await repo.redeem(waiting.id, hash, now))) return { refused: 401 };
      return { callId: waiting.id };
    },
  };
}

export type WebCallsService = ReturnType<typeof createWebCallsService>;

/** The widget family answers a low balance with 400 (as POST /conversations does). */
export function webCallError(error: unknown): unknown {
  return error instanceof InsufficientBalanceError ? new AppError(400, error.message, { code: error.code }) : error;
}
