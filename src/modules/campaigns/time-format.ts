/** "2025-06-30 11:53:20": the reference's list timestamp style (UTC). */
export function listTimestampOf(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
