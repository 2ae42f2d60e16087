/** Control of a live call's carrier leg, independent of its media stream. */
export interface CallTelephony {
  /** Ends the call for everyone; a call that is already gone is not an error. */
  hangUp(): Promise<void>;
  /**
   * Hands the caller to another number: the media stream stops and the carrier dials `to`.
   * `announcement` is spoken to the caller first (e.g. "Transferring you now").
   */
  transfer(to: string, options?: { announcement?: string; callerId?: string }): Promise<void>;
  /**
   * Warm transfer, where the carrier can: dials the supervisor, who hears `briefing` (spoken in
   * order) and joins `conference`; the caller is moved into the same conference, on hold music
   * (or silence) until the supervisor arrives. Absent: only cold transfers.
   */
  warmTransfer?(plan: WarmTransferPlan): Promise<void>;
}

export interface WarmTransferPlan {
  to: string;
  callerId?: string;
  conference: string;
  holdMusic: boolean;
  briefing: string[];
}

/** A leg without a carrier (a browser call): hanging up closes the socket, transfers are refused. */
export const noTelephony = (close: () => Promise<void>): CallTelephony => ({
  hangUp: close,
  async transfer() {
    throw new Error('This call cannot be transferred: it has no telephone line.');
  },
});
