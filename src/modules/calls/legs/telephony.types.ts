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
   * order) and then joins `conference`. The caller stays with the engine until `joinCaller`
   * moves them there; the supervisor leg's progress arrives through the session's signals.
   * Absent: only cold transfers.
   */
  dialSupervisor?(plan: SupervisorDial): Promise<SupervisorLeg>;
}

export interface SupervisorDial {
  /** E.164, or a SIP address (sip:user@host) for a custom_sip tool. */
  to: string;
  callerId?: string;
  conference: string;
  briefing: string[];
  /** How long the supervisor's phone rings before the carrier gives up. */
  ringSeconds: number;
}

export interface SupervisorLeg {
  /** The carrier's id of the supervisor's call (its progress callbacks name it). */
  id: string;
  /** Moves the caller into the conference, on the carrier's hold music or silence; the media stream ends. */
  joinCaller(holdMusic: boolean): Promise<void>;
  /** Stops ringing the supervisor (or hangs their call up); a call already gone is not an error. */
  cancel(): Promise<void>;
}

/** Progress of a supervisor's call, as the carrier reports it. */
export interface SupervisorProgress {
  legId: string;
  status: 'ringing' | 'answered' | 'busy' | 'no-answer' | 'failed' | 'canceled' | 'completed';
}

/** A leg without a carrier (a browser call): hanging up closes the socket, transfers are refused. */
export const noTelephony = (close: () => Promise<void>): CallTelephony => ({
  hangUp: close,
  async transfer() {
    throw new Error('This call cannot be transferred: it has no telephone line.');
  },
});
