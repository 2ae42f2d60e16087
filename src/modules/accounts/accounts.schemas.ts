import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { MEMBER_ROLES } from '../../core/db/schema.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  token_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
export type LoginBody = Static<typeof LoginBody>;

export const RegisterBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
  password: Type.String({ minLength: 8, maxLength: 1024 }),
});
export type RegisterBody = Static<typeof RegisterBody>;

const UserSummary = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });

export const LoginResponse = Type.Object({
  message: Type.String(),
  user: UserSummary,
  token: Type.String(),
  token_name: Type.String(),
  expires_at: Timestamp,
});

export const RegisterResponse = Type.Object({
  message: Type.String(),
  user: UserSummary,
  token: Type.String(),
  expires_at: Timestamp,
});

export const MemberRoleSchema = Type.Union(
  MEMBER_ROLES.map((role) => Type.Literal(role)),
  {
    description:
      'viewer: reads, no secrets; editor: builds assistants, knowledge, tools, campaigns; admin: everything but the account itself and its owners; owner: everything.',
  },
);

export const CurrentUserResponse = Type.Object({
  id: Type.Integer({ description: 'The account.' }),
  name: Type.String({ description: "The account's name." }),
  email: Type.String({ description: "The account's e-mail (its first owner's)." }),
  total_balance: Type.Number({ description: 'Account balance in USD.' }),
  role: { ...MemberRoleSchema, description: "What this caller may do: the signed-in member's role, or the API key's." },
  member: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }), Type.Null()], {
    description: 'The signed-in member (for an API key, the member who created it; null once removed).',
  }),
  is_operator: Type.Boolean({ description: "This session is the server operator's (never true for an API key)." }),
  suspended: Type.Boolean({ description: 'An operator suspended the account: every other route answers 403.' }),
});

export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  role: Type.Optional({ ...MemberRoleSchema, description: "What the key may do; by default its creator's role, and never more." }),
});
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const CreateApiKeyResponse = Type.Object({
  message: Type.String(),
  api_key: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    token: Type.String({ description: 'Shown once; store it now.' }),
    role: MemberRoleSchema,
    created_at: Timestamp,
  }),
});

export const ApiKeyListResponse = Type.Object({
  api_keys: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      role: MemberRoleSchema,
      created_by: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }), Type.Null()], {
        description: "The member who created the key; null once that member was removed (the key stays the account's).",
      }),
      last_used_at: NullableTimestamp,
      created_at: Timestamp,
    }),
  ),
});

export const LedgerEntry = named(
  'LedgerEntry',
  Type.Object({
    id: Type.Integer(),
    amount: Type.Number({ description: 'USD; negative for a debit.' }),
    balance_after: Type.Number({ description: 'The balance in USD after this change.' }),
    reason: Type.String({ description: 'Why the balance moved, e.g. "Voice call 12: minute reserved".' }),
    created_at: Timestamp,
  }),
);
