import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../../core/http/errors.js';
import { MessageBody } from '../../../../core/http/schemas.js';
import type { TwilioParams } from './twilio-signature.js';
import { TwilioSignatureError, type TwilioRequest } from './twilio-request-check.js';
import type { TwilioWebhooks } from './twilio-webhooks.js';

export interface TwilioRoutesOptions {
  webhooks: TwilioWebhooks;
}

const tags = ['Voice: Twilio'];
/** Twilio's webhook bodies are a few hundred bytes; anything near this is not Twilio. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * A form body as Twilio's signature sees it: repeated keys become arrays. No prototype, so a key
 * such as `__proto__` or `constructor` is a field like any other.
 */
export function parseForm(body: string): TwilioParams {
  const params = Object.create(null) as TwilioParams;
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = params[key];
    if (existing === undefined) params[key] = value;
    else params[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return params;
}

const StatusQuery = Type.Object({ call_id: Type.Optional(Type.Integer({ minimum: 1 })) });

/**
 * Where Twilio calls us. Its own plugin, so that only here bodies may be
 * application/x-www-form-urlencoded (the rest of the API takes JSON only). Every request must
 * carry a valid X-Twilio-Signature; a bad one is 403 and changes nothing.
 */
export const twilioRoutes: FastifyPluginAsyncTypebox<TwilioRoutesOptions> = async (app, { webhooks }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, parseForm(body as string));
    },
  );

  const signed = (request: FastifyRequest): TwilioRequest => ({
    params: (request.body && typeof request.body === 'object' ? request.body : {}) as TwilioParams,
    pathAndQuery: request.url,
    signature: request.headers['x-twilio-signature'] as string | undefined,
  });
  const twiml = async (reply: FastifyReply, work: () => Promise<string>) => {
    try {
      const document = await work();
      return reply.type('text/xml; charset=utf-8').send(document);
    } catch (error) {
      if (error instanceof TwilioSignatureError) throw new AppError(403, 'Invalid Twilio signature.');
      throw error;
    }
  };

  app.post(
    '/voice/twilio/incoming',
    {
      config: { public: true },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'twilioIncomingCall',
        summary: "A number's Voice URL: answers with TwiML that streams the call to its inbound assistant",
        response: { 403: MessageBody },
      },
    },
    async (request, reply) => twiml(reply, () => webhooks.incoming(signed(request))),
  );

  app.post(
    '/voice/twilio/status',
    {
      config: { public: true },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        operationId: 'twilioCallStatus',
        summary: 'Call progress and answering-machine detection callbacks',
        querystring: StatusQuery,
        response: { 403: MessageBody },
      },
    },
    async (request, reply) => twiml(reply, () => webhooks.status(signed(request), request.query.call_id)),
  );
};
