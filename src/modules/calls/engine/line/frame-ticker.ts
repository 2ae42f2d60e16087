import { FRAME_MS } from '../../audio/frames.js';

/**
 * One 20 ms clock for every call's outbound pacing in the process. A timer per call would wake
 * the event loop once per call per frame, at as many phases as there are calls (5,000 wake-ups a
 * second at 100 calls); one shared ticker wakes it 50 times a second and paces every line in one
 * pass. Ticks stay on a fixed grid (a setInterval would drift by its callbacks' run time), and
 * lines anchor their own clocks half a frame off the grid (alignToFrameGrid): a tick then falls
 * mid-frame on every line, and a tick up to 10 ms late still sends exactly one frame. The timer
 * runs only while some line listens.
 */
const listeners = new Set<() => void>();
let timer: NodeJS.Timeout | null = null;
/** performance.now() of the grid's first tick, and the ticks since. */
let origin = 0;
let ticks = 0;

function schedule(): void {
  const now = performance.now();
  ticks += 1;
  // After a stall, skip the ticks missed: each line sends what is due on its own clock anyway.
  if (origin + ticks * FRAME_MS < now) ticks = Math.floor((now - origin) / FRAME_MS) + 1;
  timer = setTimeout(tick, origin + ticks * FRAME_MS - now);
}

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
  if (listeners.size > 0) schedule();
  else timer = null;
}

/** Calls `listener` every FRAME_MS (on the shared grid) until the returned function is called. */
export function onFrameTick(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    origin = performance.now();
    ticks = 0;
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

/**
 * A line's clock anchor for a line starting at `now` (performance.now()): the latest time at or
 * before it that lies half a frame off the ticker's grid, so that ticks fall mid-frame. `now`
 * itself when the ticker is not running (it starts on this line's grid).
 */
export function alignToFrameGrid(now: number): number {
  if (!timer) return now;
  const offset = (((now - (origin - FRAME_MS / 2)) % FRAME_MS) + FRAME_MS) % FRAME_MS;
  return now - offset;
}
