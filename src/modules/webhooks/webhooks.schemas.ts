import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { Day } from '../../core/http/day-range.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]);

export const ListDeliveriesQuery = Type.Object({
  status: Type.Optional(DeliveryStatus),
  event: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  assistant_id: Type.Optional(Type.Integer({ minimum: 1, description: "Deliveries of this assistant's events." })),
  date_from: Type.Optional(Day('Created on or after this UTC day (YYYY-MM-DD).')),
  date_to: Type.Optional(Day('Created on or before this UTC day (YYYY-MM-DD).')),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});
export type ListDeliveriesQuery = Static<typeof ListDeliveriesQuery>;

export const DeliverySummary = named(
  'WebhookDeliverySummary',
  Type.Object({
    id: Type.Integer(),
    delivery_id: Type.String({ format: 'uuid', description: 'Sent as X-Switchboard-Delivery; the same on every retry.' }),
    event: Type.String(),
    url: Type.String(),
    status: DeliveryStatus,
    attempt_count: Type.Integer(),
    last_status_code: NullableInteger,
    last_error: NullableString,
    next_attempt_at: NullableTimestamp,
    completed_at: NullableTimestamp,
    assistant_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The assistant whose event it is; null for an account event.' }),
    redelivery_of: Type.Union([Type.Integer(), Type.Null()], { description: 'For a redelivery: the id of the delivery it repeats.' }),
    created_at: Timestamp,
  }),
);

export const AttemptRequest = Type.Object({
  method: Type.Literal('POST'),
  url: Type.String(),
  headers: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
    description: 'What the attempt sent, less X-Switchboard-Signature; null for attempts logged before headers were kept.',
  }),
});

export const DeliveryAttempt = named(
  'WebhookDeliveryAttempt',
  Type.Object({
    attempt: Type.Integer(),
    request: AttemptRequest,
    started_at: Timestamp,
    duration_ms: Type.Integer(),
    status_code: NullableInteger,
    error: NullableString,
    response_body: Type.Union([Type.String({ description: 'The first 2 KB of the response.' }), Type.Null()]),
  }),
);

export const DeliveryDetail = named(
  'WebhookDelivery',
  Type.Composite([
    DeliverySummary,
    Type.Object({
      payload: Type.Unknown({ description: 'The JSON body that is sent.' }),
      request_body: Type.String({ description: 'The exact bytes every attempt sends and signs.' }),
      attempts: Type.Array(DeliveryAttempt),
    }),
  ]),
);

export const DeliveryListResponse = Type.Object({
  data: Type.Array(DeliverySummary),
  path: Type.String(),
  per_page: Type.Integer(),
  next_cursor: NullableString,
  prev_cursor: NullableString,
});

export const RedeliverResponse = Type.Object({ message: Type.String(), data: DeliverySummary });

export const SigningSecretResponse = Type.Object({
  secret: Type.String({ description: 'HMAC-SHA256 key of X-Switchboard-Signature.' }),
  created_at: Timestamp,
});

export const RotatedSecretResponse = Type.Composite([Type.Object({ message: Type.String() }), SigningSecretResponse]);
