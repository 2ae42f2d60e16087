import { FRAME_MS } from '../../audio/frames.js';
import { createNoiseSuppressor, type NoiseSuppressor } from '../../audio/noise-suppressor.js';
import { rms } from '../../audio/test-signal.js';
import { createEnergyClassifier, createFrameClassifier, type FrameClassifier } from '../../speech/vad.js';
import type { InterruptRule } from '../behaviour/endpointing.js';

/** Speech starts when this many of the last START_WINDOW frames are speech (as the VAD's segmenter). */
const START_VOICED = 3;
const START_WINDOW = 5;
/** Quiet this long ends the caller's speech; shorter gaps are breaths between words. */
const SPEECH_END_MS = 300;

/**
 * The engine's own ear on the caller's audio, in front of every transcriber: the noise suppressor
 * (enable_noise_cancellation) and a voice-activity detector that tells, frame by frame and
 * whatever the transcriber, whether the caller is speaking, when they stopped, and for how long
 * they have been speaking loudly enough to interrupt (interrupt_sensitivity). Barge-in stands the
 * speech's length in for words until the transcript has them; the turn's latency marks start at
 * the end of the caller's speech.
 */
export class CallerListener {
  /** The caller is speaking (the detector, with SPEECH_END_MS of hangover). */
  speaking = false;
  /** performance.now() of the last speech frame. */
  lastSpeechAt: number | null = null;
  private recent: boolean[] = [];
  private quietMs = 0;
  /** How long the current stretch of speech has lasted (breaths between words included). */
  private stretchMs = 0;
  /** Some of it was loud enough to interrupt (interrupt_sensitivity's level). */
  private loudEnough = false;

  private constructor(
    private readonly classifier: FrameClassifier,
    private readonly suppressor: NoiseSuppressor | null,
    private readonly rule: InterruptRule,
    private readonly onSpeechStart: () => void,
  ) {}

  static async open(options: {
    noiseCancellation: boolean;
    rule: InterruptRule;
    onSpeechStart(): void;
    /** A WebAssembly module would not load: the call goes on without it (logged). */
    onUnavailable(what: 'voice-activity detector' | 'noise suppressor', error: unknown): void;
  }): Promise<CallerListener> {
    // Without the WebAssembly detector the engine still hears the caller, by level alone.
    const classifier = await createFrameClassifier().catch((error: unknown) => {
      options.onUnavailable('voice-activity detector', error);
      return createEnergyClassifier();
    });
    const suppressor = options.noiseCancellation
      ? await createNoiseSuppressor().catch((error: unknown) => {
        options.onUnavailable('noise suppressor', error);
        return null;
      })
      : null;
    return new CallerListener(classifier, suppressor, options.rule, options.onSpeechStart);
  }

  /** Listens to one 20 ms frame; returns it as the transcriber should get it (denoised when asked). */
  process(frame: Int16Array): Int16Array {
    const clean = this.suppressor ? this.suppressor.process(frame) : frame;
    const speech = this.classifier.isSpeech(clean);
    if (speech) this.lastSpeechAt = performance.now();
    this.recent.push(speech);
    if (this.recent.length > START_WINDOW) this.recent.shift();
    if (!this.speaking) {
      if (this.recent.filter(Boolean).length >= START_VOICED) this.startSpeech(clean);
      return clean;
    }
    this.stretchMs += FRAME_MS;
    if (speech && rms(clean) >= this.rule.minLevelRms) this.loudEnough = true;
    this.quietMs = speech ? 0 : this.quietMs + FRAME_MS;
    if (this.quietMs >= SPEECH_END_MS) {
      this.speaking = false;
      this.resetInterruption();
    }
    return clean;
  }

  /**
   * Speech that can interrupt, in ms: how long the caller has been speaking (as the realtime
   * engines count it from the server's speech start), once any of it was loud enough.
   */
  get interruptingSpeechMs(): number {
    return this.loudEnough ? this.stretchMs : 0;
  }

  /** The assistant starts a turn: only speech from now on can interrupt it (not the turn it answers). */
  resetInterruption(): void {
    this.stretchMs = 0;
    this.loudEnough = false;
  }

  close(): void {
    this.classifier.close();
    this.suppressor?.close();
  }

  private startSpeech(frame: Int16Array): void {
    this.speaking = true;
    this.quietMs = 0;
    // The stretch started at the window's first speech frame: the caller has been speaking that long.
    this.stretchMs = (this.recent.length - this.recent.indexOf(true)) * FRAME_MS;
    this.loudEnough = rms(frame) >= this.rule.minLevelRms;
    this.onSpeechStart();
  }
}
