import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/http/errors.js';
import { MessageBody } from '../../core/http/schemas.js';
import type { CarrierWebhook } from './sms-carrier.port.js';
import { SmsSignatureError, type SmsWebhooks } from './sms-webhooks.js';

const tags = ['SMS: Twilio'];
/** Twilio's SMS webhooks are a few hundred bytes (a body of at most 1,600 characters); anything near this is not Twilio. */
const FORM_BODY_LIMIT = 64 * 1024;
/** An empty answer: replies go out through the API, priced and recorded, never as TwiML. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** A form body as Twilio's signature sees it: repeated keys become arrays; no prototype, so `__proto__` is a field like any other. */
function parseForm(body: string): CarrierWebhook['params'] {
  const params = Object.create(null) as CarrierWebhook['params'];
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = params[key];
    params[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return params;
}

const StatusQuery = Type.Object({ sms_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) });

/**
 * Where Twilio tells us about SMS: a number's SMS URL (inbound messages) and the status callback
 * of each message we send. Its own plugin, so only here bodies may be form-encoded. A request
 * without a valid X-Twilio-Signature is 403 and changes nothing.
 */
export const smsWebhookRoutes: FastifyPluginAsyncTypebox<{ webhooks: SmsWebhooks }> = async (app, { webhooks }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, parseForm(body as string));
    },
  );

  const signed = (request: FastifyRequest): CarrierWebhook => ({
    params: (request.body && typeof request.body === 'object' ? request.body : {}) as CarrierWebhook['params'],
    pathAndQuery: request.url,
    signature: request.headers['x-twilio-signature'] as string | undefined,
  });
  const answer = async (reply: FastifyReply, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (error instanceof SmsSignatureError) throw new AppError(403, 'Invalid Twilio signature.');
      throw error;
    }
    return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
  };

  app.post(
    '/sms/twilio/incoming',
    {
      config: { public: true },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'twilioIncomingSms',
        summary: "A number's SMS URL: stores the message, honours STOP/START/HELP, and has the number's assistant answer by SMS",
        response: { 403: MessageBody },
      },
    },
    async (request, reply) => answer(reply, () => webhooks.incoming(signed(request))),
  );

  app.post(
    '/sms/twilio/status',
    {
      config: { public: true },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'twilioSmsStatus',
        summary: "An SMS's status callback: sent, delivered, undelivered or failed",
        querystring: StatusQuery,
        response: { 403: MessageBody },
      },
    },
    async (request, reply) => answer(reply, () => webhooks.status(signed(request), request.query.sms_id)),
  );
};
