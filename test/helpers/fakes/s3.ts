import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
}

export interface FakeS3Request {
  method: string;
  path: string;
  /** 'ok', or why the signature was refused. */
  signature: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * An S3-compatible bucket on 127.0.0.1, path-style (`/bucket/key`), objects kept in memory. Every
 * request's SigV4 signature is recomputed here from the raw request and the shared secret (written
 * out independently of the signing library) and refused with 403 when it differs.
 */
export async function startFakeS3(opts: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }) {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];

  function verify(req: IncomingMessage, body: Buffer): string {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return 'malformed authorization';
    const [, keyId, day, region, signedHeaders, signature] = match;
    if (keyId !== opts.accessKeyId) return 'unknown access key';
    if (region !== opts.region) return 'wrong region';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(day!)) return 'date mismatch';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256(body)) return 'payload hash mismatch';
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and date must be signed';
    const url = new URL(req.url!, 'http://x');
    const canonical = [
      req.method,
      url.pathname,
      [...url.searchParams]
        .sort()
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&'),
      names.map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join(''),
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
    return hmac(key, toSign).toString('hex') === signature ? 'ok' : 'signature mismatch';
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url!, 'http://x').pathname;
    const signature = verify(req, body);
    requests.push({ method: req.method!, path, signature });
    if (signature !== 'ok') {
      res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const prefix = `/${opts.bucket}/`;
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    const key = decodeURIComponent(path.slice(prefix.length));
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end(object.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
