import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { AppError } from '../../core/http/errors.js';
import { EXPORT_KINDS, type ExportKind } from './usage.schemas.js';

/** Long enough for a browser to start the download, short enough that a copied link is soon useless. */
export const DOWNLOAD_LINK_TTL_MS = 60_000;

export interface DownloadClaims {
  userId: number;
  kind: ExportKind;
  from: string;
  to: string;
  timezone?: string;
}

const PURPOSE = 'csv-export';

export const linkNotValid = () =>
  new AppError(404, 'This download link is not valid or has expired; export again.', { code: 'DOWNLOAD_LINK_INVALID' });

/**
 * Short-lived download links for the CSV exports: the claims (account, file, range, expiry)
 * sealed with SECRET_KEY (AES-256-GCM, so a changed link does not open), for a browser to follow
 * as a plain download, streamed to disk, without the session token, which the API only takes
 * in a header.
 */
export function createDownloadLinks(secrets: SecretBox, clock: Clock, ttlMs = DOWNLOAD_LINK_TTL_MS) {
  return {
    issue(claims: DownloadClaims): { token: string; expiresAt: Date } {
      const expiresAt = new Date(clock.now().getTime() + ttlMs);
      const token = secrets.seal(JSON.stringify({ p: PURPOSE, ...claims, exp: expiresAt.getTime() }));
      return { token: Buffer.from(token).toString('base64url'), expiresAt };
    },

    open(token: string): DownloadClaims {
      let parsed: Partial<DownloadClaims> & { p?: unknown; exp?: unknown };
      try {
        parsed = JSON.parse(secrets.open(Buffer.from(token, 'base64url').toString('utf8')));
      } catch {
        throw linkNotValid();
      }
      if (parsed.p !== PURPOSE || typeof parsed.exp !== 'number' || parsed.exp <= clock.now().getTime()) throw linkNotValid();
      if (!Number.isSafeInteger(parsed.userId) || !EXPORT_KINDS.includes(parsed.kind as ExportKind)) throw linkNotValid();
      return {
        userId: parsed.userId!,
        kind: parsed.kind!,
        from: String(parsed.from),
        to: String(parsed.to),
        ...(parsed.timezone ? { timezone: String(parsed.timezone) } : {}),
      };
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
