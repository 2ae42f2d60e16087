/**
 * Opus (RFC 6716), the codec of WebRTC calls: libopus 1.6 as built into libav.js's `opus`
 * variant (an Emscripten build, maintained, with a synchronous API in Node). 48 kHz mono,
 * 20 ms per packet, voice mode with in-band FEC, as the platform's `minptime=10;useinbandfec=1`
 * asks. One library instance per process, loaded with the first Opus call (about 1 MB of
 * WebAssembly); each call has its own encoder and decoder in it.
 *
 * opusscript was not used: it keeps views of the WebAssembly heap made when an instance is
 * created, so once enough instances exist for the heap to grow (about 25 calls) every older
 * instance throws on its next packet; it also has no maintained release since 2023.
 */
export const OPUS_SAMPLE_RATE = 48_000;
/** 20 ms at 48 kHz. */
export const OPUS_FRAME_SAMPLES = 960;
/** The largest packet libopus produces or accepts: 3 frames of 1275 bytes (RFC 6716 §3.2.1). */
export const MAX_OPUS_PACKET_BYTES = 3 * 1275;
const BITRATE = 32_000;
/** Tells the encoder to spend bits on FEC as if this share (%) of packets were lost. */
const EXPECTED_LOSS_PERCENT = 10;

interface LibAvFrame {
  data: Int16Array | Float32Array;
  nb_samples?: number;
}
interface LibAvSync {
  AV_SAMPLE_FMT_S16: number;
  AV_LOG_QUIET: number;
  av_log_set_level_sync(level: number): void;
  ff_init_encoder(name: string, opts: Record<string, unknown>): Promise<[number, number, number, number, number]>;
  ff_init_decoder(name: string, config: { codecpar: Record<string, number> }): Promise<[number, number, number, number]>;
  ff_encode_multi_sync(ctx: number, frame: number, pkt: number, frames: Array<Record<string, unknown>>): Array<{ data: Uint8Array }>;
  ff_decode_multi_sync(ctx: number, pkt: number, frame: number, packets: Array<{ data: Uint8Array }>): LibAvFrame[];
  avcodec_flush_buffers_sync(ctx: number): void;
  ff_free_encoder_sync(ctx: number, frame: number, pkt: number): void;
  ff_free_decoder_sync(ctx: number, pkt: number, frame: number): void;
}

let loading: Promise<LibAvSync> | undefined;

function libav(): Promise<LibAvSync> {
  return (loading ??= import('@libav.js/variant-opus').then(async (module) => {
    const lib = (await module.default.LibAV({})) as unknown as LibAvSync;
    // libav logs every corrupt packet on stderr; the decoder reports them to its caller instead.
    lib.av_log_set_level_sync(lib.AV_LOG_QUIET);
    return lib;
  }));
}

/** Starts loading the codec (the first call's), so it is ready by the time a call needs it. */
export function preloadOpus(): void {
  void libav().catch(() => {});
}

export interface OpusEncoder {
  /** 960 samples (20 ms at 48 kHz) in, one Opus packet out. */
  encode(frame: Int16Array): Uint8Array;
  close(): void;
}

export interface OpusDecoder {
  /** One packet in, its samples at 48 kHz out; empty for a packet that is not Opus. */
  decode(packet: Uint8Array): Int16Array;
  close(): void;
}

export async function createOpusEncoder(): Promise<OpusEncoder> {
  const lib = await libav();
  const [, ctx, frame, pkt] = await lib.ff_init_encoder('libopus', {
    ctx: { bit_rate: BITRATE, sample_fmt: lib.AV_SAMPLE_FMT_S16, sample_rate: OPUS_SAMPLE_RATE, channel_layout: 4, channels: 1 },
    options: { application: 'voip', frame_duration: '20', fec: '1', packet_loss: String(EXPECTED_LOSS_PERCENT) },
    time_base: [1, OPUS_SAMPLE_RATE],
  });
  let pts = 0;
  let closed = false;
  return {
    encode(samples) {
      const packets = lib.ff_encode_multi_sync(ctx, frame, pkt, [
        {
          data: samples,
          format: lib.AV_SAMPLE_FMT_S16,
          sample_rate: OPUS_SAMPLE_RATE,
          channel_layout: 4,
          channels: 1,
          nb_samples: samples.length,
          pts,
          time_base_num: 1,
          time_base_den: OPUS_SAMPLE_RATE,
        },
      ]);
      pts += samples.length;
      // A 20 ms frame in makes one 20 ms packet out (libopus has no frame delay, only lookahead).
      return packets[0]?.data ?? new Uint8Array(0);
    },
    close() {
      if (closed) return;
      closed = true;
      lib.ff_free_encoder_sync(ctx, frame, pkt);
    },
  };
}

export async function createOpusDecoder(): Promise<OpusDecoder> {
  const lib = await libav();
  // Mono: the SDP says opus/48000/2 for every Opus stream; a stereo packet is mixed down.
  const [, ctx, pkt, frame] = await lib.ff_init_decoder('libopus', {
    codecpar: { codec_type: 1, codec_id: 0, format: -1, sample_rate: OPUS_SAMPLE_RATE, channels: 1, channel_layoutmask: 4 },
  });
  let closed = false;
  return {
    decode(packet) {
      // An empty packet would tell libav the stream ended, leaving the decoder unusable.
      if (closed || packet.length === 0 || packet.length > MAX_OPUS_PACKET_BYTES) return new Int16Array(0);
      let frames: LibAvFrame[];
      try {
        frames = lib.ff_decode_multi_sync(ctx, pkt, frame, [{ data: packet }]);
      } catch {
        // A corrupt packet: drop it and start the decoder afresh for the next one.
        lib.avcodec_flush_buffers_sync(ctx);
        return new Int16Array(0);
      }
      return floatToPcm16(frames.map((f) => f.data));
    },
    close() {
      if (closed) return;
      closed = true;
      lib.ff_free_decoder_sync(ctx, pkt, frame);
    },
  };
}

function floatToPcm16(chunks: Array<Int16Array | Float32Array>): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const value = chunk instanceof Float32Array ? chunk[i]! * 32768 : chunk[i]!;
      out[offset++] = value > 32767 ? 32767 : value < -32768 ? -32768 : Math.round(value);
    }
  }
  return out;
}
