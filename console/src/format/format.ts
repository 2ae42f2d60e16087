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

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}
