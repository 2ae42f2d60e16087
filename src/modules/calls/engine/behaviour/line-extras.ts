import type { Logger } from 'pino';
import type { RecordingStore } from '../../recordings/index.js';
import { createAmbientBed, type AmbientBed, type AmbientSound } from '../line/ambient.js';
import { CallRecorder } from '../line/call-recorder.js';
import type { CallEngineSession } from '../engine.types.js';

/** Where and how an engine records calls (the same for every engine). */
export interface RecordingDeps {
  logger: Logger;
  /** Recordings go to DATA_DIR/recordings; `memory://` (tests without a directory) records nothing. */
  dataDir: string;
  publicUrl?: string;
  /** Where finished recordings go (DATA_DIR or a bucket); absent keeps them where they were written. */
  recordings?: RecordingStore;
  /** RECORDINGS_FORMAT: PCM16 WAV, or μ-law WAV at half the size. */
  recordingFormat?: 'wav' | 'wav-mulaw';
}

/** What the assistant's side of the line carries besides speech: the ambient bed and the recorder. */
export interface LineExtras {
  ambient: AmbientBed | null;
  recorder: CallRecorder | null;
  recordingUrl: string | null;
}

/** The ambient bed (ambient_sound at ambient_sound_volume) and, with `record`, a recorder for the call. */
export async function openLineExtras(deps: RecordingDeps, session: Pick<CallEngineSession, 'assistant' | 'call'>): Promise<LineExtras> {
  const { assistant, call } = session;
  const recorder =
    assistant.record && !deps.dataDir.startsWith('memory://')
      ? await CallRecorder.open(deps.dataDir, call.id, deps.recordingFormat === 'wav-mulaw' ? 'mulaw' : 'pcm16')
      : null;
  return {
    ambient: createAmbientBed(assistant.ambient_sound as AmbientSound, assistant.ambient_sound_volume, call.id),
    recorder,
    recordingUrl: recorder ? recordingUrl(deps.publicUrl, call.id) : null,
  };
}

/** Closes the recording file; a failure is logged and the call goes on without a recording. */
export async function closeRecording(recorder: CallRecorder | null, logger: Logger, callId: number): Promise<string | null> {
  try {
    return (await recorder?.close()) ?? null;
  } catch (error) {
    logger.error({ err: error, callId }, 'could not finish the call recording');
    return null;
  }
}

/** The finished recording moved to its store; when that fails it stays on local disk and is served from there. */
export async function storeRecording(deps: RecordingDeps, callId: number, localPath: string): Promise<string> {
  if (!deps.recordings) return localPath;
  try {
    return await deps.recordings.put(callId, localPath);
  } catch (error) {
    deps.logger.error({ err: error, callId }, 'could not store the call recording; kept under DATA_DIR');
    return localPath;
  }
}

/** Where the owner fetches the recording (Bearer auth). */
export function recordingUrl(publicUrl: string | undefined, callId: number): string {
  const path = `/api/user/calls/${callId}/recording`;
  return publicUrl ? `${new URL(publicUrl).origin}${path}` : path;
}
