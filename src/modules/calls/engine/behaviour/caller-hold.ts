import type { AmbientBed } from '../line/ambient.js';
import type { CallTransferRequest } from '../functions/call-functions.js';
import { warmHandOver, type HandOverContext } from './hand-over.js';

export type HeldTransferOutcome =
  | { kind: 'joined' }
  | { kind: 'failed' }
  | { kind: 'unanswered'; reason: string }
  /** The call had to end while the caller was on hold; the supervisor leg is stopped. */
  | { kind: 'ended'; reason: string; farewell?: string };

/**
 * A warm transfer with the caller held on the engine's own line, for any engine that can take
 * the caller back: `transfer` runs the hand-over with hold music through `music`; meanwhile
 * `end` (the caller hung up, max duration, balance) cancels the hold, and the transfer resolves
 * with that end once the supervisor leg is stopped.
 */
export class CallerHold {
  private holding: AbortController | null = null;

  /** True while the caller waits for the supervisor (not once they are being moved to them). */
  get active(): boolean {
    return this.holding !== null;
  }

  async transfer(
    request: CallTransferRequest,
    ctx: HandOverContext,
    music: (bed: AmbientBed | null) => void,
  ): Promise<HeldTransferOutcome> {
    const holding = new AbortController();
    this.holding = holding;
    try {
      const outcome = await warmHandOver(request, ctx, { music, cancelled: holding.signal, leaving: () => (this.holding = null) });
      if (outcome.kind !== 'cancelled') return outcome;
      const end = holding.signal.reason as { reason: string; farewell?: string };
      return { kind: 'ended', ...end };
    } finally {
      if (this.holding === holding) this.holding = null;
    }
  }

  /** The call must end: true when the caller was on hold (the transfer then resolves with this end). */
  end(reason: string, farewell?: string): boolean {
    if (!this.holding) return false;
    this.holding.abort({ reason, ...(farewell ? { farewell } : {}) });
    return true;
  }
}
