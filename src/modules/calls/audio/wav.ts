import { open, type FileHandle } from 'node:fs/promises';
import { pcm16ToBytes } from './frames.js';

/** WAVE format tags: 1 = integer PCM, 7 = G.711 μ-law. */
export type WavFormat = 'pcm16' | 'mulaw';

const HEADER_BYTES = 44;

export function wavHeader(dataBytes: number, sampleRate: number, format: WavFormat = 'pcm16', channels = 1): Buffer {
  const bytesPerSample = format === 'pcm16' ? 2 : 1;
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format === 'pcm16' ? 1 : 7, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * bytesPerSample, 28);
  header.writeUInt16LE(channels * bytesPerSample, 32);
  header.writeUInt16LE(bytesPerSample * 8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A whole PCM16 mono WAV in memory (an utterance uploaded for transcription). */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader(samples.byteLength, sampleRate), pcm16ToBytes(samples)]);
}

export interface DecodedWav {
  sampleRate: number;
  channels: number;
  format: WavFormat;
  /** Raw data bytes (PCM16 LE or μ-law). */
  data: Buffer;
}

/** Reads the RIFF chunks of a PCM16 or μ-law WAV; throws on anything else. */
export function decodeWav(buffer: Buffer): DecodedWav {
  if (buffer.length < 12 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a RIFF/WAVE file');
  }
  let offset = 12;
  let fmt: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      fmt = {
        tag: buffer.readUInt16LE(body),
        channels: buffer.readUInt16LE(body + 2),
        sampleRate: buffer.readUInt32LE(body + 4),
        bits: buffer.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV data chunk before its fmt chunk');
      const format = fmt.tag === 1 && fmt.bits === 16 ? 'pcm16' : fmt.tag === 7 && fmt.bits === 8 ? 'mulaw' : undefined;
      if (!format) throw new Error(`Unsupported WAV format tag ${fmt.tag} with ${fmt.bits} bits`);
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        format,
        data: buffer.subarray(body, Math.min(buffer.length, body + size)),
      };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

/**
 * Streams a recording to disk as it happens: the header is written with zero sizes and patched on
 * close, so a call of any length never sits in memory, and a crash leaves a file whose data is
 * intact (players read it; only the sizes are stale).
 */
export class WavFileWriter {
  private dataBytes = 0;
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: FileHandle,
    readonly sampleRate: number,
    readonly format: WavFormat,
  ) {}

  static async create(path: string, sampleRate: number, format: WavFormat = 'pcm16'): Promise<WavFileWriter> {
    const file = await open(path, 'w');
    await file.write(wavHeader(0, sampleRate, format), 0, HEADER_BYTES, 0);
    return new WavFileWriter(file, sampleRate, format);
  }

  /** Appends PCM16 samples (format pcm16) or μ-law bytes (format mulaw), in call order. */
  write(chunk: Int16Array | Uint8Array): void {
    const bytes = chunk instanceof Int16Array ? pcm16ToBytes(chunk) : Buffer.from(chunk);
    const position = HEADER_BYTES + this.dataBytes;
    this.dataBytes += bytes.length;
    this.writes = this.writes.then(() => this.file.write(bytes, 0, bytes.length, position));
  }

  get durationMs(): number {
    const bytesPerSample = this.format === 'pcm16' ? 2 : 1;
    return (this.dataBytes / bytesPerSample / this.sampleRate) * 1000;
  }

  async close(): Promise<void> {
    await this.writes;
    await this.file.write(wavHeader(this.dataBytes, this.sampleRate, this.format), 0, HEADER_BYTES, 0);
    await this.file.close();
  }
}
