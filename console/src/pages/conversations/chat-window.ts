/** The chat app's 24-hour reply window in words a shop owner reads. */
export function windowInWords(session: { is_open: boolean; minutes_remaining?: number; message: string }): string {
  if (!session.is_open) return 'You can answer again once the customer writes.';
  const minutes = session.minutes_remaining ?? 0;
  if (minutes >= 60) {
    const hours = Math.floor(minutes / 60);
    return `You can write freely for ${hours} more hour${hours === 1 ? '' : 's'}.`;
  }
  return `You can write freely for ${minutes} more minute${minutes === 1 ? '' : 's'}.`;
}

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A message's time to the second: messages of one minute keep their order visible. */
export function formatTime(iso: string): string {
  return time.format(new Date(iso));
}
