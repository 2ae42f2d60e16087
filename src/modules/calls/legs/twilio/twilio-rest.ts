import type { TwilioParams } from './twilio-signature.js';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

/** A refusal or failure of the Twilio REST API, with Twilio's own error code when it sent one. */
export class TwilioApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    /** Twilio's `more_info`: the page of its error code. */
    readonly moreInfo: string | null = null,
    /** Twilio's `message` as it said it. */
    readonly twilioMessage: string | null = null,
  ) {
    super(message);
    this.name = 'TwilioApiError';
  }
}

/** Twilio's "resource not found": hanging up a call that already ended, releasing a number already gone. */
const CALL_GONE = 20404;

export interface TwilioRestOptions {
  /** TWILIO_API_URL, without /2010-04-01. */
  baseUrl: string;
  timeoutMs: number;
}

/** The AvailablePhoneNumbers subresources. */
export type TwilioNumberKind = 'Local' | 'Mobile' | 'TollFree';

/** An Account resource's `status`: only an active account places and receives calls. */
export type TwilioAccountStatus = 'active' | 'suspended' | 'closed';

/**
 * The Voice REST calls the service needs: create a call and update a live one, fetch an account
 * and look up one of its incoming numbers (to prove credentials and numbers before they are
 * registered), search numbers for sale, buy one and give it back, send an SMS. Form bodies
 * with PascalCase keys, list values as repeated keys, HTTP Basic with the account's SID and token.
 */
export function createTwilioRest({ baseUrl, timeoutMs }: TwilioRestOptions) {
  const root = baseUrl.replace(/\/+$/, '');

  function request(
    credentials: TwilioCredentials,
    path: string,
    form?: TwilioParams,
    method: 'GET' | 'POST' | 'DELETE' = form ? 'POST' : 'GET',
  ): Promise<Record<string, unknown>> {
    const url = `${root}/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}${path}`;
    return sendTwilioRequest(url, credentials, { form, method, timeoutMs });
  }

  /** The account's incoming number with exactly this E.164, as Twilio describes it; null when it has none. */
  async function findIncomingNumber(credentials: TwilioCredentials, e164: string): Promise<Record<string, unknown> | null> {
    const page = await request(credentials, `/IncomingPhoneNumbers.json?${new URLSearchParams({ PhoneNumber: e164 })}`);
    const listed = Array.isArray(page.incoming_phone_numbers) ? (page.incoming_phone_numbers as Array<Record<string, unknown>>) : [];
    return listed.find((number) => number.phone_number === e164) ?? null;
  }

  return {
    /** POST /Calls.json; returns the new call's SID. */
    async createCall(credentials: TwilioCredentials, form: TwilioParams): Promise<{ sid: string; status: string }> {
      const call = await request(credentials, '/Calls.json', form);
      if (typeof call.sid !== 'string') throw new TwilioApiError('Twilio answered without a call SID', 200, null);
      return { sid: call.sid, status: typeof call.status === 'string' ? call.status : 'queued' };
    },

    /** POST /Calls/{sid}.json (hang up, or new TwiML); false when the call is already gone. */
    async updateCall(credentials: TwilioCredentials, callSid: string, form: TwilioParams): Promise<boolean> {
      try {
        await request(credentials, `/Calls/${encodeURIComponent(callSid)}.json`, form);
        return true;
      } catch (error) {
        if (error instanceof TwilioApiError && (error.code === CALL_GONE || error.status === 404)) return false;
        throw error;
      }
    },

    /** GET /Accounts/{sid}.json with the account's own credentials: its status (a refusal throws). */
    async fetchAccount(credentials: TwilioCredentials): Promise<{ status: TwilioAccountStatus }> {
      const account = await request(credentials, '.json');
      const status = account.status;
      if (status !== 'active' && status !== 'suspended' && status !== 'closed')
        throw new TwilioApiError('Twilio answered without an account status', 200, null);
      return { status };
    },

    /** Whether the account has this incoming number (E.164): GET /IncomingPhoneNumbers.json?PhoneNumber=, matched exactly. */
    async hasIncomingNumber(credentials: TwilioCredentials, e164: string): Promise<boolean> {
      return (await findIncomingNumber(credentials, e164)) !== null;
    },

    findIncomingNumber,

    /** GET /AvailablePhoneNumbers/{country}/{Local|Mobile|TollFree}.json: one page of numbers for sale. */
    async availableNumbers(
      credentials: TwilioCredentials,
      countryCode: string,
      kind: TwilioNumberKind,
      query: Record<string, string>,
    ): Promise<Array<Record<string, unknown>>> {
      const path = `/AvailablePhoneNumbers/${encodeURIComponent(countryCode)}/${kind}.json?${new URLSearchParams(query)}`;
      const page = await request(credentials, path);
      return Array.isArray(page.available_phone_numbers) ? (page.available_phone_numbers as Array<Record<string, unknown>>) : [];
    },

    /** POST /IncomingPhoneNumbers.json: buys a number; the IncomingPhoneNumber Twilio created. */
    async createIncomingNumber(credentials: TwilioCredentials, form: TwilioParams): Promise<Record<string, unknown>> {
      const number = await request(credentials, '/IncomingPhoneNumbers.json', form);
      if (typeof number.sid !== 'string') throw new TwilioApiError('Twilio answered without a phone number SID', 200, null);
      return number;
    },

    /** POST /Messages.json: sends an SMS; the Message Twilio created (`status` queued). */
    async createMessage(credentials: TwilioCredentials, form: TwilioParams): Promise<{ sid: string; status: string }> {
      const message = await request(credentials, '/Messages.json', form);
      if (typeof message.sid !== 'string') throw new TwilioApiError('Twilio answered without a message SID', 200, null);
      return { sid: message.sid, status: typeof message.status === 'string' ? message.status : 'queued' };
    },

    /** DELETE /IncomingPhoneNumbers/{sid}.json; false when Twilio no longer has it. */
    async deleteIncomingNumber(credentials: TwilioCredentials, sid: string): Promise<boolean> {
      try {
        await request(credentials, `/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`, undefined, 'DELETE');
        return true;
      } catch (error) {
        if (error instanceof TwilioApiError && (error.code === CALL_GONE || error.status === 404)) return false;
        throw error;
      }
    },
  };
}

/**
 * One request to a Twilio REST API (api.twilio.com, voice.twilio.com): a form body with
 * PascalCase keys, list values as repeated keys, HTTP Basic with the account's SID and token;
 * Twilio's JSON answer, or a TwilioApiError with its code when it refused.
 */
export async function sendTwilioRequest(
  url: string,
  credentials: TwilioCredentials,
  options: { form?: TwilioParams; method: 'GET' | 'POST' | 'DELETE'; timeoutMs: number },
): Promise<Record<string, unknown>> {
  const { form, method } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        accept: 'application/json',
      },
      body: form ? formBody(form) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new TwilioApiError(`Twilio could not be reached: ${(error as Error).message}`, null, null);
  }
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    const said = typeof json.message === 'string' ? json.message : null;
    throw new TwilioApiError(
      `Twilio refused the request: ${said ?? `HTTP ${response.status}`}`,
      response.status,
      typeof json.code === 'number' ? json.code : null,
      typeof json.more_info === 'string' ? json.more_info : null,
      said,
    );
  }
  return json;
}

function formBody(form: TwilioParams): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return body;
}

export type TwilioRest = ReturnType<typeof createTwilioRest>;
