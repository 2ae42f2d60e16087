import { Type, type Static } from '@sinclair/typebox';
import { Day, TimeZoneName } from '../../core/http/day-range.js';
import { named } from '../../core/http/openapi-components.js';

/** Every call status, so each row of the report has the same keys. */
export const CALL_STATUSES = [
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'no-answer',
  'failed',
  'ended',
  'ended_by_customer',
  'ended_by_assistant',
] as const;

export const USAGE_MAX_DAYS = 366;

export const UsageQuery = Type.Object({
  date_from: Day('The first day, in `timezone`.'),
  date_to: Day(`The last day, included; at most ${USAGE_MAX_DAYS} days after date_from.`),
  timezone: Type.Optional(TimeZoneName),
});
export type UsageQuery = Static<typeof UsageQuery>;

const CallsByStatus = Type.Object(Object.fromEntries(CALL_STATUSES.map((status) => [status, Type.Integer()])), {
  description: 'Calls placed or received, by their status now.',
});

const Volume = {
  messages: Type.Integer({ description: "Customers' messages in conversations." }),
  replies: Type.Integer({ description: "Assistants' messages, greetings included." }),
  calls: Type.Integer(),
  calls_by_status: CallsByStatus,
  call_seconds: Type.Integer({ description: 'Talk time of the calls.' }),
  call_minutes: Type.Number({ description: 'call_seconds / 60, to two decimals.' }),
};

export const UsageDay = named(
  'UsageDay',
  Type.Object({
    date: Type.String({ description: "YYYY-MM-DD in the report's time zone." }),
    ...Volume,
    spend: Type.Number({ description: 'USD spent that day according to the balance ledger: charges less their refunds.' }),
  }),
);

export const UsageAssistant = named(
  'UsageAssistant',
  Type.Object({
    assistant_id: Type.Union([Type.Integer(), Type.Null()], { description: 'Null for calls whose assistant was deleted.' }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'Null when the assistant was deleted.' }),
    ...Volume,
    cost: Type.Number({ description: "USD: the cost of the assistant's calls and conversations started in the range." }),
  }),
);

export const UsageResponse = Type.Object({
  date_from: Type.String(),
  date_to: Type.String(),
  timezone: Type.String(),
  totals: Type.Object({ ...Volume, spend: Type.Number() }),
  days: Type.Array(UsageDay),
  assistants: Type.Array(UsageAssistant),
});

export const EXPORT_KINDS = ['calls', 'conversations', 'ledger'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const ExportQuery = Type.Object({
  date_from: Day('The first day, in `timezone`.'),
  date_to: Day('The last day, included.'),
  timezone: Type.Optional(TimeZoneName),
});
export type ExportQuery = Static<typeof ExportQuery>;

export const ExportLinkBody = Type.Object(
  { date_from: Day('The first day, in `timezone`.'), date_to: Day('The last day, included.'), timezone: Type.Optional(TimeZoneName) },
  { additionalProperties: false },
);

export const ExportLinkResponse = Type.Object({
  url: Type.String({ description: 'GET it without a token (a browser download); it works until expires_at.' }),
  expires_at: Type.String({ format: 'date-time' }),
});

export const DownloadQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 1024, description: 'From an export link.' }),
});
