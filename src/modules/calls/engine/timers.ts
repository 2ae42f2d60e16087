/**
 * The engine's conversational timers (silence, re-engagement, max duration) go through this so
 * tests can move time by hand; audio pacing stays on real time, since it is the phone line's clock.
 */
export interface EngineTimers {
  /** Runs `fn` once after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const realTimers: EngineTimers = {
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};
