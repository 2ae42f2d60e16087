import { Type, type Static } from '@sinclair/typebox';
import { named, withExample } from '../../core/http/openapi-components.js';
import { Day } from '../../core/http/day-range.js';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ListAuditLogQuery = Type.Object(
  {
    action: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Only this action, e.g. `assistant.updated`.',
        examples: ['assistant.deleted'],
      }),
    ),
    actor_member_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Only what this member did (their sessions and the keys they created).' }),
    ),
    resource_type: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Only this kind of resource, e.g. `assistant`.' }),
    ),
    resource_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this resource (with resource_type).' })),
    date_from: Type.Optional(Day('On or after this UTC day (YYYY-MM-DD).')),
    date_to: Type.Optional(Day('On or before this UTC day (YYYY-MM-DD).')),
    per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    cursor: Type.Optional(Type.String({ maxLength: 512, description: 'next_cursor or prev_cursor of a page.' })),
  },
  { additionalProperties: false },
);
export type ListAuditLogQuery = Static<typeof ListAuditLogQuery>;

export const AuditActorKind = Type.Union(
  [Type.Literal('member'), Type.Literal('api_key'), Type.Literal('operator'), Type.Literal('system')],
  {
    description:
      "member: a member's session; api_key: an API key (member_id: who created it); operator: the server's operator; system: the admin CLI.",
  },
);

export const AuditEntry = named(
  'AuditEvent',
  Type.Object({
    id: Type.Integer(),
    actor: Type.Object({
      kind: AuditActorKind,
      label: Type.String({ description: 'The member\'s e-mail or `API key "name"` as it was then; kept after they are gone.' }),
      member_id: Type.Union([Type.Integer(), Type.Null()]),
    }),
    action: Type.String({ description: '`<resource>.<verb>`, e.g. `assistant.updated`, `tool.deleted`, `webhook_secret.rotated`.' }),
    resource_type: Type.String(),
    resource_id: NullableString,
    ip: Type.Union([Type.String(), Type.Null()], { description: 'Where the request came from; null for the admin CLI.' }),
    user_agent: NullableString,
    details: Type.Record(Type.String(), Type.Unknown(), {
      description: "What the action needs besides the resource: the fields an update changed, a deleted resource's name, ...",
    }),
    created_at: Type.String({ format: 'date-time' }),
  }),
);

export const AuditLogPage = withExample(
  Type.Object({ data: Type.Array(AuditEntry), next_cursor: NullableString, prev_cursor: NullableString }),
  {
    data: [
      {
        id: 42,
        actor: { kind: 'member', label: 'ana@example.com', member_id: 3 },
        action: 'assistant.updated',
        resource_type: 'assistant',
        resource_id: '12',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0',
        details: { fields: ['name', 'system_prompt'] },
        created_at: '2026-03-01T09:30:00.000000Z',
      },
    ],
    next_cursor: null,
    prev_cursor: null,
  },
);
