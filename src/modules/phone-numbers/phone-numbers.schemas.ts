import { Type, type Static } from '@sinclair/typebox';
import { HttpUrl, Nullable } from '../../core/http/schemas.js';
import type { PhoneNumberType } from '../../core/db/schema.js';
import { named } from '../../core/http/openapi-components.js';

export const PHONE_NUMBER_TYPES = ['normal', 'sip', 'caller_id'] as const satisfies readonly PhoneNumberType[];

export const TYPE_LABELS: Record<PhoneNumberType, string> = {
  normal: 'Dedicated Number',
  sip: 'SIP',
  caller_id: 'Caller ID',
};

/** The assistant number picker (`/user/assistants/phone-numbers`) labels a dedicated number "Normal". */
export const PICKER_TYPE_LABELS: Record<PhoneNumberType, string> = { ...TYPE_LABELS, normal: 'Normal' };

export const UNPARSABLE_PHONE = 'Unable to parse phone number. Please provide a valid E.164 format number.';

export const CreatePhoneNumberBody = Type.Object(
  {
    phone_number: Type.String({ minLength: 1, maxLength: 32 }),
    type: Type.Optional(Type.Unsafe<PhoneNumberType>({ type: 'string', enum: PHONE_NUMBER_TYPES, default: 'normal' })),
    nickname: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    sms_capable: Type.Optional(Type.Boolean({ default: false })),
    region: Type.Optional(Type.String({ maxLength: 32, default: '' })),
    has_active_subscription: Type.Optional(Type.Boolean({ default: true })),
    provider: Type.Optional(
      Nullable(
        Type.Unsafe<'twilio'>({ type: 'string', enum: ['twilio'], description: 'Calls on this number use its own Twilio account.' }),
      ),
    ),
    twilio_account_sid: Type.Optional(Type.String({ pattern: '^AC[0-9a-fA-F]{32}$', description: 'Required with provider twilio.' })),
    twilio_auth_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Required with provider twilio; stored encrypted, never returned.' }),
    ),
  },
  { additionalProperties: false },
);
export type CreatePhoneNumberBody = Static<typeof CreatePhoneNumberBody>;

export const UpdatePhoneNumberBody = Type.Object(
  {
    nickname: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    webhook_url: Type.Optional(
      Nullable(HttpUrl({ description: "A bought number's phone_number_renewal_failed and phone_number_released events go here." })),
    ),
  },
  { additionalProperties: false },
);
export type UpdatePhoneNumberBody = Static<typeof UpdatePhoneNumberBody>;

export const PhoneNumberRecord = named(
  'PhoneNumber',
  Type.Object({
    id: Type.Integer(),
    phone_number: Type.String({ description: 'E.164' }),
    nickname: Nullable(Type.String()),
    country_code: Type.String(),
    type: Type.String(),
    type_label: Type.String(),
    sms_capable: Type.Boolean(),
    region: Type.String(),
    has_active_subscription: Type.Boolean(),
    /** Only on numbers with their own telephony account. */
    provider: Type.Optional(Type.Literal('twilio')),
    twilio_account_sid: Type.Optional(Type.String()),
    /** Only on a released dedicated number: when it goes (the end of its billing period). */
    release_at: Type.Optional(Type.String()),
    /** Only on a number bought here: USD a month, the end of the month paid for, since when a renewal is unpaid, where its events go. */
    monthly_price: Type.Optional(Type.Number()),
    paid_until: Type.Optional(Type.String()),
    renewal_failed_at: Type.Optional(Nullable(Type.String())),
    webhook_url: Type.Optional(Nullable(Type.String())),
    created_at: Type.String(),
  }),
);

export const PhoneNumberList = Type.Object({ data: Type.Array(PhoneNumberRecord) });

export const PhoneNumberCreated = Type.Object({ message: Type.String(), data: PhoneNumberRecord });

export const PhoneNumberUpdated = Type.Object({
  message: Type.String(),
  data: Type.Object({
    id: Type.Integer(),
    phone_number: Type.String(),
    nickname: Nullable(Type.String()),
    country_code: Type.String(),
    type: Type.String(),
  }),
});

/** The reference's phone-number errors carry `error`; ours add `message` like every other route. */
export const PlainNotFound = Type.Object({ message: Type.String(), error: Type.Optional(Type.String()) });

export const PhoneValidationError = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  error: Type.Optional(Type.String()),
});
