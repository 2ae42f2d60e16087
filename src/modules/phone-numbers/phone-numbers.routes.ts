import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Selectable } from 'kysely';
import { authOf } from '../../core/http/auth.js';
import { actorOf } from '../../core/http/actor.js';
import { IdParams, MessageBody, isoTimestamp } from '../../core/http/schemas.js';
import type { PhoneNumbersTable } from '../../core/db/schema.js';
import { microsToUsd } from '../../core/money.js';
import type { PhoneNumbersService } from './phone-numbers.service.js';
import {
  CreatePhoneNumberBody,
  PhoneNumberCreated,
  PhoneNumberList,
  PhoneNumberUpdated,
  PhoneValidationError,
  PlainNotFound,
  TYPE_LABELS,
  UpdatePhoneNumberBody,
} from './phone-numbers.schemas.js';

export interface PhoneNumbersRoutesOptions {
  phoneNumbers: PhoneNumbersService;
}

const tags = ['Phone numbers'];
const byId = { errorShape: 'validation' as const, notFoundMessage: 'Phone number not found.' };

export function presentPhoneNumber(row: Selectable<PhoneNumbersTable>) {
  return {
    id: row.id,
    phone_number: row.phone_number,
    nickname: row.nickname,
    country_code: row.country_code,
    type: row.type,
    type_label: TYPE_LABELS[row.type],
    sms_capable: row.sms_capable,
    region: row.region,
    has_active_subscription: row.has_active_subscription,
    ...(row.provider === 'twilio' ? { provider: row.provider, twilio_account_sid: row.twilio_account_sid ?? undefined } : {}),
    ...(row.release_at ? { release_at: isoTimestamp(row.release_at)! } : {}),
    ...(row.purchase_state === 'active'
      ? {
          monthly_price: microsToUsd(row.monthly_price_micros ?? 0),
          paid_until: isoTimestamp(row.paid_until)!,
          renewal_failed_at: isoTimestamp(row.renewal_failed_at),
          webhook_url: row.webhook_url,
        }
      : {}),
    created_at: isoTimestamp(row.created_at)!,
  };
}

export const phoneNumbersRoutes: FastifyPluginAsyncTypebox<PhoneNumbersRoutesOptions> = async (app, { phoneNumbers }) => {
  app.post(
    '/user/phone-numbers',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'createPhoneNumber',
        summary: 'Register a phone number (E.164)',
        body: CreatePhoneNumberBody,
        response: {
          201: PhoneNumberCreated,
          422: PhoneValidationError,
          502: { ...MessageBody, description: 'Twilio could not be reached to check the credentials and the number.' },
        },
      },
    },
    async (request, reply) => {
      const row = await phoneNumbers.register(authOf(request).userId, request.body);
      return reply.status(201).send({ message: 'Phone number created successfully.', data: presentPhoneNumber(row) });
    },
  );

  app.get(
    '/user/phone-numbers/all',
    { schema: { tags, operationId: 'listPhoneNumbers', summary: 'Get all phone numbers', response: { 200: PhoneNumberList } } },
    async (request) => ({ data: (await phoneNumbers.list(authOf(request).userId)).map(presentPhoneNumber) }),
  );

  app.get(
    '/user/phone-numbers',
    {
      schema: {
        tags,
        operationId: 'listSmsPhoneNumbers',
        summary: 'Legacy: SMS-capable numbers with an active subscription',
        response: { 200: PhoneNumberList },
      },
    },
    async (request) => ({ data: (await phoneNumbers.list(authOf(request).userId, { legacy: true })).map(presentPhoneNumber) }),
  );

  app.put(
    '/user/phone-numbers/:id',
    {
      config: byId,
      schema: {
        tags,
        operationId: 'updatePhoneNumber',
        summary: "Update a phone number's nickname (and where a bought number's events go)",
        params: IdParams,
        body: UpdatePhoneNumberBody,
        response: { 200: PhoneNumberUpdated, 404: PlainNotFound },
      },
    },
    async (request) => {
      const row = await phoneNumbers.update(authOf(request).userId, request.params.id, request.body);
      const { id, phone_number, nickname, country_code, type } = row;
      return { message: 'Phone number updated successfully.', data: { id, phone_number, nickname, country_code, type } };
    },
  );

  app.delete(
    '/user/phone-numbers/:id',
    {
      config: byId,
      schema: {
        tags,
        operationId: 'deletePhoneNumber',
        summary:
          'Release a phone number: one bought here at the end of the month paid for (then given back to Twilio), any other at once (unassigned everywhere)',
        params: IdParams,
        response: {
          200: MessageBody,
          400: { ...PlainNotFound, description: 'Already scheduled for release.' },
          404: PlainNotFound,
          409: { ...PlainNotFound, description: 'A purchase Twilio has not confirmed yet.' },
        },
      },
    },
    async (request) => {
      const { releaseAt } = await phoneNumbers.release(authOf(request).userId, request.params.id, actorOf(request));
      return {
        message: releaseAt
          ? 'Phone number released successfully. It will be removed at the end of the billing period.'
          : 'Phone number deleted successfully.',
      };
    },
  );
};
