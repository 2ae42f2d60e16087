import type { Logger } from 'pino';
import { createLocalRecordingStore } from './local-store.js';
import type { RecordingStore } from './recording-store.js';
import { createS3RecordingStore } from './s3-store.js';

export interface RecordingsConfig {
  DATA_DIR: string;
  RECORDINGS_S3_ENDPOINT?: string;
  RECORDINGS_S3_BUCKET?: string;
  RECORDINGS_S3_REGION: string;
  RECORDINGS_S3_ACCESS_KEY_ID?: string;
  RECORDINGS_S3_SECRET_ACCESS_KEY?: string;
}

/** The bucket when RECORDINGS_S3_BUCKET is set (config validation requires the rest with it), else DATA_DIR. */
export function createRecordingStore(config: RecordingsConfig, logger: Logger): RecordingStore {
  const {
    RECORDINGS_S3_ENDPOINT: endpoint,
    RECORDINGS_S3_BUCKET: bucket,
    RECORDINGS_S3_ACCESS_KEY_ID: accessKeyId,
    RECORDINGS_S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = config;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) return createLocalRecordingStore(config.DATA_DIR, logger);
  return createS3RecordingStore(
    { endpoint, bucket, region: config.RECORDINGS_S3_REGION, accessKeyId, secretAccessKey, timeoutMs: 60_000 },
    config.DATA_DIR,
    logger,
  );
}

export type { RecordingStore } from './recording-store.js';
