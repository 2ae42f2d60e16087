import type { paths } from '../../api/client.js';

/** One account as the operator's list shows it. */
export type OperatorAccount = paths['/api/operator/accounts']['get']['responses'][200]['content']['application/json']['data'][number];

/** Every page and search of the list shares this key: a change refreshes whichever is shown. */
export const OPERATOR_ACCOUNTS = ['operator-accounts'] as const;

/** A USD amount typed by a person: a number with at most 6 decimals (the API's precision), or null. */
export function parseUsd(text: string): number | null {
  return /^\d+(\.\d{1,6})?$/.test(text.trim()) ? Number(text.trim()) : null;
}
