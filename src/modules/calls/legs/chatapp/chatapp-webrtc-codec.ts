import { samplesPerFrame } from '../../audio/frames.js';
import { createOpusDecoder, createOpusEncoder, OPUS_FRAME_SAMPLES, OPUS_SAMPLE_RATE } from '../../audio/opus.js';
import { createPhoneAudioIn, createPhoneAudioOut } from '../../audio/phone-codec.js';
import { createResampler } from '../../audio/resampler.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';

/** Opus as WebRTC peers name it; the platform's offers use payload type 111 with these parameters. */
export const OPUS_PAYLOAD_TYPE = 111;
export const OPUS_FMTP = 'minptime=10;useinbandfec=1';
export const PCMU_PAYLOAD_TYPE = 0;

export type RtpCodecName = 'opus' | 'pcmu';

/**
 * One call's audio codec on the RTP side of the chatapp leg: engine PCM16 16 kHz frames (20 ms)
 * to RTP payloads and back. Opus runs at 48 kHz (its RTP clock) through band-limited resamplers
 * to and from 16 kHz; PCMU is G.711 μ-law at 8 kHz.
 */
export interface RtpAudioCodec {
  readonly name: RtpCodecName;
  readonly payloadType: number;
  /** RTP timestamp units per 20 ms packet. */
  readonly timestampStep: number;
  encode(frame: Int16Array): Uint8Array;
  /** A payload's audio at 16 kHz; empty when the payload is not audio of this codec. */
  decode(payload: Uint8Array): Int16Array;
  /** The payload sent when the queue is empty, so the far end never sees a media gap. */
  silence(): Uint8Array;
  /** Barge-in: the next audio is a new utterance. */
  resetOutput(): void;
  close(): void;
}

export async function createRtpAudioCodec(name: RtpCodecName, payloadType: number): Promise<RtpAudioCodec> {
  return name === 'opus' ? createOpusRtpCodec(payloadType) : createPcmuRtpCodec();
}

async function createOpusRtpCodec(payloadType: number): Promise<RtpAudioCodec> {
  const [encoder, decoder] = await Promise.all([createOpusEncoder(), createOpusDecoder()]);
  const up = createResampler(ENGINE_SAMPLE_RATE, OPUS_SAMPLE_RATE);
  const down = createResampler(OPUS_SAMPLE_RATE, ENGINE_SAMPLE_RATE);
  const silentFrame = new Int16Array(samplesPerFrame(ENGINE_SAMPLE_RATE));
  // ×3 exactly: 320 samples (20 ms at 16 kHz) become the 960 an Opus packet takes.
  const encode = (frame: Int16Array) => encoder.encode(up.process(frame));
  return {
    name: 'opus',
    payloadType,
    timestampStep: OPUS_FRAME_SAMPLES,
    encode,
    decode: (payload) => {
      const samples = decoder.decode(payload);
      return samples.length === 0 ? samples : down.process(samples);
    },
    // Encoded, not a canned packet: the encoder's state follows the stream it is part of.
    silence: () => encode(silentFrame),
    resetOutput: () => up.reset(),
    close: () => {
      encoder.close();
      decoder.close();
    },
  };
}

function createPcmuRtpCodec(): RtpAudioCodec {
  const audioIn = createPhoneAudioIn();
  const audioOut = createPhoneAudioOut();
  const silentPayload = new Uint8Array(samplesPerFrame(8_000)).fill(0xff);
  return {
    name: 'pcmu',
    payloadType: PCMU_PAYLOAD_TYPE,
    timestampStep: silentPayload.length,
    encode: (frame) => audioOut.encode(frame),
    decode: (payload) => audioIn.decode(payload),
    silence: () => silentPayload,
    resetOutput: () => audioOut.reset(),
    close: () => undefined,
  };
}
