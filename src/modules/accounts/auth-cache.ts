import type { MemberRole, TokenKind } from '../../core/db/schema.js';

/** Revocations are announced here, in the transaction that deletes the tokens (tokens.repo.ts). */
export const AUTH_CHANNEL = 'switchboard_auth';
/**
 * Notification payloads: one token; every token of one account (deleted, suspended, restored);
 * every token of one member (removed, or their role changed: the next request reads it again).
 */
export const revokedTokenMessage = (id: number) => `token:${id}`;
export const revokedUserMessage = (userId: number) => `user:${userId}`;
export const revokedMemberMessage = (memberId: number) => `member:${memberId}`;

/** What a bearer token resolves to, minus what changes often (the balance is read where it is shown). */
export interface CachedToken {
  id: number;
  userId: number;
  kind: TokenKind;
  memberId: number | null;
  role: MemberRole;
  operator: boolean;
  suspended: boolean;
  label: string;
  tokenHash: Buffer;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export interface AuthCacheOptions {
  maxEntries: number;
  /** A backstop for a notification lost without the connection reporting it. */
  ttlMs: number;
}

/** 10k tokens are a few MB; 5 s bounds the damage of a silently lost notification. */
export const DEFAULT_AUTH_CACHE: AuthCacheOptions = { maxEntries: 10_000, ttlMs: 5_000 };

interface Entry {
  token: CachedToken;
  storedAtMs: number;
}

/**
 * Process-local token lookups, so an authenticated request needs no query for its token.
 * Revocation stays immediate in every process: each one LISTENs on AUTH_CHANNEL and drops what a
 * committed revocation names; the revoking process also drops it itself before answering. The
 * cache only serves while its listener is connected: after a lost connection it is off until the
 * listener is back, and then starts empty.
 *
 * A read that began before a revocation must not store what it found after the revocation was
 * applied: every revocation moves `generation`, and a read stores only if it did not move.
 */
export function createAuthCache(options: AuthCacheOptions) {
  const entries = new Map<number, Entry>();
  let generation = 0;
  let active = false;

  const forgetAll = () => {
    generation++;
    entries.clear();
  };

  return {
    get(id: number, nowMs: number): CachedToken | undefined {
      if (!active) return undefined;
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (nowMs - entry.storedAtMs >= options.ttlMs || nowMs < entry.storedAtMs) {
        entries.delete(id);
        return undefined;
      }
      return entry.token;
    },

    /** Taken before reading a token from the database; hand it back to store(). */
    readStarted(): number {
      return generation;
    },

    store(token: CachedToken, readGeneration: number, nowMs: number): void {
      if (!active || readGeneration !== generation) return;
      if (entries.size >= options.maxEntries && !entries.has(token.id)) {
        // Oldest first: Map keeps insertion order.
        entries.delete(entries.keys().next().value!);
      }
      entries.set(token.id, { token, storedAtMs: nowMs });
    },

    /** last_used_at was written: later requests need not write it again this minute. */
    touched(id: number, at: Date): void {
      const entry = entries.get(id);
      if (entry) entry.token = { ...entry.token, lastUsedAt: at };
    },

    revokeToken(id: number): void {
      generation++;
      entries.delete(id);
    },

    revokeUser(userId: number): void {
      generation++;
      for (const [id, entry] of entries) if (entry.token.userId === userId) entries.delete(id);
    },

    revokeMember(memberId: number): void {
      generation++;
      for (const [id, entry] of entries) if (entry.token.memberId === memberId) entries.delete(id);
    },

    /** A notification on AUTH_CHANNEL; none (undefined) after a reconnect, when anything may have been missed. */
    onNotification(payload: string | undefined): void {
      const [kind, rawId] = (payload ?? '').split(':');
      const id = Number(rawId);
      if (kind === 'token' && Number.isInteger(id)) this.revokeToken(id);
      else if (kind === 'user' && Number.isInteger(id)) this.revokeUser(id);
      else if (kind === 'member' && Number.isInteger(id)) this.revokeMember(id);
      else {
        forgetAll();
        active = true;
      }
    },

    /** The listener is subscribed: revocations reach this process from now on. */
    activate(): void {
      forgetAll();
      active = true;
    },

    /** The listener lost its connection, or stopped: revocations may be missed, so serve nothing. */
    deactivate(): void {
      active = false;
      forgetAll();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;
