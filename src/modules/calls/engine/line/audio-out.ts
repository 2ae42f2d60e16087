import { FRAME_MS, samplesPerFrame } from '../../audio/frames.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';
import type { CallMedia } from '../../legs/media.types.js';
import { mixFrames, type AmbientBed } from './ambient.js';
import { alignToFrameGrid, onFrameTick } from './frame-ticker.js';
import type { CallRecorder } from './call-recorder.js';

const FRAME_SAMPLES = samplesPerFrame(ENGINE_SAMPLE_RATE);
/** Audio handed to the leg ahead of real time, to ride over timer jitter without gaps. */
const DEFAULT_LEAD_MS = 60;
/** After a stall longer than this (a blocked event loop), pacing restarts instead of bursting. */
const MAX_CATCH_UP_MS = 200;

type Item = { frame: Int16Array; onSent?: (legMsBefore: number) => void } | { mark: string };

/**
 * The assistant's side of the line, paced in real time: frames go to the leg at the rate they
 * play, a little ahead, so a barge-in has almost nothing buffered downstream and `clear` stops
 * the voice at once. With an ambient bed the line is never silent: the bed fills gaps and is
 * mixed under speech. Without one, pacing stops when there is nothing to say and the first frame
 * of the next sentence goes out immediately.
 */
export class AudioOut {
  private queue: Item[] = [];
  /** Leaves the shared frame ticker (null while the line rests). */
  private timer: (() => void) | null = null;
  private anchorMs = 0;
  private framesSinceAnchor = 0;
  /** Frames due since the anchor as of the last pump on a tick (or a restart). */
  private dueAtTick = 0;
  /** What the leg has been given, in its own accounting (reset to what was played on clear). */
  private legMs = 0;
  private stopped = false;
  private readonly leadFrames: number;
  private bed: AmbientBed | null;
  /** whenPlayed's marks, by name, until the leg reports them. */
  private readonly playedWaiters = new Map<string, () => void>();
  private waiterSequence = 0;

  constructor(
    private readonly media: CallMedia,
    private readonly options: { ambient: AmbientBed | null; recorder: CallRecorder | null; leadMs?: number; now?: () => number },
  ) {
    this.leadFrames = Math.round((options.leadMs ?? DEFAULT_LEAD_MS) / FRAME_MS);
    this.bed = options.ambient;
    if (this.bed) this.wake();
  }

  /** Queues one 20 ms frame; `onSent` learns the leg's position just before it went out. */
  enqueue(frame: Int16Array, onSent?: (legMsBefore: number) => void): void {
    if (this.stopped) return;
    this.queue.push({ frame, onSent });
    this.wake();
  }

  /** The leg reports this mark (onMark) once everything queued before it has played. */
  mark(name: string): void {
    if (this.stopped) return;
    this.queue.push({ mark: name });
    this.wake();
  }

  /**
   * Resolves once everything queued so far has played (or was cleared away, or the line stopped).
   * The engine hands the leg's marks to `marked` first.
   */
  whenPlayed(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const name = `played-${++this.waiterSequence}`;
    return new Promise((resolve) => {
      this.playedWaiters.set(name, resolve);
      this.mark(name);
    });
  }

  /** The leg reported a mark: true when it was one of whenPlayed's (no utterance owns it). */
  marked(name: string): boolean {
    const resolve = this.playedWaiters.get(name);
    if (!resolve) return false;
    this.playedWaiters.delete(name);
    resolve();
    return true;
  }

  /**
   * Replaces the background bed (hold music while a supervisor is dialled); null brings back the
   * call's ambient bed, or silence.
   */
  setBed(bed: AmbientBed | null): void {
    this.bed = bed ?? this.options.ambient;
    if (this.bed) this.wake();
  }

  /** True while speech frames wait here. */
  get busy(): boolean {
    return this.queue.some((item) => 'frame' in item);
  }

  /** Barge-in: drop what waits here and what the leg has buffered. */
  clear(): void {
    this.queue = [];
    this.media.clear();
    this.legMs = this.media.playedMs();
    this.options.recorder?.dropUnplayed();
    this.releaseWaiters();
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
    this.timer?.();
    this.timer = null;
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    for (const resolve of this.playedWaiters.values()) resolve();
    this.playedWaiters.clear();
  }

  private now(): number {
    return this.options.now?.() ?? performance.now();
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.timer) {
      // Paced by the ticker: only what was due at its last tick may go now (audio that arrived
      // late). Frames falling due since then wait for the next tick, or they would go out up to
      // half a frame early and the caller would hear the line jitter.
      this.send(this.dueAtTick);
      return;
    }
    this.timer = onFrameTick(() => this.pump());
    // Resting since the line went quiet: restart the clock now. Still playing what was sent
    // (the synthesizer's next chunk is simply late): keep the clock, or we would run ahead.
    if (this.anchorMs + this.framesSinceAnchor * FRAME_MS <= this.now()) {
      // On the shared ticker's grid (real time only): its ticks then fall mid-frame on this line.
      this.anchorMs = this.options.now ? this.now() : alignToFrameGrid(this.now());
      this.framesSinceAnchor = 0;
    }
    this.pump();
  }

  private pump(): void {
    const elapsed = this.now() - this.anchorMs;
    if (elapsed - this.framesSinceAnchor * FRAME_MS > MAX_CATCH_UP_MS) {
      const now = this.options.now ? this.now() : alignToFrameGrid(this.now());
      this.anchorMs = now - this.framesSinceAnchor * FRAME_MS;
    }
    this.dueAtTick = Math.floor((this.now() - this.anchorMs) / FRAME_MS) + 1 + this.leadFrames;
    this.send(this.dueAtTick);
  }

  /** Sends queued frames (and the marks between them) until `due` frames went out since the anchor. */
  private send(due: number): void {
    while (this.framesSinceAnchor < due) {
      const item = this.queue.shift();
      if (item && 'mark' in item) {
        this.media.mark(item.mark);
        continue;
      }
      const bed = this.bed?.next(FRAME_SAMPLES);
      if (!item && !bed) {
        // Nothing to say and no bed: rest until the next enqueue restarts the clock.
        this.timer?.();
        this.timer = null;
        return;
      }
      const frame = item ? (bed ? mixFrames(item.frame, bed) : item.frame) : bed!;
      item?.onSent?.(this.legMs);
      this.media.send(frame);
      this.options.recorder?.assistant(frame);
      this.legMs += FRAME_MS;
      this.framesSinceAnchor += 1;
    }
  }
}
