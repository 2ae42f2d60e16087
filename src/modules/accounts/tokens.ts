import type { DbOrTx } from '../../core/db/transaction.js';
import type { RequestActor, RequestClient } from '../../core/http/actor.js';
import type { MemberRole, TokenKind } from '../../core/db/schema.js';
import { formatToken, issueSecret } from '../../core/crypto/tokens.js';
import { createTokensRepo } from './tokens.repo.js';

/** Creates a token row and returns the only copy of its plaintext; shared by keys and logins. */
export async function issueToken(
  db: DbOrTx,
  input: { userId: number; memberId: number | null; role?: MemberRole; kind: TokenKind; name: string; now: Date; ttlMs: number | null },
) {
  const { secret, hash, prefix } = issueSecret();
  const row = await createTokensRepo(db).insertToken({
    userId: input.userId,
    memberId: input.memberId,
    role: input.role ?? null,
    kind: input.kind,
    name: input.name,
    hash,
    prefix,
    createdAt: input.now,
    expiresAt: input.ttlMs === null ? null : new Date(input.now.getTime() + input.ttlMs),
  });
  return { ...row, token: formatToken(row.id, secret) };
}

/**
 * The member a new session signs in, as the caller of the request that opened it: the actor of
 * that sign-in's audit row (a sign-in, an accepted invitation), with the client it came from.
 */
export function sessionActor(
  session: { id: number; userId: number; memberId: number; role: MemberRole; operator: boolean; email: string },
  client: RequestClient,
): RequestActor {
  return {
    auth: {
      userId: session.userId,
      tokenId: session.id,
      tokenKind: 'session',
      memberId: session.memberId,
      role: session.role,
      operator: session.operator,
      suspended: false,
      label: session.email,
    },
    ...client,
  };
}
