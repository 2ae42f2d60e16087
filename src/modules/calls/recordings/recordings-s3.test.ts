import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMulaw } from '../audio/g711.js';
import { decodeWav } from '../audio/wav.js';
import { apiFor } from '../../../../test/helpers/assistants.js';
import { createUser } from '../../../../test/helpers/factories.js';
import { startFakeS3, type FakeS3 } from '../../../../test/helpers/fakes/s3.js';
import { PUBLIC_URL } from '../../../../test/helpers/voice.js';
import { recordedBothSides, shortRecordedCall, startEngineApp, type EngineApp } from '../../../../test/helpers/voice-engine.js';

const bucket = {
  bucket: 'call-recordings',
  region: 'eu-central-1',
  accessKeyId: 'AKIDRECORDINGS',
  secretAccessKey: 'recordings-secret-key',
};

let s3: FakeS3;
let e: EngineApp;
beforeAll(async () => {
  s3 = await startFakeS3(bucket);
  e = await startEngineApp({
    RECORDINGS_FORMAT: 'wav-mulaw',
    RECORDINGS_S3_ENDPOINT: s3.url,
    RECORDINGS_S3_BUCKET: bucket.bucket,
    RECORDINGS_S3_REGION: bucket.region,
    RECORDINGS_S3_ACCESS_KEY_ID: bucket.accessKeyId,
    RECORDINGS_S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
  });
});
afterAll(async () => {
  await e.close();
  await s3.close();
});

describe('recordings in an S3-compatible bucket', () => {
  it('uploads the finished μ-law WAV signed, serves it to the owner only, and DELETE removes it', async () => {
    const { owner, callId, row } = await shortRecordedCall(e);

    const key = `recordings/${callId}.wav`;
    expect(row).toMatchObject({ recording_path: `s3:${key}`, recording_url: `${PUBLIC_URL}/api/user/calls/${callId}/recording` });
    expect(s3.requests).toEqual([{ method: 'PUT', path: `/${bucket.bucket}/${key}`, signature: 'ok' }]);
    const object = s3.objects.get(key)!;
    expect(object.contentType).toBe('audio/wav');
    // Uploaded, so no longer on local disk.
    expect(existsSync(join(e.dataDir, key))).toBe(false);
    const wav = decodeWav(object.body);
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1, format: 'mulaw' });
    expect(recordedBothSides(decodeMulaw(wav.data))).toBe(true);

    const res = await owner.api.get(`/api/user/calls/${callId}/recording`);
    expect(res.statusCode).toBe(200);
    const headers = (res as unknown as { headers: Record<string, string> }).headers;
    expect(headers['content-type']).toBe('audio/wav');
    expect(headers['content-length']).toBe(String(object.body.length));
    expect((res as unknown as { rawPayload: Buffer }).rawPayload.equals(object.body)).toBe(true);
    expect(s3.requests.at(-1)).toEqual({ method: 'GET', path: `/${bucket.bucket}/${key}`, signature: 'ok' });

    const stranger = apiFor(e.t, (await createUser(e.t.deps)).token);
    const requestsBefore = s3.requests.length;
    expect(await stranger.get(`/api/user/calls/${callId}/recording`)).toMatchObject({
      statusCode: 404,
      body: JSON.stringify({ message: 'Call not found' }),
    });
    expect(await stranger.delete(`/api/user/calls/${callId}`)).toMatchObject({
      statusCode: 404,
      body: JSON.stringify({ message: 'Call not found' }),
    });
    expect(s3.requests.length).toBe(requestsBefore);
    expect(s3.objects.has(key)).toBe(true);

    expect(await owner.api.delete(`/api/user/calls/${callId}`)).toMatchObject({
      statusCode: 200,
      body: JSON.stringify({ message: 'Call deleted successfully' }),
    });
    expect(s3.requests.at(-1)).toEqual({ method: 'DELETE', path: `/${bucket.bucket}/${key}`, signature: 'ok' });
    expect(s3.objects.has(key)).toBe(false);
  });

  it('the fake bucket refuses a request signed with another secret', async () => {
    const aws4 = (await import('aws4')).default;
    const url = new URL(s3.url);
    const signed = aws4.sign(
      { service: 's3', region: bucket.region, method: 'GET', host: url.host, path: `/${bucket.bucket}/recordings/1.wav` },
      { accessKeyId: bucket.accessKeyId, secretAccessKey: 'wrong-secret' },
    );
    const res = await fetch(`${s3.url}/${bucket.bucket}/recordings/1.wav`, { headers: signed.headers as Record<string, string> });
    expect(res.status).toBe(403);
    expect(s3.requests.at(-1)).toEqual({ method: 'GET', path: `/${bucket.bucket}/recordings/1.wav`, signature: 'signature mismatch' });
  });
});
