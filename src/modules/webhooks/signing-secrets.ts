import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import { generateSigningSecret } from '../../core/net/signing.js';
import { createWebhooksRepo } from './webhooks.repo.js';

export interface SigningSecret {
  secret: string;
  createdAt: Date;
}

/**
 * Each account has one webhook signing secret, created on first use. It is sealed at rest
 * (SECRET_KEY), because we need it in plaintext to sign and to show it to its owner.
 */
export function createSigningSecrets(secrets: SecretBox, clock: Clock) {
  return {
    /** Unseals a secret read along with other data (the delivery job reads it in its one query). */
    open(sealed: string): string {
      return secrets.open(sealed);
    },

    async get(db: DbOrTx, userId: number): Promise<SigningSecret> {
      const repo = createWebhooksRepo(db);
      let row = await repo.findSealedSecret(userId);
      if (!row) {
        await repo.insertSecretIfMissing(userId, secrets.seal(generateSigningSecret()), clock.now());
        row = await repo.findSealedSecret(userId);
        if (!row) throw new Error(`Could not create a webhook signing secret for user ${userId}`);
      }
      return { secret: secrets.open(row.secret_sealed), createdAt: row.created_at };
    },

    /** Replaces the secret at once: deliveries sent from now on, retries included, use the new one. */
    async rotate(db: DbOrTx, userId: number): Promise<SigningSecret> {
      const secret = generateSigningSecret();
      const now = clock.now();
      await createWebhooksRepo(db).replaceSecret(userId, secrets.seal(secret), now);
      return { secret, createdAt: now };
    },
  };
}

export type SigningSecrets = ReturnType<typeof createSigningSecrets>;
