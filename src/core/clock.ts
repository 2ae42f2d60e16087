/** Time is injected everywhere so windows, expiries and schedules are testable without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. Used by tests and by benchmarks that need stable time. */
export class ManualClock implements Clock {
  private currentMs: number;

  constructor(start: Date | string = '2026-01-15T10:00:00.000Z') {
    this.currentMs = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.currentMs);
  }

  advance(ms: number): Date {
    this.currentMs += ms;
    return this.now();
  }

  set(to: Date | string): void {
    this.currentMs = new Date(to).getTime();
  }
}
