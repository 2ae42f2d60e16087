const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** USD amounts as the API gives them (numbers), e.g. "$12.50", "-$0.01". */
export function formatUsd(amount: number): string {
  return money.format(amount);
}

/** A change of balance with its sign, e.g. "+$2.00", "-$0.01". */
export function formatUsdChange(amount: number): string {
  return amount > 0 ? `+${money.format(amount)}` : money.format(amount);
}

const LIST_STYLE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * A time as the API writes it: ISO 8601, or list-style "2026-01-15 10:00:00", which is UTC (a
 * browser would read it as local time).
 */
export function parseApiTime(text: string): Date {
  return new Date(LIST_STYLE.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}

export function formatDateTime(text: string | null | undefined): string {
  return text ? dateTime.format(parseApiTime(text)) : '—';
}

/** Whole seconds from one API time to another, or null when either is missing. */
export function secondsBetween(from: string | null | undefined, to: string | null | undefined): number | null {
  if (!from || !to) return null;
  return Math.max(0, Math.round((parseApiTime(to).getTime() - parseApiTime(from).getTime()) / 1000));
}
