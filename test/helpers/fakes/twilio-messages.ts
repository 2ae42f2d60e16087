import { randomBytes } from 'node:crypto';
import { SegmentedMessage } from 'sms-segments-calculator';
import type { Answer, FakeNumbers } from './twilio-numbers.js';
import type { Form } from './twilio.js';

/**
 * Twilio's Messages API, for the fake REST API: sending an SMS from one of the account's numbers
 * (POST /Messages.json) with the Message resource and the error bodies Twilio answers with, and
 * the webhooks Twilio sends about messages (status callbacks, inbound SMS to a number's SmsUrl),
 * ready to be signed and delivered by a test.
 */

/** Why Twilio refuses to send to a number, with its error code. */
export type SmsRefusal = 'unsubscribed' | 'region' | 'unreachable' | 'invalid' | 'not_mobile';

const error = (code: number, message: string, status = 400): Answer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/** Twilio's refusals of a message (twilio.com/docs/errors/{code}). */
export const messageErrors = {
  toRequired: () => error(21604, "A 'To' phone number is required."),
  bodyRequired: () => error(21602, 'Message body is required.'),
  tooLong: () => error(21617, 'The concatenated message body exceeds the 1600 character limit.'),
  notFromAccount: (from: string) =>
    error(21606, `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`),
  unsubscribed: () => error(21610, 'Attempt to send to unsubscribed recipient'),
  region: (to: string) =>
    error(21408, `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`),
  unreachable: (to: string, from: string) =>
    error(21612, `The 'To' phone number: ${to}, is not currently reachable using the 'From' phone number: ${from} via SMS.`),
  invalid: (to: string) => error(21211, `The 'To' number ${to} is not a valid phone number.`),
  notMobile: () => error(21614, "'To' number is not a valid mobile number"),
};

/** Twilio's long-code keywords: opt-out and opt-in (it blocks and unblocks the pair itself). */
const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const OPT_IN = new Set(['START', 'YES', 'UNSTOP']);

export interface SentMessage {
  accountSid: string;
  sid: string;
  from: string;
  to: string;
  body: string;
  segments: number;
  statusCallback: string | null;
}

/** A webhook Twilio would send: the URL it requests and its form; sign it with the account's token. */
export interface TwilioWebhook {
  accountSid: string;
  url: string;
  params: Form;
}

const text = (form: Form, key: string) => (typeof form[key] === 'string' ? (form[key] as string) : undefined);
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

export function createFakeMessages(numbers: FakeNumbers) {
  const sent: SentMessage[] = [];
  const refusals = new Map<string, SmsRefusal>();
  /** `{our number} {customer}` pairs the customer unsubscribed from (Twilio's STOP filtering). */
  const unsubscribed = new Set<string>();

  function refusal(to: string, from: string): Answer | null {
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return messageErrors.invalid(to);
    if (unsubscribed.has(`${from} ${to}`)) return messageErrors.unsubscribed();
    const kind = refusals.get(to);
    if (kind === 'unsubscribed') return messageErrors.unsubscribed();
    if (kind === 'region') return messageErrors.region(to);
    if (kind === 'unreachable') return messageErrors.unreachable(to, from);
    if (kind === 'invalid') return messageErrors.invalid(to);
    if (kind === 'not_mobile') return messageErrors.notMobile();
    return null;
  }

  function create(account: string, form: Form): Answer {
    const to = text(form, 'To');
    const from = text(form, 'From') ?? '';
    const body = text(form, 'Body') ?? '';
    if (!to) return messageErrors.toRequired();
    if (!body) return messageErrors.bodyRequired();
    const ours = numbers.incoming(account).find((n) => n.phone_number === from);
    if (!ours?.capabilities.sms) return messageErrors.notFromAccount(from);
    if (body.length > 1600) return messageErrors.tooLong();
    const refused = refusal(to, from);
    if (refused) return refused;
    const segments = new SegmentedMessage(body).segmentsCount;
    const message: SentMessage = {
      accountSid: account,
      sid: `SM${randomBytes(16).toString('hex')}`,
      from,
      to,
      body,
      segments,
      statusCallback: text(form, 'StatusCallback') ?? null,
    };
    sent.push(message);
    const now = rfc2822(new Date());
    const uri = `/2010-04-01/Accounts/${account}/Messages/${message.sid}.json`;
    return {
      status: 201,
      body: {
        account_sid: account,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        messaging_service_sid: null,
        num_media: '0',
        num_segments: String(segments),
        price: null,
        price_unit: 'USD',
        sid: message.sid,
        status: 'queued',
        subresource_uris: { media: `${uri.replace('.json', '')}/Media.json` },
        to,
        uri,
      },
    };
  }

  return {
    /** Twilio's answer to a Messages request of `account`, or null when `path` is not one. */
    answer(method: string, account: string, path: string, form: Form): Answer | null {
      if (method === 'POST' && path === `/2010-04-01/Accounts/${account}/Messages.json`) return create(account, form);
      return null;
    },
    handles: (path: string) => /\/Messages\.json$/.test(path),
    sent,
    /** Twilio will refuse every message to this number, as it does for these reasons. */
    refuseTo(to: string, why: SmsRefusal) {
      refusals.set(to, why);
    },

    /** The status callback Twilio sends for a message it took (MessageStatus, and ErrorCode when it failed). */
    statusCallback(sid: string, status: string, errorCode?: number): TwilioWebhook {
      const message = sent.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no status callback was asked for ${sid}`);
      const params: Form = {
        AccountSid: message.accountSid,
        ApiVersion: '2010-04-01',
        From: message.from,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: message.to,
      };
      if (errorCode !== undefined) params.ErrorCode = String(errorCode);
      return { accountSid: message.accountSid, url: message.statusCallback, params };
    },

    /**
     * An SMS from `from` to one of our numbers, as Twilio posts it to that number's SmsUrl
     * (`url` for a number bought without one). Keywords act as Twilio's STOP filtering does.
     */
    inbound(input: { from: string; to: string; body: string; url?: string; accountSid?: string }): TwilioWebhook {
      const owner = numbers.owner(input.to);
      const accountSid = input.accountSid ?? owner?.account;
      const url = input.url ?? owner?.number.sms_url;
      if (!accountSid || !url) throw new Error(`no account has ${input.to} with an SMS URL`);
      const word = input.body.trim().toUpperCase();
      if (OPT_OUT.has(word)) unsubscribed.add(`${input.to} ${input.from}`);
      if (OPT_IN.has(word)) unsubscribed.delete(`${input.to} ${input.from}`);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const params: Form = {
        ToCountry: 'US',
        ToState: 'CA',
        SmsMessageSid: sid,
        NumMedia: '0',
        ToCity: '',
        FromZip: '',
        SmsSid: sid,
        FromState: '',
        SmsStatus: 'received',
        FromCity: '',
        Body: input.body,
        FromCountry: 'US',
        To: input.to,
        ToZip: '',
        NumSegments: String(new SegmentedMessage(input.body).segmentsCount),
        MessageSid: sid,
        AccountSid: accountSid,
        From: input.from,
        ApiVersion: '2010-04-01',
      };
      return { accountSid, url, params };
    },
  };
}

export type FakeMessages = ReturnType<typeof createFakeMessages>;
