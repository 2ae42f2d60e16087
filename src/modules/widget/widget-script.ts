import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export interface WidgetScript {
  body: Buffer;
  gzipped: Buffer;
  /** Content hash: the ETag, and the `?v=` that makes a URL immutable. */
  version: string;
  etag: string;
}

/**
 * The browser script, read once at start. Plain modern JavaScript needing no build step; it is
 * compressed once here, since every page view of every embedding site may ask for it.
 */
export function loadWidgetScript(): WidgetScript {
  const body = readFileSync(new URL('./client/widget.js', import.meta.url));
  const version = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { body, gzipped: gzipSync(body, { level: 9 }), version, etag: `"${version}"` };
}

/** If-None-Match may list several tags, or `*`; weak tags match too (a proxy may re-compress). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
