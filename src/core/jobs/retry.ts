/** Thrown by a handler to be retried after a delay of its choosing (e.g. a Retry-After header). */
export class RetryableJobError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'RetryableJobError';
  }
}

/** Thrown by a handler when trying again cannot help: the job is dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** [0, 1); injected so tests can pin the jitter. */
  random: () => number;
}

/**
 * Exponential backoff with "equal jitter": the delay doubles per attempt up to a cap, and a
 * random half of it is added, so a burst of jobs that failed together does not retry together.
 */
export function exponentialBackoff({ baseMs, maxMs, random }: BackoffOptions): (attempt: number) => number {
  return (attempt) => {
    const capped = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(capped / 2 + random() * (capped / 2));
  };
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
