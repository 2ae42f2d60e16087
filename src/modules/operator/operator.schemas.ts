import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { LedgerEntry } from '../accounts/index.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
/** USD with at most 6 decimals (the service keeps micro-USD); the service refuses finer amounts. */
const Usd = (description: string, minimum: number) => Type.Number({ minimum, maximum: 1_000_000_000, description });

export const OperatorAccount = named(
  'OperatorAccount',
  Type.Object({
    id: Type.Integer({ description: 'The account.' }),
    name: Type.String(),
    email: Type.String({ description: "The account's e-mail (its first owner's)." }),
    balance: Type.Number({ description: 'USD.' }),
    members_count: Type.Integer(),
    suspended: Type.Boolean(),
    suspended_at: NullableTimestamp,
    suspension_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: Timestamp,
  }),
);

export const ListAccountsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 255, description: "Part of the account's name, its e-mail or a member's e-mail." })),
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type ListAccountsQuery = Static<typeof ListAccountsQuery>;

export const CreateAccountBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  password: Type.String({ minLength: 8, maxLength: 1024, description: "The owner's password (they sign in with the e-mail)." }),
  balance: Type.Optional(Usd('Opening balance in USD (default 0).', 0)),
});
export type CreateAccountBody = Static<typeof CreateAccountBody>;

export const AccountEnvelope = Type.Object({ message: Type.String(), account: OperatorAccount });

export const ChangeBalanceBody = Type.Object({
  amount: Usd('USD to add; negative to take away. Never takes the balance below zero.', -1_000_000_000),
  reason: Type.String({ minLength: 1, maxLength: 500, description: "Shown in the account's balance history and audit log." }),
});
export type ChangeBalanceBody = Static<typeof ChangeBalanceBody>;

export const ChangeBalanceResponse = Type.Object({
  message: Type.String(),
  balance: Type.Number({ description: 'The balance in USD after the change.' }),
  ledger_entry: LedgerEntry,
});

export const SuspendBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 500, description: 'Why; kept with the account and in its audit log.' }),
});
