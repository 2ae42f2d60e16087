import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { HttpUrl, Nullable } from '../../core/http/schemas.js';
import type { NumberKind } from './carrier.port.js';
import { PhoneNumberRecord } from './phone-numbers.schemas.js';

export const NUMBER_KINDS = ['local', 'mobile', 'toll_free'] as const satisfies readonly NumberKind[];

export const SearchNumbersQuery = Type.Object(
  {
    country_code: Type.String({
      pattern: '^[A-Za-z]{2}$',
      default: 'US',
      errorMessage: 'The :attribute field must be a two-letter country code.',
      description: 'ISO 3166-1 alpha-2, e.g. US, CA, GB.',
    }),
    type: Type.Unsafe<NumberKind>({
      type: 'string',
      enum: NUMBER_KINDS,
      default: 'local',
      description: "Twilio's Local, Mobile or TollFree.",
    }),
    area_code: Type.Optional(
      Type.String({ pattern: '^[0-9]{3}$', errorMessage: 'The :attribute field must be 3 digits.', description: 'US and Canada only.' }),
    ),
    locality: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A city or town, e.g. San Francisco.' })),
    contains: Type.Optional(
      Type.String({
        pattern: '^[0-9]{2,10}$',
        errorMessage: 'The :attribute field must be 2 to 10 digits.',
        description: 'Digits the number contains.',
      }),
    ),
    sms_capable: Type.Optional(Type.Boolean({ description: 'Only numbers that can receive SMS.' })),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  },
  { additionalProperties: false },
);
export type SearchNumbersQuery = Static<typeof SearchNumbersQuery>;

export const AvailableNumberRecord = named(
  'AvailablePhoneNumber',
  Type.Object({
    phone_number: Type.String({ description: 'E.164' }),
    phone_number_formatted: Type.String({ description: 'e.g. +1 415-555-1234' }),
    country_code: Type.String(),
    locality: Nullable(Type.String()),
    region: Nullable(Type.String()),
    /** USD a month. */
    price: Type.Number({ description: 'USD a month, taken from the balance at purchase and at each renewal.' }),
    stripe_price_id: Nullable(Type.String({ description: 'Always null: numbers are paid from the balance.' })),
    address_requirements: Type.Unsafe<string>({ type: 'string', enum: ['none', 'any', 'local', 'foreign'] }),
    sms_capable: Type.Boolean(),
  }),
);

export const AvailableNumberList = Type.Object({ data: Type.Array(AvailableNumberRecord) });

export const PurchaseNumberBody = Type.Object(
  {
    phone_number: Type.String({ minLength: 1, maxLength: 32, description: 'E.164, from a search result.' }),
    nickname: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    webhook_url: Type.Optional(
      Nullable(HttpUrl({ description: "Receives this number's phone_number_renewal_failed and phone_number_released events." })),
    ),
  },
  { additionalProperties: false },
);
export type PurchaseNumberBody = Static<typeof PurchaseNumberBody>;

export const PhoneNumberPurchased = Type.Object({ message: Type.String(), data: PhoneNumberRecord });

/** A refusal: the reference's `error`, our `message`, and the carrier's own words when it said no. */
export const PurchaseRefused = Type.Object({
  message: Type.String(),
  error: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  carrier_error: Type.Optional(Type.Object({ code: Nullable(Type.Integer()), message: Type.String(), more_info: Nullable(Type.String()) })),
});
