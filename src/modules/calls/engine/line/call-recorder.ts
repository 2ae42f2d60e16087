import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeMulaw } from '../../audio/g711.js';
import { WavFileWriter, type WavFormat } from '../../audio/wav.js';
import { mixFrames } from './ambient.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';

/** More assistant audio than this waiting for caller frames means the caller's leg stalled. */
const MAX_PENDING_FRAMES = 100;

/**
 * Both sides of a call mixed into one mono WAV under DATA_DIR/recordings, written as the call
 * goes. The caller's frames arrive in real time and set the clock: each one is mixed with the
 * assistant frame that was playing at that moment (the assistant's audio is paced in real time,
 * so it waits here at most a few frames). Assistant audio dropped by a barge-in is dropped here
 * too: the caller never heard it.
 */
export class CallRecorder {
  private pending: Int16Array[] = [];

  private constructor(
    private readonly writer: WavFileWriter,
    readonly relativePath: string,
  ) {}

  /** `mulaw` (RECORDINGS_FORMAT=wav-mulaw) stores 8-bit G.711 samples: half the size of PCM16. */
  static async open(dataDir: string, callId: number, format: WavFormat = 'pcm16'): Promise<CallRecorder> {
    const relativePath = join('recordings', `${callId}.wav`);
    await mkdir(join(dataDir, 'recordings'), { recursive: true });
    return new CallRecorder(await WavFileWriter.create(join(dataDir, relativePath), ENGINE_SAMPLE_RATE, format), relativePath);
  }

  caller(frame: Int16Array): void {
    const assistant = this.pending.shift();
    this.write(assistant ? mixFrames(frame, assistant) : frame);
  }

  assistant(frame: Int16Array): void {
    this.pending.push(frame);
    if (this.pending.length > MAX_PENDING_FRAMES) this.write(this.pending.shift()!);
  }

  private write(frame: Int16Array): void {
    this.writer.write(this.writer.format === 'mulaw' ? encodeMulaw(frame) : frame);
  }

  /** Assistant audio that was queued but cleared before it played. */
  dropUnplayed(): void {
    this.pending = [];
  }

  async close(): Promise<string> {
    for (const frame of this.pending.splice(0)) this.write(frame);
    await this.writer.close();
    return this.relativePath;
  }
}
