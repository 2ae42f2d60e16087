import { FRAME_MS } from '../audio/frames.js';

/**
 * One 20 ms clock for every call's outbound pacing in the process. A timer per call would wake
 * the event loop once per call per frame, at as many phases as there are calls (5,000 wake-ups a
 * second at 100 calls); one shared ticker wakes it 50 times a second and paces every line in one
 * pass. Each line stays anchored on its own clock (AudioOut sends what is due on each tick), so
 * the tick's phase changes nothing a caller hears. The timer runs only while some line listens.
 */
const listeners = new Set<() => void>();
let timer: NodeJS.Timeout | null = null;

function tick(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      // One line's failure must not stop the others' audio; it surfaces as an uncaught error.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/** Calls `listener` every FRAME_MS until the returned function is called. */
export function onFrameTick(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, FRAME_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
