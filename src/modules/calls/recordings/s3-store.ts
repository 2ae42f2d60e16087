import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { lazyRequire } from '../../../core/lazy-module.js';
import type { Logger } from 'pino';
import { createLocalRecordingStore, insideDataDir } from './local-store.js';
import { RECORDING_CONTENT_TYPE, S3_PREFIX, type RecordingStore } from './recording-store.js';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs: number;
}

// Only deployments with a recordings bucket sign requests.
const aws4 = lazyRequire<typeof import('aws4')>('aws4');

/**
 * Recordings in an S3-compatible bucket, addressed path-style (`endpoint/bucket/key`) so MinIO,
 * Garage and R2 work as well as AWS. Requests are signed with SigV4 (aws4) and sent with fetch.
 * Paths stored before the bucket was configured still point under DATA_DIR and are served from there.
 */
export function createS3RecordingStore(settings: S3Settings, dataDir: string, logger: Logger): RecordingStore {
  const local = createLocalRecordingStore(dataDir, logger);
  const base = new URL(settings.endpoint);

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const path = `${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
    const headers: Record<string, string> = body ? { 'content-type': contentType!, 'content-length': String(body.length) } : {};
    const signed = aws4().sign(
      { service: 's3', region: settings.region, method, host: base.host, path, headers, body, signQuery: false },
      { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    );
    return fetch(`${base.protocol}//${base.host}${path}`, {
      method,
      headers: signed.headers as Record<string, string>,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  }

  return {
    async put(callId, localPath) {
      const file = insideDataDir(dataDir, localPath);
      if (!file) throw new Error(`recording ${localPath} is outside DATA_DIR`);
      const key = `recordings/${callId}.wav`;
      // A call's WAV is a few MB at most (16 kHz mono): read whole, so it is signed with its hash.
      const res = await send('PUT', key, await readFile(file), RECORDING_CONTENT_TYPE);
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`recording upload failed with HTTP ${res.status}`);
      // Only once the bucket holds it: a failed upload leaves the local file served as before.
      await rm(file, { force: true });
      return `${S3_PREFIX}${key}`;
    },
    async get(recordingPath) {
      if (!recordingPath.startsWith(S3_PREFIX)) return local.get(recordingPath);
      const res = await send('GET', recordingPath.slice(S3_PREFIX.length));
      if (res.status === 404) {
        await res.arrayBuffer().catch(() => undefined);
        return null;
      }
      if (!res.ok || !res.body) throw new Error(`recording download failed with HTTP ${res.status}`);
      const length = res.headers.get('content-length');
      return {
        body: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
        contentType: RECORDING_CONTENT_TYPE,
        size: length ? Number(length) : null,
      };
    },
    async remove(recordingPath) {
      if (!recordingPath.startsWith(S3_PREFIX)) return local.remove(recordingPath);
      const res = await send('DELETE', recordingPath.slice(S3_PREFIX.length));
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok && res.status !== 404) throw new Error(`recording delete failed with HTTP ${res.status}`);
    },
  };
}
