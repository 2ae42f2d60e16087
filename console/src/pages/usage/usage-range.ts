export type ExportKind = 'calls' | 'conversations' | 'ledger';

export const EXPORTS: ReadonlyArray<{ kind: ExportKind; label: string }> = [
  { kind: 'calls', label: 'Export calls (CSV)' },
  { kind: 'conversations', label: 'Export conversations (CSV)' },
  { kind: 'ledger', label: 'Export ledger (CSV)' },
];

/** YYYY-MM-DD of a date in the browser's time zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last 30 days, today included. */
export function defaultRange(today: Date): [string, string] {
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return [localDay(first), localDay(today)];
}

/**
 * Follows a short-lived export link as a download: the browser streams the file to disk itself,
 * so a year of calls never sits in the page's memory, and the session token stays in its header.
 */
export function downloadFrom(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
