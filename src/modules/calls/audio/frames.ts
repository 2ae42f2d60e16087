/** 20 ms, the frame size of every leg (Twilio sends 20 ms μ-law frames) and of the engine. */
export const FRAME_MS = 20;

export function samplesPerFrame(sampleRate: number, frameMs = FRAME_MS): number {
  return Math.round((sampleRate * frameMs) / 1000);
}

/**
 * Cuts a stream of arbitrarily sized sample chunks into fixed frames, keeping the remainder for
 * the next chunk. `flush` returns the last partial frame padded with silence, so a sentence's
 * end is not lost.
 */
export class SampleFramer {
  private pending: Int16Array;
  private filled = 0;

  constructor(readonly frameSamples: number) {
    this.pending = new Int16Array(frameSamples);
  }

  push(chunk: Int16Array): Int16Array[] {
    const frames: Int16Array[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(this.frameSamples - this.filled, chunk.length - offset);
      this.pending.set(chunk.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.frameSamples) {
        frames.push(this.pending);
        this.pending = new Int16Array(this.frameSamples);
        this.filled = 0;
      }
    }
    return frames;
  }

  /** The partial frame, zero-padded to full length, or none when nothing is pending. */
  flush(): Int16Array | undefined {
    if (this.filled === 0) return undefined;
    const frame = this.pending;
    this.pending = new Int16Array(this.frameSamples);
    this.filled = 0;
    return frame;
  }

  clear(): void {
    this.pending = new Int16Array(this.frameSamples);
    this.filled = 0;
  }
}

/**
 * Turns a byte stream of PCM16 little-endian (an HTTP body, base64 deltas) into samples. A
 * network chunk may end in the middle of a sample: that odd byte waits for the next chunk.
 */
export class Pcm16Decoder {
  private carry: number | undefined;

  push(bytes: Uint8Array): Int16Array {
    let offset = 0;
    const total = bytes.length + (this.carry === undefined ? 0 : 1);
    const samples = new Int16Array(total >> 1);
    let n = 0;
    if (this.carry !== undefined && bytes.length > 0) {
      samples[n++] = toInt16(this.carry | (bytes[0]! << 8));
      offset = 1;
      this.carry = undefined;
    }
    for (; offset + 1 < bytes.length; offset += 2) samples[n++] = toInt16(bytes[offset]! | (bytes[offset + 1]! << 8));
    if (offset < bytes.length) this.carry = bytes[offset]!;
    return samples.subarray(0, n);
  }
}

function toInt16(value: number): number {
  return (value << 16) >> 16;
}

/** PCM16 samples as little-endian bytes (a copy: Int16Array is host-endian, which is LE on every target). */
export function pcm16ToBytes(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer.slice(samples.byteOffset, samples.byteOffset + samples.byteLength));
}

/** Little-endian bytes to samples (an odd trailing byte is dropped). */
export function bytesToPcm16(bytes: Uint8Array): Int16Array {
  const samples = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = toInt16(bytes[2 * i]! | (bytes[2 * i + 1]! << 8));
  return samples;
}

export function concatSamples(chunks: Int16Array[]): Int16Array {
  const total = chunks.reduce((sum, c) => sum + c.length, 0);
  const out = new Int16Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
