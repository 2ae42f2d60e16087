/** Money is integer micro-USD everywhere inside the service: 0.01 USD = 10_000. */
export const MICROS_PER_USD = 1_000_000;

export function usdToMicros(usd: number): number {
  if (!Number.isFinite(usd)) throw new RangeError('amount must be a finite number');
  return Math.round(usd * MICROS_PER_USD);
}

/** For the wire only: the API speaks USD numbers. */
export function microsToUsd(micros: number): number {
  return micros / MICROS_PER_USD;
}
