import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are written as Date and read back as Date by both drivers. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  /** Integer micro-USD; always equal to the sum of this user's ledger rows. */
  balance_micros: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type TokenKind = 'api_key' | 'session';

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: TokenKind;
  name: string;
  /** SHA-256 of the secret part; the secret itself is never stored. */
  token_hash: Buffer;
  /** First characters of the secret, so an operator can tell keys apart in the database. */
  token_prefix: string;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface BalanceLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount_micros: number;
  balance_after_micros: number;
  reason: string;
  created_at: CreatedAt;
}

export interface RateLimitCountersTable {
  bucket: string;
  window_start: Timestamp;
  count: number;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  balance_ledger: BalanceLedgerTable;
  rate_limit_counters: RateLimitCountersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AccessTokenRow = Selectable<AccessTokensTable>;
