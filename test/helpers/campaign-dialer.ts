import { expect } from 'vitest';
import type { TwilioRestRequest } from './fakes/twilio.js';
import { postTwilio, type VoiceTestApp } from './voice.js';

/** The call id our server gave a dial (its status callback names it). */
export const callIdOf = (create: TwilioRestRequest) => Number(new URL(String(create.form.StatusCallback)).searchParams.get('call_id'));

/** Twilio's side of a campaign's dials: what was placed from a number, and ending those calls as Twilio reports them. */
export function dialsFrom(v: VoiceTestApp, from: string) {
  const creates = () => v.twilio.creates().filter((c) => c.form.From === from && c.sid);
  const status = (create: TwilioRestRequest, params: Record<string, string>) =>
    postTwilio(
      v.t,
      `/api/voice/twilio/status?call_id=${callIdOf(create)}`,
      { AccountSid: v.accountSid, CallSid: create.sid!, Direction: 'outbound-api', ...params },
      { token: v.authToken },
    );
  return {
    creates,
    /** The numbers dialled, in order. */
    to: () => creates().map((c) => c.form.To),
    /** Ends the call as Twilio would report it; `answered` first puts it in progress (and says who answered). */
    async end(create: TwilioRestRequest, outcome: 'completed' | 'no-answer' | 'busy' | 'failed', answeredBy?: string) {
      if (outcome === 'completed') {
        const res = await status(create, { CallStatus: 'in-progress', ...(answeredBy ? { AnsweredBy: answeredBy } : {}) });
        expect(res.statusCode).toBe(200);
      }
      const res = await status(create, { CallStatus: outcome, CallDuration: outcome === 'completed' ? '5' : '0' });
      expect(res.statusCode).toBe(200);
    },
  };
}
