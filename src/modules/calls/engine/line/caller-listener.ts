import { FRAME_MS } from '../../audio/frames.js';
import { createNoiseSuppressor, type NoiseSuppressor, type NoiseSuppressorKind } from '../../audio/noise-suppressor.js';
import { rms } from '../../audio/test-signal.js';
import { createEnergyClassifier, createFrameClassifier, type FrameClassifier } from '../../speech/vad.js';
import type { InterruptRule } from '../behaviour/endpointing.js';
import type { NoiseSuppressorPool, QueuedNoiseSuppressor } from '../../audio/noise-suppressor-pool.js';

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
 * the end of the caller's speech. With a noise-suppressor pool the denoising runs on its threads:
 * a frame is heard (and handed on) once it comes back, a fraction of a millisecond later.
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

  private suppressor: NoiseSuppressor | null = null;
  private queued: QueuedNoiseSuppressor | null = null;

  private constructor(
    private readonly classifier: FrameClassifier,
    private readonly rule: InterruptRule,
    private readonly onSpeechStart: () => void,
    private readonly onHeard: (frame: Int16Array) => void,
  ) {}

  static async open(options: {
    noiseCancellation: boolean;
    /** Threads for the noise suppressor; without, it runs on the event loop. */
    pool?: NoiseSuppressorPool | null;
    /** The suppressor without a pool (the default's otherwise). */
    suppressor?: NoiseSuppressorKind;
    rule: InterruptRule;
    onSpeechStart(): void;
    /** Each frame once heard, as the transcriber should get it (denoised when asked), in order. */
    onHeard?(frame: Int16Array): void;
    /** A WebAssembly module would not load: the call goes on without it (logged). */
    onUnavailable(what: 'voice-activity detector' | 'noise suppressor', error: unknown): void;
  }): Promise<CallerListener> {
    // Without the WebAssembly detector the engine still hears the caller, by level alone.
    const classifier = await createFrameClassifier().catch((error: unknown) => {
      options.onUnavailable('voice-activity detector', error);
      return createEnergyClassifier();
    });
    const listener = new CallerListener(classifier, options.rule, options.onSpeechStart, options.onHeard ?? (() => undefined));
    if (!options.noiseCancellation) return listener;
    try {
      if (options.pool) listener.queued = await options.pool.open((clean) => listener.heard(clean));
      else listener.suppressor = await createNoiseSuppressor({ kind: options.suppressor });
    } catch (error) {
      options.onUnavailable('noise suppressor', error);
    }
    return listener;
  }

  /** Listens to one 20 ms frame; onHeard gets it (denoised when asked) once heard. */
  hear(frame: Int16Array): void {
    if (this.queued) this.queued.push(frame);
    else this.heard(this.suppressor ? this.suppressor.process(frame) : frame);
  }

  /** Listens to one 20 ms frame at once (no pool); returns it as the transcriber should get it. */
  process(frame: Int16Array): Int16Array {
    if (this.queued) throw new Error('a listener on a noise-suppressor pool hears frames with hear()');
    const clean = this.suppressor ? this.suppressor.process(frame) : frame;
    this.listen(clean);
    return clean;
  }

  private heard(clean: Int16Array): void {
    this.listen(clean);
    this.onHeard(clean);
  }

  private listen(clean: Int16Array): void {
    const speech = this.classifier.isSpeech(clean);
    if (speech) this.lastSpeechAt = performance.now();
    this.recent.push(speech);
    if (this.recent.length > START_WINDOW) this.recent.shift();
    if (!this.speaking) {
      if (this.recent.filter(Boolean).length >= START_VOICED) this.startSpeech(clean);
      return;
    }
    this.stretchMs += FRAME_MS;
    if (speech && rms(clean) >= this.rule.minLevelRms) this.loudEnough = true;
    this.quietMs = speech ? 0 : this.quietMs + FRAME_MS;
    if (this.quietMs >= SPEECH_END_MS) {
      this.speaking = false;
      this.resetInterruption();
    }
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
    this.queued?.close();
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
