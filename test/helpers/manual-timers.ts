import type { EngineTimers } from '../../src/modules/calls/engine/timers.js';

/**
 * Engine timers moved by hand: `advance(ms)` runs every timer that falls due, in order, so
 * silence, re-engagement and duration limits are tested without waiting. Pass the test's
 * ManualClock to move it along.
 */
export function manualTimers(clock?: { advance(ms: number): unknown }) {
  let nowMs = 0;
  let sequence = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: EngineTimers = {
    after(ms, fn) {
      const id = ++sequence;
      pending.set(id, { at: nowMs + ms, fn });
      return () => void pending.delete(id);
    },
  };
  return {
    timers,
    /** Milliseconds until the next timer (Infinity when none). */
    nextDueInMs: () => Math.min(Infinity, ...[...pending.values()].map((t) => t.at - nowMs)),
    pendingCount: () => pending.size,
    /** Milliseconds until each pending timer, soonest first. */
    dueInMs: () => [...pending.values()].map((t) => t.at - nowMs).sort((a, b) => a - b),
    advance(ms: number): void {
      const target = nowMs + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        pending.delete(due[0]);
        clock?.advance(due[1].at - nowMs);
        nowMs = due[1].at;
        due[1].fn();
      }
      clock?.advance(target - nowMs);
      nowMs = target;
    },
  };
}
