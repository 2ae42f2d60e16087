import type { Readable } from 'node:stream';

/** A stored recording as served to its owner. */
export interface StoredRecording {
  body: Readable;
  contentType: string;
  size: number | null;
}

/**
 * Where finished call recordings live: DATA_DIR/recordings, or an S3-compatible bucket. The
 * engine always writes the WAV to DATA_DIR while the call runs (a call never sits in memory);
 * `put` then moves it to its final place and returns the path stored on the call.
 */
export interface RecordingStore {
  /** Moves the finished DATA_DIR-relative recording to the store; returns the call's recording_path. */
  put(callId: number, localPath: string): Promise<string>;
  /** The recording at a stored path, or null when it is gone. */
  get(recordingPath: string): Promise<StoredRecording | null>;
  /** Removes the recording at a stored path; a missing one is not an error. */
  remove(recordingPath: string): Promise<void>;
}

/** recording_path of a recording in the bucket: `s3:` + the object key (local paths never have a scheme). */
export const S3_PREFIX = 's3:';

export const RECORDING_CONTENT_TYPE = 'audio/wav';
