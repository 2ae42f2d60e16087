import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { Nullable } from '../../core/http/schemas.js';
import type { SipCallingFormat, SipInboundAuthorization, SipTrunkType } from '../../core/db/schema.js';
import { MAX_INBOUND_RANGES } from './sip-settings.js';

export const SIP_TRUNK_TYPES = ['extension', 'number'] as const satisfies readonly SipTrunkType[];
export const SIP_CALLING_FORMATS = ['+e164', 'e164', 'national'] as const satisfies readonly SipCallingFormat[];
export const SIP_INBOUND_AUTHORIZATIONS = ['auth', 'ip'] as const satisfies readonly SipInboundAuthorization[];

const fields = {
  sip_trunk_type: Type.Unsafe<SipTrunkType>({
    type: 'string',
    enum: SIP_TRUNK_TYPES,
    description: '`number`: a phone number of the carrier (E.164); `extension`: an extension of a PBX. Default `number`.',
  }),
  phone_number: Type.String({ minLength: 1, maxLength: 32, description: 'E.164 for a number, the extension (e.g. 201) for an extension.' }),
  nickname: Nullable(Type.String({ maxLength: 50 })),
  sip_username: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: "^[A-Za-z0-9._~!$&'()*+,;=-]+$",
      errorMessage: "The :attribute field may contain only letters, digits and . _ ~ ! $ & ' ( ) * + , ; = -.",
      description:
        "The trunk's username at the carrier: sent when the carrier challenges our calls, and asked of its calls to us with `auth`.",
    }),
  ),
  sip_password: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^[^\\u0000-\\u001f\\u007f]+$',
    errorMessage: 'The :attribute field must not contain control characters.',
    description: 'Stored encrypted, never returned. With `auth`: at least 12 characters, a digit, an upper-case and a lower-case letter.',
  }),
  sip_address: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'Where calls to the carrier go: `host`, `host:port`, optionally `sip:` before and `;transport=udp|tcp|tls` after.',
  }),
  sip_calling_format: Type.Unsafe<SipCallingFormat>({
    type: 'string',
    enum: SIP_CALLING_FORMATS,
    description: 'How numbers are written to the carrier: `+e164` (+14155550123, default), `e164` (14155550123), `national` (4155550123).',
  }),
  inbound_authorization_type: Type.Unsafe<SipInboundAuthorization>({
    type: 'string',
    enum: SIP_INBOUND_AUTHORIZATIONS,
    description: "How the carrier's calls to us are recognised: `auth` (its username and password, default) or `ip` (its addresses).",
  }),
  allowed_inbound_ips: Type.Array(Type.String({ maxLength: 64 }), {
    maxItems: MAX_INBOUND_RANGES,
    description: 'With `ip`: the IPv4 addresses and CIDR ranges the carrier calls from.',
  }),
  country_code: Type.String({
    pattern: '^[A-Za-z]{2}$',
    errorMessage: 'The :attribute field must be a two-letter country code.',
    description: "The trunk's country (ISO 3166-1 alpha-2): the number's own by default; `national` numbers are written for it.",
  }),
  outbound_proxy: Nullable(
    Type.String({ maxLength: 255, description: 'Where Twilio sends the INVITEs of calls out instead of `sip_address`.' }),
  ),
};

export const CreateSipTrunkBody = Type.Object(
  {
    sip_trunk_type: Type.Optional(fields.sip_trunk_type),
    phone_number: fields.phone_number,
    nickname: Type.Optional(fields.nickname),
    sip_username: Type.Optional(fields.sip_username),
    sip_password: Type.Optional(fields.sip_password),
    sip_address: fields.sip_address,
    sip_calling_format: Type.Optional(fields.sip_calling_format),
    inbound_authorization_type: Type.Optional(fields.inbound_authorization_type),
    allowed_inbound_ips: Type.Optional(fields.allowed_inbound_ips),
    country_code: Type.Optional(fields.country_code),
    outbound_proxy: Type.Optional(fields.outbound_proxy),
  },
  { additionalProperties: false },
);
export type CreateSipTrunkBody = Static<typeof CreateSipTrunkBody>;

/** Every field may be left out (it keeps its value); `sip_password` left out keeps the stored one. */
export const UpdateSipTrunkBody = Type.Object(
  {
    sip_trunk_type: Type.Optional(fields.sip_trunk_type),
    phone_number: Type.Optional(fields.phone_number),
    nickname: Type.Optional(fields.nickname),
    sip_username: Type.Optional(fields.sip_username),
    sip_password: Type.Optional(fields.sip_password),
    sip_address: Type.Optional(fields.sip_address),
    sip_calling_format: Type.Optional(fields.sip_calling_format),
    inbound_authorization_type: Type.Optional(fields.inbound_authorization_type),
    allowed_inbound_ips: Type.Optional(fields.allowed_inbound_ips),
    country_code: Type.Optional(fields.country_code),
    outbound_proxy: Type.Optional(fields.outbound_proxy),
  },
  { additionalProperties: false },
);
export type UpdateSipTrunkBody = Static<typeof UpdateSipTrunkBody>;

export const SipTrunkRecord = named(
  'SipTrunk',
  Type.Object({
    id: Type.Integer({
      description: "The trunk's phone number id: assign it to assistants, delete it with DELETE /user/phone-numbers/{id}.",
    }),
    phone_number: Type.String(),
    nickname: Nullable(Type.String()),
    country_code: Type.String(),
    type: Type.Literal('sip'),
    type_label: Type.String(),
    sip_trunk_type: Type.String(),
    sip_username: Nullable(Type.String()),
    has_sip_password: Type.Boolean(),
    sip_address: Type.String(),
    sip_calling_format: Type.String(),
    inbound_authorization_type: Type.String(),
    allowed_inbound_ips: Type.Array(Type.String()),
    outbound_proxy: Nullable(Type.String()),
    inbound_sip_domain: Nullable(
      Type.String({ description: "Where the carrier sends the trunk's calls (a Twilio SIP domain); null until Twilio has set it up." }),
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  }),
);

export const SipTrunkList = Type.Object({ data: Type.Array(SipTrunkRecord) });
export const SipTrunkSaved = Type.Object({ message: Type.String(), data: SipTrunkRecord });
export const SipTrunkData = Type.Object({ data: SipTrunkRecord });

/** Refusals: the reference's `error`, our `message`, field errors, and Twilio's own words when it said no. */
export const SipTrunkError = Type.Object({
  message: Type.String(),
  error: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  carrier_error: Type.Optional(Type.Object({ code: Nullable(Type.Integer()), message: Type.String(), more_info: Nullable(Type.String()) })),
});
