import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { Logger } from 'pino';
import type { Db } from '../../core/db/database.js';
import type { Clock } from '../../core/clock.js';
import { inTransaction } from '../../core/db/transaction.js';
import { sha256 } from '../../core/crypto/tokens.js';
import { refundLimits, throttle, type WindowLimit } from '../../core/limits/fixed-window.js';
import type { RequestClient } from '../../core/http/actor.js';
import { recordAudit } from '../audit/index.js';
import { createMembersRepo } from './members.repo.js';
import { createOidcLoginsRepo } from './oidc.repo.js';
import { countSignInAttempt, signInIpLimit, type SignInIpLimits } from './sign-in-limits.js';
import { issueToken, sessionActor } from './tokens.js';
import { OidcProviderError, type OidcClient, type OidcIdentity } from './oidc.client.js';

export interface OidcDeps {
  db: Db;
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'error'>;
  sessionTtlHours: number;
  /** Null: single sign-on is not configured. */
  provider: { client: OidcClient; name: string; redirectUri: string } | null;
  /** The password login's per-address limit, which callbacks count against too. */
  signInLimits: SignInIpLimits;
}

/** A sign-in that did not happen; `message` is shown to the person on the sign-in page. */
export class OidcSignInRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcSignInRefused';
  }
}

/** A sign-in must come back from the provider within this long. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/** Each start writes a row for an anonymous caller: a client address gets this many per window. */
const STARTS_PER_CLIENT: Omit<WindowLimit, 'bucket'> = { limit: 60, windowMs: 10 * 60_000 };
const SESSION_NAME = 'Console';

const NOT_CONFIGURED = 'Single sign-on is not set up on this server.';
const STATE_UNKNOWN = 'This sign-in expired or was already used. Please try again.';

export function createOidcService(deps: OidcDeps) {
  const { db, clock, provider } = deps;
  const name = provider?.name ?? '';

  /** The provider's words for why it failed, in the person's terms (details go to the log). */
  function providerRefusal(error: OidcProviderError): OidcSignInRefused {
    deps.logger.warn({ err: error, providerCode: error.providerCode }, 'single sign-on failed at the provider');
    if (error.kind === 'unreachable') return new OidcSignInRefused(`${name} could not be reached. Please try again later.`);
    if (error.kind === 'refused')
      return new OidcSignInRefused(`${name} refused the sign-in (${safeCode(error.providerCode)}). Please try again.`);
    return new OidcSignInRefused(`The answer from ${name} could not be verified. Please try again.`);
  }

  /** The member an identity signs in as: bound already, or found by a verified e-mail and bound now. */
  async function memberFor(tx: Parameters<typeof createMembersRepo>[0], identity: OidcIdentity, now: Date) {
    const members = createMembersRepo(tx);
    const subject = `${identity.issuer}|${identity.subject}`;
    const bound = await members.findMemberForOidc({ subject });
    if (bound) return { member: bound, bind: null };
    if (!identity.email) throw new OidcSignInRefused(`${name} did not share your e-mail address, so no member can be found for you.`);
    if (!identity.emailVerified) {
      throw new OidcSignInRefused(
        `Your e-mail address at ${name} is not verified, so it cannot be matched to a member. Verify it there, or sign in with your password.`,
      );
    }
    const member = await members.findMemberForOidc({ email: identity.email });
    if (!member) {
      throw new OidcSignInRefused(
        `No member of this server has the e-mail address ${identity.email}. Ask an admin of your account to invite you.`,
      );
    }
    if (member.oidc_subject !== null) {
      throw new OidcSignInRefused(`The member ${member.email} signs in with another ${name} account.`);
    }
    return { member, bind: async () => await members.bindOidcSubject(member.id, subject, now) };
  }

  return {
    status() {
      return { enabled: provider !== null, providerName: provider?.name ?? null };
    },

    /** The provider's authorization URL for a new sign-in, whose state, verifier and nonce are kept for the callback. */
    async start(clientIp: string): Promise<string> {
      if (!provider) throw new OidcSignInRefused(NOT_CONFIGURED);
      const now = clock.now();
      const verdict = await throttle(db, [{ bucket: `oidc-start:${clientIp}`, ...STARTS_PER_CLIENT }], now);
      if (!verdict.allowed) {
        throw new OidcSignInRefused(
          `Too many sign-in attempts from your network. Please try again in ${verdict.retryAfterSeconds} seconds.`,
        );
      }
      const state = randomState();
      const nonce = randomNonce();
      const codeVerifier = randomPKCECodeVerifier();
      let url: URL;
      try {
        url = await provider.client.authorizationUrl({ redirectUri: provider.redirectUri, state, nonce, codeVerifier });
      } catch (error) {
        if (error instanceof OidcProviderError) throw providerRefusal(error);
        throw error;
      }
      await createOidcLoginsRepo(db).insertLogin({ stateHash: sha256(state), codeVerifier, nonce, createdAt: now });
      return url.href;
    },

    /**
     * The provider's redirect back: the sign-in of its state (once), the code exchanged and the ID
     * token verified, then a session of the member it names. `params` are the callback's query
     * parameters as the browser sent them.
     */
    async finish(params: URLSearchParams, client: RequestClient): Promise<{ token: string }> {
      if (!provider) throw new OidcSignInRefused(NOT_CONFIGURED);
      const now = clock.now();
      // Counted as a failure until it succeeds, as a password login is: each callback costs a
      // lookup and possibly a call to the provider, and a guessed state must not be free.
      const ipLimit = signInIpLimit(client.ip, deps.signInLimits);
      const verdict = await countSignInAttempt(db, [ipLimit], now);
      if (!verdict.allowed) {
        throw new OidcSignInRefused(`Too many login attempts. Please try again in ${verdict.retryAfterSeconds} seconds.`);
      }
      const state = params.get('state');
      const login = state ? await createOidcLoginsRepo(db).consumeLogin(sha256(state)) : undefined;
      if (!state || !login || now.getTime() - login.created_at.getTime() > OIDC_LOGIN_TTL_MS) throw new OidcSignInRefused(STATE_UNKNOWN);
      const providerError = params.get('error');
      if (providerError !== null) {
        deps.logger.warn({ providerCode: providerError }, 'single sign-on refused by the provider');
        throw new OidcSignInRefused(`${name} did not sign you in (${safeCode(providerError)}).`);
      }
      const callbackUrl = new URL(provider.redirectUri);
      callbackUrl.search = params.toString();
      let identity: OidcIdentity;
      try {
        identity = await provider.client.exchangeCode({ callbackUrl, state, nonce: login.nonce, codeVerifier: login.code_verifier });
      } catch (error) {
        if (error instanceof OidcProviderError) throw providerRefusal(error);
        throw error;
      }
      return inTransaction(db, async (tx) => {
        const { member, bind } = await memberFor(tx, identity, now);
        if (member.suspended_at) throw new OidcSignInRefused('This account is suspended. Contact the operator of this server.');
        // Another sign-in bound this member (or this identity) in between: its answer stands.
        if (bind && !(await bind())) throw new OidcSignInRefused(`The member ${member.email} signs in with another ${name} account.`);
        const session = await issueToken(tx, {
          userId: member.user_id,
          memberId: member.id,
          kind: 'session',
          name: SESSION_NAME,
          now,
          ttlMs: deps.sessionTtlHours * 3_600_000,
        });
        // The new session is the actor: the member signed themself in.
        const actor = sessionActor(
          {
            id: session.id,
            userId: member.user_id,
            memberId: member.id,
            role: member.role,
            operator: member.is_operator,
            email: member.email,
          },
          client,
        );
        await recordAudit(tx, {
          userId: member.user_id,
          actor,
          action: 'member.signed_in',
          resourceType: 'member',
          resourceId: member.id,
          details: { method: 'oidc' },
          now,
        });
        // A sign-in that happened is no failure.
        await refundLimits(tx, [ipLimit], now);
        return { token: session.token };
      });
    },

    /** Called by the recurring maintenance job: sign-ins nobody came back from. */
    pruneExpiredLogins(now: Date): Promise<number> {
      return createOidcLoginsRepo(db).deleteLoginsCreatedBefore(new Date(now.getTime() - OIDC_LOGIN_TTL_MS));
    },
  };
}

/** An OAuth error code as the provider sent it, if it looks like one (it comes through the browser). */
function safeCode(code: string | null): string {
  return code && /^[a-z0-9_.-]{1,64}$/i.test(code) ? code : 'unknown error';
}

export type OidcService = ReturnType<typeof createOidcService>;
