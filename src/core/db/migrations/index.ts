import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.js';

/**
 * Every migration in order. Listed explicitly (not read from a folder) so the order is reviewed
 * and bundlers keep them. Forward-only: a shipped migration is never edited, a new one is added.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
};
