import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';

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

export const CurrentUserResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  total_balance: Type.Number({ description: 'Account balance in USD.' }),
});

export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
});
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const CreateApiKeyResponse = Type.Object({
  message: Type.String(),
  api_key: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    token: Type.String({ description: 'Shown once; store it now.' }),
    created_at: Timestamp,
  }),
});

export const ApiKeyListResponse = Type.Object({
  api_keys: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), last_used_at: NullableTimestamp, created_at: Timestamp })),
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
