/**
 * Reading untrusted webhook JSON without throwing: each helper yields a value of the expected
 * type or undefined (an empty list for arrays), whatever arrived.
 */
export type Obj = Record<string, unknown>;
export const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined;

/** Unix seconds, sent as a string or (older payloads) an integer. */
export function unixSeconds(v: unknown): Date | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : NaN;
  // Bounded so an absurd value never becomes an invalid date (or one the database refuses).
  return Number.isFinite(n) && n > 0 && n < 1e11 ? new Date(n * 1000) : null;
}
