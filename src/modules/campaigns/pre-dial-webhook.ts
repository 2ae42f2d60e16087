import type { Logger } from 'pino';
import type { HttpClient } from '../../core/net/index.js';
import { signPayload } from '../../core/net/index.js';

export type PreDialVerdict = 'dial' | 'skip' | 'error';

export interface PreDialRequest {
  url: string;
  secret: string;
  campaign: { id: number; name: string };
  lead: { id: number; phone_number: string; variables: Record<string, unknown>; call_tries: number };
  now: Date;
}

/**
 * Asks the campaign's pre-dial webhook whether to dial a lead, signed as our other webhooks are
 * (`X-Signature-256: sha256=HMAC(secret, "<X-Timestamp>.<body>")`). Only a 2xx answer that does
 * not say `{"skip": true}` dials: a timeout, an error or another status skips the lead, since a
 * receiver that cannot answer cannot have vetted it.
 */
export function createPreDialWebhook(deps: { http: HttpClient; timeoutMs: number; logger: Logger }) {
  return async function askPreDial(request: PreDialRequest): Promise<PreDialVerdict> {
    const body = JSON.stringify({ event: 'pre_dial', campaign: request.campaign, lead: request.lead });
    const timestamp = Math.floor(request.now.getTime() / 1000);
    try {
      const res = await deps.http.request(request.url, {
        method: 'POST',
        body,
        timeoutMs: deps.timeoutMs,
        maxResponseBytes: 16 * 1024,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': String(timestamp),
          'x-signature-256': signPayload(request.secret, timestamp, body),
        },
      });
      if (res.status < 200 || res.status >= 300) return 'error';
      const answer = parseJson(res.body.toString('utf8'));
      return answer && typeof answer === 'object' && (answer as { skip?: unknown }).skip === true ? 'skip' : 'dial';
    } catch (error) {
      deps.logger.info(
        { err: error, campaignId: request.campaign.id, leadId: request.lead.id },
        'pre-dial webhook failed; the lead is skipped',
      );
      return 'error';
    }
  };
}

export type AskPreDial = ReturnType<typeof createPreDialWebhook>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
