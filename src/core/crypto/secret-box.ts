import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts third-party secrets (platform access tokens, calendar API keys) at rest with
 * AES-256-GCM. The key is derived from SECRET_KEY; the stored form is versioned so the key
 * can be rotated later.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createSecretBox(secretKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'switchboard', 'third-party-secrets v1', 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, ivText, tagText, bodyText] = sealed.split(':');
      if (version !== 'v1' || !ivText || !tagText || bodyText === undefined) throw new Error('Unrecognised sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64'));
      decipher.setAuthTag(Buffer.from(tagText, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** What a reader who may not see secrets (a viewer) gets in place of every one. */
export const HIDDEN_SECRET = '••••••';

/** Shows enough of a secret to recognise it, never enough to use it. */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '****';
  return `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}
