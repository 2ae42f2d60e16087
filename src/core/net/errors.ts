/**
 * What can go wrong calling a user-supplied URL. Callers record these (on a delivery, a tool
 * call) instead of letting them become 500s, so each carries a code and a readable message.
 */
export type OutboundErrorCode = 'INVALID_URL' | 'FORBIDDEN_ADDRESS' | 'DNS_FAILED' | 'TOO_MANY_REDIRECTS' | 'TIMEOUT' | 'NETWORK';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }

  /** A refusal is a property of the URL: sending again cannot succeed. */
  get refused(): boolean {
    return this.code === 'INVALID_URL' || this.code === 'FORBIDDEN_ADDRESS';
  }
}

/** The URL (or an address it resolves to) is one we will not call. */
export class UrlRefusedError extends OutboundError {
  constructor(code: 'INVALID_URL' | 'FORBIDDEN_ADDRESS', message: string) {
    super(code, message);
    this.name = 'UrlRefusedError';
  }
}
