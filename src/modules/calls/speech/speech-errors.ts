/**
 * A speech provider failed (refused the key, answered an error, dropped the connection). The
 * engine catches it to apologise or hang up cleanly; the message names the provider and what it
 * said, never the key.
 */
export class SpeechProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'SpeechProviderError';
  }
}

/** The first 300 characters of an error body: enough to diagnose, bounded for logs. */
export async function describeErrorBody(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
