import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/database.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { HttpClient } from '../../core/net/index.js';
import { chatappErrors, SENDER_NOT_FOUND } from './chatapp.errors.js';
import type { Platforms } from './platform/index.js';
import { createSendersRepo, type SenderRow } from './senders/senders.repo.js';

/** What the assistants module tells us; the only way this module learns about assistants. */
export interface AssistantUuidLookup {
  /** The assistant's UUID when it exists and belongs to the user, else null. */
  findOwnedUuid(userId: number, assistantId: number): Promise<string | null>;
}

/** Everything the chatapp services share, built once in deps.ts. */
export interface ChatappContext {
  db: Db;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  platforms: Platforms;
  assistants: AssistantUuidLookup;
  /** Sender countries where the platform allows no business-initiated calls (upper-case alpha-2). */
  restrictedCountries: ReadonlySet<string>;
  /** What one template or free-form send through the API costs its user (0: free). */
  messagePriceMicros: number;
  /** The SSRF-guarded client: media files are downloaded from a URL the platform hands out. */
  http: HttpClient;
}

/** The caller's sender, or SENDER_NOT_FOUND: another account's sender is indistinguishable from none. */
export async function requireSender(db: DbOrTx, userId: number, senderId: number, message: string = SENDER_NOT_FOUND): Promise<SenderRow> {
  const sender = await createSendersRepo(db).findOwned(userId, senderId);
  if (!sender) throw chatappErrors.senderNotFound(message);
  return sender;
}

export function parseRestrictedCountries(setting: string): ReadonlySet<string> {
  if (setting.trim().toLowerCase() === 'none') return new Set();
  return new Set(
    setting
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  );
}

/** Adapts the assistants service (whose get() is "not found" for another account's assistant) to the lookup. */
export function assistantUuidLookup(assistants: { get(userId: number, id: number): Promise<{ uuid: string }> }): AssistantUuidLookup {
  return {
    async findOwnedUuid(userId, assistantId) {
      try {
        return (await assistants.get(userId, assistantId)).uuid;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
  };
}
