import type { DbOrTx } from '../../core/db/transaction.js';
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
