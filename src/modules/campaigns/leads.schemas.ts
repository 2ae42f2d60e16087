import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { Nullable } from '../../core/http/schemas.js';

export const LEAD_NOT_FOUND = 'Lead not found';
export const LEAD_STATUSES = [
  'created',
  'scheduled',
  'processing',
  'completed',
  'rescheduled',
  'reached-max-retries',
  'blacklisted',
] as const;
/** The statuses a person may set; the others are the dialer's. */
export const MANUAL_STATUSES = ['created', 'completed', 'reached-max-retries'];
export const MAX_IMPORT_ROWS = 50_000;

const Variables = Type.Record(
  Type.String({ maxLength: 64 }),
  Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]),
  { maxProperties: 50 },
);
const Phone = Type.String({ minLength: 1, maxLength: 32, description: 'E.164, e.g. +14155550199.' });

const SecondaryContact = Type.Object({ phone_number: Phone, variables: Type.Optional(Variables) }, { additionalProperties: false });

export const CreateLeadBody = Type.Object(
  {
    phone_number: Phone,
    campaign_id: Type.Integer({ minimum: 1 }),
    variables: Type.Optional(Variables),
    allow_dupplicate: Type.Optional(
      Type.Boolean({ description: 'Spelled as the reference spells it: add the lead even if the campaign has this number already.' }),
    ),
    secondary_contacts: Type.Optional(
      Type.Array(SecondaryContact, { maxItems: 10, description: "Dialled in order once the lead's own number has had its attempts." }),
    ),
  },
  { additionalProperties: false },
);
export type CreateLeadBody = Static<typeof CreateLeadBody>;

export const UpdateLeadBody = Type.Object(
  {
    campaign_id: Type.Optional(Type.Integer({ minimum: 1 })),
    phone_number: Type.Optional(Phone),
    status: Type.Optional(
      Type.String({ maxLength: 32, description: 'created, completed or reached-max-retries; the others are set by the dialer.' }),
    ),
    variables: Type.Optional(Type.Unsafe<Record<string, unknown>>({ ...Variables, description: "Merged into the lead's variables." })),
  },
  { additionalProperties: false },
);
export type UpdateLeadBody = Static<typeof UpdateLeadBody>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });

export const ListLeadsQuery = Type.Object({
  status: Type.Optional(Type.Unsafe<(typeof LEAD_STATUSES)[number]>({ type: 'string', enum: LEAD_STATUSES })),
  campaign_id: Type.Optional(Type.Integer({ minimum: 1 })),
  phone_number: Type.Optional(Type.String({ maxLength: 32, description: 'Part of the number.' })),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
});
export type ListLeadsQuery = Static<typeof ListLeadsQuery>;

export const ImportLeadsBody = Type.Object(
  {
    campaign_id: Type.Integer({ minimum: 1 }),
    csv: Type.Optional(
      Type.String({
        maxLength: 15 * 1024 * 1024,
        description: 'CSV with a header row: a phone_number column; every other column is a variable.',
      }),
    ),
    leads: Type.Optional(
      Type.Array(
        Type.Object(
          {
            phone_number: Phone,
            variables: Type.Optional(Variables),
            secondary_contacts: Type.Optional(Type.Array(SecondaryContact, { maxItems: 10 })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50_000 },
      ),
    ),
    allow_dupplicate: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ImportLeadsBody = Static<typeof ImportLeadsBody>;

export const ImportReport = named(
  'LeadImportReport',
  Type.Object({
    message: Type.String(),
    total_rows: Type.Integer(),
    imported: Type.Integer(),
    duplicates: Type.Integer(),
    rejected: Type.Array(
      Type.Object({
        row: Type.Integer({ description: 'Row number (CSV: the line after the header, from 1; JSON: the index from 1).' }),
        phone_number: Nullable(Type.String()),
        reason: Type.String(),
      }),
    ),
  }),
);

const Contact = Type.Object({
  id: Type.Integer(),
  phone_number: Type.String(),
  variables: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const LeadRecord = named(
  'Lead',
  Type.Object({
    id: Type.Integer(),
    campaign_id: Type.Integer(),
    phone_number: Type.String(),
    variables: Type.Record(Type.String(), Type.Unknown()),
    status: Type.String(),
    call_tries: Type.Integer(),
    last_outcome: Nullable(Type.String()),
    next_attempt_at: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    campaign: Type.Object({ id: Type.Integer(), name: Type.String() }),
    secondary_contacts: Type.Array(Contact),
  }),
);

export const LeadAttempt = Type.Object({
  id: Type.Integer(),
  phone_number: Type.String(),
  call_id: Nullable(Type.Integer()),
  outcome: Nullable(Type.String({ description: 'null while the attempt is in progress' })),
  detail: Nullable(Type.String()),
  started_at: Type.String(),
  ended_at: Nullable(Type.String()),
});

export const LeadWithAttempts = Type.Object({ data: Type.Object({ ...LeadRecord.properties, attempts: Type.Array(LeadAttempt) }) });

export const DoNotCallBody = Type.Object(
  { phone_number: Phone, reason: Type.Optional(Type.String({ maxLength: 255 })) },
  { additionalProperties: false },
);
export type DoNotCallBody = Static<typeof DoNotCallBody>;
export const DoNotCallImportBody = Type.Object(
  {
    phone_numbers: Type.Optional(Type.Array(Phone, { maxItems: 50_000 })),
    csv: Type.Optional(Type.String({ maxLength: 5 * 1024 * 1024, description: 'CSV with a phone_number column.' })),
  },
  { additionalProperties: false },
);
export type DoNotCallImportBody = Static<typeof DoNotCallImportBody>;
export const DoNotCallEntry = named(
  'DoNotCallEntry',
  Type.Object({
    phone_number: Type.String(),
    source: Type.String({
      description:
        "api, import, opt_out (the assistant's function), evaluation (the post-call evaluation) or sms_stop (the person replied STOP by SMS; START takes it off)",
    }),
    reason: Nullable(Type.String()),
    created_at: Type.String(),
  }),
);
